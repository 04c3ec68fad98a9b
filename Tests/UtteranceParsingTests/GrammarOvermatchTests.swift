import Foundation
import Testing
@testable import UtteranceParsing

/// Sentences generated from each intent's templates of the real grammar must read back as
/// that intent: no other intent may rank above it, nor tie with it in first place (a tie
/// means the grammar cannot tell the two apart). Intents named `_…` (answers to Siri's
/// questions) are neither sampled nor counted as rivals.
///
/// A failure names the sentence, both intents and both templates. Fix the grammar, or, if
/// the overlap is intended (the dialogue tells the two apart), add it to `knownOverlaps`
/// with the reason.
struct GrammarOvermatchTests {
  static let grammarDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Grammars/en-US").path

  /// Samples per intent.
  static let samplesPerIntent = 40

  /// A few realistic values for every external list, as the simulated apps would fill them.
  static let catalog: [String: [ListEntry]] = [
    "appName": [
      ListEntry(phrases: ["AudioCast", "Audio Cast"], value: "audiocast"), ListEntry("Deezer", value: "deezer"),
      ListEntry("Chapters", value: "chapters"), ListEntry("Tuner", value: "tuner"), ListEntry("Ascent", value: "ascent"),
    ],
    "mediaShowTitle": [ListEntry("Stuff You Should Know", value: "show-1"), ListEntry("Hard Fork", value: "show-2")],
    "mediaEpisodeTitle": [ListEntry("The Science of Sleep", value: "episode-1"), ListEntry("Tuesday Roundup", value: "episode-2")],
    "mediaPlaylistTitle": [ListEntry("Road Trip", value: "playlist-1"), ListEntry("Sunday Morning", value: "playlist-2")],
    "mediaMusicArtistName": [ListEntry("Khalid", value: "artist-1"), ListEntry("Billie Eilish", value: "artist-2")],
    "mediaSongTitle": [ListEntry("Talk", value: "song-1"), ListEntry("Bad Guy", value: "song-2")],
    "mediaAlbumTitle": [ListEntry("Free Spirit", value: "album-1"), ListEntry("When We All Fall Asleep", value: "album-2")],
    "mediaAudiobookTitle": [ListEntry("Dune", value: "book-1"), ListEntry("The Hobbit", value: "book-2")],
    "mediaAudiobookAuthorName": [ListEntry("Frank Herbert", value: "author-1"), ListEntry("Tolkien", value: "author-2")],
    "mediaStationName": [ListEntry("KEXP", value: "station-1"), ListEntry("WNYC", value: "station-2")],
    "genreName": [ListEntry("Synthwave", value: "synthwave"), ListEntry("Shoegaze", value: "shoegaze")],
    "workoutActivityName": [
      ListEntry("wall climb", value: "wall-climb"), ListEntry("boulder climb", value: "boulder-climb"),
      ListEntry("top rope", value: "top-rope"), ListEntry("lead climb", value: "lead-climb"),
    ],
  ]

  /// An overlap accepted by design: a *bare command* of `sampled` ("pause", "could you
  /// resume", "stop on Deezer": a reading that fills no slot but `app`) may *tie* with
  /// `winner` in first place, because the dialogue tells them apart. Only such ties are
  /// excused: if `winner` scores higher, or the sentence says more (a workout's name, a
  /// song), the test still fails. Keyed by intents rather than template lines, so that
  /// editing the grammar does not invalidate the list.
  struct Overlap: Hashable {
    var sampled: String
    var winner: String
  }

