import Testing
import UtteranceParsing

/// Duckling-style corpora for zh-CN. Each ideograph is a token of its own.
struct EntityChineseTests {
  @Test(arguments: [
    ("三", 3.0), ("两", 2), ("零", 0), ("十", 10), ("十五", 15), ("二十", 20), ("二十五", 25),
    ("九十九", 99), ("一百", 100), ("一百零五", 105), ("一百一十", 110), ("一百二十", 120),
    ("一百二", 120), ("两百", 200), ("两千", 2000), ("三千五", 3500), ("一千零一", 1001),
    ("一万", 10000), ("一万二", 12000), ("一万两千", 12000), ("十万", 100_000),
    ("一百万", 1_000_000), ("一亿五千万", 150_000_000), ("三点五", 3.5), ("三点一四", 3.14),
    ("零点五", 0.5), ("一个半", 1.5), ("两个半", 2.5), ("30", 30), ("2.5", 2.5), ("3万", 30000),
  ])
  func numberCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.number, text, locale: "zh-CN") == .number(expected), "\(text)")
  }

  @Test func numberPrefixes() {
    #expect(entitySpans(.number, "二十五", locale: "zh-CN").map(\.value) == [.number(25), .number(20), .number(2)])
    #expect(entitySpans(.number, "一百零五", locale: "zh-CN").map(\.end) == [4, 2, 1])
  }

  @Test(arguments: [("第一", 1), ("第二十五", 25), ("第3", 3), ("第一百零一", 101), ("第两千", 2000), ("3rd", 3)])
  func ordinalCorpus(text: String, expected: Int) {
    #expect(entityFullMatch(.ordinal, text, locale: "zh-CN") == .ordinal(expected), "\(text)")
  }

  @Test(arguments: [
    ("三十分钟", 1800.0), ("30分钟", 1800), ("三十分", 1800), ("两个小时", 7200), ("两小时", 7200),
    ("半小时", 1800), ("半个小时", 1800), ("一个半小时", 5400), ("一小时半", 5400),
    ("一分半钟", 90), ("一分半", 90), ("一刻钟", 900), ("三刻钟", 2700), ("一小时三十分钟", 5400),
    ("一个小时零五分", 3900), ("十秒", 10), ("十秒钟", 10), ("两分三十秒", 150),
    ("1.5小时", 5400), ("三天", 259_200), ("两个钟头", 7200), ("90s", 90),
  ])
  func durationCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.duration, text, locale: "zh-CN") == .duration(seconds: expected), "\(text)")
  }

  @Test(arguments: [
    ("两倍速", 2.0), ("两倍", 2), ("1.5倍", 1.5), ("1.5倍速", 1.5), ("一点五倍速", 1.5),
    ("双倍速", 2), ("两倍的速度", 2), ("半速", 0.5), ("正常速度", 1), ("正常", 1), ("原速", 1),
    ("1.5x", 1.5), ("0.75倍速", 0.75),
  ])
  func speedCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.speed, text, locale: "zh-CN") == .speed(expected), "\(text)")
  }

  @Test func negatives() {
    for text in ["你好", "第", "万", "点", "倍", "分钟", "半", "零五", "十十"] {
      for entity in BuiltinEntity.allCases {
        #expect(entityFullMatch(entity, text, locale: "zh-CN") == nil, "\(entity) \(text)")
      }
    }
    // English words aren't Chinese numbers.
    #expect(entityFullMatch(.number, "twenty", locale: "zh-CN") == nil)
  }
}

/// Numbers said digit by digit, as Chinese says years and radio frequencies.
struct EntityChineseDigitStringTests {
  @Test(arguments: [("二零零四", 2004.0), ("一九九九", 1999), ("一零六", 106), ("一零六点一", 106.1), ("九七点四", 97.4), ("二〇二六", 2026)])
  func digitByDigit(text: String, expected: Double) {
    #expect(entityFullMatch(.number, text, locale: "zh-CN") == .number(expected), "\(text)")
  }

  @Test(arguments: [("二零零四", 2004.0), ("一九九九", 1999), ("两千零四", 2004), ("2004", 2004)])
  func years(text: String, expected: Double) {
    #expect(entityFullMatch(.year, text, locale: "zh-CN") == .number(expected), "\(text)")
  }

  /// Two digits alone are not a digit string ("二三" is no number), nor is one that
  /// starts with 零 or holds 两.
  @Test func shortOrOddDigitStringsAreNotNumbers() {
    for text in ["二三", "零九", "两零零四", "一零"] {
      #expect(entityFullMatch(.number, text, locale: "zh-CN") == nil, "\(text)")
    }
    // The readings of a digit string end at each of its lengths from three.
    #expect(entitySpans(.number, "二零零四", locale: "zh-CN").map(\.value) == [.number(2004), .number(200), .number(2)])
  }
}
