/// Readings of single tokens written with digits, shared by every locale: "30", "2.5",
/// "21st", "1.5x", "x2", "90s", "1h30".
///
/// The tokenizer keeps a `.` only between two digits and drops the `,` of "1,000", so a
/// numeric token is a run of decimal digits with at most one `.` inside, possibly glued
/// to letters ("81st", "1.5x", "30min"). Digits of any script count (`٣` is 3).
enum DigitForms {
  /// A token that is only a number: "30" → 30, "2.5" → 2.5, "1000" → 1000.
  static func number(_ token: String) -> Double? {
    guard let (value, rest) = leadingNumber(token[...]), rest.isEmpty else { return nil }
    return value
  }

  /// A token that is only a whole number: "30" → 30, not "2.5".
  static func integer(_ token: String) -> Int? {
    guard let value = number(token), value == value.rounded(), value < 1e15 else { return nil }
    return Int(value)
  }

  /// "1st", "22nd", "3rd", "100th" → the number. The suffix isn't checked against the
  /// number ("21th" is 21 too), as people and speech recognizers get it wrong.
  static func ordinal(_ token: String) -> Int? {
    guard let (value, rest) = leadingNumber(token[...]),
      value == value.rounded(), value < 1e15,
      rest == "st" || rest == "nd" || rest == "rd" || rest == "th"
    else { return nil }
    return Int(value)
  }

  /// "1.5x" or "x1.5" → 1.5. Rates must be positive.
  static func speed(_ token: String) -> Double? {
    var value: Double?
    if token.hasSuffix("x") {
      value = number(String(token.dropLast()))
    } else if token.hasPrefix("x") {
      value = number(String(token.dropFirst()))
    }
    guard let rate = value, rate > 0 else { return nil }
    return rate
  }

  /// Units that may be glued to a number in one token ("90s", "30min", "2h").
  static let compactUnits: [Substring: Double] = [
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
  ]

  /// A duration written as one token: "90s", "30min", "2h", "1.5h", "1h30m", "2m30s", and
  /// "1h30" / "2m30" where the unit of the last number is implied (minutes after hours,
  /// seconds after minutes). Units must get smaller. Gives the seconds and the smallest
  /// unit used.
  static func duration(_ token: String) -> (seconds: Double, unit: Double)? {
    var rest = token[...]
    var total = 0.0
    var lastUnit = Double.infinity
    var segments = 0
    while !rest.isEmpty {
      guard let (value, afterNumber) = leadingNumber(rest) else { return nil }
      let letters = afterNumber.prefix { !isDigitScalarStart($0) }
      rest = afterNumber.dropFirst(letters.count)
      let unit: Double
      if letters.isEmpty {
        // A bare number is only allowed last, after hours or minutes: "1h30", "2m30".
        guard segments > 0, rest.isEmpty else { return nil }
        if lastUnit == 3600 {
          unit = 60
        } else if lastUnit == 60 {
          unit = 1
        } else {
          return nil
        }
      } else {
        guard let named = compactUnits[letters] else { return nil }
        unit = named
      }
      guard unit < lastUnit else { return nil }
      total += value * unit
      lastUnit = unit
      segments += 1
    }
    guard segments > 0, total.isFinite else { return nil }
    return (total, lastUnit)
  }

  // MARK: - Scanning

  /// Splits a token into its leading number and the rest: "1.5x" → (1.5, "x").
  /// `nil` when the token doesn't start with a digit.
  static func leadingNumber(_ text: Substring) -> (Double, Substring)? {
    var ascii = ""
    var consumed = 0
    var sawDot = false
    var lastWasDigit = false
    for character in text {
      if let digit = digitValue(character) {
        ascii.unicodeScalars.append(Unicode.Scalar(UInt8(48 + digit)))
        lastWasDigit = true
      } else if character == ".", lastWasDigit, !sawDot {
        // Only a dot followed by a digit belongs to the number.
        let next = text.dropFirst(consumed + 1).first
        guard let next, digitValue(next) != nil else { break }
        ascii.append(".")
        sawDot = true
        lastWasDigit = false
      } else {
        break
      }
      consumed += 1
      if ascii.utf8.count > 300 { return nil }
    }
    guard !ascii.isEmpty, let value = Double(ascii), value.isFinite else { return nil }
    return (value, text.dropFirst(consumed))
  }

  /// The value of a one-scalar decimal digit of any script, `nil` for anything else.
  static func digitValue(_ character: Character) -> Int? {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.count == 1 else { return nil }
    if scalar.value >= 48 && scalar.value <= 57 { return Int(scalar.value - 48) }
    if scalar.isASCII { return nil }
    guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
      value >= 0, value <= 9
    else { return nil }
    return Int(value)
  }

  private static func isDigitScalarStart(_ character: Character) -> Bool {
    digitValue(character) != nil
  }
}
