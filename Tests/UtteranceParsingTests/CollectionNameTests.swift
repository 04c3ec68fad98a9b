import Testing

@testable import UtteranceParsing

/// `{collection:slot}`: free text with a `collection words` word or a number in it is a
/// playlist's or a compilation's name ("Punk Essentials", "Piano 100"); without one, the
/// template that reads it as a title stands.
struct CollectionNameTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      collection words = essentials | hits | punk
      intent PlayMedia
        play [the] {collection:playlist}
        play [the] {text:mediaName}
      """)
  }

  @Test(arguments: [
    ("play Punk Essentials", "playlist", "Punk Essentials"),  // two collection words
    ("play summer hits", "playlist", "summer hits"),  // one is enough, anywhere
    ("play Piano 100", "playlist", "Piano 100"),  // a number
    ("play the 80s mix", "playlist", "80s mix"),  // a word that begins with a digit
    ("play tomorrow", "mediaName", "tomorrow"),  // none: a title
    ("play 22", "mediaName", "22"),  // a number alone is a title
    ("play silver apples", "mediaName", "silver apples"),
  ])
  func aBareNameIsACollectionByItsWords(utterance: String, slot: String, value: String) throws {
    let reading = try #require(try Self.grammar.get().bestReading(utterance))
    #expect(reading.slots == [slot: value], "\(reading)")
  }

  @Test func theDeclarationIsRead() throws {
    #expect(try Self.grammar.get().collectionWords == ["essentials", "hits", "punk"])
  }

  @Test(arguments: [
    ("collection word = hits", "t.grammar:1:12: error: expected 'words' after 'collection', found 'word'"),
    ("collection words = two words", "t.grammar:1:20: error:"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }

  /// `:why` says what made the words a collection's name.
  @Test(arguments: [
    ("play Punk Essentials", "words 2-3 'Punk Essentials': free text, a collection's name ('punk' is a collection word) → playlist = Punk Essentials"),
    ("play Piano 100", "words 2-3 'Piano 100': free text, a collection's name ('100' is a number) → playlist = Piano 100"),
  ])
  func whySaysWhyANameIsACollections(utterance: String, line: String) throws {
    expectWhyLine(try Self.grammar.get(), utterance, line)
  }

  @Test func collectionsSurviveTheCache() throws {
    let grammar = try Self.grammar.get()
    let cached = try expectSameReadingsFromTheCache(grammar, ["play Punk Essentials", "play Piano 100", "play tomorrow"])
    #expect(cached.collectionWords == grammar.collectionWords)
  }

  /// Samples fill a `{collection}` with a collection's name, so they read back as sampled.
  @Test func samplesOfACollectionReadBack() throws {
    try expectSamplesReadBack(try Self.grammar.get(), intent: "PlayMedia", filling: "playlist", seed: 5)
  }
}
