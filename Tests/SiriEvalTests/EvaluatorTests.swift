import Foundation
import Testing

@testable import SiriEval

/// Metric arithmetic on known rows and known predictions (no grammar involved).
struct EvaluatorTests {
  static func slot(_ name: String, _ value: String, _ text: String? = nil) -> PredictedSlot {
    PredictedSlot(name: name, value: value, text: text ?? value)
  }

  /// Nine rows whose every figure is worked out by hand in the tests below.
  static let cases: [(EvalRow, EvalPrediction?)] = [
    // 1. right intent, genre found, an extra mediaType: TP 1, FP 1.
    (EvalRow(id: "r1", text: "play some jazz", intent: "PlayMedia", slots: ["genre": ["jazz"]], source: "a"),
     EvalPrediction(grammarIntent: "PlayMedia", slots: [slot("genre", "jazz"), slot("mediaType", "music", "")])),
    // 2. wrong SiriKit intent; slots are still scored: TP 1 (mediaName), FN 1 (destinationPlaylist).
    (EvalRow(id: "r2", text: "add x to y", intent: "AddMedia", slots: ["mediaName": ["x"], "destinationPlaylist": ["y"]], source: "a"),
     EvalPrediction(grammarIntent: "PlayMedia", slots: [slot("mediaName", "x")], templateLocation: "en-US/media.grammar:1:3", templateText: "<request> {text:mediaName}")),
    // 3. no parse: FN 2.
    (EvalRow(id: "r3", text: "i love it", intent: "UpdateMediaAffinity", slots: ["affinity": ["like"], "reference": ["currentlyPlaying"]], source: "a"),
     .noParse),
    // 4. intent only (slots_annotated false): the predicted artist is not scored.
    (EvalRow(id: "r4", text: "play z", intent: "PlayMedia", slotsAnnotated: false, source: "a"),
     EvalPrediction(grammarIntent: "PlayMedia", slots: [slot("artist", "z")])),
    // 5. none row, playback command: counts as none, right.
    (EvalRow(id: "r5", text: "pause", intent: "none", source: "a", oodStratum: "hard"),
     EvalPrediction(grammarIntent: "MediaPause")),
    // 6. none row taken for a workout: a false accept.
    (EvalRow(id: "r6", text: "start a timer", intent: "none", source: "a", oodStratum: "hard"),
     EvalPrediction(grammarIntent: "StartWorkout", slots: [slot("workoutName", "timer")])),
    // 7. none row, no parse: right.
    (EvalRow(id: "r7", text: "weather", intent: "none", source: "a", oodStratum: "other"),
     .noParse),
    // 8. no grammar for the locale: none, FN 1.
    (EvalRow(id: "r8", text: "播放晴天", intent: "PlayMedia", slots: ["mediaName": ["晴天"]], locale: "zh-CN", source: "b"),
     nil),
    // 9. in-domain row parsed as a playback command: none, and its slots don't count: FN 1.
    (EvalRow(id: "r9", text: "play adele next", intent: "PlayMedia", slots: ["artist": ["adele"]], source: "a"),
     EvalPrediction(grammarIntent: "MediaNext", slots: [slot("artist", "adele")])),
  ]

  static var results: EvalResults {
    let predictions = Dictionary(uniqueKeysWithValues: cases.map { ($0.0.id, $0.1) })
    return EvalResults.evaluate(cases.map(\.0), problems: [EvalProblem(file: "f.jsonl", line: 3, message: "bad")]) {
      predictions[$0.id]!
    }
  }

  @Test func headlineFigures() {
    let figures = Self.results.overall
    #expect(figures.rows == 9)
    #expect(figures.intentCorrect == 4)
    #expect(figures.inDomainRows == 6)
    #expect(figures.inDomainCorrect == 2)
    #expect(figures.noneRows == 3)
    #expect(figures.falseAccepts == 1)
    #expect(figures.noGrammarRows == 1)
    #expect(figures.slotRows == 5)
    #expect(figures.slotCounts == SlotCounts(truePositives: 2, falsePositives: 1, falseNegatives: 5))
    #expect(abs(figures.slotCounts.f1 - 0.4) < 1e-12)
    #expect(Self.results.intentCorrectSlotCounts == SlotCounts(truePositives: 1, falsePositives: 1))
  }

