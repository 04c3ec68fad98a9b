/// One reading found by a locale grammar: the tokens `start..<end` read as `value`.
struct EntityReading: Equatable {
  var end: Int
  var value: Double

  /// A whole number from 1900 to 2099.
  var isYear: Bool { value >= 1900 && value <= 2099 && value == value.rounded() }
  /// A broadcast radio frequency: FM from 64 to 108 MHz (the band of most countries, 87.5
  /// to 108, with Japan's from 76 and the old eastern European band from 65.8: "ninety
  /// eight point one", "101.1", "seventy two point five"), or AM from 530 to 1710 kHz
  /// ("1010"); never a song's number ("22", "505").
  var isRadioFrequency: Bool { (64...108).contains(value) || ((530...1710).contains(value) && value == value.rounded()) }
}

/// Safe, read-only access to the tokens being recognized: reading past either end gives
/// `nil` instead of trapping.
struct TokenWindow {
  let words: [String]

  var count: Int { words.count }

  subscript(_ index: Int) -> String? {
    index >= 0 && index < words.count ? words[index] : nil
  }

  /// Whether the tokens from `index` on spell `phrase` exactly.
  func has(_ phrase: [String], at index: Int) -> Bool {
    guard index >= 0, index + phrase.count <= words.count else { return false }
    for (offset, word) in phrase.enumerated() where words[index + offset] != word { return false }
    return true
  }
}

/// The per-locale part of entity recognition. Each locale supplies one; readings may come
/// in any order and repeat, ``EntityRecognizer`` sorts and de-duplicates them.
protocol EntityGrammar: Sendable {
  func numbers(_ tokens: TokenWindow, from start: Int) -> [EntityReading]
  func ordinals(_ tokens: TokenWindow, from start: Int) -> [EntityReading]
  func durations(_ tokens: TokenWindow, from start: Int) -> [EntityReading]
  func speeds(_ tokens: TokenWindow, from start: Int) -> [EntityReading]
  /// Whether an AM dial is said in two halves, as years are ("six sixty" for 660).
  var saysDialsInHalves: Bool { get }
}

extension EntityGrammar {
  var saysDialsInHalves: Bool { false }
}

/// The grammar for locales without word tables: numbers written with digits only.
///
/// - number: "30", "2.5"
/// - ordinal: "3rd", "21st"
/// - duration: one-token forms "90s", "30min", "1h30"
/// - speed: "1.5x", "x1.5", "2 x", "x 2"
struct DigitGrammar: EntityGrammar {
  func numbers(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let token = tokens[start], let value = DigitForms.number(token) else { return [] }
    return [EntityReading(end: start + 1, value: value)]
  }

  func ordinals(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let token = tokens[start], let value = DigitForms.ordinal(token) else { return [] }
    return [EntityReading(end: start + 1, value: Double(value))]
  }

  func durations(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let token = tokens[start], let (seconds, _) = DigitForms.duration(token) else { return [] }
    return [EntityReading(end: start + 1, value: seconds)]
  }

  func speeds(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    DigitGrammar.digitSpeeds(tokens, from: start)
  }

  /// The speed forms every locale shares: "1.5x", "x1.5", "2 x", "x 2".
  static func digitSpeeds(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let token = tokens[start] else { return [] }
    if let rate = DigitForms.speed(token) {
      return [EntityReading(end: start + 1, value: rate)]
    }
    if let value = DigitForms.number(token), value > 0, tokens[start + 1] == "x" {
      return [EntityReading(end: start + 2, value: value)]
    }
    if token == "x", let next = tokens[start + 1], let value = DigitForms.number(next), value > 0 {
      return [EntityReading(end: start + 2, value: value)]
    }
    return []
  }
}
