import Testing

@testable import UtteranceParsing

/// `{person:slot}` (``PersonRules``): a bare name reads as a person's when a word of it is
/// no everyday word, or it begins with a given name, or has an initial; a name made only
/// of everyday words is a title's.
struct PersonNameTests {
  static let rules = PersonRules(
    commonWords: ["silver", "apples", "paper", "doll", "tomorrow", "tony", "grant", "max", "martin", "falling", "stars", "sci", "fi", "crimes"],
    givenNames: ["tony", "max", "david"])

  static func isPerson(_ name: String) -> Bool {
    PersonRules.isPerson(Tokenizer.words(name).map(Self.rules.facts(of:)))
  }

  @Test(arguments: [
    "Moustapha Amar",  // no word of it is an everyday word
    "Jovanotti",  // one word, not an everyday one
    "silver Jovanotti",  // one word is enough
    "Tony Grant",  // everyday words, but a given name first
    "max martin",
    "robin s",  // an initial
    "j r grant",
    "David",  // a given name that is no everyday word
  ])
  func personsNames(name: String) {
    #expect(Self.isPerson(name))
  }

  @Test(arguments: [
    "silver apples",  // only everyday words
    "Paper Doll",
    "Tomorrow",
    "falling stars",
    "Tony",  // a single given name that is an everyday word too: no evidence either way
    "sci-fi crimes",  // hyphenated everyday words
    "apples 1973",  // numbers say nothing
  ])
  func titles(name: String) {
    #expect(!Self.isPerson(name))
  }

  @Test func withoutCommonWordsEveryNameIsAPersons() {
    let none = PersonRules()
    #expect(PersonRules.isPerson(["silver", "apples"].map(none.facts(of:))))
    #expect(PersonRules.isPerson(["tomorrow"].map(none.facts(of:))))
  }

  /// The matcher's table says of every word what the rules say, listed or not.
  @Test func theTableAgreesWithTheRules() {
    let table = PersonTable(Self.rules)
    for word in ["silver", "tony", "max", "david", "jovanotti", "sci-fi", "sci-jovanotti", "j", "1973", "2pac", "-"] {
      #expect(table.facts(of: word, print: WordPrint.of(word)) == Self.rules.facts(of: word), "\(word)")
    }
    let none = PersonTable(PersonRules())
    #expect(none.slots.isEmpty)
    #expect(none.facts(of: "silver", print: WordPrint.of("silver")) == PersonRules().facts(of: "silver"))
  }

  /// Plain lines of a long list are read by a fast path; any other line by the general
  /// one, which folds words the same way and reports what is wrong.
  @Test func plainAndOtherListLinesReadAlike() throws {
    #expect(GrammarParser.plainWordList("common words = silver | apples")?.1 == ["silver", "apples"])
    #expect(GrammarParser.plainWordList("given names = tony")?.0 == "given names")
    for other in ["common words = Silver | apples", "common words = silver | apples # fruit", "common words = two words", "common words = "] {
      #expect(GrammarParser.plainWordList(other) == nil, "\(other)")
    }
    let plain = try compileTestGrammar("common words = silver | apples\nintent A\n  play {person:artist}\n")
    let written = try compileTestGrammar("common words = Silver | apples # fruit\nintent A\n  play {person:artist}\n")
    #expect(plain.personTable == written.personTable)
  }

  @Test func aDamagedTableIsRefused() {
    #expect(PersonTable(slots: [1, 2, 3]) == nil)  // one slot, and full
    #expect(PersonTable(slots: [Int32](repeating: 1, count: 24)) == nil)  // no free slot
    #expect(PersonTable(slots: [Int32](repeating: 0, count: 25)) == nil)  // not whole slots
    #expect(PersonTable(slots: []) != nil)
  }

  static let grammar = Result {
    try compileTestGrammar(
      """
      common words = silver | apples | paper | doll | tomorrow | tony | grant | my | chill
      given names = tony
      intent PlayMedia
        play {person:artist}
        play {text:mediaName}
      intent AddMedia
        add {person:artist} to my {text:playlist} playlist
        add {text:mediaName} to my {text:playlist} playlist
      """)
  }

  @Test(arguments: [
    ("play Jovanotti", "artist", "Jovanotti"),
    ("play tomorrow", "mediaName", "tomorrow"),
    ("play silver apples", "mediaName", "silver apples"),
    ("play Tony Grant", "artist", "Tony Grant"),
    ("play tony", "mediaName", "tony"),
    ("add Moustapha Amar to my chill playlist", "artist", "Moustapha Amar"),
    ("add Paper Doll to my chill playlist", "mediaName", "Paper Doll"),
    // A possessive's `s` is no initial ("robin s" has one): tomorrow's is everyday words.
    ("play tomorrow's paper", "mediaName", "tomorrow's paper"),
    ("play robin s", "artist", "robin s"),
  ])
  func aBareNameIsAnArtistOrATitleByItsWords(utterance: String, slot: String, value: String) throws {
    let reading = try #require(try Self.grammar.get().bestReading(utterance))
    #expect(reading.slots == [slot: value] || reading.slots[slot] == value, "\(reading)")
  }

  @Test func aPersonIsStillAName() throws {
    // Four words are no name at all, whatever they are.
    let reading = try #require(try Self.grammar.get().bestReading("play Moustapha Amar Dhafer Youssef"))
    #expect(reading.slots == ["mediaName": "Moustapha Amar Dhafer Youssef"])
  }

  /// `:why` says why a name was taken as a person's.
  @Test(arguments: [
    ("play Jovanotti", "word 2 'Jovanotti': free text, a person's name ('jovanotti' is no everyday word) → artist = Jovanotti"),
    ("play Tony Grant", "words 2-3 'Tony Grant': free text, a person's name ('tony' is a given name) → artist = Tony Grant"),
    ("play tomorrow", "word 2 'tomorrow': free text → mediaName = tomorrow"),
  ])
  func whySaysWhyANameIsAPersons(utterance: String, line: String) throws {
    expectWhyLine(try Self.grammar.get(), utterance, line)
  }

  /// Samples fill a `{person}` with a person's name, so they read back as sampled.
  @Test func samplesOfAPersonReadBack() throws {
    try expectSamplesReadBack(try Self.grammar.get(), intent: "PlayMedia", filling: "artist", seed: 3)
  }

  @Test func personsSurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    let cached = try expectSameReadingsFromTheCache(
      grammar, ["play Jovanotti", "play silver apples", "play Tony Grant", "add Paper Doll to my chill playlist"])
    #expect(cached.personTable == grammar.personTable)
    #expect(!grammar.personTable.slots.isEmpty)
  }

  @Test(arguments: [
    ("common word = a", "t.grammar:1:8: error: expected 'words' after 'common', found 'word'"),
    ("given names a", "t.grammar:1:13: error:"),
    ("common words = two words", "t.grammar:1:16: error:"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }
}
