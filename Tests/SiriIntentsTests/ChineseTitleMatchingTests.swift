import MediaAppKit
import Testing

/// Catalog search with Chinese titles and Chinese numerals: one catalog serves every
/// locale, so a query in Chinese finds titles written in either script.
struct ChineseTitleMatchingTests {
  let matcher = TitleMatcher()

  @Test(arguments: [
    ("晴天", "晴天"),
    ("周杰伦", "周杰伦"),
    ("八十九点一", "89.1 FM"),
    ("一零六点一", "106.1"),
    ("第八十一", "81st Street"),
    ("三体", "三体"),
    ("ＫＪＡＺ　８８．１", "KJAZ 88.1"),
  ])
  func findsChineseAndFullWidthQueries(query: String, title: String) {
    #expect(matcher.score(query: query, title: title) >= 0.75, "\(query) → \(title)")
  }

  /// A numeral in a title reads the same in the title and in the query, so titles with
  /// numbers in them are found exactly ("十年", "七里香"), and a shared character is not
  /// enough for a different title.
  @Test func numeralsInTitlesStillMatchExactly() {
    #expect(matcher.score(query: "十年", title: "十年") == 1)
    #expect(matcher.score(query: "七里香", title: "七里香") == 1)
    #expect(matcher.score(query: "十年", title: "七里香") < 0.6)
    #expect(matcher.score(query: "稻香", title: "七里香") < 0.6)
  }

  @Test func ranksTheTitleThatIsSaidFirst() {
    let ranked = matcher.rank(["晴天娃娃", "晴天", "七里香"], query: "晴天") { [$0] }
    #expect(ranked.map(\.item) == ["晴天", "晴天娃娃"])
  }
}
