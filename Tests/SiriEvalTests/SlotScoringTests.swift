import Testing

@testable import SiriEval

/// The slot arithmetic of one row: TP/FP/FN, folding, enumerations, implied and lists.
struct SlotScoringTests {
  func compare(
    _ expected: [String: [String]], implied: [String: [String]] = [:], _ predicted: [PredictedSlot]
  ) -> SlotComparison {
    SlotComparison.compare(expected: expected, implied: implied, predicted: predicted)
  }

  @Test func exactMatchesAreTruePositives() {
    let result = compare(
      ["mediaName": ["Aspro Mavro"], "artist": ["Bill Szymczyk"]],
      [PredictedSlot(name: "mediaName", value: "Aspro Mavro", text: "Aspro Mavro"),
       PredictedSlot(name: "artist", value: "Bill Szymczyk", text: "Bill Szymczyk")])
    #expect(result.total == SlotCounts(truePositives: 2, falsePositives: 0, falseNegatives: 0))
    #expect(result.errors.isEmpty)
  }

  @Test func wrongSpanIsOneFalsePositiveAndOneFalseNegative() {
    let result = compare(
      ["mediaName": ["love me"], "artist": ["aman"]],
      [PredictedSlot(name: "mediaName", value: "love me by aman", text: "love me by aman")])
    #expect(result.counts["mediaName"] == SlotCounts(truePositives: 0, falsePositives: 1, falseNegatives: 1))
    #expect(result.counts["artist"] == SlotCounts(truePositives: 0, falsePositives: 0, falseNegatives: 1))
    #expect(result.total == SlotCounts(truePositives: 0, falsePositives: 1, falseNegatives: 2))
    #expect(result.errors.contains(SlotError(kind: .missed, name: "artist", value: "aman")))
    #expect(result.errors.contains(SlotError(kind: .extra, name: "mediaName", value: "love me by aman")))
  }

  @Test func extraScoredSlotIsAFalsePositive() {
    let result = compare(["genre": ["jazz"]], [
      PredictedSlot(name: "genre", value: "jazz", text: "jazz"),
      PredictedSlot(name: "mediaType", value: "song", text: ""),
    ])
    #expect(result.counts["genre"] == SlotCounts(truePositives: 1))
    #expect(result.counts["mediaType"] == SlotCounts(falsePositives: 1))
  }

  @Test func caseAndPunctuationAreFolded() {
    let result = compare(
      ["mediaName": ["Don't Stop Me Now!"], "artist": ["Beyoncé"]],
      [PredictedSlot(name: "mediaName", value: "dont stop me now", text: "dont stop me now"),
       PredictedSlot(name: "artist", value: "x", text: "BEYONCE")])
    #expect(result.total == SlotCounts(truePositives: 2))
  }

  @Test func appMatchesByDisplayNameOrSpokenText() {
    // The app slot's value is the display name, its text what was said.
    let byValue = compare(["app": ["deezer"]], [PredictedSlot(name: "app", value: "Deezer", text: "dieser")])
    let byText = compare(["app": ["Audio Cast"]], [PredictedSlot(name: "app", value: "AudioCast", text: "audio cast")])
    #expect(byValue.total == SlotCounts(truePositives: 1))
    #expect(byText.total == SlotCounts(truePositives: 1))
  }

  @Test func unscoredSlotNamesAreIgnored() {
    let result = compare([:], [
      PredictedSlot(name: "mood", value: "chill", text: "chill"),
      PredictedSlot(name: "workoutName", value: "run", text: "run"),
      PredictedSlot(name: "destination", value: "library", text: ""),
      PredictedSlot(name: "playbackSpeed", value: "2x", text: "double speed"),
    ])
    #expect(result.total == SlotCounts())
    #expect(result.unscored == ["mood", "workoutName", "destination", "playbackSpeed"])
  }

