import Foundation
import SiriBench
import SiriEval
import Testing
import UtteranceParsing

/// `siri bench peer`: the translated hassil grammar compiles and reads each intent of the
/// peer workload right with tiny lists, and a line is scored as hassil_bench.py scores
/// it. No timing here: speed is the release build's business (Scripts/bench-peer).
struct PeerBenchmarkTests {
  /// A few names per catalog list, with the punctuation and digits the real catalogs have.
  static let catalog: [String: [String]] = [
    "artist": ["The Dancing Whales", "Ana Dalia Wade", "Dina & the Lions"],
    "track": ["Roaring Emerald Horizon", "Don't Hide Tonight Comet", "Chasing Stars!"],
    "album": ["Sun, Vol. 6", "Tokyo Sessions"],
    "playlist": ["Chloe's Winter Tunes", "Gym R&B Essentials"],
    "podcast": ["Twilight Design Roundup", "The Hart Science Hour"],
    "station": ["KWHX 100.8", "Indie Bone Radio", "Velvet Lo-Fi 24/7"],
    "audiobook": ["The Stranger of Crowns", "Mila's Golden Harbor"],
  ]

  /// lists.json's shape, with short lists.
  static let fixedJSON = Data(
    """
    {"lists": {
      "app": ["Apple Music", "Spotify", "Deezer", "Podcasts"],
      "workout_app": ["Strava", "Nike Run Club"],
      "workout_name": ["run", "HIIT", "bike ride", "swim"],
      "location": ["indoor", "outdoor", "open water"],
      "duration": {"range": {"type": "number", "from": 1, "to": 300}},
      "query": {"wildcard": true}
    }}
    """.utf8)

  static let grammar = Result { try PeerBenchmark.loadGrammar() }

  static func lists() throws -> ListValues {
    try PeerBenchmark.listValues(catalog: catalog, fixed: try PeerBenchmark.fixedLists(fromJSON: fixedJSON), grammar: grammar.get())
  }

  // MARK: - The grammar

