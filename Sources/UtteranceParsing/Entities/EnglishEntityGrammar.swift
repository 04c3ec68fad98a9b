/// English numbers, ordinals, durations and speeds, spelled out or with digits.
///
/// Cardinals and ordinals share one grammar: an ordinal is a cardinal whose last word is an
/// ordinal word ("one hundred and first", "twenty-first"), so both come out of
/// ``cardinals(_:from:maxScale:atStart:)`` and are told apart by a flag.
struct EnglishEntityGrammar: EntityGrammar {
  /// "six sixty", "ten ten": American radio says AM dials in two halves.
  var saysDialsInHalves: Bool { true }

  // MARK: - Word tables

  struct Word {
    enum Kind { case unit, tens, hundred, scale, article }
    var kind: Kind
    var value: Int
    var ordinal: Bool
  }

  static let units = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
  ]
  static let unitOrdinals = [
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
    "sixteenth", "seventeenth", "eighteenth", "nineteenth",
  ]
  static let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
  static let tensOrdinals = [
    "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth",
    "ninetieth",
  ]

  /// Every number word, with its kind and value. Joined compounds ("twentyfive",
  /// "twentyfirst") are listed whole, as units, so they need no splitting at match time.
  static let words: [String: Word] = {
    var table: [String: Word] = [:]
    for (value, word) in units.enumerated() {
      table[word] = Word(kind: .unit, value: value, ordinal: false)
      table[unitOrdinals[value]] = Word(kind: .unit, value: value, ordinal: true)
    }
    for (index, word) in tens.enumerated() {
      let value = 20 + 10 * index
      table[word] = Word(kind: .tens, value: value, ordinal: false)
      table[tensOrdinals[index]] = Word(kind: .tens, value: value, ordinal: true)
      for unit in 1...9 {
        table[word + units[unit]] = Word(kind: .unit, value: value + unit, ordinal: false)
        table[word + unitOrdinals[unit]] = Word(kind: .unit, value: value + unit, ordinal: true)
      }
    }
    // Common misspellings.
    table["fourty"] = Word(kind: .tens, value: 40, ordinal: false)
    table["fourtieth"] = Word(kind: .tens, value: 40, ordinal: true)
    table["nineth"] = Word(kind: .unit, value: 9, ordinal: true)
    table["hundred"] = Word(kind: .hundred, value: 100, ordinal: false)
    table["hundredth"] = Word(kind: .hundred, value: 100, ordinal: true)
    for (word, value) in [("thousand", 1_000), ("million", 1_000_000), ("billion", 1_000_000_000)] {
      table[word] = Word(kind: .scale, value: value, ordinal: false)
      table[word + "th"] = Word(kind: .scale, value: value, ordinal: true)
    }
    table["a"] = Word(kind: .article, value: 1, ordinal: false)
    table["an"] = Word(kind: .article, value: 1, ordinal: false)
    return table
  }()

  /// Single digits after "point": "one point five", "three point one four", "two point oh".
  static let pointDigits: [String: Int] = {
    var table: [String: Int] = [:]
    for value in 0...9 { table[units[value]] = value }
    table["oh"] = 0
    table["o"] = 0
    return table
  }()

  /// Duration units, in seconds.
  static let durationUnits: [String: Double] = [
    "second": 1, "seconds": 1, "sec": 1, "secs": 1, "s": 1,
    "minute": 60, "minutes": 60, "min": 60, "mins": 60,
    "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "h": 3600,
    "day": 86400, "days": 86400,
  ]

  /// Fractions added by "and a half" and the like, after a whole number ("two and a half")
  /// or after a duration unit ("an hour and a half").
  static let fractionTails: [([String], Double)] = [
    (["and", "a", "half"], 0.5),
    (["and", "one", "half"], 0.5),
    (["and", "a", "quarter"], 0.25),
    (["and", "one", "quarter"], 0.25),
    (["and", "three", "quarters"], 0.75),
  ]

  /// Words that are speeds by themselves, and whether they need a tail ("twice" alone is
  /// "do it again", "twice the speed" is a rate).
  static let speedWords: [String: (rate: Double, needsTail: Bool, tails: [[String]])] = {
    let multiplierTails = [["speed"], ["playback", "speed"], ["the", "speed"], ["as", "fast"]]
    let normalTails = [["speed"], ["playback", "speed"]]
    return [
      "double": (2, false, multiplierTails),
      "triple": (3, false, multiplierTails),
      "quadruple": (4, false, multiplierTails),
      "twice": (2, true, multiplierTails),
      "half": (0.5, false, multiplierTails),
      "normal": (1, false, normalTails),
      "regular": (1, false, normalTails),
      "original": (1, false, normalTails),
      "standard": (1, false, normalTails),
    ]
  }()

  /// What may follow "<number> times": "1.5 times", "1.5 times speed", "two times the speed".
  static let timesTails = [
    ["speed"], ["playback", "speed"], ["the", "speed"], ["as", "fast"], ["normal", "speed"],
  ]

  // MARK: - Cardinal and ordinal core

  /// A partial reading of the cardinal grammar.
  struct Cardinal {
    var end: Int
    var value: Int
    /// The last word is an ordinal word: nothing may follow.
    var ordinal: Bool
    /// Only an article or an implied "one" so far ("a", or nothing before "hundred"):
    /// a multiplier for what follows, not a number on its own.
    var bare: Bool
  }

  private func word(_ tokens: TokenWindow, _ index: Int) -> Word? {
    guard let token = tokens[index] else { return nil }
    return EnglishEntityGrammar.words[token]
  }

  /// 0…99: "seven", "fifteen", "twenty", "twenty five", "twentyfive", "twenty first".
  /// A number is read whole: "ninety seven" is 97 only, never 90 with "seven" left for
  /// another slot ("play hot ninety seven" is a station, not the top 90 by "seven"); an
  /// ordinal after the tens ends the cardinal before it.
  func belowHundred(_ tokens: TokenWindow, from start: Int) -> [Cardinal] {
    guard let first = word(tokens, start) else { return [] }
    switch first.kind {
    case .unit:
      return [Cardinal(end: start + 1, value: first.value, ordinal: first.ordinal, bare: false)]
    case .tens:
      let tens = Cardinal(end: start + 1, value: first.value, ordinal: first.ordinal, bare: false)
      if !first.ordinal, let unit = word(tokens, start + 1), unit.kind == .unit,
        unit.value >= 1, unit.value <= 9
      {
        let whole = Cardinal(end: start + 2, value: first.value + unit.value, ordinal: unit.ordinal, bare: false)
        // "twenty first" is an ordinal: as a cardinal, only "twenty" is one.
        return unit.ordinal ? [tens, whole] : [whole]
      }
      return [tens]
    default:
      return []
    }
  }

  /// 0…9999 with "hundred": "a hundred", "one hundred and five", "fifteen hundred",
  /// "hundredth". Also gives the bare readings ("a", an implied one before "thousand")
  /// that ``cardinals(_:from:maxScale:atStart:)`` may multiply by a scale.
  func belowThousand(_ tokens: TokenWindow, from start: Int, atStart: Bool) -> [Cardinal] {
    guard let first = word(tokens, start) else { return [] }
    var heads: [Cardinal]
    switch first.kind {
    case .unit, .tens:
      heads = belowHundred(tokens, from: start)
    case .article:
      heads = [Cardinal(end: start + 1, value: 1, ordinal: false, bare: true)]
    case .hundred, .scale:
      // "hundred", "thousandth" with nothing before: only at the very start of a number.
      guard atStart else { return [] }
      heads = [Cardinal(end: start, value: 1, ordinal: false, bare: true)]
    }
    var readings = heads
    for head in heads where !head.ordinal && head.value >= 1 {
      guard let hundred = word(tokens, head.end), hundred.kind == .hundred else { continue }
      let value = head.value * 100
      readings.append(Cardinal(end: head.end + 1, value: value, ordinal: hundred.ordinal, bare: false))
      if hundred.ordinal { continue }
      var tailStarts = [head.end + 1]
      if tokens[head.end + 1] == "and" { tailStarts.append(head.end + 2) }
      for tailStart in tailStarts {
        for tail in belowHundred(tokens, from: tailStart) where tail.value >= 1 {
          readings.append(
            Cardinal(end: tail.end, value: value + tail.value, ordinal: tail.ordinal, bare: false))
        }
      }
    }
    return readings
  }

  /// Whole numbers with scales below `maxScale`: "two thousand three hundred",
  /// "a million", "one thousand and five", "thousandth". Includes bare readings.
  func cardinals(_ tokens: TokenWindow, from start: Int, maxScale: Int, atStart: Bool) -> [Cardinal] {
    var readings: [Cardinal] = []
    for group in belowThousand(tokens, from: start, atStart: atStart) {
      readings.append(group)
      guard !group.ordinal, group.value >= 1, let scale = word(tokens, group.end),
        scale.kind == .scale, scale.value < maxScale
      else { continue }
      let value = group.value * scale.value
      readings.append(Cardinal(end: group.end + 1, value: value, ordinal: scale.ordinal, bare: false))
      if scale.ordinal { continue }
      let next = group.end + 1
      for rest in cardinals(tokens, from: next, maxScale: scale.value, atStart: false)
      where !rest.bare && rest.value >= 1 {
        readings.append(Cardinal(end: rest.end, value: value + rest.value, ordinal: rest.ordinal, bare: false))
      }
      if tokens[next] == "and" {
        // "one thousand and five", "two thousand and first"
        for rest in belowHundred(tokens, from: next + 1) where rest.value >= 1 {
          readings.append(
            Cardinal(end: rest.end, value: value + rest.value, ordinal: rest.ordinal, bare: false))
        }
      }
    }
    return readings
  }

  // MARK: - Numbers

  func numbers(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let first = tokens[start] else { return [] }
    var readings: [EntityReading] = []
    // Whole numbers that may take "and a half" or "point five".
    var wholes: [EntityReading] = []
    var spelled: [EntityReading] = []

    if let value = DigitForms.number(first) {
      readings.append(EntityReading(end: start + 1, value: value))
      if value == value.rounded() { wholes.append(readings[0]) }
      // "2 thousand", "1.5 million", "3 dozen"
      if let scale = word(tokens, start + 1), scale.kind == .scale || scale.kind == .hundred,
        !scale.ordinal
      {
        readings.append(EntityReading(end: start + 2, value: value * Double(scale.value)))
      } else if tokens[start + 1] == "dozen" {
        readings.append(EntityReading(end: start + 2, value: value * 12))
      }
    } else if first == "point" {
      readings += decimals(tokens, whole: 0, from: start + 1)
    } else if tokens.has(["half", "a", "dozen"], at: start) {
      readings.append(EntityReading(end: start + 3, value: 6))
    } else {
      for cardinal in cardinals(tokens, from: start, maxScale: .max, atStart: true) where !cardinal.ordinal {
        if !cardinal.bare {
          let reading = EntityReading(end: cardinal.end, value: Double(cardinal.value))
          readings.append(reading)
          wholes.append(reading)
          spelled.append(reading)
        }
        if tokens[cardinal.end] == "dozen" {
          let reading = EntityReading(end: cardinal.end + 1, value: Double(cardinal.value * 12))
          readings.append(reading)
          wholes.append(reading)
        }
      }
    }

    // Digits said one by one, as frequencies are: "one oh seven point five", "nine nine
    // point five". Only with an "oh" among them or a "point" after them, so "two three
    // songs" stays two numbers' worth of words.
    readings += digitRuns(tokens, from: start)

    // "one point five", "three point one four"
    for whole in spelled where tokens[whole.end] == "point" {
      readings += decimals(tokens, whole: whole.value, from: whole.end + 1)
    }
    // "one and a half", "2 and a quarter"
    for whole in wholes {
      for (tail, fraction) in EnglishEntityGrammar.fractionTails where tokens.has(tail, at: whole.end) {
        readings.append(EntityReading(end: whole.end + tail.count, value: whole.value + fraction))
      }
    }
    return readings
  }

  /// Two to four digit words said one by one ("one oh seven" → 107, "nine nine" → 99),
  /// when one of them is "oh" or "o" or a "point" follows, with the decimals after it.
  private func digitRuns(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let first = tokens[start], first != "oh", first != "o", let firstDigit = EnglishEntityGrammar.pointDigits[first] else {
      return []
    }
    var readings: [EntityReading] = []
    var value = firstDigit
    var sawOh = false
    var index = start + 1
    while index - start < 4, let token = tokens[index], let digit = EnglishEntityGrammar.pointDigits[token] {
      value = value * 10 + digit
      if token == "oh" || token == "o" { sawOh = true }
      index += 1
      let followedByPoint = tokens[index] == "point"
      if sawOh || followedByPoint { readings.append(EntityReading(end: index, value: Double(value))) }
      if followedByPoint { readings += decimals(tokens, whole: Double(value), from: index + 1) }
    }
    return readings
  }

  /// The digits after "point", one reading per length: "five" → .5, "one four" → .14,
  /// "25" → .25.
  private func decimals(_ tokens: TokenWindow, whole: Double, from start: Int) -> [EntityReading] {
    var readings: [EntityReading] = []
    var numerator = whole
    var denominator = 1.0
    var index = start
    while let token = tokens[index], denominator < 1e15 {
      if let digit = EnglishEntityGrammar.pointDigits[token] {
        numerator = numerator * 10 + Double(digit)
        denominator *= 10
      } else if token.allSatisfy({ DigitForms.digitValue($0) != nil }), token.count <= 15 {
        for character in token {
          numerator = numerator * 10 + Double(DigitForms.digitValue(character) ?? 0)
          denominator *= 10
        }
      } else {
        break
      }
      index += 1
      readings.append(EntityReading(end: index, value: numerator / denominator))
    }
    return readings
  }

  // MARK: - Ordinals

  func ordinals(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let first = tokens[start] else { return [] }
    if let value = DigitForms.ordinal(first) {
      return [EntityReading(end: start + 1, value: Double(value))]
    }
    // "a hundredth" is a fraction, not a position; "a hundred and first" is a position.
    let article = first == "a" || first == "an"
    return cardinals(tokens, from: start, maxScale: .max, atStart: true)
      .filter { $0.ordinal && !$0.bare && !(article && $0.end <= start + 2) }
      .map { EntityReading(end: $0.end, value: Double($0.value)) }
  }

  // MARK: - Durations

  /// A quantity before a duration unit. `whole` quantities may take "and a half" after the
  /// unit ("an hour and a half") and be followed by a smaller unit ("1 hour 30 minutes").
  private struct Quantity {
    var end: Int
    var value: Double
    var whole: Bool
  }

  private func quantities(_ tokens: TokenWindow, from start: Int) -> [Quantity] {
    guard let first = tokens[start] else { return [] }
    var results: [Quantity] = []
    var fractions: [Quantity] = []

    let numbers = numbers(tokens, from: start)
    for number in numbers {
      results.append(Quantity(end: number.end, value: number.value, whole: number.value == number.value.rounded()))
      // "three quarters of an hour"
      if let next = tokens[number.end], next == "quarter" || next == "quarters" {
        fractions.append(Quantity(end: number.end + 1, value: number.value / 4, whole: false))
      }
    }
    switch first {
    case "a", "an":
      results.append(Quantity(end: start + 1, value: 1, whole: true))
      if tokens[start + 1] == "half" { fractions.append(Quantity(end: start + 2, value: 0.5, whole: false)) }
      if tokens[start + 1] == "quarter" { fractions.append(Quantity(end: start + 2, value: 0.25, whole: false)) }
    case "half":
      fractions.append(Quantity(end: start + 1, value: 0.5, whole: false))
    case "quarter":
      fractions.append(Quantity(end: start + 1, value: 0.25, whole: false))
    default:
      break
    }
    // "half hour", "half an hour", "a quarter of an hour"
    for fraction in fractions {
      results.append(fraction)
      if let next = tokens[fraction.end], next == "a" || next == "an" {
        results.append(Quantity(end: fraction.end + 1, value: fraction.value, whole: false))
      } else if tokens[fraction.end] == "of", let next = tokens[fraction.end + 1], next == "a" || next == "an" {
        results.append(Quantity(end: fraction.end + 2, value: fraction.value, whole: false))
      }
    }
    return results
  }

  /// One "<quantity> <unit>" part of a duration.
  private struct Component {
    var end: Int
    var seconds: Double
    var unit: Double
    /// Whether a smaller unit may follow ("1 hour 30 minutes", not "1.5 hours 30 minutes").
    var extendable: Bool
  }

  private func components(_ tokens: TokenWindow, from start: Int) -> [Component] {
    guard let first = tokens[start] else { return [] }
    if let (seconds, unit) = DigitForms.duration(first) {
      return [Component(end: start + 1, seconds: seconds, unit: unit, extendable: true)]
    }
    var results: [Component] = []
    for quantity in quantities(tokens, from: start) {
      guard let name = tokens[quantity.end], let unit = EnglishEntityGrammar.durationUnits[name] else { continue }
      let end = quantity.end + 1
      results.append(Component(end: end, seconds: quantity.value * unit, unit: unit, extendable: quantity.whole))
      guard quantity.whole else { continue }
      for (tail, fraction) in EnglishEntityGrammar.fractionTails where tokens.has(tail, at: end) {
        results.append(
          Component(end: end + tail.count, seconds: (quantity.value + fraction) * unit, unit: unit, extendable: false))
      }
    }
    return results
  }

  func durations(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    var readings: [EntityReading] = []
    func extend(_ component: Component, total: Double, depth: Int) {
      readings.append(EntityReading(end: component.end, value: total))
      guard component.extendable, depth < 4 else { return }
      var starts = [component.end]
      if tokens[component.end] == "and" { starts.append(component.end + 1) }
      for next in starts {
        for smaller in components(tokens, from: next) where smaller.unit < component.unit {
          extend(smaller, total: total + smaller.seconds, depth: depth + 1)
        }
      }
    }
    for component in components(tokens, from: start) {
      extend(component, total: component.seconds, depth: 0)
    }
    return readings
  }

  // MARK: - Speeds

  func speeds(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let first = tokens[start] else { return [] }
    var readings: [EntityReading] = []
    func withTails(_ reading: EntityReading, tails: [[String]], bareAllowed: Bool = true) {
      if bareAllowed { readings.append(reading) }
      for tail in tails where tokens.has(tail, at: reading.end) {
        readings.append(EntityReading(end: reading.end + tail.count, value: reading.value))
      }
    }

    for reading in DigitGrammar.digitSpeeds(tokens, from: start) {
      withTails(reading, tails: [["speed"], ["playback", "speed"]])
    }
    if let word = EnglishEntityGrammar.speedWords[first] {
      withTails(EntityReading(end: start + 1, value: word.rate), tails: word.tails, bareAllowed: !word.needsTail)
    }
    for number in numbers(tokens, from: start) where number.value > 0 {
      guard let next = tokens[number.end] else { continue }
      let after = EntityReading(end: number.end + 1, value: number.value)
      switch next {
      case "x":
        // Digit forms ("2 x") were handled above; this adds "one point five x".
        if DigitForms.number(first) == nil { withTails(after, tails: [["speed"], ["playback", "speed"]]) }
      case "times":
        withTails(after, tails: EnglishEntityGrammar.timesTails)
      case "speed":
        readings.append(after)
      default:
        break
      }
    }
    return readings
  }
}
