import Testing
import UtteranceParsing

/// Duckling-style corpora for `speed` (en-US), as playback rates.
struct EntitySpeedTests {
  @Test(arguments: [
    // Digits with x
    ("2x", 2.0), ("2 x", 2), ("1.5x", 1.5), ("1.25x", 1.25), ("0.75x", 0.75), ("x1.5", 1.5),
    ("x 2", 2), ("1.5x speed", 1.5), ("2 x speed", 2), ("1.5X", 1.5),
    // times
    ("1.5 times", 1.5), ("1.5 times speed", 1.5), ("2 times the speed", 2),
    ("one point five times", 1.5), ("one and a half times", 1.5), ("two times", 2),
    ("three times as fast", 3), ("1.5 times normal speed", 1.5), ("one point five x", 1.5),
    ("1.5 speed", 1.5),
    // Words
    ("double speed", 2), ("double", 2), ("double the speed", 2), ("twice the speed", 2),
    ("twice as fast", 2), ("triple speed", 3), ("half speed", 0.5), ("half the speed", 0.5),
    ("half as fast", 0.5), ("normal speed", 1), ("normal", 1), ("regular speed", 1),
    ("normal playback speed", 1), ("original speed", 1),
  ])
  func speedCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.speed, text) == .speed(expected), "\(text)")
  }

  @Test(arguments: [
    "hello", "a", "an", "oh", "speed", "twice", "x", "0x", "0 times", "times", "2", "1.5",
    "fast", "the speed", "normal the speed", "as fast", "first", "speed 2", "half an hour", "ninety seven x", "97x", "10 times",
  ])
  func speedNegatives(text: String) {
    #expect(entityFullMatch(.speed, text) == nil, "\(text)")
  }
}