  @Test func translatedGrammarCompilesWithHassilsIntentsAndEveryListExternal() throws {
    let grammar = try Self.grammar.get()
    #expect(grammar.intentNames == [
      "PlayMedia", "AddMedia", "UpdateMediaAffinity", "SearchForMedia", "StartWorkout",
      "PauseWorkout", "ResumeWorkout", "CancelWorkout", "EndWorkout",
    ])
    #expect(Set(grammar.externalLists) == Set(PeerBenchmark.catalogLists.map(\.list) + [
      "app", "workout_app", "workout_name", "location", "duration_minutes",
    ]))
  }

  /// hassil's grammar has 84 templates; the translation has one line for each.
  @Test func translationHasHassilsEightyFourTemplates() throws {
    let directory = try #require(PeerBenchmark.grammarDirectory)
    let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent("media_workout.grammar"), encoding: .utf8)
    var inIntent = false
    var templates = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("intent ") { inIntent = true; continue }
      if let first = line.first, first != " " { inIntent = false; continue }
      let body = line.trimmingCharacters(in: .whitespaces)
      if inIntent, !body.isEmpty, !body.hasPrefix("#") { templates += 1 }
    }
    #expect(templates == 84)
  }

  /// Each intent, with the workload's decorations: skip words, case, trailing
  /// punctuation, number words, "30-minute", names with punctuation and digits.
  static let readings: [(String, String?, [String: PeerValue])] = [
    ("Hey Siri, play the song Roaring Emerald Horizon by The Dancing Whales on Spotify.", "PlayMedia",
     ["media_type": .text("song"), "track": .text("Roaring Emerald Horizon"), "artist": .text("The Dancing Whales"), "app": .text("Spotify")]),
    ("play don't hide tonight comet", "PlayMedia", ["media_type": .text("song"), "track": .text("Don't Hide Tonight Comet")]),
    ("PLAY CHASING STARS", "PlayMedia", ["media_type": .text("song"), "track": .text("Chasing Stars!")]),
    ("start playing the album Sun, Vol. 6 by Ana Dalia Wade?", "PlayMedia",
     ["media_type": .text("album"), "album": .text("Sun, Vol. 6"), "artist": .text("Ana Dalia Wade")]),
    ("put on some music by Dina & the Lions", "PlayMedia", ["media_type": .text("artist"), "artist": .text("Dina & the Lions")]),
    ("shuffle songs by the dancing whales", "PlayMedia",
     ["media_type": .text("artist"), "artist": .text("The Dancing Whales"), "shuffle": .bool(true)]),
    ("play my Chloe's Winter Tunes playlist please", "PlayMedia", ["media_type": .text("playlist"), "playlist": .text("Chloe's Winter Tunes")]),
    ("shuffle the playlist Gym R&B Essentials", "PlayMedia",
     ["media_type": .text("playlist"), "playlist": .text("Gym R&B Essentials"), "shuffle": .bool(true)]),
    ("listen to the most recent Twilight Design Roundup episode", "PlayMedia",
     ["media_type": .text("podcast"), "podcast": .text("Twilight Design Roundup"), "episode": .text("latest")]),
    ("play the podcast the hart science hour in Podcasts", "PlayMedia",
     ["media_type": .text("podcast"), "podcast": .text("The Hart Science Hour"), "app": .text("Podcasts")]),
    ("tune in to KWHX 100.8", "PlayMedia", ["media_type": .text("station"), "station": .text("KWHX 100.8")]),
    ("play velvet lo-fi 24/7", "PlayMedia", ["media_type": .text("station"), "station": .text("Velvet Lo-Fi 24/7")]),
    ("resume listening to the audiobook Mila's Golden Harbor", "PlayMedia",
     ["media_type": .text("audiobook"), "audiobook": .text("Mila's Golden Harbor")]),
    ("resume the music", "PlayMedia", ["resume": .bool(true)]),
    ("play my liked songs", "PlayMedia", ["media_type": .text("favorites")]),
    ("play some new releases on Apple Music", "PlayMedia", ["media_type": .text("new_releases"), "app": .text("Apple Music")]),
    ("Play my Flow on Deezer", "PlayMedia", ["media_type": .text("flow"), "app": .text("Deezer")]),
    ("add what's playing to my Gym R&B Essentials playlist", "AddMedia", ["playlist": .text("Gym R&B Essentials")]),
    ("add the track Chasing Stars to my Chloe's Winter Tunes playlist", "AddMedia",
     ["track": .text("Chasing Stars!"), "playlist": .text("Chloe's Winter Tunes")]),
    ("save the song that's playing to my library", "AddMedia", ["destination": .text("library")]),
    ("I really don't like this track", "UpdateMediaAffinity", ["affinity": .text("dislike")]),
    ("play more like this", "UpdateMediaAffinity", ["affinity": .text("like")]),
    ("find Ana Dalia Wade in Apple Music", "SearchForMedia",
     ["media_type": .text("artist"), "artist": .text("Ana Dalia Wade"), "app": .text("Apple Music")]),
    ("search Spotify for Roaring Emerald Horizon", "SearchForMedia",
     ["media_type": .text("song"), "track": .text("Roaring Emerald Horizon"), "app": .text("Spotify")]),
    ("look up the album Tokyo Sessions", "SearchForMedia", ["media_type": .text("album"), "album": .text("Tokyo Sessions")]),
    ("find the podcast Twilight Design Roundup", "SearchForMedia",
     ["media_type": .text("podcast"), "podcast": .text("Twilight Design Roundup")]),
    ("search for zor flonzib", "SearchForMedia", ["query": .text("zor flonzib")]),
    ("search Deezer for blix quan", "SearchForMedia", ["app": .text("Deezer"), "query": .text("blix quan")]),
    ("start a 30-minute outdoor run", "StartWorkout",
     ["duration": .number(30), "location": .text("outdoor"), "workout_name": .text("run")]),
    ("begin a twenty five minute HIIT workout", "StartWorkout", ["duration": .number(25), "workout_name": .text("HIIT")]),
    ("start a bike ride for 120 minutes", "StartWorkout", ["duration": .number(120), "workout_name": .text("bike ride")]),
    ("start an open water swim", "StartWorkout", ["location": .text("open water"), "workout_name": .text("swim")]),
    ("start a HIIT workout with Nike Run Club", "StartWorkout", ["workout_name": .text("HIIT"), "app": .text("Nike Run Club")]),
    ("let's go for a run", "StartWorkout", ["workout_name": .text("run")]),
    ("pause my current workout", "PauseWorkout", [:]),
    ("unpause the HIIT", "ResumeWorkout", ["workout_name": .text("HIIT")]),
    ("discard this run", "CancelWorkout", ["workout_name": .text("run")]),
    ("I'm done working out!", "EndWorkout", [:]),
    // Out of grammar: hassil rejects each of these, and so must we.
    ("play Zorblax", nil, [:]),
    ("play Roaring Emerald Horizon by", nil, [:]),
    ("start a 400 minute run", nil, [:]),
    ("resume my music please now", nil, [:]),
    ("I like Ana Dalia Wade a lot", nil, [:]),
    ("what's the weather in Lisbon", nil, [:]),
    ("search", nil, [:]),
  ]

  @Test(arguments: readings)
  func readsEachIntentOfTheWorkload(_ text: String, _ intent: String?, _ slots: [String: PeerValue]) throws {
    let grammar = try Self.grammar.get()
    let best = grammar.parse(text, lists: try Self.lists(), limit: PeerBenchmark.parseLimit).first
    let prediction = PeerBenchmark.Prediction(best)
    let row = PeerBenchmark.Row(id: 0, text: text, intent: intent, slots: slots)
    #expect(PeerBenchmark.judge(prediction, against: row).allRight, "\(text): got \(prediction)")
  }

  // MARK: - Lists

  @Test func fixedListsTakeValuesAndSpellTheRangeAndLeaveTheWildcardOut() throws {
    let fixed = try PeerBenchmark.fixedLists(fromJSON: Self.fixedJSON)
    #expect(Set(fixed.keys) == ["app", "workout_app", "workout_name", "location", "duration_minutes"])
    #expect(fixed["app"]?.map(\.value) == ["Apple Music", "Spotify", "Deezer", "Podcasts"])
    let durations = try #require(fixed["duration_minutes"])
    #expect(durations.count == 300)
    #expect(durations[24] == ListEntry(phrases: ["25", "twenty five"], value: "25"))
    #expect(durations[299].value == "300")
  }

  @Test func numbersAreSpokenAsHassilSaysThem() {
    #expect(PeerBenchmark.spokenForms(of: 7) == ["7", "seven"])
    #expect(PeerBenchmark.spokenForms(of: 40) == ["40", "forty"])
    #expect(PeerBenchmark.spokenForms(of: 100) == ["100", "one hundred", "a hundred"])
    #expect(PeerBenchmark.spokenForms(of: 105) == [
      "105", "one hundred five", "one hundred and five", "a hundred five", "a hundred and five",
    ])
    #expect(PeerBenchmark.spokenForms(of: 250) == ["250", "two hundred fifty", "two hundred and fifty"])
  }

  @Test func aListTheGrammarNeedsMayNotBeLeftEmpty() throws {
    var catalog = Self.catalog
    catalog["station"] = []
    #expect(throws: PeerBenchmark.Failure.self) {
      _ = try PeerBenchmark.listValues(catalog: catalog, fixed: try PeerBenchmark.fixedLists(fromJSON: Self.fixedJSON), grammar: Self.grammar.get())
    }
  }

  // MARK: - Scoring

  /// (what the parser gave, what the line expects, intent right, all right).
  static let judgements: [(PeerBenchmark.Prediction, String?, [String: PeerValue], Bool, Bool)] = [
    // Right, with values folded as hassil_bench's norm_value folds them.
    (.init(intent: "PlayMedia", slots: ["track": .text("Sun, Vol. 6"), "media_type": .text("song")]),
     "PlayMedia", ["track": .text("sun, vol. 6"), "media_type": .text("song")], true, true),
    (.init(intent: "PlayMedia", slots: ["track": .text("  Two   Words ")]), "PlayMedia", ["track": .text("two words")], true, true),
    (.init(intent: "StartWorkout", slots: ["duration": .text("30")]), "StartWorkout", ["duration": .number(30)], true, true),
    (.init(intent: "StartWorkout", slots: ["duration": .number(30)]), "StartWorkout", ["duration": .number(30)], true, true),
    (.init(intent: "PlayMedia", slots: ["shuffle": .text("true")]), "PlayMedia", ["shuffle": .bool(true)], true, true),
    (.init(intent: "PlayMedia", slots: ["shuffle": .text("TRUE")]), "PlayMedia", ["shuffle": .bool(true)], true, true),
    // Wrong.
    (.init(intent: "SearchForMedia"), "PlayMedia", [:], false, false),
    (.init(intent: nil), "PlayMedia", ["track": .text("x")], false, false),
    (.init(intent: "PlayMedia", slots: ["track": .text("Sun Vol 6")]), "PlayMedia", ["track": .text("Sun, Vol. 6")], true, false),
    (.init(intent: "PlayMedia", slots: ["track": .text("x")]), "PlayMedia", ["track": .text("x"), "artist": .text("y")], true, false),
    (.init(intent: "PlayMedia", slots: ["track": .text("x"), "app": .text("Spotify")]), "PlayMedia", ["track": .text("x")], true, false),
    (.init(intent: "StartWorkout", slots: ["duration": .text("31")]), "StartWorkout", ["duration": .number(30)], true, false),
    (.init(intent: "PlayMedia", slots: ["shuffle": .text("false")]), "PlayMedia", ["shuffle": .bool(true)], true, false),
    // Out of grammar: right only when nothing parsed.
    (.init(intent: nil), nil, [:], true, true),
    (.init(intent: "PlayMedia", slots: ["track": .text("x")]), nil, [:], false, false),
  ]

  @Test(arguments: judgements)
  func judgesALineAsHassilBenchDoes(
    _ prediction: PeerBenchmark.Prediction, _ intent: String?, _ slots: [String: PeerValue], _ intentRight: Bool, _ allRight: Bool
  ) {
    let judgement = PeerBenchmark.judge(prediction, against: PeerBenchmark.Row(id: 1, text: "", intent: intent, slots: slots))
    #expect(judgement.inGrammar == (intent != nil))
    #expect(judgement.intentRight == intentRight)
    #expect(judgement.allRight == allRight)
  }

  @Test func tallyGivesTheThreeAccuraciesOverTheirOwnLines() {
    var tally = PeerBenchmark.Tally()
    for (prediction, intent, slots, _, _) in Self.judgements {
      tally.add(PeerBenchmark.judge(prediction, against: PeerBenchmark.Row(id: 1, text: "", intent: intent, slots: slots)))
    }
    // 13 in-grammar lines: 6 all right, 11 with the intent right; 2 out of grammar, 1 rejected.
    #expect(tally.lines == 15)
    #expect(tally.intentAccuracy == 12.0 / 15.0)
    #expect(tally.slotAccuracy == 6.0 / 13.0)
    #expect(tally.rejectRate == 0.5)
    #expect(PeerBenchmark.Tally().intentAccuracy == 0)
  }

  @Test func percentilesAreHassilBenchs() {
    let values = (1...100).map(Double.init)
    #expect(PeerBenchmark.percentile(values, 0.5) == 51)  // index round(49.5) = 50, to even as Python rounds
    #expect(PeerBenchmark.percentile(values, 0.99) == 99)  // index round(98.01) = 98
    #expect(PeerBenchmark.percentile([7], 0.99) == 7)
    #expect(PeerBenchmark.percentile([], 0.5) == 0)
  }

  @Test func readsTheWorkloadsLines() throws {
    let text = """
      {"id": 0, "text": "Play Plov please", "intent": null, "slots": {}, "tags": ["oog_unknown_name"]}
      {"id": 3, "text": "start a 30 minute run", "intent": "StartWorkout", "slots": {"duration": 30, "workout_name": "run"}, "tags": ["start_workout"]}
      {"id": 4, "text": "shuffle X", "intent": "PlayMedia", "slots": {"shuffle": true, "artist": "X"}, "tags": []}

      """
    let path = try EvalCommandTests.write(text, name: "utterances-1.jsonl")
    let rows = try PeerBenchmark.readRows(path: path)
    #expect(rows == [
      PeerBenchmark.Row(id: 0, text: "Play Plov please", intent: nil, tags: ["oog_unknown_name"]),
      PeerBenchmark.Row(
        id: 3, text: "start a 30 minute run", intent: "StartWorkout", slots: ["duration": .number(30), "workout_name": .text("run")],
        tags: ["start_workout"]),
      PeerBenchmark.Row(id: 4, text: "shuffle X", intent: "PlayMedia", slots: ["shuffle": .bool(true), "artist": .text("X")]),
    ])
  }

  @Test func resultLineHasExactlyTheFiguresTheScriptReads() throws {
    let rows = Self.readings.map { PeerBenchmark.Row(id: 0, text: $0.0, intent: $0.1, slots: $0.2) }
    let grammar = try Self.grammar.get()
    let lists = try Self.lists()
    let (result, misses) = PeerBenchmark.measure(rows: rows, n: 3, loadMilliseconds: 1.5, repeats: 1) { text in
      PeerBenchmark.Prediction(grammar.parse(text, lists: lists).first)
    }
    #expect(misses.isEmpty)
    #expect(result.intent_acc == 1 && result.slot_acc == 1 && result.oog_reject_rate == 1)
    #expect(result.n == 3 && result.utterances == rows.count && result.load_ms == 1.5)
    #expect(result.p50_us <= result.p99_us && result.utt_per_s > 0 && result.peak_rss_mb > 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonLine.utf8)) as? [String: Any])
    #expect(Set(object.keys) == [
      "n", "load_ms", "utterances", "utt_per_s", "mean_us", "p50_us", "p99_us", "intent_acc", "slot_acc", "oog_reject_rate",
      "peak_rss_mb",
    ])
  }

  // MARK: - The project's own grammars

  @Test func projectGrammarsAreScoredOnTheSlotsTheyCanName() {
    let row = PeerBenchmark.Row(
      id: 0, text: "", intent: "PlayMedia",
      slots: ["media_type": .text("album"), "album": .text("Sun, Vol. 6"), "artist": .text("X Y"), "resume": .bool(true)])
    // The album may be a mediaName; a reading without a media type is not marked down for it.
    let right = EvalPrediction(grammarIntent: "PlayMedia", slots: [
      PredictedSlot(name: "mediaName", value: "sun vol 6"), PredictedSlot(name: "artist", value: "X Y"),
      PredictedSlot(name: "domain", value: "song"),
    ])
    #expect(PeerProjectGrammars.judge(right, against: row).allRight)
    var wrongType = right
    wrongType.slots.append(PredictedSlot(name: "mediaType", value: "song"))
    #expect(!PeerProjectGrammars.judge(wrongType, against: row).allRight)
    let otherIntent = EvalPrediction(grammarIntent: "MediaResume")
    #expect(!PeerProjectGrammars.judge(otherIntent, against: row).intentRight)
    #expect(PeerProjectGrammars.judge(otherIntent, against: PeerBenchmark.Row(id: 0, text: "", intent: nil)).allRight)
    let workout = PeerBenchmark.Row(id: 0, text: "", intent: "StartWorkout", slots: ["duration": .number(30), "workout_name": .text("run")])
    let reading = EvalPrediction(grammarIntent: "StartWorkout", slots: [
      PredictedSlot(name: "goalDuration", value: "1800s"), PredictedSlot(name: "workoutName", value: "run"),
    ])
    #expect(PeerProjectGrammars.judge(reading, against: workout).allRight)
  }
}
