/// The entity types the grammar engine recognizes without a list.
public enum BuiltinEntity: String, CaseIterable, Sendable {
  /// A cardinal number: "30", "twenty five", "a hundred and five", "one point five".
  case number
  /// An ordinal: "3rd", "third", "eighty-first".
  case ordinal
  /// A duration, in seconds: "30 minutes", "half an hour", "1 hour and 30 minutes".
  case duration
  /// A playback speed as a rate: "double speed", "1.5x", "half speed".
  case speed
  /// A year of the common era as a whole number from 1900 to 2099: "1954", "2003",
  /// "two thousand three", "one thousand nine hundred and ninety" — never a small number
  /// ("eighty first street", "ninety two point one").
  case year
  /// A broadcast radio frequency, as a number: FM 64 to 108 ("ninety eight point one",
  /// "101.1"), AM 530 to 1710 ("1010"). Other numbers are no station: "play 22" is a song.
  case frequency
}

/// One reading of a built-in entity: tokens `start..<end` of the utterance and the value.
public struct EntitySpan: Sendable, Equatable {
  /// Index of the first token.
  public var start: Int
  /// Index one past the last token.
  public var end: Int
  /// The recognized value.
  public var value: SlotValue

  public init(start: Int, end: Int, value: SlotValue) {
    self.start = start
    self.end = end
    self.value = value
  }
}

/// Recognizes built-in entities in tokenized text (see ``Tokenizer``).
///
/// The words come from per-locale tables: English (`en`, `en-US`, `en_GB`…) spells
/// numbers, ordinals, durations and speeds out; Chinese (`zh`, `zh-CN`…) reads Chinese
/// numerals; every other locale recognizes the digit forms only ("30", "3rd", "90s",
/// "1.5x"). Recognition is table look-ups over the tokens, with no regular expressions
/// or formatters, and never traps: an out-of-range `start` just gives no readings.
public struct EntityRecognizer: Sendable {
  /// The locale identifier this recognizer was made for, e.g. "en-US".
  public let locale: String
  private let grammar: any EntityGrammar

  public init(locale: String) {
    self.locale = locale
    self.grammar = EntityRecognizer.grammar(for: locale)
  }

  /// Every reading of `entity` that starts at token `start`, longest first.
  ///
  /// Several lengths may be valid: "twenty five" gives `0..<2` → 25 and `0..<1` → 20.
  /// Each span appears once; two readings of the same length with different values
  /// both appear, in the grammar's order. An out-of-range `start` gives no readings.
  public func matches(_ entity: BuiltinEntity, in tokens: [String], from start: Int) -> [EntitySpan] {
    guard start >= 0, start < tokens.count else { return [] }
    let window = TokenWindow(words: tokens)
    let readings: [EntityReading]
    switch entity {
    case .number: readings = grammar.numbers(window, from: start)
    case .ordinal: readings = grammar.ordinals(window, from: start)
    case .duration: readings = grammar.durations(window, from: start)
    // A player plays at most a few times as fast: "ninety seven x" is a station, not a speed.
    case .speed: readings = grammar.speeds(window, from: start).filter { $0.value > 0 && $0.value <= EntityRecognizer.fastestSpeed }
    case .year: readings = EntityRecognizer.years(window, from: start, grammar: grammar)
    case .frequency: readings = EntityRecognizer.frequencies(window, from: start, grammar: grammar)
    }
    return EntityRecognizer.spans(readings, start: start, entity: entity, tokenCount: tokens.count)
  }

  /// Years as whole numbers ("1999", "two thousand three") and as said in two halves,
  /// "nineteen ninety nine", "twenty twelve".
  private static func years(_ window: TokenWindow, from start: Int, grammar: any EntityGrammar) -> [EntityReading] {
    let numbers = grammar.numbers(window, from: start)
    return numbers.filter(\.isYear)
      + halves(numbers, window, grammar: grammar, first: { $0 == 19 || $0 == 20 }, second: { $0 >= 10 && $0 <= 99 })
  }

  /// Numbers said in two halves, hundreds then the rest ("nineteen ninety nine" 1999, "six
  /// sixty" 660): each first half of `numbers` that `first` accepts, followed by a whole
  /// number that `second` accepts.
  private static func halves(
    _ numbers: [EntityReading], _ window: TokenWindow, grammar: any EntityGrammar,
    first: (Double) -> Bool, second: (Double) -> Bool
  ) -> [EntityReading] {
    var readings: [EntityReading] = []
    for head in numbers where head.value == head.value.rounded() && first(head.value) {
      for rest in grammar.numbers(window, from: head.end) where rest.value == rest.value.rounded() && second(rest.value) {
        readings.append(EntityReading(end: rest.end, value: head.value * 100 + rest.value))
      }
    }
    return readings
  }

  /// The fastest playback speed read as one ("4x"); faster ones are no speed.
  static let fastestSpeed = 4.0

  /// Radio frequencies as numbers ("ninety eight point one", "1010") and AM dials as said
  /// in two halves, "six sixty" (660), "ten ten" (1010), "eleven thirty" (1130): a first
  /// half from 5 to 17 and a second of whole tens, so the dial is on the 10 kHz steps AM
  /// stations use ("eleven eleven", "nine eleven" are no dial).
  private static func frequencies(_ window: TokenWindow, from start: Int, grammar: any EntityGrammar) -> [EntityReading] {
    let numbers = grammar.numbers(window, from: start)
    let readings = numbers.filter(\.isRadioFrequency)
    guard grammar.saysDialsInHalves else { return readings }
    let dials = halves(
      numbers, window, grammar: grammar, first: { (5...17).contains($0) },
      second: { $0 >= 10 && $0 <= 90 && $0.truncatingRemainder(dividingBy: 10) == 0 })
    return readings + dials.filter(\.isRadioFrequency)
  }

  /// Sorts readings longest first (keeping the grammar's order among equal lengths),
  /// drops repeats and anything malformed, and wraps the values.
  private static func spans(
    _ readings: [EntityReading], start: Int, entity: BuiltinEntity, tokenCount: Int
  ) -> [EntitySpan] {
    var kept: [EntityReading] = []
    kept.reserveCapacity(readings.count)
    for reading in readings
    where reading.end > start && reading.end <= tokenCount && reading.value.isFinite
      && !kept.contains(reading)
    {
      kept.append(reading)
    }
    // Insertion sort: stable, and the lists are a handful long.
    var sorted: [EntityReading] = []
    sorted.reserveCapacity(kept.count)
    for reading in kept {
      var index = sorted.count
      while index > 0 && sorted[index - 1].end < reading.end { index -= 1 }
      sorted.insert(reading, at: index)
    }
    return sorted.compactMap { reading in
      let value: SlotValue
      switch entity {
      case .number, .year, .frequency:
        value = .number(reading.value)
      case .ordinal:
        guard reading.value >= 0, reading.value < 1e15 else { return nil }
        value = .ordinal(Int(reading.value))
      case .duration:
        value = .duration(seconds: reading.value)
      case .speed:
        value = .speed(reading.value)
      }
      return EntitySpan(start: start, end: reading.end, value: value)
    }
  }

  /// The grammar for a locale identifier, chosen by its language part.
  static func grammar(for locale: String) -> any EntityGrammar {
    let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    switch language {
    case "en": return EnglishEntityGrammar()
    case "zh": return ChineseEntityGrammar()
    default: return DigitGrammar()
    }
  }
}
