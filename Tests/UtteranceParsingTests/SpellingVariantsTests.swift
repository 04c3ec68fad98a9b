import Testing

@testable import UtteranceParsing

/// `variant spellings` (``SpellingVariants``): a word the grammar says one way is heard
/// either way, in templates, lists, filler and word lists, and the slots keep what was typed.
struct SpellingVariantsTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      variant spellings = favorite: favourite | colour: color | gray: grey | grey: graye
      skip = my favorite please
      text excludes = color
      list liking
        favorite | really favourite => like
      list shade
        light gray
      list song external
      intent UpdateMediaAffinity
        {liking:affinity} this song
      intent PlayMedia
        play my favorite {text:playlist} playlist
        play something {shade:shade}
        play {song:mediaName}
        play {text:mediaName}
      """)
  }

  @Test(arguments: [
    // A literal, each way round: the template says "favorite", the user "favourite".
    ("play my favourite road trip playlist", "PlayMedia", "playlist", "road trip"),
    ("play my favorite road trip playlist", "PlayMedia", "playlist", "road trip"),
    // A list phrase, either spelling, keeps its value.
    ("favourite this song", "UpdateMediaAffinity", "affinity", "like"),
    ("really favorite this song", "UpdateMediaAffinity", "affinity", "like"),
    // Three spellings joined through a shared one.
    ("play something light graye", "PlayMedia", "shade", "light gray"),
    ("play something light grey", "PlayMedia", "shade", "light gray"),
  ])
  func eitherSpellingIsHeard(utterance: String, intent: String, slot: String, value: String) throws {
    let best = try #require(try Self.grammar.get().parse(utterance).first)
    #expect(best.intent == intent)
    #expect(best[slot: slot]?.value.text == value, "\(best)")
  }

  /// Free text keeps the characters typed; a `text excludes` word is excluded either way;
  /// filler is filler either way.
  @Test func wordListsAndFillerTakeEverySpelling() throws {
    let grammar = try Self.grammar.get()
    let kept = try #require(grammar.parse("play my favourite Colour Me Badd playlist").first)
    #expect(kept[slot: "playlist"]?.text == "Colour Me Badd")
    #expect(grammar.parse("play colour").first?[slot: "mediaName"] == nil)
    #expect(grammar.parse("play color").first?[slot: "mediaName"] == nil)
    let filler = try #require(grammar.parse("play my favourite please road trip").first)
    #expect(filler[slot: "mediaName"]?.text == "road trip")
  }

  /// The apps' names are matched as the apps spell them.
  @Test func theAppsNamesAreNotRespelled() throws {
    var values = ListValues()
    values.set("song", to: [ListEntry("Favourite Worst Nightmare")])
    let grammar = try Self.grammar.get()
    let british = try #require(grammar.parse("play favourite worst nightmare", lists: values).first)
    #expect(british[slot: "mediaName"]?.source == .list("song"))
    let american = try #require(grammar.parse("play favorite worst nightmare", lists: values).first)
    #expect(american[slot: "mediaName"]?.source == .freeText)
  }

  @Test func spellingsJoinIntoOneWord() {
    let file = GrammarFile(
      path: "t", variantSpellings: [
        VariantSpelling(first: "gray", second: "grey"), VariantSpelling(first: "graye", second: "greye"),
        VariantSpelling(first: "grey", second: "greye"),
      ])
    let variants = SpellingVariants([file])
    #expect(Set(variants.others["gray"] ?? []) == ["grey", "graye", "greye"])
    #expect(variants.spellings(of: ["my", "favorite"]) == [["my", "favorite"]])
  }

  @Test func variantsSurviveTheCache() throws {
    _ = try expectSameReadingsFromTheCache(
      try Self.grammar.get(), ["play my favourite road trip playlist", "favourite this song", "play something light graye"])
  }

  @Test(arguments: [
    ("variant spelling = a: b", "t.grammar:1:9: error: expected 'spellings' after 'variant', found 'spelling'"),
    ("variant spellings = favorite", "t.grammar:1:21: error: 'favorite' is not a pair of spellings; 'variant spellings' lists two spellings of one word, as 'favorite: favourite'"),
    ("variant spellings = a: a", "t.grammar:1:21: error: 'a: a' is not a pair of spellings"),
    ("variant spellings = gray: grey | a b: c", "t.grammar:1:34: error: 'a b: c' is not a pair of spellings"),
  ])
  func brokenDeclarationsSayWhatIsWrong(text: String, message: String) {
    expectDeclarationRefused(text, with: message)
  }
}
