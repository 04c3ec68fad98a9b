import SiriIntents
import Testing

/// Days on the simulation's calendar, and the days a release phrase spans from a given day.
struct SimulatedCalendarTests {
  @Test(arguments: [
    (0.0, "2026-11-20"),  // the session starts on Friday 2026-11-20 at 09:00 UTC
    (14 * 3600.0, "2026-11-20"),
    (15 * 3600.0, "2026-11-21"),  // midnight comes 15 hours in
    (4 * 86_400.0, "2026-11-24"),
    (-5.0, "2026-11-20"),  // never before the start
    (Double.nan, "2026-11-20"),
  ])
  func dayOfTheSession(seconds: Double, day: String) {
    #expect(SimulatedCalendar.day(secondsIntoSession: seconds) == day)
  }

  // Friday 2026-11-20; Monday 2026-11-23; Sunday 2026-03-01; Tuesday 2026-01-06.
  @Test(arguments: [
    ("today", "2026-11-20", "2026-11-20", "2026-11-20"),
    ("yesterday", "2026-11-20", "2026-11-19", "2026-11-19"),
    ("yesterday", "2026-03-01", "2026-02-28", "2026-02-28"),
    ("this week", "2026-11-20", "2026-11-16", "2026-11-20"),
    ("this week", "2026-11-23", "2026-11-23", "2026-11-23"),
    ("this week", "2026-03-01", "2026-02-23", "2026-03-01"),  // Sunday closes the week
    ("last week", "2026-11-20", "2026-11-09", "2026-11-15"),
    ("last monday", "2026-11-20", "2026-11-16", "2026-11-16"),
    ("last monday", "2026-11-23", "2026-11-16", "2026-11-16"),  // on a Monday, a week ago
    ("last friday", "2026-11-20", "2026-11-13", "2026-11-13"),
    ("last sunday", "2026-11-20", "2026-11-15", "2026-11-15"),
    ("this month", "2026-11-20", "2026-11-01", "2026-11-20"),
    ("last month", "2026-01-06", "2025-12-01", "2025-12-31"),
    ("last month", "2026-03-01", "2026-02-01", "2026-02-28"),
    ("this year", "2026-11-20", "2026-01-01", "2026-11-20"),
    ("last year", "2026-11-20", "2025-01-01", "2025-12-31"),
    ("recent", "2026-11-20", "2026-10-21", "2026-11-20"),
    ("Last Week", "2026-11-20", "2026-11-09", "2026-11-15"),
  ])
  func daysOfAPhrase(phrase: String, today: String, first: String, last: String) {
    #expect(SimulatedCalendar.days(of: phrase, today: today) == first...last)
    #expect(SimulatedCalendar.isRelative(phrase))
  }

  /// Years and decades are the catalog's; anything else is no day at all.
  @Test(arguments: ["1999", "1990s", "the nineties", "last moonday", "next week", "", "last "])
  func otherPhrasesSpanNoDays(phrase: String) {
    #expect(SimulatedCalendar.days(of: phrase, today: "2026-11-20") == nil)
    #expect(!SimulatedCalendar.isRelative(phrase))
  }

  @Test func aMalformedTodaySpansNothing() {
    #expect(SimulatedCalendar.days(of: "today", today: "yesterday") == nil)
  }
}
