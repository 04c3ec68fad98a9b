import Testing
@testable import UtteranceParsing

/// `CompiledGrammar.sample` and `sentenceCounts`.
struct ToolSampleTests {
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
      <play> {show} [on {app}]

    intent Pause
      (pause | stop) [the music]

    intent SetTimer
      set a timer for {duration:length}
      wake me in {number:minutes} minutes
      remind me on the {ordinal:day} | remind me at {speed:rate}
    """

  static let compiled = Result { try GrammarCompiler.compile([GrammarSource(path: "test.grammar", text: grammarText)], locale: "en-US") }

  static var values: ListValues {
    var values = ListValues()
    values.set("app", to: [ListEntry(phrases: ["AudioCast", "Audio Cast"], value: "audiocast")])
    values.set("show", to: [ListEntry("The Daily", value: "show-1"), ListEntry("Hard Fork", value: "show-2")])
    return values
  }

  @Test func samplesAreDeterministicBySeed() throws {
    let grammar = try Self.compiled.get()
    let first = grammar.sample(intent: nil, count: 20, lists: Self.values, seed: 42)
    let again = grammar.sample(intent: nil, count: 20, lists: Self.values, seed: 42)
    let other = grammar.sample(intent: nil, count: 20, lists: Self.values, seed: 43)
    #expect(first.count == 20)
    #expect(first == again)
    #expect(first != other)
    #expect(Set(first.map(\.sentence)).count == first.count, "samples are distinct")
  }

  /// A possessive written `'s` in the grammar is sampled as "Adele's", not "Adele s".
  @Test func possessivesKeepTheirApostrophe() throws {
    let grammar = try compileTestGrammar("""
      intent PlayMedia
        play {text:artist} 's songs
      """)
    let sample = try #require(grammar.sample(intent: "PlayMedia", count: 1, lists: ListValues(), seed: 1).first)
    #expect(sample.sentence.hasSuffix("'s songs"))
    #expect(!sample.sentence.contains(" 's"))
    #expect(grammar.parse(sample.sentence).first?.intent == "PlayMedia")
  }

  @Test func everySampleParsesBackToItsIntentAndSlots() throws {
    let grammar = try Self.compiled.get()
    for seed: UInt64 in 1...5 {
      for sample in grammar.sample(intent: nil, count: 30, lists: Self.values, seed: seed) {
        let best = try #require(grammar.parse(sample.sentence, lists: Self.values).first, "\(sample.sentence)")
        #expect(best.intent == sample.intent, "\(sample.sentence)")
        #expect(best.template == sample.template, "\(sample.sentence)")
        var slots: [String: String] = [:]
        for slot in best.slots where slots[slot.name] == nil { slots[slot.name] = slot.value.description }
        #expect(slots == sample.slots, "\(sample.sentence)")
      }
    }
  }

  @Test func builtInsGetPlausibleValues() throws {
    let grammar = try Self.compiled.get()
    let samples = grammar.sample(intent: "SetTimer", count: 40, seed: 3)
    #expect(samples.contains { $0.sentence == "set a timer for 30 minutes" && $0.slots == ["length": "1800s"] })
    #expect(samples.contains { $0.sentence == "wake me in 30 minutes" && $0.slots == ["minutes": "30"] })
    #expect(samples.contains { $0.sentence == "remind me on the second" && $0.slots == ["day": "2"] })
    #expect(samples.contains { $0.sentence == "remind me at double speed" && $0.slots == ["rate": "2x"] })
    // Free text gets a made-up name no template or list uses.
    let play = grammar.sample(intent: "PlayMedia", count: 40, lists: Self.values, seed: 3)
    let free = play.filter { $0.template.text.hasPrefix("<play> {text:mediaName}") }
    #expect(!free.isEmpty)
    for sample in free {
      #expect(CompiledGrammar.sampleFreeText.contains(sample.slots["mediaName"] ?? ""), "\(sample)")
    }
  }

  @Test func templatesTakeTurnsAndFixedSlotsAreExpected() throws {
    let grammar = try Self.compiled.get()
    let samples = grammar.sample(intent: "PlayMedia", count: 6, lists: Self.values, seed: 9)
    #expect(samples.map(\.template.location.line) == [14, 15, 16, 14, 15, 16])
    #expect(samples[1].slots["sortOrder"] == "newest")
    #expect(samples.allSatisfy { $0.intent == "PlayMedia" })
  }

  @Test func sampleLimits() throws {
    let grammar = try Self.compiled.get()
    // "pause", "stop", "pause the music", "stop the music": no more to find.
    let pause = grammar.sample(intent: "Pause", count: 50, seed: 1)
    #expect(Set(pause.map(\.sentence)) == ["pause", "stop", "pause the music", "stop the music"])
    // Without catalog values only the templates that need none are sampled.
    let play = grammar.sample(intent: "PlayMedia", count: 10, seed: 1)
    #expect(play.isEmpty)
    #expect(grammar.sample(intent: "Nope", count: 5).isEmpty)
    #expect(grammar.sample(intent: nil, count: 0).isEmpty)
    #expect(grammar.sample(intent: nil, count: -3).isEmpty)
  }

  @Test func splitMixIsTheReferenceSequence() {
    // SplitMix64 with seed 1234567 (reference values from the algorithm's C code).
    var random = SplitMix64(seed: 1_234_567)
    #expect(random.next() == 6_457_827_717_110_365_317)
    #expect(random.next() == 3_203_168_211_198_807_973)
    #expect(random.next() == 9_817_491_932_198_370_423)
    for bound in [1, 2, 7, 1000] {
      for _ in 0..<100 { #expect((0..<bound).contains(random.below(bound))) }
    }
    #expect(random.below(0) == 0)
  }

  @Test func countsComputedByHand() throws {
    let grammar = try compileTestGrammar("""
      list color
        red | crimson => red
        blue
      list app external

