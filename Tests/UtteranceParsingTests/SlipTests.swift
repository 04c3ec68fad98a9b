import Testing

@testable import UtteranceParsing

/// Typing slips (``SlipRules``): a word one edit from a slip word is read as it, only
/// when nothing reads the utterance as written, never when it is a word of its own.
struct SlipTests {
  static let rules = SlipRules(words: ["play", "song", "songs", "hear"], excluded: ["plan", "pay", "sing", "head"])

  @Test(arguments: [
    ("plkay", "play"),  // a letter added
    ("ply", "play"),  // one left out
    ("plau", "play"),  // one changed
    ("paly", "play"),  // two neighbours swapped
    ("plya", "play"),
    ("sonf", "song"),
    ("songz", "song"),  // `song` and `songs` are both one slip away: the first declared
    ("haer", "hear"),
  ])
  func aSlipIsReadAsItsWord(typed: String, word: String) {
    #expect(Self.rules.reading(of: typed, isKnown: { _ in false }) == word)
  }

  @Test(arguments: [
    "plan", "pay", "sing", "head",  // words of their own
    "pl",  // too short to tell
    "qlay",  // another first letter
    "plkayy",  // two edits
    "play",  // the word itself
    "lpay",  // a swap of the first letter changes it
  ])
  func otherWordsAreNoSlips(typed: String) {
    #expect(Self.rules.reading(of: typed, isKnown: { _ in false }) == nil)
  }

  @Test func aWordTheGrammarKnowsIsNoSlip() {
    #expect(Self.rules.reading(of: "plays", isKnown: { $0 == "plays" }) == nil)
    #expect(Self.rules.reading(of: "plays", isKnown: { _ in false }) == "play")
    #expect(SlipRules().reading(of: "plkay", isKnown: { _ in false }) == nil)
  }

  static let grammar = Result {
    try compileTestGrammar(
      """
      slip words = play | song
      slip excludes = plan | pay
      list genre
        jazz
        plays
      intent PlayMedia
        play [some] {genre}
        play [the] song {text:mediaName}
        play {text:mediaName} [please]
      intent _Answer
        {text:answer}
      """)
  }

  @Test func nothingReadAsWrittenIsReadThroughTheSlip() throws {
    let grammar = try Self.grammar.get()
    let jazz = try #require(grammar.parse("plkay some jazz").first)
    #expect(jazz.intent == "PlayMedia")
    #expect(jazz[slot: "genre"]?.value == .text("jazz"))
    #expect(jazz.slips == [Slip(token: 0, written: "plkay", readAs: "play")])
    // An answer to a question takes any words, the slip too: it comes after.
    let all = grammar.parse("plkay some jazz")
    #expect(all.map(\.intent) == ["PlayMedia", "PlayMedia", "_Answer"])
    #expect(all.map(\.slips.count) == [1, 1, 0])
    // Every slip of the utterance at once, and the name keeps its case.
    let song = try #require(grammar.parse("Paly the sonf Yesterday").first)
    #expect(song[slot: "mediaName"]?.text == "Yesterday")
    #expect(song.slips.map(\.readAs) == ["play", "song"])
    #expect(song.slips.map(\.written) == ["Paly", "sonf"])
  }

  @Test func aReadingAsWrittenIsNeverMended() throws {
    let grammar = try Self.grammar.get()
    // "plkay" and "the sonf Yesterday" are names here.
    let written = try #require(grammar.parse("play plkay").first)
    #expect(written.slips.isEmpty)
    #expect(written[slot: "mediaName"]?.text == "plkay")
    #expect(grammar.parse("play the sonf Yesterday").first?[slot: "mediaName"]?.text == "the sonf Yesterday")
  }

  @Test func wordsOfTheirOwnAndWordsTheGrammarKnowsStayAsWritten() throws {
    let grammar = try Self.grammar.get()
    #expect(grammar.parse("plan some jazz").map(\.intent) == ["_Answer"])
    #expect(grammar.parse("pay some jazz").map(\.intent) == ["_Answer"])
    // A word of a list is one the grammar knows.
    #expect(grammar.parse("plays some jazz").map(\.intent) == ["_Answer"])
  }

  @Test func whyShowsTheSlip() throws {
    let why = try Self.grammar.get().explain("plkay some jazz")
    #expect(why.isMatch)
    #expect(why.lines.contains("slip: word 1 'plkay' read as 'play' (a typing slip)"), "\(why.lines)")
  }

  @Test func slipsSurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    let cached = try CompiledGrammar.decoded(grammar.encoded())
    #expect(cached.slips == grammar.slips)
    for utterance in ["plkay some jazz", "Paly the sonf Yesterday", "plan some jazz", "play plkay"] {
      #expect(cached.parse(utterance) == grammar.parse(utterance), "\(utterance)")
    }
  }

  @Test(arguments: [
    ("slip word = a", "t.grammar:1:6: error: expected 'words' or 'excludes' after 'slip', found 'word'"),
    ("slip words a", "t.grammar:1:12: error:"),
    ("slip excludes = two words", "t.grammar:1:17: error:"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    let rendered = renderedGrammarError(text + "\nintent A\n  a\n")
    #expect(rendered.hasPrefix(message), "\(rendered)")
  }
}
