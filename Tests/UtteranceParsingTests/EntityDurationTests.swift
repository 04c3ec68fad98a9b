import Testing
import UtteranceParsing

/// Duckling-style corpora for `duration` (en-US), in seconds.
struct EntityDurationTests {
  @Test(arguments: [
    // <number> <unit>, every unit spelling
    ("30 minute", 1800.0), ("30-minute", 1800), ("30 minutes", 1800), ("90 seconds", 90),
    ("1 second", 1), ("45 secs", 45), ("10 sec", 10), ("3 s", 3), ("5 min", 300),
    ("10 mins", 600), ("two hours", 7200), ("1 hour", 3600), ("2 hrs", 7200), ("1 hr", 3600),
    ("1 h", 3600), ("1.5 hours", 5400), ("0.5 minutes", 30), ("twenty five minutes", 1500),
    ("twenty-five minutes", 1500), ("ten seconds", 10), ("a hundred seconds", 100),
    ("a day", 86400), ("2 days", 172_800),
    // Articles
    ("a minute", 60), ("an hour", 3600), ("a second", 1),
    // Halves and quarters
    ("half an hour", 1800), ("half hour", 1800), ("a half hour", 1800), ("half a minute", 30),
    ("half of an hour", 1800), ("a quarter of an hour", 900), ("quarter of an hour", 900),
    ("quarter hour", 900), ("a quarter hour", 900), ("three quarters of an hour", 2700),
    ("an hour and a half", 5400), ("a minute and a half", 90), ("two hours and a half", 9000),
    ("an hour and a quarter", 4500), ("one and a half hours", 5400),
    ("two and a half hours", 9000), ("1 and a half minutes", 90),
    ("one point five hours", 5400),
    // Compound durations
    ("1 hour 30 minutes", 5400), ("1 hour and 30 minutes", 5400),
    ("an hour and fifteen minutes", 4500), ("2 minutes 30 seconds", 150),
    ("2 minutes and 30 seconds", 150), ("1 hour 2 minutes and 3 seconds", 3723),
    ("two hours and one minute", 7260), ("an hour and a minute", 3660),
    // One-token forms
    ("90s", 90), ("30min", 1800), ("30mins", 1800), ("2h", 7200), ("1.5h", 5400), ("2hrs", 7200),
    ("1h30", 5400), ("1h30m", 5400), ("2m30s", 150), ("2m30", 150), ("1h 30m", 5400),
    ("10seconds", 10),
  ])
  func durationCorpus(text: String, expected: Double) {
    #expect(entityFullMatch(.duration, text) == .duration(seconds: expected), "\(text)")
  }

  @Test(arguments: [
    "hello", "a", "an", "oh", "minutes", "hour", "thirty", "30", "half", "a half",
    "quarter", "an hour ago", "30 minutes 1 hour", "1.5 hours 30 minutes", "first minute",
    "1st", "30x", "h30", "30m30h", "speed", "and a half hours",
  ])
  func durationNegatives(text: String) {
    #expect(entityFullMatch(.duration, text) == nil, "\(text)")
  }

  @Test func durationPrefixes() {
    #expect(entitySpans(.duration, "an hour ago").first == EntitySpan(start: 0, end: 2, value: .duration(seconds: 3600)))
    #expect(entitySpans(.duration, "30 minutes 1 hour").map(\.end) == [2])
    #expect(entitySpans(.duration, "1.5 hours 30 minutes").map(\.end) == [2])
    #expect(entitySpans(.duration, "30 minute climb").map(\.end) == [2])
  }
}
