import Testing
import UtteranceParsing

// MARK: - Helpers shared by the Entity*Tests corpora

/// The readings of `entity` starting at token `start` of `text`.
func entitySpans(
  _ entity: BuiltinEntity, _ text: String, from start: Int = 0, locale: String = "en-US"
) -> [EntitySpan] {
  EntityRecognizer(locale: locale).matches(entity, in: Tokenizer.words(text), from: start)
}

/// The longest reading of `entity` at the start of `text`, if it covers all of `text`.
func entityFullMatch(_ entity: BuiltinEntity, _ text: String, locale: String = "en-US") -> SlotValue? {
  let tokens = Tokenizer.words(text)
  guard let longest = EntityRecognizer(locale: locale).matches(entity, in: tokens, from: 0).first,
    longest.start == 0, longest.end == tokens.count
  else { return nil }
  return longest.value
}

/// A small deterministic generator, so the fuzz test is reproducible.
struct EntityTestRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    var z = state
    z = (z ^ (z >> 33)) &* 0xff51afd7ed558ccd
    return z ^ (z >> 29)
  }
}

// MARK: - Recognizer behaviour

struct EntityRecognizerTests {
  let english = EntityRecognizer(locale: "en-US")

  @Test func builtinEntityNames() {
    #expect(BuiltinEntity.allCases.map(\.rawValue) == ["number", "ordinal", "duration", "speed", "year", "frequency"])
    #expect(BuiltinEntity(rawValue: "duration") == .duration)
  }

  /// Years: whole numbers from 1900 to 2099, with digits, spelled out whole, or said in
  /// two halves; never a small number or a decimal.
  @Test(arguments: [
    ("1954", 1954.0), ("2003", 2003), ("two thousand three", 2003), ("nineteen fifty four", 1954),
    ("twenty twelve", 2012), ("one thousand nine hundred and ninety", 1990), ("nineteen ninety nine", 1999),
  ])
  func years(text: String, year: Double) {
    #expect(entityFullMatch(.year, text) == .number(year))
  }

  @Test(arguments: ["eighty", "eighty first", "ninety two point one", "1899", "2100", "twenty", "nineteen", "19.5", "nineteen five"])
  func notYears(text: String) {
    #expect(entityFullMatch(.year, text) == nil)
  }

  /// Radio frequencies: FM 64 to 108 MHz, AM 530 to 1710 kHz; a song's number is none.
  @Test(arguments: [
    ("98.1", 98.1), ("ninety eight point one", 98.1), ("one oh one point one", 101.1), ("seventy two point five", 72.5),
    ("1010", 1010), ("eighty eight", 88),
    // AM dials said in two halves.
    ("six sixty", 660), ("eight eighty", 880), ("ten ten", 1010), ("eleven thirty", 1130), ("seven seventy", 770),
  ])
  func frequencies(text: String, frequency: Double) {
    #expect(entityFullMatch(.frequency, text) == .number(frequency))
  }

  @Test(arguments: ["22", "505", "seventeen", "five", "1999", "108.5", "1010.5", "sixty", "eleven eleven", "nine eleven", "four forty", "eighteen twenty"])
  func notFrequencies(text: String) {
    #expect(entityFullMatch(.frequency, text) == nil)
  }