  @Test func enumerationValuesOutsideTheVocabularyAreIgnored() {
    let result = compare(["mediaType": ["song"]], [
      PredictedSlot(name: "reference", value: "my", text: ""),
      PredictedSlot(name: "mediaType", value: "movie", text: "movie"),
      PredictedSlot(name: "sortOrder", value: "trending", text: "trending"),
    ])
    // The expected song is still missed; the out-of-vocabulary predictions are not wrong.
    #expect(result.total == SlotCounts(falseNegatives: 1))
    #expect(result.unscored == ["mediaType=movie", "sortOrder=trending", "reference=my"])
  }

  @Test func enumerationsCompareValuesNotText() {
    let result = compare(
      ["mediaType": ["podcastEpisode"], "sortOrder": ["newest"], "reference": ["currentlyPlaying"], "affinity": ["like"]],
      [PredictedSlot(name: "mediaType", value: "podcastEpisode", text: "episode"),
       PredictedSlot(name: "sortOrder", value: "newest", text: "latest"),
       PredictedSlot(name: "reference", value: "currentlyPlaying", text: ""),
       PredictedSlot(name: "affinity", value: "dislike", text: "hate")])
    #expect(result.counts["mediaType"] == SlotCounts(truePositives: 1))
    #expect(result.counts["sortOrder"] == SlotCounts(truePositives: 1))
    #expect(result.counts["reference"] == SlotCounts(truePositives: 1))
    #expect(result.counts["affinity"] == SlotCounts(falsePositives: 1, falseNegatives: 1))
  }

  @Test func booleansAndRepeatModes() {
    // Expected JSON booleans are read as "true" / "false"; repeat = all / one means on.
    let on = compare(["shuffle": ["true"], "repeat": ["true"]], [
      PredictedSlot(name: "shuffle", value: "true", text: "on shuffle"),
      PredictedSlot(name: "repeat", value: "one", text: ""),
    ])
    #expect(on.total == SlotCounts(truePositives: 2))
    let all = compare(["repeat": ["true"]], [PredictedSlot(name: "repeat", value: "all", text: "on repeat")])
    #expect(all.total == SlotCounts(truePositives: 1))
    let off = compare(["shuffle": ["false"]], [PredictedSlot(name: "shuffle", value: "true", text: "shuffle")])
    #expect(off.total == SlotCounts(falsePositives: 1, falseNegatives: 1))
  }

  @Test func listValuesMatchElementWise() {
    let result = compare(
      ["artist": ["james taylor", "joni mitchell", "cat stevens"]],
      [PredictedSlot(name: "artist", value: "cat stevens", text: "cat stevens"),
       PredictedSlot(name: "artist", value: "james taylor", text: "james taylor"),
       PredictedSlot(name: "artist", value: "joni", text: "joni")])
    #expect(result.counts["artist"] == SlotCounts(truePositives: 2, falsePositives: 1, falseNegatives: 1))
  }

  @Test func duplicatePredictionsDoNotMatchOneValueTwice() {
    let result = compare(["artist": ["adele"]], [
      PredictedSlot(name: "artist", value: "adele", text: "adele"),
      PredictedSlot(name: "artist", value: "adele", text: "adele"),
    ])
    #expect(result.counts["artist"] == SlotCounts(truePositives: 1, falsePositives: 1))
  }

  @Test func impliedSlotsAreNeitherFoundNorMissed() {
    let missing = compare(["mediaName": ["levin"]], implied: ["mediaType": ["podcastEpisode"]], [
      PredictedSlot(name: "mediaName", value: "levin", text: "levin")
    ])
    #expect(missing.total == SlotCounts(truePositives: 1))
    #expect(missing.impliedAgreed.isEmpty)

    let agreed = compare([:], implied: ["mediaType": ["radioStation"]], [
      PredictedSlot(name: "mediaType", value: "radioStation", text: "")
    ])
    #expect(agreed.total == SlotCounts())
    #expect(agreed.impliedAgreed == ["mediaType"])

    let other = compare([:], implied: ["mediaType": ["song"]], [
      PredictedSlot(name: "mediaType", value: "audioBook", text: "")
    ])
    #expect(other.total == SlotCounts())
    #expect(other.impliedAgreed.isEmpty)
  }

