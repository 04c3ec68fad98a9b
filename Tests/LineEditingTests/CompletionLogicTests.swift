@testable import LineEditing
import Testing

@Suite struct CompletionLogicTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var line: String
    var candidates: [String]
    var expected: CompletionLogic.Action
    var testDescription: String { "\(line.debugDescription) \(candidates)" }
  }

  static let cases: [Case] = [
    // No candidates.
    Case(line: "pl", candidates: [], expected: .beep),
    Case(line: "", candidates: [""], expected: .beep),
    // One candidate: complete it and add a space.
    Case(line: "pl", candidates: ["play"], expected: .edit(deleting: 0, inserting: "ay ")),
    Case(line: "hey siri pl", candidates: ["play"], expected: .edit(deleting: 0, inserting: "ay ")),
    Case(line: "play", candidates: ["play"], expected: .edit(deleting: 0, inserting: " ")),
    Case(line: "", candidates: ["play"], expected: .edit(deleting: 0, inserting: "play ")),
    Case(line: "set a ", candidates: ["timer"], expected: .edit(deleting: 0, inserting: "timer ")),
    Case(line: "a\tti", candidates: ["timer"], expected: .edit(deleting: 0, inserting: "mer ")),
    // Duplicates count once.
    Case(line: "pl", candidates: ["play", "play"], expected: .edit(deleting: 0, inserting: "ay ")),
    // The candidate replaces the word: differences are rewritten.
    Case(line: "PL", candidates: ["play"], expected: .edit(deleting: 2, inserting: "play ")),
    Case(line: "plX", candidates: ["play"], expected: .edit(deleting: 1, inserting: "ay ")),
    // Non-ASCII: deletions count Unicode scalars.
    Case(line: "appelle TÉ", candidates: ["téléphone"],
         expected: .edit(deleting: 2, inserting: "téléphone ")),
    Case(line: "appelle té", candidates: ["téléphone"],
         expected: .edit(deleting: 0, inserting: "léphone ")),
    Case(line: "x📞", candidates: ["📞call"], expected: .edit(deleting: 2, inserting: "📞call ")),
    // Several: insert the longest common prefix.
    Case(line: "pl", candidates: ["play", "playlist"], expected: .edit(deleting: 0, inserting: "ay")),
    Case(line: "", candidates: ["play", "playlist"], expected: .edit(deleting: 0, inserting: "play")),
    Case(line: "Pl", candidates: ["play", "playlist"], expected: .edit(deleting: 2, inserting: "play")),
    Case(line: "pL", candidates: ["play", "playlist"], expected: .edit(deleting: 1, inserting: "lay")),
    // Several, nothing to add: list them.
    Case(line: "play", candidates: ["play", "playlist"], expected: .list(["play", "playlist"])),
    Case(line: "p", candidates: ["play", "pause"], expected: .list(["play", "pause"])),
    Case(line: "", candidates: ["play", "weather"], expected: .list(["play", "weather"])),
    Case(line: "p", candidates: ["pause", "play", "pause"], expected: .list(["pause", "play"])),
    // A common prefix that does not extend the word is not inserted.
    Case(line: "x", candidates: ["abc", "abd"], expected: .list(["abc", "abd"])),
  ]

  @Test(arguments: cases)
  func complete(_ testCase: Case) {
    #expect(
      CompletionLogic.complete(lineBeforeCursor: testCase.line, candidates: testCase.candidates)
        == testCase.expected)
  }

  @Test(arguments: [
    ("", ""), ("play", "play"), ("hey siri pl", "pl"), ("hey ", ""), ("a\tb", "b"),
    ("what's the", "the"), ("a  b", "b"),
  ])
  func currentWord(line: String, word: String) {
    #expect(CompletionLogic.currentWord(in: line) == word)
  }

  @Test(arguments: [
    ([], ""), (["play"], "play"), (["play", "playlist"], "play"), (["play", "pause"], "p"),
    (["play", "weather"], ""), (["téléphone", "télé"], "télé"), (["", "a"], ""),
    // Compared by Character: a base letter is not a prefix of an accented one.
    (["e", "e\u{301}"], ""),
  ])
  func longestCommonPrefix(strings: [String], prefix: String) {
    #expect(CompletionLogic.longestCommonPrefix(strings) == prefix)
  }

  @Test func listingFillsColumnsTopToBottom() {
    let items = ["play", "pause", "playlist", "weather", "timer"]
    // Cells are 10 wide ("playlist" + 2); 30 columns hold 3 of them, so
    // 2 rows; nothing pads the last item of a row.
    #expect(CompletionLogic.formatListing(items, width: 30) == """
      play      playlist  timer
      pause     weather
      """)
    #expect(CompletionLogic.formatListing(items, width: 20) == """
      play      weather
      pause     timer
      playlist
      """)
    #expect(CompletionLogic.formatListing(items, width: 80) == """
      play      pause     playlist  weather   timer
      """)
  }

  @Test func listingInANarrowTerminalHasOneColumn() {
    #expect(CompletionLogic.formatListing(["play", "pause"], width: 3) == "play\npause")
    #expect(CompletionLogic.formatListing(["play", "pause"], width: 0) == "play\npause")
    #expect(CompletionLogic.formatListing([], width: 80) == "")
  }

  @Test func listingCountsWideCharactersAsTwoColumns() {
    #expect(CompletionLogic.displayWidth("天气") == 4)
    #expect(CompletionLogic.displayWidth("📞a") == 3)
    #expect(CompletionLogic.displayWidth("téléphone") == 9)
    #expect(CompletionLogic.formatListing(["天气", "ab", "c"], width: 80) == "天气  ab    c")
  }
}