      intent Paint
        paint [the] (wall | door) {color}
        paint it {number:n} times | repaint {text:what}

      intent Open
        open {app} [now | today]
      """)
    // paint × (the | –) × (wall | door) × (red | crimson | blue) = 1 × 2 × 2 × 3
    // "paint it N times" + "repaint X" = 1 + 1
    var counts = grammar.sentenceCounts()
    #expect(counts["Paint"]?.templates.map(\.count) == [12, 2])
    #expect(counts["Paint"]?.total == 14)
    // An external list without values counts 1: open × app × (now | today | –) = 3.
    #expect(counts["Open"]?.total == 3)
    var values = ListValues()
    values.set("app", to: [ListEntry(phrases: ["AudioCast", "Audio Cast"], value: "audiocast"), ListEntry("Deezer")])
    counts = grammar.sentenceCounts(lists: values)
    #expect(counts["Open"]?.total == 9)
    #expect(counts["Open"]?.isSaturated == false)
    #expect(Set(counts.keys) == ["Paint", "Open"])
  }

  @Test func countsSaturate() throws {
    let digits = (0...9).map { "  d\($0)" }.joined(separator: "\n")
    let slots = (1...25).map { "{digit:d\($0)}" }.joined(separator: " ")
    let grammar = try compileTestGrammar("list digit\n\(digits)\nintent Code\n  \(slots)\n  code\n")
    let count = try #require(grammar.sentenceCounts()["Code"])
    #expect(count.isSaturated)
    #expect(count.total == SentenceCount.cap)
    #expect(count.templates.map(\.count) == [SentenceCount.cap, 1])
  }

  @Test func countsMatchSamplesOnSmallTemplates() throws {
    let grammar = try Self.compiled.get()
    let counts = grammar.sentenceCounts(lists: Self.values)
    #expect(counts["Pause"]?.total == 4)
    // play | put on, × the latest × 3 media-type forms × of × 2 shows = 12
    #expect(counts["PlayMedia"]?.templates[1].count == 12)
    // play | put on, × 2 shows × (on × 2 app forms | –) = 2 × 2 × 3
    #expect(counts["PlayMedia"]?.templates[2].count == 12)
    let all = Set(grammar.sample(intent: "PlayMedia", count: 200, lists: Self.values, seed: 5)
      .filter { $0.template.location.line == 15 }.map(\.sentence))
    #expect(all.count == 12)
  }
}