  @Test func annotatedSlotWinsOverImplied() {
    let result = compare(["mediaType": ["album"]], implied: ["mediaType": ["song"]], [])
    #expect(result.total == SlotCounts(falseNegatives: 1))
  }

  @Test func precisionRecallAndF1() {
    let counts = SlotCounts(truePositives: 6, falsePositives: 2, falseNegatives: 4)
    #expect(counts.precision == 0.75)
    #expect(counts.recall == 0.6)
    #expect(abs(counts.f1 - 2 * 0.75 * 0.6 / 1.35) < 1e-12)
    #expect(SlotCounts().precision == 0)
    #expect(SlotCounts().f1 == 0)
  }
}

/// Where the sources label differently from what the slots mean (``LabelConventions``),
/// each rule on the examples that motivate it and on what it must leave alone.
struct LabelConventionTests {
  static let slurp = LabelConventions(for: EvalRow(id: "s", text: "", intent: "PlayMedia", dataset: "pswietojanski/slurp"))
  static let snips = LabelConventions(for: EvalRow(id: "n", text: "", intent: "PlayMedia", dataset: "sonos/nlu-benchmark"))

  func compare(
    _ expected: [String: [String]], _ predicted: [PredictedSlot], conventions: LabelConventions = Self.snips
  ) -> SlotComparison {
    SlotComparison.compare(expected: expected, implied: [:], predicted: predicted, conventions: conventions)
  }

  @Test(arguments: [
    ("the hunger games", "hunger games"), ("my gym playlist", "gym"), ("radio disney", "disney"),
    ("duncan trussel's", "duncan trussel"), ("the bob and tom show", "bob and tom"), ("playlist", "playlist"),
    ("kiss f. m.", "kiss"), ("pdr am", "pdr"), ("fm ninety six point five", "ninety six point five"),
    ("a m sixteen hundred", "sixteen hundred"), ("a song for you", "song for you"),
  ])
  func spansCompareWithoutArticlesKindWordsOrPossessives(expected: String, predicted: String) {
    let result = compare(["mediaName": [expected]], [PredictedSlot(name: "mediaName", value: predicted, text: predicted)])
    #expect(result.total == SlotCounts(truePositives: 1), "\(expected) / \(predicted)")
  }

  @Test func differentNamesStillDiffer() {
    let result = compare(["mediaName": ["the hunger games"]], [PredictedSlot(name: "mediaName", value: "hunger", text: "hunger")])
    #expect(result.total == SlotCounts(falsePositives: 1, falseNegatives: 1))
  }

  @Test func aStationSaidByItsFrequencyIsItsName() {
    let result = compare(
      ["mediaName": ["ninety two point one"]], [PredictedSlot(name: "frequency", value: "92.1", text: "ninety two point one")])
    #expect(result.total == SlotCounts(truePositives: 1))
    // Beside a show's name, both are names; the band is not part of either.
    let both = compare(
      ["mediaName": ["rush limbaugh", "ninety seven fm"]],
      [
        PredictedSlot(name: "mediaName", value: "rush limbaugh", text: "rush limbaugh"),
        PredictedSlot(name: "frequency", value: "97", text: "ninety seven"),
      ])
    #expect(both.total == SlotCounts(truePositives: 2))
  }

  /// A station the source names by its genre ("country station") is right when the parse
  /// reads that genre of radio station, and only then.
  @Test func aStationNamedByItsGenreIsThatGenreOfStation() {
    let station = PredictedSlot(name: "mediaType", value: "radioStation", text: "station")
    for name in ["country station", "country music station", "the rock radio station", "gospel radio", "oldies channel"] {
      let genre = name.split(separator: " ").first { $0 != "the" }.map(String.init) ?? ""
      let result = compare(["mediaName": [name]], [PredictedSlot(name: "genre", value: genre, text: genre), station], conventions: Self.slurp)
      #expect(result.counts["mediaName"] == SlotCounts(truePositives: 1), "\(name)")
      #expect(result.counts["genre"] == nil, "\(name)")
    }
    // Without the station type, a genre is a genre; another genre is wrong.
    let untyped = compare(["mediaName": ["country station"]], [PredictedSlot(name: "genre", value: "country", text: "country")])
    #expect(untyped.total == SlotCounts(falsePositives: 1, falseNegatives: 1))
    let other = compare(["mediaName": ["country station"]], [PredictedSlot(name: "genre", value: "jazz", text: "jazz"), station])
    #expect(other.counts["genre"] == SlotCounts(falsePositives: 1))
    #expect(other.counts["mediaName"] == SlotCounts(falseNegatives: 1))
  }