  @Test func summaryRoundsToFourDecimals() {
    let summary = EvalSummary(results: Self.results)
    #expect(summary.rows == 9)
    #expect(summary.skippedRows == 1)
    #expect(summary.intentAccuracy == 0.4444)
    #expect(summary.inDomainAccuracy == 0.3333)
    #expect(summary.falseAcceptRate == 0.3333)
    #expect(summary.slotPrecision == 0.6667)
    #expect(summary.slotRecall == 0.2857)
    #expect(summary.slotF1 == 0.4)
    #expect(summary.slotF1IntentCorrect == 0.6667)
    #expect(summary.noGrammarRows == 1)
    #expect(summary.locales["zh-CN"]?.rows == 1)
    #expect(summary.locales["zh-CN"]?.noGrammarRows == 1)
    #expect(summary.locales["en-US"]?.rows == 8)
    #expect(summary.sources["a"]?.rows == 8)
    #expect(summary.sources["b"]?.inDomainAccuracy == 0)
    // Nothing to measure: null, not 0.
    #expect(summary.sources["b"]?.falseAcceptRate == nil)
    #expect(summary.sources["b"]?.slotRows == 1)
    #expect(summary.locales["zh-CN"]?.slotF1 == 0)
    #expect(summary.intents["PlayMedia"] == EvalScores(SlotCounts(truePositives: 2, falsePositives: 1, falseNegatives: 2)))
    #expect(summary.intents["none"] == EvalScores(SlotCounts(truePositives: 2, falsePositives: 3, falseNegatives: 1)))
    #expect(summary.intents["StartWorkout"]?.fp == 1)
    #expect(summary.slots["destinationPlaylist"] == EvalScores(SlotCounts(falseNegatives: 1)))
    #expect(summary.slots["mediaType"] == EvalScores(SlotCounts(falsePositives: 1)))
    #expect(summary.slots["workoutName"] == nil)
  }

  @Test func perIntentTableAndConfusion() {
    let results = Self.results
    let intents = Dictionary(uniqueKeysWithValues: results.intents.map { ($0.intent, $0) })
    #expect(results.intents.map(\.intent) == ["PlayMedia", "AddMedia", "UpdateMediaAffinity", "StartWorkout", "none"])
    #expect(intents["PlayMedia"] == IntentFigures(intent: "PlayMedia", support: 4, predicted: 3, correct: 2))
    #expect(intents["none"] == IntentFigures(intent: "none", support: 3, predicted: 5, correct: 2))
    #expect(results.confusion["PlayMedia"] == ["PlayMedia": 2, "none": 2])
    #expect(results.confusion["AddMedia"] == ["PlayMedia": 1])
    #expect(results.confusion["none"] == ["none": 2, "StartWorkout": 1])
    #expect(results.nonSiriKitParses == ["MediaPause": 1, "MediaNext": 1])
    #expect(results.falseAcceptsByStratum.map { "\($0.stratum) \($0.falseAccepts)/\($0.rows)" } == ["hard 1/2", "other 0/1"])
  }

  /// A search accepted where the source files it under play counts as a right play, not
  /// as a wrong search (it once gave PlayMedia a negative false-positive count).
  @Test func anAcceptedSearchCountsForTheIntentItWasAcceptedAs() {
    let row = EvalRow(id: "s", text: "find me a podcast about animals", intent: "PlayMedia", dataset: "pswietojanski/slurp")
    let results = EvalResults(
      outcomes: [RowOutcome(row: row, prediction: EvalPrediction(grammarIntent: "SearchForMedia"))], problems: [], filteredRows: 0)
    let intents = Dictionary(uniqueKeysWithValues: results.intents.map { ($0.intent, $0) })
    #expect(intents["PlayMedia"] == IntentFigures(intent: "PlayMedia", support: 1, predicted: 1, correct: 1))
    #expect(intents["SearchForMedia"] == nil)
  }

