import Testing
import UtteranceParsing

/// Duckling-style corpora for `number` and `ordinal` (en-US): each text must be read whole,
/// by the longest reading from the first token, as the given value.
struct EntityNumberTests {
  @Test(arguments: [
    // Digits
    ("30", 30.0), ("0", 0), ("2.5", 2.5), ("1000", 1000), ("1,000", 1000), ("89.1", 89.1),
    ("007", 7), ("٣", 3),
    // Units, teens, tens
    ("zero", 0), ("one", 1), ("seven", 7), ("ten", 10), ("thirteen", 13), ("nineteen", 19),
    ("twenty", 20), ("Forty", 40), ("ninety", 90),
    // Compounds: space, hyphen, joined
    ("twenty five", 25), ("twenty-five", 25), ("twentyfive", 25), ("Forty-Two", 42),
    ("ninety nine", 99), ("ninety-nine", 99), ("fourty two", 42),
    // Hundreds
    ("hundred", 100), ("a hundred", 100), ("one hundred", 100), ("one hundred and five", 105),
    ("a hundred and five", 105), ("one hundred five", 105), ("two hundred thirty-four", 234),
    ("nine hundred and ninety-nine", 999), ("fifteen hundred", 1500), ("twenty five hundred", 2500),
    // Thousands and up
    ("a thousand", 1000), ("one thousand", 1000), ("two thousand three hundred", 2300),
    ("two thousand and five", 2005), ("a thousand and one", 1001),
    ("one hundred twenty thousand", 120_000), ("a hundred thousand", 100_000),
    ("one million two hundred thousand", 1_200_000), ("three billion", 3_000_000_000),
    ("2 thousand", 2000), ("1.5 million", 1_500_000), ("5 hundred", 500),
    // Decimals
    ("one point five", 1.5), ("three point one four", 3.14), ("zero point five", 0.5),
    ("point five", 0.5), ("two point oh five", 2.05), ("twenty point 25", 20.25),
    // Dozens
    ("a dozen", 12), ("two dozen", 24), ("half a dozen", 6), ("3 dozen", 36),
    // Halves and quarters
    ("one and a half", 1.5), ("two and a half", 2.5), ("3 and a half", 3.5),
    ("one and a quarter", 1.25), ("two and three quarters", 2.75),
    // Digits said one by one, as radio frequencies are: with an "oh", or before "point"
    ("one oh seven", 107), ("one oh seven point five", 107.5), ("nine nine point five", 99.5),
    ("one o one point one", 101.1), ("one oh three point three", 103.3),
  ])
  func numberCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.number, text) == .number(expected), "\(text)")
  }

  @Test(arguments: [
    "hello", "a", "an", "oh", "half", "a half", "quarter", "and", "point", "dozen", "the",
    "first", "twentieth", "1st", "1.5x", "x2", "90s", "a couple", "speed", "one hundred and",
    "twenty first", "thirty and", "five and a", "two point", "minus", "a second",
  ])
  func numberNegatives(text: String) {
    #expect(entityFullMatch(.number, text) == nil, "\(text)")
  }

  @Test func partialNumbers() {
    // Only a prefix reads as a number.
    #expect(entitySpans(.number, "twenty first").map(\.value) == [.number(20)])
    #expect(entitySpans(.number, "one hundred and").first == EntitySpan(start: 0, end: 2, value: .number(100)))
    #expect(entitySpans(.number, "five and a").map(\.end) == [1])
    #expect(entitySpans(.number, "thirty minutes").map(\.end) == [1])
    #expect(entitySpans(.number, "a").isEmpty)
    #expect(entitySpans(.number, "an hour").isEmpty)
    #expect(entitySpans(.number, "oh five").isEmpty)
    // Digits one by one need an "oh" or a "point": "two three songs" is not 23.
    #expect(entitySpans(.number, "two three songs").map(\.value) == [.number(2)])
  }

  @Test(arguments: [
    // Digits with suffixes
    ("1st", 1), ("2nd", 2), ("3rd", 3), ("4th", 4), ("11th", 11), ("21st", 21), ("22nd", 22),
    ("81st", 81), ("100th", 100), ("101st", 101),
    // Words
    ("first", 1), ("second", 2), ("third", 3), ("fifth", 5), ("eighth", 8), ("ninth", 9),
    ("twelfth", 12), ("nineteenth", 19), ("twentieth", 20), ("ninetieth", 90),
    ("hundredth", 100), ("one hundredth", 100), ("thousandth", 1000),
    // Compounds: space, hyphen, joined
    ("twenty first", 21), ("twenty-first", 21), ("twentyfirst", 21), ("eighty-first", 81),
    ("ninety ninth", 99), ("thirty-second", 32), ("fortythird", 43),
    ("one hundred and first", 101), ("one hundred first", 101), ("a hundred and first", 101),
    ("two hundred and twentieth", 220), ("two thousand and first", 2001),
    ("one thousand two hundred thirty fourth", 1234),
  ])
  func ordinalCorpus(text: String, expected: Int) {
    #expect(entityFullMatch(.ordinal, text) == .ordinal(expected), "\(text)")
  }

  @Test(arguments: [
    "hello", "a", "one", "twenty", "1", "21", "a hundredth", "first class", "the first",
    "a second", "one second", "st", "1.5th", "speed",
  ])
  func ordinalNegatives(text: String) {
    #expect(entityFullMatch(.ordinal, text) == nil, "\(text)")
  }

  @Test func ordinalPrefixes() {
    #expect(entitySpans(.ordinal, "first class") == [EntitySpan(start: 0, end: 1, value: .ordinal(1))])
    #expect(entitySpans(.ordinal, "second episode") == [EntitySpan(start: 0, end: 1, value: .ordinal(2))])
    #expect(entitySpans(.ordinal, "twenty").isEmpty)
    #expect(entitySpans(.ordinal, "one second").isEmpty)
  }
}