  /// Overlaps that are intended, each with its reason. Keep this short: everything else
  /// is a grammar bug.
  static let knownOverlaps: [Overlap: String] = [
    // "pause", "resume", "stop" (and "… on Ascent"): the same words control the music or
    // the workout; among tied readings the dialogue takes the one that has something to
    // act on (DialogueEngine.preferringApplicable).
    Overlap(sampled: "PauseWorkout", winner: "MediaPause"): "\"pause\" is MediaPause or PauseWorkout by context",
    Overlap(sampled: "ResumeWorkout", winner: "MediaResume"): "\"resume\" is MediaResume or ResumeWorkout by context",
    Overlap(sampled: "EndWorkout", winner: "MediaPause"): "\"stop\" is MediaPause or EndWorkout by context",
    // "start Ascent", "open Deezer": one app list serves every domain; the dialogue takes
    // the reading the named app supports (DialogueEngine.preferringCompatible).
    Overlap(sampled: "StartWorkout", winner: "PlayMedia"): "\"start <app>\" is StartWorkout or PlayMedia by the app",
  ]

  /// Slots a bare command may fill and still be excused by `knownOverlaps`.
  static let bareCommandSlots: Set<String> = ["app"]

  static let grammar = Result { () throws(GrammarError) -> CompiledGrammar in
    try GrammarCompiler.load(directory: grammarDirectory, cache: .userDefault())
  }

  static var values: ListValues {
    var values = ListValues()
    for (list, entries) in catalog { values.set(list, to: entries) }
    return values
  }

  /// `media.grammar:42`, for reports and `knownOverlaps`.
  static func place(_ template: TemplateReference) -> String {
    "\(URL(fileURLWithPath: template.location.file).lastPathComponent):\(template.location.line)"
  }

  @Test func everyExternalListHasValues() throws {
    let grammar = try Self.grammar.get()
    let missing = grammar.externalLists.filter { Self.catalog[$0] == nil }
    #expect(missing.isEmpty, "add values for these external lists to the catalog: \(missing)")
  }

  @Test func sampledSentencesReadAsTheirIntent() throws {
    let grammar = try Self.grammar.get()
    let values = Self.values
    var failures: [String] = []
    var checked = 0
    for intent in grammar.intentNames where !intent.hasPrefix("_") {
      let samples = grammar.sample(intent: intent, count: Self.samplesPerIntent, lists: values, seed: 7)
      #expect(!samples.isEmpty, "no sentences could be generated for \(intent)")
      for sample in samples {
        checked += 1
        if let failure = Self.check(sample, grammar: grammar, values: values) { failures.append(failure) }
      }
    }
    #expect(checked > 0)
    #expect(failures.isEmpty, "\(failures.count) of \(checked) sampled sentences read as another intent:\n\(failures.joined(separator: "\n"))")
  }

  /// A description of what went wrong with `sample`, or `nil` when it reads as its intent.
  static func check(_ sample: Sample, grammar: CompiledGrammar, values: ListValues) -> String? {
    // Intents named `_…` are answers heard only while Siri waits for one: not rivals here.
    let candidates = grammar.parse(sample.sentence, lists: values, limit: 24).filter { !$0.intent.hasPrefix("_") }
    let own = candidates.first { $0.intent == sample.intent }
    guard let best = candidates.first else {
      return "\"\(sample.sentence)\": \(sample.intent) does not parse\n"
        + "    sampled from \(place(sample.template)): \(sample.template.text)"
    }
    if best.intent == sample.intent { return nil }
    guard let own else {
      return "\"\(sample.sentence)\": \(sample.intent) is not among the readings, \(best.intent) wins\n"
        + "    sampled from \(place(sample.template)): \(sample.template.text)\n"
        + "    read as      \(place(best.template)): \(best.template.text)"
    }
    let tie = abs(own.score - best.score) < 1e-9
    let bare = own.slots.allSatisfy { $0.source == .fixed || bareCommandSlots.contains($0.name) }
    if tie && bare && knownOverlaps[Overlap(sampled: sample.intent, winner: best.intent)] != nil { return nil }
    let how = tie
      ? "ties with \(best.intent) (both \(Explanation.format(own.score)))"
      : "loses to \(best.intent) (\(Explanation.format(own.score)) < \(Explanation.format(best.score)))"
    return "\"\(sample.sentence)\": \(sample.intent) \(how)\n"
      + "    sampled from \(place(sample.template)): \(sample.template.text)\n"
      + "    read as      \(place(best.template)): \(best.template.text)"
  }
}