  @Test func lastLineIsTheSummaryAsJSON() throws {
    let report = EvalCommand.report(results: Self.results, files: ["f.jsonl"], misses: 3)
    let last = try #require(report.lines.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    for key in ["rows", "intent_accuracy", "in_domain_accuracy", "false_accept_rate", "slot_precision", "slot_recall",
                "slot_f1", "skipped_rows", "in_domain_rows", "none_rows", "no_grammar_rows", "locales", "sources"] {
      #expect(object[key] != nil, "missing \(key)")
    }
    #expect(last.contains("\"intent_accuracy\":0.4444"))
    #expect(last.contains("\"slot_f1\":0.4000"))
    #expect(last.hasPrefix("{\"rows\":9,"))
    #expect(last.contains("\"b\":{\"rows\":1,\"intent_accuracy\":0.0000,\"in_domain_accuracy\":0.0000,\"false_accept_rate\":null,"))
    let decoded = try JSONDecoder().decode(EvalSummary.self, from: Data(last.utf8))
    #expect(decoded == report.summary)
    #expect(report.warnings == ["warning: f.jsonl:3: bad; line skipped"])
  }

  @Test func reportMentionsRowsWithoutGrammar() {
    let lines = EvalCommand.report(results: Self.results, files: ["f.jsonl"]).lines
    #expect(lines.contains { $0.hasPrefix("No grammar for 1 rows (zh-CN 1)") })
    #expect(lines.contains { $0.hasPrefix("Grammar intents counted as none: ") })
    #expect(!lines.contains { $0.hasPrefix("Misses") })
  }

  @Test func missesComeIntentFirstThenFalseAcceptsThenSlots() {
    let misses = EvalMiss.worst(Self.results, limit: 10)
    #expect(misses.map(\.outcome.row.id) == ["r2", "r3", "r8", "r9", "r6", "r1"])
    #expect(misses.map(\.kind) == [.intent, .intent, .intent, .intent, .falseAccept, .slots])
    #expect(EvalMiss.worst(Self.results, limit: 2).map(\.outcome.row.id) == ["r2", "r3"])

    let lines = EvalCommand.report(results: Self.results, files: ["f.jsonl"], misses: 10).lines
    let text = lines.joined(separator: "\n")
    #expect(text.contains("1. [intent] a:1 r2  \"add x to y\""))
    #expect(text.contains("expected AddMedia mediaName=\"x\" destinationPlaylist=\"y\""))
    #expect(text.contains("parsed   PlayMedia mediaName=\"x\""))
    #expect(text.contains("template en-US/media.grammar:1:3  <request> {text:mediaName}"))
    #expect(text.contains("parsed   none (no grammar for zh-CN)"))
    #expect(text.contains("parsed   MediaNext (= none) artist=\"adele\""))
    #expect(text.contains("[false accept]"))
    #expect(text.contains("slots    wrong mediaType=music"))
  }

  @Test func sourcesTakeTurnsInTheMisses() {
    let rows = ["a", "a", "a", "b", "c"].enumerated().map { index, source in
      RowOutcome(row: EvalRow(id: "\(index)", text: "x", intent: "PlayMedia", source: source), prediction: .noParse)
    }
    #expect(EvalMiss.interleavedBySource(rows).map(\.row.id) == ["0", "3", "4", "1", "2"])
  }

  @Test func emptyResultsGiveZeros() throws {
    let report = EvalCommand.report(results: EvalResults(outcomes: []), files: [])
    #expect(report.summary.rows == 0)
    #expect(report.summary.falseAcceptRate == 0)
    #expect(report.summary.slotF1 == 0)
    _ = try JSONDecoder().decode(EvalSummary.self, from: Data(report.lines.last!.utf8))
  }
}
