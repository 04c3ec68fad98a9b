import Foundation
import SiriTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `siri test --junit FILE`: XML that CI systems read back exactly.
struct JUnitReportTests {
  @Test(arguments: [
    ("a<b&c>d", "a&lt;b&amp;c&gt;d", "a&lt;b&amp;c&gt;d"),
    ("say \"hi\" it's", "say &quot;hi&quot; it&apos;s", "say \"hi\" it's"),
    ("one\ntwo\tthree\r", "one&#10;two&#9;three&#13;", "one\ntwo\tthree&#13;"),
    ("\u{1B}[31mred\u{0}\u{7}", "␛[31mred␀␇", "␛[31mred␀␇"),
    ("\u{FFFF} and é 🎧 \u{7F}", "\u{FFFD} and é 🎧 \u{7F}", "\u{FFFD} and é 🎧 \u{7F}"),
  ])
  func escapes(text: String, asAttribute: String, asText: String) {
    #expect(JUnitReport.attribute(text) == asAttribute)
    #expect(JUnitReport.text(text) == asText)
  }

  static let nasty = "Siri: \"Rock & Roll\" <live> it's\u{1B}[0m\tdone"

  static func results() throws -> [TranscriptResult] {
    let expected = "> play x\n\(nasty)\n"
    let difference = try #require(TranscriptDifference(expected: expected, actual: "> play x\nSiri: fine\n"))
    return [
      TranscriptResult(
        transcript: Transcript(name: "plays", path: "Tests/plays.transcript", text: ""), outcome: .passed,
        duration: .milliseconds(1250)),
      TranscriptResult(
        transcript: Transcript(name: "a<b>&\"c\"", path: "Tests/a<b>&\"c\".transcript", text: expected),
        outcome: .differed(difference), duration: .milliseconds(20)),
      TranscriptResult(
        transcript: Transcript(name: "mine", path: "mine.transcript", text: ""),
        outcome: .failed(TranscriptError(path: "mine.transcript", line: 2, message: "app file 'M&M.json' not found")),
        duration: .zero),
    ]
  }

  @Test func timesAreSecondsWithThreeDecimals() throws {
    let xml = JUnitReport.xml(try Self.results())
    #expect(xml.contains(#"<testcase name="plays" classname="Tests" file="Tests/plays.transcript" time="1.250"/>"#))
    #expect(xml.contains(#"tests="3" failures="1" errors="1" skipped="0" time="1.270""#))
  }

  #if canImport(FoundationXML) || os(macOS)
    /// Parsed back with Foundation's XML parser, every name, message and diff is as
    /// it was (the control character shown as a picture).
    @Test func parsesBackExactly() throws {
      let results = try Self.results()
      let document = try XMLDocument(xmlString: JUnitReport.xml(results), options: [])
      let root = try #require(document.rootElement())
      #expect(root.name == "testsuites")
      let suites = root.elements(forName: "testsuite")
      #expect(suites.count == 1)
      let suite = try #require(suites.first)
      #expect(suite.attribute(forName: "tests")?.stringValue == "3")
      #expect(suite.attribute(forName: "failures")?.stringValue == "1")
      #expect(suite.attribute(forName: "errors")?.stringValue == "1")
      let cases = suite.elements(forName: "testcase")
      #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["plays", "a<b>&\"c\"", "mine"])
      #expect(cases.map { $0.attribute(forName: "time")?.stringValue.flatMap(Double.init) } == [1.25, 0.02, 0])
      #expect(cases[0].children == nil || cases[0].children?.isEmpty == true)

      let failure = try #require(cases[1].elements(forName: "failure").first)
      #expect(failure.attribute(forName: "message")?.stringValue == "Tests/a<b>&\"c\".transcript:2: first difference")
      guard case .differed(let difference) = results[1].outcome else { return }
      let shown = difference.diff.text.replacingOccurrences(of: "\u{1B}", with: "␛")
      #expect(failure.stringValue == shown)
      #expect(shown.contains("-Siri: \"Rock & Roll\" <live> it's␛[0m\tdone"))

      let error = try #require(cases[2].elements(forName: "error").first)
      #expect(error.attribute(forName: "message")?.stringValue == "mine.transcript:2: error: app file 'M&M.json' not found")
    }
  #endif
}
