import Foundation
import Testing

@testable import UtteranceParsing

/// The grammar's rejection rules (``RejectionRules``): readings that are no readings at
/// all never come out of the matcher, the next best one stands, `:why` says what was
/// refused, and the declarations say exactly what is wrong with them.
struct RejectionTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      skip = please
      text excludes = louder | volume
      opening text excludes = what | show
      no name = this | that | song
      intent PlayMedia
        play {text:mediaName}
        play {text:mediaName} by {text:artist}
        {text:mediaName} by {text:artist}
        {text:playlist} playlist
      intent Volume
        play it louder
      """)
  }

  func best(_ utterance: String) throws -> ParseCandidate? {
    try Self.grammar.get().parse(utterance).first
  }

  @Test func freeTextNeverTakesAWordOfAnotherDomain() throws {
    #expect(try best("play it louder")?.intent == "Volume")
    #expect(try best("play the radio on low volume") == nil)
    // A capital in mixed-case text, or a number after it, makes it a title's.
    #expect(try best("play Volume One")?.slots.first?.value == .text("Volume One"))
    #expect(try best("play antisleep volume 04")?.slots.first?.value == .text("antisleep volume 04"))
    #expect(try best("PLAY VOLUME ONE") == nil)
  }

  @Test func aReadingOpeningWithFreeTextDoesntOpenWithAQuestion() throws {
    #expect(try best("what is the weather by the lake") == nil)
    #expect(try best("show the playlist") == nil)
    #expect(try best("please show the playlist") == nil)
    #expect(try best("yellow by coldplay")?.slots.map(\.value) == [.text("yellow"), .text("coldplay")])
    // Inside a reading, the word is a name's like any other.
    #expect(try best("play what you want by the band")?.slots.first?.value == .text("what you want"))
  }

  @Test func freeTextOfPointingWordsOnlyNamesNothing() throws {
    #expect(try best("play this song") == nil)
    #expect(try best("play that") == nil)
    #expect(try best("play this song of mine")?.slots.first?.value == .text("this song of mine"))
  }

  /// Two readings that reach the same place filling the same free text, one with "the"
  /// as a literal word and one with "the" in the text, differ in what they may become:
  /// "radio music" names nothing, "the radio music" names something. The better-scored
  /// one so far (the literal "the") must not stand for the other, or the only reading is
  /// lost.
  @Test func textThatMayNameSomethingIsKeptApartFromTextThatMayNot() throws {
    let grammar = try compileTestGrammar(
      """
      no name = radio | music
      intent PlayMedia
        play [the] {text:artist} band
      """)
    let reading = grammar.parse("play the radio music band").first
    #expect(reading?.slots.map(\.value) == [.text("the radio music")])
    #expect(grammar.parse("play the radio band").first?.slots.map(\.value) == [.text("the radio")])
    #expect(grammar.parse("play the jazz band").first?.slots.map(\.value) == [.text("jazz")])
  }

  @Test func readingsUnderTheMinimumScoreAreDropped() throws {
    let grammar = try compileTestGrammar(
      """
      minimum score = 0.5
      intent PlayMedia
        play {text:mediaName}
      """)
    // 1 literal × 0.9 + 1 free × 0.3 = 1.2 of 2 words: 0.6, kept; 1.8 of 4: 0.45, dropped.
    #expect(grammar.parse("play yellow").first?.intent == "PlayMedia")
    #expect(grammar.parse("play yellow submarine again").isEmpty)
    let why = grammar.explain("play yellow submarine again")
    #expect(why.refused.contains { $0.contains("scores 0.450, under the minimum score 0.500") }, "\(why.refused)")
  }

  @Test func whySaysWhatWasRefused() throws {
    let grammar = try Self.grammar.get()
    let louder = grammar.explain("play the radio on low volume")
    #expect(louder.refused == ["word 6 'volume' is a word of another domain: no free text takes it (text excludes)"])
    #expect(louder.lines.contains("refused: word 6 'volume' is a word of another domain: no free text takes it (text excludes)"))
    let opening = grammar.explain("please show the playlist")
    #expect(opening.refused.contains {
      $0.hasPrefix("word 2 'show' opens the utterance: free text that opens a reading doesn't begin with it")
    }, "\(opening.refused)")
    #expect(grammar.explain("play yellow").refused.isEmpty)
  }

  @Test func theRulesSurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    let cached = try expectSameReadingsFromTheCache(
      grammar, ["play it louder", "show the playlist", "play this song", "play Volume One", "yellow by coldplay"])
    #expect(cached.rejection == grammar.rejection)
  }

  @Test(arguments: [
    ("text includes = a", "t.grammar:1:6: error: expected 'excludes' after 'text', found 'includes'"),
    ("opening words excludes = a", "t.grammar:1:9: error: expected 'text excludes' or 'skip' after 'opening', found 'words'"),
    ("no names = a", "t.grammar:1:4: error: expected 'name' after 'no', found 'names'"),
    ("minimum = 0.3", "t.grammar:1:9: error: expected 'score' after 'minimum', found '='"),
    ("minimum score = 1.5", "t.grammar:1:17: error: expected a score from 0 to 1 after 'minimum score =', found '1.5'"),
    ("minimum score = high", "t.grammar:1:17: error: expected a score from 0 to 1 after 'minimum score =', found 'high'"),
    ("minimum score = 0.3\nminimum score = 0.4", "t.grammar:2:1: error: the minimum score is declared twice; the first is at t.grammar:1:1"),
    ("no name = this is", "t.grammar:1:11: error:"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }

  @Test func aMinimumScoreInTwoFilesIsAnError() {
    let sources = [
      GrammarSource(path: "a.grammar", text: "minimum score = 0.3\nintent A\n  a\n"),
      GrammarSource(path: "b.grammar", text: "minimum score = 0.4\n"),
    ]
    #expect(throws: GrammarError.self) { try GrammarCompiler.compile(sources, locale: "en-US") }
  }
}
