import Dialogue
import ResponseRendering
import Testing

struct ResponseRendererTests {
  func renderer(_ text: String) throws -> ResponseRenderer {
    ResponseRenderer(table: try ResponseTable(locale: "en-US", path: "responses.strings", text: text))
  }

  @Test func fillsArgumentsAndDropsOptionalPartsWithMissingValues() throws {
    let renderer = try renderer(#"PlayMedia.success = Here's "{title}"[ by {artist}], from {app}."#)
    #expect(renderer.render(Reply("PlayMedia.success", ["title": "HELLO!", "app": "Deezer"])) == #"Here's "HELLO!", from Deezer."#)
    #expect(
      renderer.render(Reply("PlayMedia.success", ["title": "Maybe Sometime", "artist": "Special Disaster Team", "app": "Control Audio"]))
        == #"Here's "Maybe Sometime" by Special Disaster Team, from Control Audio."#)
  }

  @Test func joinsListsTheLocalesWay() throws {
    let renderer = try renderer("list.or = or\nask = Which one: {options}?\nboth = {options|and}.\nlist.and = and")
    #expect(renderer.render(Reply("ask", ["options": .list(["A", "B", "C"])])) == "Which one: A, B or C?")
    #expect(renderer.render(Reply("ask", ["options": .list(["A", "B"])])) == "Which one: A or B?")
    #expect(renderer.render(Reply("both", ["options": .list(["A", "B"])])) == "A and B.")
  }

  @Test func usesTheFirstKeyTheTableHas() throws {
    let renderer = try renderer("failure = Generic.\nPlayMedia.failure = Specific.")
    #expect(renderer.render(Reply("PlayMedia.failure.song", fallbacks: ["PlayMedia.failure", "failure"])) == "Specific.")
    #expect(renderer.render(Reply("nothing", fallbacks: ["failure"])) == "Generic.")
    #expect(renderer.render(Reply("missing")) == "[no response for 'missing']")
  }

  @Test func rendersNestedPhrases() throws {
    let renderer = try renderer("ask = Which one: {options}?\noption.show = the show \"{title}\"\nlist.or = or")
    let options: ReplyValue = .list([.phrase(Reply("option.show", ["title": "Coffee Break"])), "\"How Coffee Works\""])
    #expect(renderer.render(Reply("ask", ["options": options])) == #"Which one: the show "Coffee Break" or "How Coffee Works"?"#)
  }

  @Test(arguments: [
    ("greeting Hello", "responses.strings:1:15: error: expected '=' between the key and its template"),
    ("a = {name", "responses.strings:1:5: error: expected '}' to close the argument opened here"),
    ("a = [by {artist}", "responses.strings:1:5: error: expected ']' to close the optional part opened here"),
    ("a = x\na = y", "responses.strings:2:1: error: duplicate key 'a'"),
    ("a = {}", "responses.strings:1:6: error: expected an argument name inside '{}'"),
  ])
  func reportsMistakesWithTheirPosition(text: String, expected: String) {
    #expect(throws: (any Error).self) { try ResponseTable(locale: "en-US", path: "responses.strings", text: text) }
    do {
      _ = try ResponseTable(locale: "en-US", path: "responses.strings", text: text)
    } catch {
      #expect(error.description.split(separator: "\n").first.map(String.init) == expected)
    }
  }
}
