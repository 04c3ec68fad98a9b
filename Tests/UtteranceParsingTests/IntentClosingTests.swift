import Testing

@testable import UtteranceParsing

/// `intent PlayMedia closing [<occasion>]`: what may follow every template of an intent,
/// written once. Each template reads as if it ended with the closing, and only the
/// intent's own templates do.
struct IntentClosingTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      rule occasion = tonight | for {duration:duration} | when i {text:rest}
      intent PlayMedia closing [<occasion>]
        play {text:mediaName}
        put on {text:mediaName} => mediaType = radioStation
        play {text:mediaName} by {text:artist}
      intent Stop
        stop
      """)
  }

  func reading(_ utterance: String) throws -> (intent: String, slots: [String: String])? {
    try Self.grammar.get().bestReading(utterance)
  }

  static let cases: [(utterance: String, slots: [String: String])] = [
    ("play jazz", ["mediaName": "jazz"]),
    ("play jazz tonight", ["mediaName": "jazz"]),
    // After a fixed slot's template, and after the last of two free texts.
    ("put on bbc four tonight", ["mediaName": "bbc four", "mediaType": "radioStation"]),
    ("play hello by adele tonight", ["mediaName": "hello", "artist": "adele"]),
    // A closing's slots are the template's.
    ("play jazz for ten minutes", ["mediaName": "jazz", "duration": "600s"]),
    ("play jazz when i get home", ["mediaName": "jazz", "rest": "get home"]),
  ]

  @Test(arguments: cases)
  func everyTemplateTakesTheClosing(utterance: String, slots: [String: String]) throws {
    let reading = try #require(try reading(utterance))
    #expect(reading.intent == "PlayMedia")
    #expect(reading.slots == slots)
  }

  @Test func otherIntentsDoNot() throws {
    #expect(try reading("stop")?.intent == "Stop")
    #expect(try reading("stop tonight")?.intent != "Stop")
  }

  /// The matcher holds each closing once, however many templates end with it; the tools'
  /// automaton follows one template at a time, the closing copied after each.
  @Test func theMatcherHoldsEachClosingOnce() throws {
    let grammar = try Self.grammar.get()
    #expect(grammar.matching.closingEntries.count == 1)
    #expect(grammar.matching.closingOfTemplate == [0, 0, 0, -1])
    let graph = GrammarGraph(grammar: grammar, values: ListValues())
    #expect(graph.owner.dropFirst().allSatisfy { $0 >= 0 })
  }

  /// A closing written without `[…]` must be said: the template alone is no reading.
  @Test func aRequiredClosingMustBeSaid() throws {
    let grammar = try compileTestGrammar(
      """
      intent PlayMedia closing (now | tonight)
        play {text:mediaName}
      """)
    #expect(grammar.bestReading("play jazz") == nil)
    #expect(grammar.bestReading("play jazz tonight")?.slots == ["mediaName": "jazz"])
  }

  /// A cache file keeps the closings, and one whose closing tables point out of range is
  /// not used.
  @Test func theCacheKeepsTheClosings() throws {
    let grammar = try Self.grammar.get()
    let read = try CompiledGrammar(cacheFile: grammar.cacheFile())
    for (utterance, slots) in Self.cases {
      #expect(read.bestReading(utterance)?.slots == slots, "\(utterance)")
    }
    var broken = grammar.matching
    broken.closingOfTemplate[0] = 5
    #expect(!CompiledGrammar.closingsAreConsistent(broken, templates: grammar.templates.count))
    broken = grammar.matching
    broken.closingEntries[0] = Int32(broken.stateCount)
    #expect(!CompiledGrammar.closingsAreConsistent(broken, templates: grammar.templates.count))
    #expect(CompiledGrammar.closingsAreConsistent(grammar.matching, templates: grammar.templates.count))
  }

  /// `:why` shows the closing after the template it followed.
  @Test func theTemplateTextShowsIt() throws {
    let best = try #require(try Self.grammar.get().parse("play jazz tonight").first)
    #expect(best.template.text == "play {text:mediaName} · closing [<occasion>]")
    let radio = try #require(try Self.grammar.get().parse("put on bbc four tonight").first)
    #expect(radio.template.text == "put on {text:mediaName} · closing [<occasion>] => mediaType = radioStation")
  }
}
