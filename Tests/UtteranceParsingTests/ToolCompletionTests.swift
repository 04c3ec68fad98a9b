import Testing
@testable import UtteranceParsing

/// `CompiledGrammar.completions(forPrefix:)`: what can be typed next.
struct ToolCompletionTests {
  static let grammarText = """
    rule play = (play | put on)

    list mediaType
      episode | podcast episode => podcastEpisode
      show => podcastShow

    list app external
    list show external

    skip
      please

    intent PlayMedia
      <play> {text:mediaName} on {app}
      <play> the latest {mediaType} of {show} => sortOrder = newest
      <play> {show}

    intent Pause
      (pause | stop) [the music]

    intent SetTimer
      set a timer for {duration:length}
    """

  static let compiled = Result { try GrammarCompiler.compile([GrammarSource(path: "test.grammar", text: grammarText)], locale: "en-US") }

  static var values: ListValues {
    var values = ListValues()
    values.set("app", to: [ListEntry(phrases: ["AudioCast", "Audio Cast"], value: "audiocast")])
    values.set("show", to: [ListEntry("The Daily", value: "show-1"), ListEntry("Hard Fork", value: "show-2")])
    return values
  }

  @Test(arguments: [
    // Complete words: literals alphabetically, then list values as written.
    ("", ["pause", "play", "put", "set", "stop"]),
    ("play ", ["the", "Hard Fork", "The Daily"]),
    ("play the latest ", ["on", "episode", "podcast episode", "show"]),
    ("play the latest episode of ", ["on", "Hard Fork", "The Daily"]),
    ("play something ", ["on"]),
    ("play something on ", ["on", "Audio Cast", "AudioCast"]),
    ("pause ", ["the"]),
    ("pause the ", ["music"]),
    ("pause the music ", []),
    ("please ", ["pause", "play", "put", "set", "stop"]),
    ("set a timer for ", []),
    // The rest of a value whose first words are typed comes first.
    ("play the ", ["Daily", "latest", "on"]),
    ("play hard ", ["Fork", "on"]),
    // A partial last word: what can stand there and starts with it.
    ("p", ["pause", "play", "put"]),
    ("PUT O", ["on"]),
    ("play the latest ep", ["episode"]),
    ("play the latest p", ["podcast episode"]),
    ("play The Da", ["Daily"]),
    ("play h", ["Hard Fork"]),
    ("play something on audio c", ["Cast"]),
    ("xyzzy ", []),
    ("pause the music x", []),
  ])
  func completions(prefix: String, expected: [String]) throws {
    #expect(try Self.compiled.get().completions(forPrefix: prefix, lists: Self.values) == expected)
  }

  @Test func wordsAreShownAsTheGrammarWritesThem() throws {
    let grammar = try compileTestGrammar("intent A\n  I'd like to hear {text:x}\n  let's go to the café\n")
    #expect(grammar.completions(forPrefix: "") == ["i'd", "let's"])
    #expect(grammar.completions(forPrefix: "i'd ") == ["like"])
    #expect(grammar.completions(forPrefix: "id li") == ["like"])
    #expect(grammar.completions(forPrefix: "lets go to the caf") == ["café"])
    let sentences = grammar.sample(intent: "A", count: 2, seed: 1).map(\.sentence).sorted()
    #expect(sentences.count == 2 && sentences[0].hasPrefix("i'd like to hear ") && sentences[1] == "let's go to the café")
    #expect(grammar.explain("let's go to the").lines.last == "   matched 4 of 4 words; stopped at the end: expected 'café'")
  }

  @Test func limitAndOddInput() throws {
    let grammar = try Self.compiled.get()
    #expect(grammar.completions(forPrefix: "", limit: 2) == ["pause", "play"])
    #expect(grammar.completions(forPrefix: "", limit: 0).isEmpty)
    // Without catalog values no list value is offered.
    #expect(grammar.completions(forPrefix: "play ") == ["the"])
    for input in ["🎵", "播放", "'", "play \u{0}", String(repeating: "play ", count: 300), String(repeating: "x", count: 20_000)] {
      _ = grammar.completions(forPrefix: input, lists: Self.values)
    }
  }
}
