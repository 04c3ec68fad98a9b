import Foundation
import SiriEval
import UtteranceParsing

/// `siri bench peer --project-grammars`: the peer's utterances through the project's own
/// grammars (`Grammars/en-US`) with the sample apps' lists, exactly as `siri eval` parses,
/// to see how far the grammar Siri uses gets on work written for hassil. The catalog is
/// not loaded (titles are free text there); only its `n` is reported.
///
/// The workload's slots are mapped onto the project's (``expectedSlots(_:)``); a line's
/// slots are right when every mapped slot is in the best reading with the same folded
/// value. Leniently: slots the project's grammar has no counterpart for (`resume`,
/// `destination`, media types `favorites`, `new_releases`, `flow`) are not scored, a
/// media type only when the reading has one (without the catalog, "play Ana Dalia Wade"
/// cannot know it names an artist), and extra slots of the reading (`domain`,
/// `reference`, …) are not counted against it.
public enum PeerProjectGrammars {
  /// One expected slot in the project's terms: any of `names` holding one of `values`
  /// (folded as ``UtteranceParsing/Tokenizer/normalize(_:)``).
  public struct ExpectedSlot: Sendable, Equatable {
    public var names: [String]
    public var values: [String]
    /// Scored only when the reading has a slot of one of `names`.
    public var ifPresent = false
  }

  /// The workload's slots of `row` in the project's names and values.
  public static func expectedSlots(_ row: PeerBenchmark.Row) -> [ExpectedSlot] {
    var result: [ExpectedSlot] = []
    let titled = ["track", "podcast", "station", "audiobook", "query"]
    for (name, value) in row.slots.sorted(by: { $0.key < $1.key }) {
      let text = value.description
      switch name {
      case _ where titled.contains(name):
        result.append(ExpectedSlot(names: ["mediaName"], values: [fold(text)]))
      case "album":
        result.append(ExpectedSlot(names: ["mediaName", "album"], values: [fold(text)]))
      case "playlist":
        result.append(ExpectedSlot(names: ["mediaName", "playlist", "destinationPlaylist"], values: [fold(text)]))
      case "artist", "app":
        result.append(ExpectedSlot(names: [name], values: [fold(text)]))
      case "media_type":
        let types = [
          "song": ["song"], "album": ["album"], "artist": ["artist"], "playlist": ["playlist"],
          "podcast": ["podcastShow", "podcastEpisode"], "station": ["radioStation"], "audiobook": ["audioBook"],
        ]
        if let mapped = types[text] { result.append(ExpectedSlot(names: ["mediaType"], values: mapped.map(fold), ifPresent: true)) }
      case "episode":
        result.append(ExpectedSlot(names: ["sortOrder"], values: ["newest"]))
      case "shuffle":
        result.append(ExpectedSlot(names: ["shuffle"], values: ["true"]))
      case "affinity":
        result.append(ExpectedSlot(names: ["affinity"], values: [fold(text)]))
      case "workout_name":
        result.append(ExpectedSlot(names: ["workoutName"], values: [fold(text)]))
      case "location":
        result.append(ExpectedSlot(names: ["locationType"], values: [fold(text)]))
      case "duration":
        if case .number(let minutes) = value {
          result.append(ExpectedSlot(names: ["goalDuration"], values: [PeerValue.number(minutes * 60).description]))
        }
      default:
        continue  // resume, destination: nothing to compare with
      }
    }
    return result
  }

  static func fold(_ text: String) -> String { Tokenizer.normalize(text) }

  /// Judges a reading of the project's grammar: the intent (a non-SiriKit intent is no
  /// intent) and every mapped slot.
  public static func judge(_ prediction: EvalPrediction, against row: PeerBenchmark.Row) -> PeerBenchmark.Judgement {
    let intent = prediction.intent == EvalIntents.none ? nil : prediction.intent
    let intentRight = intent == row.intent
    guard row.intent != nil else { return PeerBenchmark.Judgement(inGrammar: false, intentRight: intentRight, allRight: intentRight) }
    let slotsRight = intentRight && expectedSlots(row).allSatisfy { expected in
      if expected.ifPresent, !prediction.slots.contains(where: { expected.names.contains($0.name) }) { return true }
      return prediction.slots.contains { slot in
        guard expected.names.contains(slot.name) else { return false }
        var forms = [fold(slot.value), fold(slot.text)]
        if slot.name == "goalDuration", slot.value.hasSuffix("s") { forms.append(String(slot.value.dropLast())) }
        return forms.contains { expected.values.contains($0) }
      }
    }
    return PeerBenchmark.Judgement(inGrammar: true, intentRight: intentRight, allRight: slotsRight)
  }

  /// Loads the project's grammar and the sample apps (timed), then scores and times the
  /// utterances as ``PeerBenchmark/measure(rows:n:loadMilliseconds:repeats:predict:)``.
  public static func run(grammarsDirectory: String, catalogPath: String, utterancesPath: String, repeats: Int) throws -> (
    PeerBenchmark.Result, [PeerBenchmark.Miss]
  ) {
    let start = ContinuousClock.now
    let parsers = try GrammarParsers(grammarsDirectory: grammarsDirectory, locales: ["en-US"])
    let loadMilliseconds = AppBenchmark.milliseconds(ContinuousClock.now - start)
    guard parsers.missingLocales.isEmpty else { throw PeerBenchmark.Failure("\(grammarsDirectory): no en-US grammar") }
    let n = try PeerBenchmark.readCatalog(path: catalogPath).n
    let rows = try PeerBenchmark.readRows(path: utterancesPath)
    guard !rows.isEmpty else { throw PeerBenchmark.Failure("\(utterancesPath): no utterances") }

    // Scored here, with the project's mapping; timed by `measure` (whose own scoring,
    // against the workload's slot names, is replaced).
    var tally = PeerBenchmark.Tally()
    var misses: [PeerBenchmark.Miss] = []
    for row in rows {
      let prediction = parsers.predict(row.text, locale: "en-US") ?? .noParse
      let judgement = judge(prediction, against: row)
      tally.add(judgement)
      if !judgement.allRight { misses.append(PeerBenchmark.Miss(row: row, got: peerPrediction(prediction))) }
    }
    var (result, _) = PeerBenchmark.measure(rows: rows, n: n, loadMilliseconds: loadMilliseconds, repeats: repeats) { text in
      peerPrediction(parsers.predict(text, locale: "en-US") ?? .noParse)
    }
    result.intent_acc = (tally.intentAccuracy * 10_000).rounded() / 10_000
    result.slot_acc = (tally.slotAccuracy * 10_000).rounded() / 10_000
    result.oog_reject_rate = (tally.rejectRate * 10_000).rounded() / 10_000
    return (result, misses)
  }

  /// A reading as the misses file shows it: the grammar's intent and its slots' values.
  static func peerPrediction(_ prediction: EvalPrediction) -> PeerBenchmark.Prediction {
    var slots: [String: PeerValue] = [:]
    for slot in prediction.slots where slots[slot.name] == nil { slots[slot.name] = .text(slot.value) }
    return PeerBenchmark.Prediction(intent: prediction.grammarIntent, slots: slots)
  }
}
