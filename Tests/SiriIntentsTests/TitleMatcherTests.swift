import AudioCastKit
import MediaAppKit
import Testing

struct TitleMatcherTests {
  let matcher = TitleMatcher()

  /// The WWDC media session's flexible-matching cases, each spoken form against the catalog title.
  @Test(arguments: [
    ("hello", "HELLO!"),
    ("outer peace", "Outer Peace (Deluxe)"),
    ("rocket man soundtrack", "Rocket Man (Original Motion Picture Soundtrack)"),
    ("the crag", "The Crag Podcast"),
    ("stuff you should know", "Stuff You Should Know"),
    ("the eighty-first academy awards", "The 81st Academy Awards"),
    ("i love you son", "I Love You Sun"),
    ("lighthouses beacons of the coast", "Lighthouses: Beacons of the Coast"),
    ("Mood Ring", "Mood Ring (feat. Special Disaster Team)"),
  ])
  func findsSpokenFormsOfTitles(query: String, title: String) {
    #expect(matcher.score(query: query, title: title) >= 0.9, "\(query) → \(title)")
  }

  @Test(arguments: [
    ("awsome song", "Espresso Myths"),
    ("night", "Monday Headlines"),
    ("coffee", "Lighthouses: Beacons of the Coast"),
  ])
  func rejectsUnrelatedTitles(query: String, title: String) {
    #expect(matcher.score(query: query, title: title) < 0.6)
  }

  @Test func exactTitleOutranksPartialOne() {
    let exact = matcher.score(query: "coffee break", title: "Coffee Break")
    let partial = matcher.score(query: "coffee break", title: "How Coffee Works")
    #expect(exact == 1)
    #expect(partial < 0.6)
  }

  @Test func ranksBestFirstAndDropsWeakMatches() {
    let titles = ["How Coffee Works", "Coffee Break", "How Sleep Works"]
    let ranked = matcher.rank(titles, query: "coffee") { [$0] }
    #expect(ranked.map(\.item) == ["Coffee Break", "How Coffee Works"])
  }
}