  /// Snips' adding intent has no genre slot: a genre added is labelled as the thing
  /// added, and is right there when read as that genre, and only there.
  @Test func aGenreAddedIsTheNameWhereTheSourceCannotSayGenre() {
    let adding = LabelConventions(for: EvalRow(id: "a", text: "", intent: "AddMedia", dataset: "sonos/nlu-benchmark"))
    let disco = [PredictedSlot(name: "genre", value: "disco", text: "disco")]
    #expect(compare(["mediaName": ["disco"]], disco, conventions: adding).total == SlotCounts(truePositives: 1))
    // Another name, or a genre the row labels as a genre, or playing, or SLURP: a genre.
    #expect(compare(["mediaName": ["jazz"]], disco, conventions: adding).total == SlotCounts(falsePositives: 1, falseNegatives: 1))
    #expect(compare(["genre": ["disco"]], disco, conventions: adding).total == SlotCounts(truePositives: 1))
    #expect(compare(["mediaName": ["disco"]], disco, conventions: Self.snips).total == SlotCounts(falsePositives: 1, falseNegatives: 1))
    let slurpAdding = LabelConventions(for: EvalRow(id: "b", text: "", intent: "AddMedia", dataset: "pswietojanski/slurp"))
    #expect(!slurpAdding.addedGenreIsName)
  }

  /// SLURP-family annotators seldom label media types or sort words: an unannotated one
  /// isn't counted there, and still is for Snips.
  @Test func unannotatedKindsCountOnlyWhereTheSourceLabelsThem() {
    let predicted = [
      PredictedSlot(name: "mediaName", value: "yesterday", text: "yesterday"),
      PredictedSlot(name: "mediaType", value: "song", text: ""), PredictedSlot(name: "sortOrder", value: "newest", text: ""),
    ]
    let slurp = compare(["mediaName": ["yesterday"]], predicted, conventions: Self.slurp)
    #expect(slurp.total == SlotCounts(truePositives: 1))
    #expect(slurp.unscored.contains("mediaType=song"))
    let snips = compare(["mediaName": ["yesterday"]], predicted, conventions: Self.snips)
    #expect(snips.total == SlotCounts(truePositives: 1, falsePositives: 2))
    // Annotated, it is scored everywhere.
    let annotated = compare(["mediaName": ["yesterday"], "mediaType": ["audioBook"]], predicted, conventions: Self.slurp)
    #expect(annotated.counts["mediaType"] == SlotCounts(falsePositives: 1, falseNegatives: 1))
  }

  /// Sources without a search intent label "find me a podcast about animals" as play.
  @Test func searchCountsAsPlayWhereTheSourceHasNoSearchIntent() {
    func outcome(_ dataset: String, expected: String, predicted: String) -> RowOutcome {
      RowOutcome(
        row: EvalRow(id: "r", text: "find me a podcast about animals", intent: expected, dataset: dataset),
        prediction: EvalPrediction(grammarIntent: predicted))
    }
    #expect(outcome("pswietojanski/slurp", expected: "PlayMedia", predicted: "SearchForMedia").isIntentCorrect)
    #expect(outcome("xliuhw/NLU-Evaluation-Data", expected: "PlayMedia", predicted: "SearchForMedia").isIntentCorrect)
    #expect(!outcome("sonos/nlu-benchmark", expected: "PlayMedia", predicted: "SearchForMedia").isIntentCorrect)
    #expect(!outcome("pswietojanski/slurp", expected: "SearchForMedia", predicted: "PlayMedia").isIntentCorrect)
    #expect(!outcome("pswietojanski/slurp", expected: "none", predicted: "SearchForMedia").isIntentCorrect)
  }
}