  @Test func severalLengthsLongestFirst() {
    #expect(
      entitySpans(.number, "twenty five") == [EntitySpan(start: 0, end: 2, value: .number(25))],
      "a number is read whole: 'twenty' alone is no reading of 'twenty five'")
    #expect(
      entitySpans(.number, "one hundred and five").map(\.end) == [4, 2, 1])
    #expect(
      entitySpans(.number, "one hundred and five").map(\.value) == [.number(105), .number(100), .number(1)])
  }

  @Test func speedSpansWithAndWithoutTrailingSpeed() {
    #expect(
      entitySpans(.speed, "double speed") == [
        EntitySpan(start: 0, end: 2, value: .speed(2)),
        EntitySpan(start: 0, end: 1, value: .speed(2)),
      ])
    #expect(entitySpans(.speed, "1.5x speed").map(\.end) == [2, 1])
    #expect(entitySpans(.speed, "1.5 times speed").map(\.end) == [3, 2])
    #expect(entitySpans(.speed, "half speed").map(\.end) == [2, 1])
    #expect(entitySpans(.speed, "normal speed").map(\.end) == [2, 1])
    // "twice" alone is "do it again", not a rate.
    #expect(entitySpans(.speed, "twice the speed").map(\.end) == [3])
  }

  @Test func durationSpansForEachReading() {
    #expect(
      entitySpans(.duration, "1 hour and 30 minutes") == [
        EntitySpan(start: 0, end: 5, value: .duration(seconds: 5400)),
        EntitySpan(start: 0, end: 2, value: .duration(seconds: 3600)),
      ])
    #expect(
      entitySpans(.duration, "an hour and a half").map(\.value) == [
        .duration(seconds: 5400), .duration(seconds: 3600),
      ])
  }

  @Test func noRepeatedSpans() {
    for entity in BuiltinEntity.allCases {
      for text in ["one and a half hours", "double the speed", "a hundred and five", "1h30 and 20 seconds"] {
        let spans = entitySpans(entity, text)
        for (index, span) in spans.enumerated() {
          #expect(!spans[..<index].contains(span), "\(entity) \(text) repeats \(span)")
        }
      }
    }
  }

  @Test(arguments: [
    ("set a sleep timer for 30 minutes please", BuiltinEntity.duration, 5, 7, SlotValue.duration(seconds: 1800)),
    ("skip ahead twenty-five seconds", .duration, 2, 5, .duration(seconds: 25)),
    ("remind me in an hour and a half ok", .duration, 3, 8, .duration(seconds: 5400)),
    ("play the 81st episode", .ordinal, 2, 3, .ordinal(81)),
    ("play the eighty-first episode of this", .ordinal, 2, 4, .ordinal(81)),
    ("play at one and a half times speed", .speed, 2, 8, .speed(1.5)),
    ("play this at 1.5x speed now", .speed, 3, 5, .speed(1.5)),
    ("set the volume to forty two percent", .number, 4, 6, .number(42)),
    ("turn it up by a hundred and five", .number, 4, 8, .number(105)),
    ("tune to 89.1 fm", .number, 2, 3, .number(89.1)),
  ])
  func spansStartingMidSentence(
    text: String, entity: BuiltinEntity, start: Int, end: Int, value: SlotValue
  ) {
    let spans = entitySpans(entity, text, from: start)
    #expect(spans.first == EntitySpan(start: start, end: end, value: value))
    #expect(spans.allSatisfy { $0.start == start })
  }

  @Test func nothingStartsOnAFillerWord() {
    #expect(entitySpans(.duration, "set a sleep timer for 30 minutes", from: 4).isEmpty)
    #expect(entitySpans(.number, "play the 81st episode", from: 1).isEmpty)
    #expect(entitySpans(.ordinal, "play the 81st episode", from: 3).isEmpty)
  }

  @Test func outOfRangeStartsGiveNothing() {
    let tokens = ["thirty", "minutes"]
    for entity in BuiltinEntity.allCases {
      #expect(english.matches(entity, in: tokens, from: -1).isEmpty)
      #expect(english.matches(entity, in: tokens, from: 2).isEmpty)
      #expect(english.matches(entity, in: tokens, from: Int.max).isEmpty)
      #expect(english.matches(entity, in: tokens, from: Int.min).isEmpty)
      #expect(english.matches(entity, in: [], from: 0).isEmpty)
    }
  }

  @Test func otherLocalesReadDigitFormsOnly() {
    for locale in ["fr-FR", "de_DE", "", "xx"] {
      #expect(entityFullMatch(.number, "30", locale: locale) == .number(30))
      #expect(entityFullMatch(.number, "89.1", locale: locale) == .number(89.1))
      #expect(entityFullMatch(.speed, "1.5x", locale: locale) == .speed(1.5))
      #expect(entityFullMatch(.speed, "2 x", locale: locale) == .speed(2))
      #expect(entityFullMatch(.ordinal, "3rd", locale: locale) == .ordinal(3))
      #expect(entityFullMatch(.duration, "90s", locale: locale) == .duration(seconds: 90))
      #expect(entityFullMatch(.duration, "1h30", locale: locale) == .duration(seconds: 5400))
      #expect(entityFullMatch(.number, "thirty", locale: locale) == nil)
      #expect(entityFullMatch(.duration, "30 minutes", locale: locale) == nil)
      #expect(entityFullMatch(.speed, "double speed", locale: locale) == nil)
    }
  }

  @Test func englishVariantsShareTheEnglishTables() {
    for locale in ["en", "en-GB", "en_AU", "EN-us"] {
      #expect(entityFullMatch(.number, "twenty five", locale: locale) == .number(25))
    }
  }

  @Test func garbageNeverCrashesAndSpansAreWellFormed() {
    let vocabulary = [
      "", " ", ".", "x", "xx", "x.", ".5", "1.", "1..2", "0", "00", "0x", "x0", "1e5", "inf", "nan",
      "99999999999999999999999999999999", String(repeating: "9", count: 400), "9.99999999999999999999",
      "1st", "0th", "99999999999999999999th", "1h", "1h30", "1h30m30s", "30h30h", "m30", "h",
      "a", "an", "and", "half", "quarter", "quarters", "of", "point", "oh", "dozen", "times",
      "speed", "the", "as", "fast", "twice", "double", "normal", "hundred", "hundredth",
      "thousand", "thousandth", "million", "billion", "zero", "one", "twenty", "first",
      "second", "seconds", "minute", "hours", "hour", "ninety", "nine", "ninetynine",
      "第", "零", "〇", "一", "两", "十", "百", "千", "万", "亿", "点", "个", "半", "倍", "速",
      "分", "钟", "小", "时", "刻", "秒", "正", "常", "度", "的", "🎵", "٣", "١٢", "é", "\u{0301}",
    ]
    var random = EntityTestRandom(state: 20_240_601)
    let recognizers = ["en-US", "zh-CN", "fr-FR"].map(EntityRecognizer.init(locale:))
    for _ in 0..<1500 {
      let count = Int.random(in: 0...9, using: &random)
      let tokens = (0..<count).map { _ in vocabulary.randomElement(using: &random)! }
      for recognizer in recognizers {
        for entity in BuiltinEntity.allCases {
          for start in -2...(count + 1) {
            let spans = recognizer.matches(entity, in: tokens, from: start)
            if start < 0 || start >= count { #expect(spans.isEmpty) }
            var previousEnd = Int.max
            for span in spans {
              #expect(span.start == start)
              #expect(span.end > start && span.end <= count)
              #expect(span.end <= previousEnd)
              previousEnd = span.end
            }
          }
        }
      }
    }
  }

  @Test func garbageTextThroughTheTokenizer() {
    var random = EntityTestRandom(state: 7)
    let alphabet = Array("ab xX.,-'0123456789一十百万点倍第半分钟秒🎵hms")
    for _ in 0..<500 {
      let text = String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
      let tokens = Tokenizer.words(text)
      for locale in ["en-US", "zh-CN"] {
        let recognizer = EntityRecognizer(locale: locale)
        for entity in BuiltinEntity.allCases {
          for start in 0..<max(tokens.count, 1) {
            for span in recognizer.matches(entity, in: tokens, from: start) {
              #expect(span.end > start && span.end <= tokens.count)
            }
          }
        }
      }
    }
  }
}
