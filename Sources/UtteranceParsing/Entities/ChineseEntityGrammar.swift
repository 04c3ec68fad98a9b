/// Chinese numbers, ordinals, durations and speeds. The tokenizer makes each ideograph a
/// token of its own, so "二十五" is `二`, `十`, `五`, while digits stay together
/// ("1.5倍速" → `1.5`, `倍`, `速`).
///
/// - number: "三", "二十五", "一百零五", "两千", "一万二" (12000), "三点五", "一个半" (1.5),
///   "30", "3万", and digit by digit as years and frequencies are said: "二零零四" (2004),
///   "一零六点一" (106.1)
/// - ordinal: "第一", "第二十五", "第3", "3rd"
/// - duration: "三十分钟", "两个小时", "半小时", "半个小时", "一个半小时", "一小时半",
///   "一分半钟", "一刻钟", "一小时三十分钟", "一个小时零五分", "30分钟", "90s"
/// - speed: "两倍速", "1.5倍", "一点五倍速", "双倍速", "半速", "正常速度", "原速", "1.5x"
struct ChineseEntityGrammar: EntityGrammar {
  // MARK: - Tables

  static let digits: [String: Int] = [
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9,
    "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3, "肆": 4, "伍": 5, "陆": 6, "陸": 6,
    "柒": 7, "捌": 8, "玖": 9,
  ]
  /// Digits allowed after 点 (两 is never used there).
  static let decimalDigits: [String: Int] = [
    "零": 0, "〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
    "八": 8, "九": 9,
  ]
  static let smallUnits: [String: Int] = [
    "十": 10, "百": 100, "千": 1000, "拾": 10, "佰": 100, "仟": 1000,
  ]
  static let bigUnits: [String: Int] = ["万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000]

  /// Duration units as token sequences, in seconds.
  static let durationUnits: [([String], Double)] = [
    (["秒"], 1), (["秒", "钟"], 1), (["秒", "鐘"], 1),
    (["分"], 60), (["分", "钟"], 60), (["分", "鐘"], 60),
    (["刻"], 900), (["刻", "钟"], 900), (["刻", "鐘"], 900),
    (["小", "时"], 3600), (["个", "小", "时"], 3600), (["小", "時"], 3600), (["個", "小", "時"], 3600),
    (["钟", "头"], 3600), (["个", "钟", "头"], 3600), (["鐘", "頭"], 3600), (["個", "鐘", "頭"], 3600),
    (["天"], 86400),
  ]

  /// Words that name a speed by themselves, and what may follow them.
  static let speedPhrases: [([String], Double, [[String]])] = {
    let multiplierTails = [["速"], ["速", "度"], ["的", "速", "度"]]
    let normalTails = [["速", "度"], ["倍", "速"], ["的", "速", "度"]]
    return [
      (["双", "倍"], 2, multiplierTails),
      (["雙", "倍"], 2, multiplierTails),
      (["半", "速"], 0.5, []),
      (["一", "半", "速", "度"], 0.5, []),
      (["一", "半", "的", "速", "度"], 0.5, []),
      (["正", "常"], 1, normalTails),
      (["原", "速"], 1, []),
      (["常", "速"], 1, []),
      (["原", "来", "的", "速", "度"], 1, []),
      (["原", "始", "速", "度"], 1, []),
    ]
  }()

  /// What may follow "<number>倍": "两倍速", "两倍的速度".
  static let timesTails = [["速"], ["的", "速", "度"]]

  // MARK: - Numbers

  /// Whole numbers in Chinese numerals, one reading per valid prefix: "二十五" gives
  /// 2, 20 and 25. Handles 零 between units ("一百零五"), a leading 十 ("十五"), 两, and
  /// the spoken shortening of a trailing digit ("一百二" = 120, "三千五" = 3500,
  /// "一万二" = 12000).
  func integers(_ tokens: TokenWindow, from start: Int) -> [(end: Int, value: Int)] {
    var readings: [(end: Int, value: Int)] = []
    var total = 0  // completed 万 / 亿 groups
    var section = 0  // the group being built, below 10000
    var digit: Int?  // a digit waiting for its unit
    var lastUnit = Int.max  // smallest 十/百/千 used in this section
    var lastBigUnit = Int.max
    var shortenUnit: Int?  // the unit just read, for "一百二" = 120
    var sawAnything = false
    var index = start
    while let token = tokens[index] {
      if let value = ChineseEntityGrammar.digits[token] {
        if digit != nil { break }
        if value == 0 {
          if !sawAnything {
            // 零 by itself is zero; nothing may follow it.
            readings.append((index + 1, 0))
            break
          }
          shortenUnit = nil
          index += 1
          continue
        }
        digit = value
        sawAnything = true
        var reading = total + section + value
        if let unit = shortenUnit, unit >= 100 { reading = total + section + value * unit / 10 }
        readings.append((index + 1, reading))
      } else if let unit = ChineseEntityGrammar.smallUnits[token] {
        guard unit < lastUnit else { break }
        let multiplier: Int
        if let pending = digit {
          multiplier = pending
        } else if unit == 10 && section == 0 {
          multiplier = 1  // "十五"
        } else {
          break
        }
        section += multiplier * unit
        digit = nil
        lastUnit = unit
        shortenUnit = unit
        sawAnything = true
        readings.append((index + 1, total + section))
      } else if let unit = ChineseEntityGrammar.bigUnits[token] {
        guard unit < lastBigUnit else { break }
        let group = section + (digit ?? 0)
        guard group > 0 else { break }
        total += group * unit
        section = 0
        digit = nil
        lastUnit = Int.max
        lastBigUnit = unit
        shortenUnit = unit
        readings.append((index + 1, total))
      } else {
        break
      }
      index += 1
    }
    return readings
  }

  func numbers(_ tokens: TokenWindow, from start: Int) -> [EntityReading] {
    guard let first = tokens[start] else { return [] }
    var readings: [EntityReading] = []
    var wholes: [EntityReading] = []
    if let value = DigitForms.number(first) {
      readings.append(EntityReading(end: start + 1, value: value))
      if value == value.rounded() { wholes.append(readings[0]) }
      // "3万", "1.5亿", "5千"
      if let next = tokens[start + 1],
        let unit = ChineseEntityGrammar.bigUnits[next] ?? ChineseEntityGrammar.smallUnits[next]
      {
        let reading = EntityReading(end: start + 2, value: value * Double(unit))
        readings.append(reading)
        if reading.value == reading.value.rounded() { wholes.append(reading) }
      }
    } else {
      for integer in integers(tokens, from: start) {
        let reading = EntityReading(end: integer.end, value: Double(integer.value))
        readings.append(reading)
        wholes.append(reading)
        // "三点一四"
        readings += decimals(tokens, whole: Double(integer.value), from: integer.end)
      }
    }
    readings += digitStrings(tokens, from: start, wholes: &wholes)
    // "一个半" = 1.5
    for whole in wholes where tokens.has(["个", "半"], at: whole.end) || tokens.has(["個", "半"], at: whole.end) {
      readings.append(EntityReading(end: whole.end + 2, value: whole.value + 0.5))
    }
    return readings
  }

  /// Numbers said digit by digit: three digits or more ("一零六", "二零零四", "一九九九"),
  /// or two before 点 ("九七点四"); a reading at each length from three, and after each
  /// decimal. Not from 零, and not with 两 (never said in a digit string).
  private func digitStrings(_ tokens: TokenWindow, from start: Int, wholes: inout [EntityReading]) -> [EntityReading] {
    var readings: [EntityReading] = []
    var value = 0.0
    var count = 0
    var index = start
    while let token = tokens[index], let digit = ChineseEntityGrammar.decimalDigits[token], count < 15 {
      if count == 0 && digit == 0 { break }
      value = value * 10 + Double(digit)
      count += 1
      index += 1
      if count >= 3 {
        readings.append(EntityReading(end: index, value: value))
        wholes.append(readings[readings.count - 1])
      }
    }
    guard count >= 2 else { return readings }
    return readings + decimals(tokens, whole: value, from: index)
  }

  /// `whole` and the digits after 点 at `point`, one reading after each digit ("三点一四":
  /// 3.1, 3.14); none when there is no 点 there.
  private func decimals(_ tokens: TokenWindow, whole: Double, from point: Int) -> [EntityReading] {
    guard tokens[point] == "点" || tokens[point] == "點" else { return [] }
    var readings: [EntityReading] = []
    var numerator = whole
    var denominator = 1.0
    var index = point + 1
    while let token = tokens[index], let digit = ChineseEntityGrammar.decimalDigits[token], denominator < 1e15 {
      numerator = numerator * 10 + Double(digit)
      denominator *= 10
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
    guard first == "第" else { return [] }
    if let next = tokens[start + 1], let value = DigitForms.integer(next) {
      return [EntityReading(end: start + 2, value: Double(value))]
    }
    return integers(tokens, from: start + 1).map { EntityReading(end: $0.end, value: Double($0.value)) }
  }

  // MARK: - Durations

  private struct Component {
    var end: Int
    var seconds: Double
    var unit: Double
    var extendable: Bool
  }

  private func units(_ tokens: TokenWindow, at index: Int) -> [(end: Int, seconds: Double, phrase: [String])] {
    ChineseEntityGrammar.durationUnits
      .filter { tokens.has($0.0, at: index) }
      .map { (index + $0.0.count, $0.1, $0.0) }
  }

  private func components(_ tokens: TokenWindow, from start: Int) -> [Component] {
    guard let first = tokens[start] else { return [] }
    if let (seconds, unit) = DigitForms.duration(first) {
      return [Component(end: start + 1, seconds: seconds, unit: unit, extendable: true)]
    }
    var quantities = numbers(tokens, from: start).map { ($0.end, $0.value, $0.value == $0.value.rounded()) }
    if first == "半" { quantities.append((start + 1, 0.5, false)) }  // "半小时", "半个小时"
    var results: [Component] = []
    for (end, quantity, whole) in quantities {
      for unit in units(tokens, at: end) {
        results.append(Component(end: unit.end, seconds: quantity * unit.seconds, unit: unit.seconds, extendable: whole))
        // "一小时半", "一分半", "一分半钟"
        guard whole, tokens[unit.end] == "半" else { continue }
        let seconds = (quantity + 0.5) * unit.seconds
        results.append(Component(end: unit.end + 1, seconds: seconds, unit: unit.seconds, extendable: false))
        if unit.phrase.count == 1, let next = tokens[unit.end + 1], next == "钟" || next == "鐘",
          unit.seconds < 3600
        {
          results.append(Component(end: unit.end + 2, seconds: seconds, unit: unit.seconds, extendable: false))
        }
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
      if tokens[component.end] == "零" || tokens[component.end] == "又" { starts.append(component.end + 1) }
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
    var readings = DigitGrammar.digitSpeeds(tokens, from: start)
    func withTails(_ reading: EntityReading, tails: [[String]]) {
      readings.append(reading)
      for tail in tails where tokens.has(tail, at: reading.end) {
        readings.append(EntityReading(end: reading.end + tail.count, value: reading.value))
      }
    }
    for (phrase, rate, tails) in ChineseEntityGrammar.speedPhrases where tokens.has(phrase, at: start) {
      withTails(EntityReading(end: start + phrase.count, value: rate), tails: tails)
    }
    for number in numbers(tokens, from: start) where number.value > 0 && tokens[number.end] == "倍" {
      withTails(EntityReading(end: number.end + 1, value: number.value), tails: ChineseEntityGrammar.timesTails)
    }
    return readings
  }
}
