import Testing
@testable import UtteranceParsing

/// `CompiledGrammar.explain`: why an utterance matched, or where templates stopped.
struct ToolExplainTests {
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
    values.set("app", to: [ListEntry("AudioCast", value: "audiocast")])
    values.set("show", to: [ListEntry("The Daily", value: "show-1"), ListEntry("Hard Fork", value: "show-2")])
    return values
  }

  @Test func matchRendersEveryPartAndTheScore() throws {
    let explanation = try Self.compiled.get().explain("please play the latest episode of The Daily", lists: Self.values)
    #expect(explanation.isMatch)
    #expect(explanation.lines == [
      "utterance: \"please play the latest episode of The Daily\" (8 words)",
      "1. PlayMedia, score 0.900, at test.grammar:15:3",
      "   template: <play> the latest {mediaType} of {show} => sortOrder = newest",
      "   word 1 'please': skipped filler",
      "   words 2-4 'play the latest': literal",
      "   word 5 'episode': list {mediaType} → mediaType = podcastEpisode",
      "   word 6 'of': literal",
      "   words 7-8 'The Daily': list {show} → show = show-1",
      "   fixed: sortOrder = newest",
      "   score: 3 list × 1.0 + 4 literal × 0.9 + 1 skipped × 0.6 = 7.2 of 8 words = 0.900",
      "winner: 1. PlayMedia, the only reading",
    ])
    let match = try #require(explanation.matches.first)
    #expect(match.templateIndex == 1)
    #expect(match.components == ScoreComponents(
      literalWords: 4, skippedWords: 1, listWords: 3, entityWords: 0, freeTextWords: 0, totalWords: 8))
    #expect(match.components.units == 72)
    #expect(abs(match.components.score - match.score) < 1e-12)
  }

  @Test func entitiesAndTrailingFiller() throws {
    let explanation = try Self.compiled.get().explain("Set a timer for 30 minutes, please!")
    #expect(explanation.lines == [
      "utterance: \"Set a timer for 30 minutes, please!\" (7 words)",
      "1. SetTimer, score 0.886, at test.grammar:22:3",
      "   template: set a timer for {duration:length}",
      "   words 1-4 'Set a timer for': literal",
      "   words 5-6 '30 minutes': entity {duration} → length = 1800s",
      "   word 7 'please': skipped filler",
      "   score: 2 entity × 1.0 + 4 literal × 0.9 + 1 skipped × 0.6 = 6.2 of 7 words = 0.886",
      "winner: 1. SetTimer, the only reading",
    ])
  }

  @Test func nonMatchShowsWhereTheNearestTemplatesStopped() throws {
    let explanation = try Self.compiled.get().explain("play the latest foo of The Daily", lists: Self.values)
    #expect(!explanation.isMatch)
    #expect(explanation.lines == [
      "utterance: \"play the latest foo of The Daily\" (7 words)",
      "no match",
      "nearest templates:",
      "1. PlayMedia at test.grammar:14:3: <play> {text:mediaName} on {app}",
      "   matched 7 of 7 words (6 as free text); stopped at the end: expected 'on'",
      "2. PlayMedia at test.grammar:15:3: <play> the latest {mediaType} of {show} => sortOrder = newest",
      "   matched 3 of 7 words; stopped at word 4 'foo': expected {mediaType}",
      "3. PlayMedia at test.grammar:16:3: <play> {show}",
      "   matched 1 of 7 words; stopped at word 2 'the': expected {show}",
    ])
    #expect(explanation.nearMisses.map(\.stoppedAt) == [7, 3, 1])
    #expect(try Self.compiled.get().explain("play the latest foo of The Daily", lists: Self.values, limit: 1).nearMisses.count == 1)
  }

  @Test func nonMatchExpectations() throws {
    let grammar = try Self.compiled.get()
    // (utterance, the first near miss's stop line)
    let cases: [(String, String)] = [
      ("stop the radio", "   matched 2 of 3 words; stopped at word 3 'radio': expected 'music'"),
      ("pause now", "   matched 1 of 2 words; stopped at word 2 'now': expected 'the' | the end"),
      ("set a timer for ever", "   matched 4 of 5 words; stopped at word 5 'ever': expected {duration:length}"),
      ("put on the latest", "   matched 4 of 4 words; stopped at the end: expected {mediaType}"),
    ]
    for (utterance, expected) in cases {
      let lines = grammar.explain(utterance, lists: Self.values).lines
      #expect(lines.count >= 5 && lines[4] == expected, "\(utterance): \(lines.joined(separator: "\n"))")
    }
  }

  @Test func nothingGetsPastTheStart() throws {
    let grammar = try Self.compiled.get()
    #expect(grammar.explain("xyzzy").lines == [
      "utterance: \"xyzzy\" (1 word)",
      "no match",
      "no template gets past word 1 'xyzzy'",
      "templates begin with: 'pause' | 'play' | 'put' | 'set' | 'stop'",
    ])
    #expect(grammar.explain("please").lines == [
      "utterance: \"please\" (1 word)",
      "no match",
      "every word is skipped filler",
      "templates begin with: 'pause' | 'play' | 'put' | 'set' | 'stop'",
    ])
    #expect(grammar.explain("please xyzzy").startPosition == 1)
  }

  /// Grammars where the first two readings differ by exactly one ranking rule.
  @Test(arguments: [
    (
      "intent A\n  play {text:x}\nintent B\n  play the {thing}\nlist thing\n  news\n",
      "play the news", RankingRule.higherScore
    ),
    (
      // 1 literal + 2 skipped (2.1) against 2 literal + 1 free text (2.1).
      "skip = please | now\nintent A\n  play\nintent B\n  play please {text:x}\n",
      "play please now", .fewerFreeTextWords
    ),
    (
      // 3 list + 1 skipped (3.6) against 4 literal (3.6).
      "skip = please\nlist colors\n  red green blue\nintent A\n  please red green blue\nintent B\n  {colors}\n",
      "please red green blue", .moreListWords
    ),
    ("intent A\n  pause\nintent B\n  pause\n", "pause", .templateOrder),
    ("intent A\n  {text:a} and {text:b}\n", "x and y and z", .readingOrder),
  ])
  func rankingRules(grammarText: String, utterance: String, rule: RankingRule) throws {
    let grammar = try compileTestGrammar(grammarText)
    let explanation = grammar.explain(utterance)
    let decision = try #require(explanation.decision, "\(explanation.lines)")
    #expect(decision.rule == rule, "\(explanation.lines)")
    #expect(explanation.lines.last?.hasPrefix("winner: 1. ") == true)
    #expect(explanation.lines.last?.contains(rule.summary) == true)
  }

  @Test func decisionLineForATie() throws {
    let grammar = try compileTestGrammar("intent Pause\n  pause\nintent PauseWorkout\n  pause\n", path: "a.grammar")
    #expect(grammar.explain("pause").lines.last
      == "winner: 1. Pause over 2. PauseWorkout: a tie, broken by template order (a.grammar:2:3 is written before a.grammar:4:3)")
  }

  @Test func intentsCanBeLeftOut() throws {
    let grammar = try compileTestGrammar("intent _Answer\n  {text:answer}\nintent Pause\n  pause [the music]\n")
    #expect(grammar.explain("pause the radio").matches.map(\.intent) == ["_Answer"])
    let outside = grammar.explain("pause the radio", intents: { !$0.hasPrefix("_") })
    #expect(outside.lines == [
      "utterance: \"pause the radio\" (3 words)",
      "no match",
      "nearest templates:",
      "1. Pause at test.grammar:4:3: pause [the music]",
      "   matched 2 of 3 words; stopped at word 3 'radio': expected 'music'",
    ])
    #expect(grammar.explain("pause", intents: { !$0.hasPrefix("_") }).matches.map(\.intent) == ["Pause"])
    #expect(grammar.explain("xyzzy", intents: { !$0.hasPrefix("_") }).lines.last == "templates begin with: 'pause'")
  }

  @Test func neverFailsOnOddInput() throws {
    let grammar = try Self.compiled.get()
    let long = String(repeating: "a ", count: CompiledGrammar.maximumTokenCount + 1)
    let huge = String(repeating: "x", count: CompiledGrammar.maximumUTF8Length + 1)
    let inputs = ["", "   ", "\n", "🎵🎵", "播放音乐", "play", "play the", long, huge, "put on on on on", "'", "play \u{0}"]
    for input in inputs {
      let explanation = grammar.explain(input, lists: Self.values, limit: 3)
      #expect(!explanation.lines.isEmpty)
      #expect(explanation.lines == grammar.explain(input, lists: Self.values, limit: 3).lines)
    }
    #expect(grammar.explain("").note == "the utterance has no words")
    #expect(grammar.explain(long).note == "utterances over \(CompiledGrammar.maximumTokenCount) words match nothing")
    #expect(grammar.explain(huge).lines.count == 3)
    #expect(grammar.explain("pause", limit: 0).matches.count == 1)
    let tie = try compileTestGrammar("intent A\n  pause\nintent B\n  pause\nintent C\n  pause\n")
    #expect(tie.explain("pause", limit: 1).matches.map(\.intent) == ["A", "B"])
    #expect(tie.explain("pause", limit: 3).matches.map(\.intent) == ["A", "B", "C"])
  }

  @Test func longInputIsBounded() throws {
    // Free text after every word: the trace visits each (state, word) once.
    let grammar = try compileTestGrammar("intent A\n  {text:a} (x | y) {text:b} z\n")
    let words = (0..<256).map { $0 % 3 == 0 ? "x" : "w\($0)" }.joined(separator: " ")
    let explanation = grammar.explain(words)
    #expect(!explanation.isMatch)
    let miss = try #require(explanation.nearMisses.first)
    #expect(miss.stoppedAt == 256)
    #expect(miss.expected == [.word("x"), .word("y"), .word("z"), .slot("{text:b}")])
  }
}
