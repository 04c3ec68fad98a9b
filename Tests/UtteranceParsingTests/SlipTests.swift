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

  /// The one-edit test agrees with the edit distance the compiler's suggestions use
  /// (a swap of neighbours counting one), over every pair of short words on three letters.
  @Test func oneSlipIsEditDistanceOne() {
    let letters: [Character] = ["a", "b", "c"]
    var words: [[Character]] = [[]]
    for length in 1...3 {
      var next: [[Character]] = []
      for word in words where word.count == length - 1 { for letter in letters { next.append(word + [letter]) } }
      words += next
    }
    for a in words {
      for b in words {
        #expect(SlipRules.isOneSlip(a, b) == (GrammarChecker.editDistance(a, b) == 1), "\(String(a)) / \(String(b))")
      }
    }
  }

  @Test(arguments: ["son1", "pl4y", "p-lay"])
  func aWordWithOtherThanLettersIsNoSlip(typed: String) {
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

  @Test func slotsKeepTheCharactersAsTyped() throws {
    let grammar = try Self.grammar.get()
    // "Songg" is a slip of "song", but here it is part of the name: the name is as typed,
    // and only the verb was read through a slip.
    let typed = try #require(grammar.parse("plkay Awsome Songg").first)
    #expect(typed[slot: "mediaName"]?.text == "Awsome Songg")
    #expect(typed.slips == [Slip(token: 0, written: "plkay", readAs: "play")])
    // Written with a capital in mixed-case text, a word is a title's, not a slip.
    let title = try #require(grammar.parse("plkay the Sonf").first)
    #expect(title[slot: "mediaName"]?.text == "the Sonf")
    #expect(title.slips.map(\.readAs) == ["play"])
    // Letters past ASCII, and a slip written in capitals.
    let accented = try #require(grammar.parse("plkay Beyoncé").first)
    #expect(accented[slot: "mediaName"]?.text == "Beyoncé")
    let folded = try #require(grammar.parse("plåyy some jazz").first)
    #expect(folded.slips == [Slip(token: 0, written: "plåyy", readAs: "play")])
    let capitals = try #require(grammar.parse("PLKAY SOME JAZZ").first)
    #expect(capitals[slot: "genre"]?.value == .text("jazz"))
    #expect(capitals.slips.map(\.written) == ["PLKAY"])
    // Token positions are the utterance's: every part and slot within it.
    for candidate in grammar.parse("Paly the sonf Yesterday") {
      #expect(candidate.parts.allSatisfy { $0.tokenRange.upperBound <= 4 })
      #expect(candidate.slips.allSatisfy { $0.token < 4 })
    }
  }

  @Test func theAnswerComingFirstDoesNotHideTheSlip() throws {
    // With room for one reading, the answer (`_Answer`) would be all there is to look at.
    let first = try #require(try Self.grammar.get().parse("plkay some jazz", limit: 1).first)
    #expect(first.intent == "PlayMedia")
    #expect(first.slips.count == 1)
  }

  @Test func aReadingAsWrittenIsNeverMended() throws {
    let grammar = try Self.grammar.get()
    // "plkay" and "the sonf Yesterday" are names here.
    let written = try #require(grammar.parse("play plkay").first)
    #expect(written.slips.isEmpty)
    #expect(written[slot: "mediaName"]?.text == "plkay")
    #expect(grammar.parse("play the sonf Yesterday").first?[slot: "mediaName"]?.text == "the sonf Yesterday")
  }

  static let playlists = Result {
    try compileTestGrammar(
      """
      slip words = play
      opening skip = please
      intent PlayMedia
        [my] {text:playlist} playlist
        play [my] {text:playlist} playlist
        play {text:mediaName}
      """)
  }

  /// A reading whose free text opens with a slip of a verb ("plya my Disco Fever" as the
  /// playlist's name) gives way to the mended reading when that scores better.
  @Test func freeTextOpeningWithASlipGivesWayToTheMendedReading() throws {
    let grammar = try Self.playlists.get()
    let mended = try #require(grammar.parse("plya my Disco Fever playlist").first)
    #expect(mended[slot: "playlist"]?.text == "Disco Fever")
    #expect(mended.slips == [Slip(token: 0, written: "plya", readAs: "play")])
    // After filler too.
    let afterFiller = try #require(grammar.parse("please plya my Disco Fever playlist").first)
    #expect(afterFiller[slot: "playlist"]?.text == "Disco Fever")
    // The reading as written stays when the mended one is no better ("plkay" names the
    // playlist either way), and when the slip is not where the free text opens.
    let tie = try #require(grammar.parse("plkay playlist").first)
    #expect(tie.slips.isEmpty)
    #expect(tie[slot: "playlist"]?.text == "plkay")
    let inside = try #require(grammar.parse("my Disco plya playlist").first)
    #expect(inside.slips.isEmpty)
    #expect(inside[slot: "playlist"]?.text == "Disco plya")
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
    #expect(why.lines.contains("slip: word 1 'plkay' read as 'play' (a typing slip or short form)"), "\(why.lines)")
  }

  static let texting = Result {
    try compileTestGrammar(
      """
      short forms = u: you | 2: to | dis: this
      intent AddMedia
        [can you] add this song to my {text:playlist} playlist
      intent PlayMedia
        play {text:mediaName}
      """)
  }

  /// Words typed short ("u", "2", "dis") are read as the words they stand for, as slips
  /// are: only when nothing reads the utterance as written, and whether or not the
  /// grammar knows the short word ("2" is a number).
  @Test func shortFormsAreReadAsTheWordsTheyStandFor() throws {
    let grammar = try Self.texting.get()
    let added = try #require(grammar.parse("can u add dis song 2 my gym playlist").first)
    #expect(added.intent == "AddMedia")
    #expect(added[slot: "playlist"]?.text == "gym")
    #expect(added.slips.map(\.readAs) == ["you", "this", "to"])
    #expect(added.slips.map(\.written) == ["u", "dis", "2"])
    // Read as written, a short word is itself: a name here.
    let written = try #require(grammar.parse("play dis 2").first)
    #expect(written.slips.isEmpty)
    #expect(written[slot: "mediaName"]?.text == "dis 2")
    #expect(SlipRules(shortForms: ["u": "you"]).reading(of: "u", isKnown: { _ in true }) == "you")
  }

  @Test func slipsSurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    let cached = try expectSameReadingsFromTheCache(
      grammar, ["plkay some jazz", "Paly the sonf Yesterday", "plan some jazz", "play plkay", "plays some jazz"])
    #expect(cached.slips == grammar.slips)
    let texting = try Self.texting.get()
    let cachedTexting = try expectSameReadingsFromTheCache(texting, ["can u add dis song 2 my gym playlist", "play dis 2"])
    #expect(cachedTexting.slips.shortForms == ["u": "you", "2": "to", "dis": "this"])
  }

  @Test(arguments: [
    ("slip word = a", "t.grammar:1:6: error: expected 'words' or 'excludes' after 'slip', found 'word'"),
    ("slip words a", "t.grammar:1:12: error:"),
    ("slip excludes = two words", "t.grammar:1:17: error:"),
    ("short form = u: you", "t.grammar:1:7: error: expected 'forms' after 'short', found 'form'"),
    ("short forms = u", "t.grammar:1:15: error: 'u' is not a short form; 'short forms' lists a word typed short and the one word it stands for, as 'u: you'"),
    ("short forms = u: you | going to: gonna", "t.grammar:1:24: error: 'going to: gonna' is not a short form"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }
}
