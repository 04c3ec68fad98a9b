import Testing

@testable import UtteranceParsing

/// `opening skip` and `closing skip`: hesitations said before a request's first word and
/// tags said after its last are left out, there and nowhere else, so they never eat into
/// a name ("play so what", "play if you can jazz").
struct EdgeFillerTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      skip = please
      opening skip = so | um | i think
      closing skip = if you can | would you
      intent PlayMedia
        play {text:mediaName}
        {text:mediaName} by {text:artist}
      intent Stop
        stop
      """)
  }

  func reading(_ utterance: String) throws -> (intent: String, slots: [String: String])? {
    try Self.grammar.get().bestReading(utterance)
  }

  /// Where the filler is left out, and where it stays a word of the name.
  static let names: [(utterance: String, name: String)] = [
    // Opening, before the first word: several, and with anywhere filler among them.
    ("so play jazz", "jazz"), ("i think play jazz", "jazz"), ("um so play jazz", "jazz"),
    ("please so play jazz", "jazz"), ("so please play jazz", "jazz"),
    // Before free text that opens the reading.
    ("so hello by adele", "hello"),
    // Closing, after the last word, with nothing but filler after it.
    ("play jazz if you can", "jazz"), ("play jazz would you", "jazz"), ("play jazz if you can please", "jazz"),
    ("play jazz would you if you can", "jazz"),
    // Inside, they are the name's words.
    ("play so what", "so what"), ("play i think we're alone now", "i think we're alone now"),
    ("play if you can jazz", "if you can jazz"), ("play would you be mine", "would you be mine"),
  ]

  @Test(arguments: names)
  func fillerIsLeftOutAtTheEdgesOnly(utterance: String, name: String) throws {
    let reading = try #require(try reading(utterance))
    #expect(reading.slots["mediaName"] == name)
  }

  @Test func fillerAloneIsNoRequest() throws {
    for utterance in ["so", "um so", "if you can", "so if you can", "please"] {
      #expect(try reading(utterance) == nil, "\(utterance)")
    }
    #expect(try reading("so stop if you can")?.intent == "Stop")
  }

  @Test func theyCostALittleLikeAnyFiller() throws {
    let grammar = try Self.grammar.get()
    // A skipped word counts 0.6, a literal 0.9: "so stop" explains 1.5 of 2 words.
    let plain = try #require(grammar.parse("stop").first)
    let hedged = try #require(grammar.parse("so stop").first)
    #expect(abs(plain.score - 0.9) < 1e-9)
    #expect(abs(hedged.score - 0.75) < 1e-9)
  }

  @Test func theySurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    try expectSameReadingsFromTheCache(grammar, ["so play jazz", "play jazz if you can", "play so what", "play if you can jazz"])
  }

  @Test(arguments: [
    ("opening skips = a", "t.grammar:1:9: error: expected 'text excludes' or 'skip' after 'opening', found 'skips'"),
    ("closing skips = a", "t.grammar:1:9: error: expected 'skip' after 'closing', found 'skips'"),
    ("closing skip a", "t.grammar:1:14: error: expected '=' after 'closing skip', found 'a'"),
    ("opening skip = a |", "t.grammar:1:"),
    ("opening skip = uh\n  er", "t.grammar:2:3: error: indented line after 'opening skip =', whose words are given on one line"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }
}
