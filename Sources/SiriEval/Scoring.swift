import Foundation
import UtteranceParsing

/// The intent labels the evaluation knows.
public enum EvalIntents {
  /// The label of rows (and predictions) outside the SiriKit intents.
  public static let none = "none"

  /// The SiriKit intents, in report order. A prediction of any other grammar intent
  /// (`MediaPause`, `MediaNext`, … — system playback commands) counts as `none`.
  public static let siriKit = [
    "PlayMedia", "AddMedia", "UpdateMediaAffinity", "SearchForMedia",
    "StartWorkout", "PauseWorkout", "ResumeWorkout", "CancelWorkout", "EndWorkout",
  ]
  static let siriKitSet = Set(siriKit)

  /// The evaluation label of a grammar intent (`nil`: nothing parsed).
  public static func label(ofGrammarIntent intent: String?) -> String {
    guard let intent, siriKitSet.contains(intent) else { return none }
    return intent
  }

  /// Report order: SiriKit intents first, then other labels by name, `none` last.
  static func sorted(_ labels: some Sequence<String>) -> [String] {
    Array(Set(labels)).sorted { a, b in
      func rank(_ label: String) -> Int {
        if let index = siriKit.firstIndex(of: label) { return index }
        return label == none ? siriKit.count + 1 : siriKit.count
      }
      return (rank(a), a) < (rank(b), b)
    }
  }
}

/// The slot names and values the evaluation data annotates; everything else a grammar
/// fills is not scored.
public enum SlotVocabulary {
  /// Slots whose values are spans of the utterance, compared after
  /// ``UtteranceParsing/Tokenizer/normalize(_:)`` folding.
  public static let spanSlots: [String] = [
    "mediaName", "artist", "album", "playlist", "destinationPlaylist", "genre", "app",
  ]
  /// Slots whose values are one of a fixed set, compared as values. `shuffle` and
  /// `repeat` are booleans, written `true` / `false`.
  public static let enumerations: [String: Set<String>] = [
    "mediaType": ["song", "album", "artist", "playlist", "podcastShow", "podcastEpisode", "audioBook", "radioStation", "music"],
    "sortOrder": ["newest", "best", "popular", "recommended"],
    "reference": ["currentlyPlaying"],
    "queueLocation": ["next", "later"],
    "affinity": ["like", "dislike"],
    "shuffle": ["true", "false"],
    "repeat": ["true", "false"],
  ]
  /// Every scored slot name, in report order.
  public static let scoredSlots: [String] = spanSlots + [
    "mediaType", "sortOrder", "reference", "queueLocation", "affinity", "shuffle", "repeat",
  ]
  static let scoredSet = Set(scoredSlots)
  static let lowercasedEnumerations: [String: [String: String]] = enumerations.mapValues { values in
    Dictionary(uniqueKeysWithValues: values.map { ($0.lowercased(), $0) })
  }

  /// The canonical form of an annotated value: folded text for spans, the enumeration's
  /// own spelling for enumerations (matched without case), `nil` when nothing is left.
  static func expectedKey(_ name: String, _ value: String) -> String? {
    if let values = lowercasedEnumerations[name] {
      let folded = booleanKey(name, value) ?? value.trimmingCharacters(in: .whitespaces).lowercased()
      return values[folded] ?? (folded.isEmpty ? nil : folded)
    }
    let folded = Tokenizer.normalize(value)
    return folded.isEmpty ? nil : folded
  }

  /// The forms a predicted slot may match: for spans, the folded utterance text and the
  /// folded value (an app's display name, a catalog title); for enumerations, the value
  /// mapped onto the vocabulary, or `nil` when the value is not one the data can hold
  /// (`reference = my`, `mediaType = movie`, `sortOrder = trending`).
  static func predictedKeys(_ slot: PredictedSlot) -> [String]? {
    if let values = lowercasedEnumerations[slot.name] {
      let folded = booleanKey(slot.name, slot.value) ?? slot.value.trimmingCharacters(in: .whitespaces).lowercased()
      return values[folded].map { [$0] }
    }
    var keys: [String] = []
    for form in [slot.text, slot.value] {
      let folded = Tokenizer.normalize(form)
      if !folded.isEmpty, !keys.contains(folded) { keys.append(folded) }
    }
    return keys
  }

  /// `shuffle` / `repeat` values as `true` / `false`: `repeat = all` or `one` is on.
  static func booleanKey(_ name: String, _ value: String) -> String? {
    guard name == "shuffle" || name == "repeat" else { return nil }
    switch value.trimmingCharacters(in: .whitespaces).lowercased() {
    case "true", "yes", "on", "1", "all", "one": return "true"
    case "false", "no", "off", "0", "none": return "false"
    default: return nil
    }
  }
}

/// A slot of a parse, reduced to what the evaluation compares.
public struct PredictedSlot: Sendable, Equatable {
  public var name: String
  /// The slot's value as text (``UtteranceParsing/SlotValue/description``).
  public var value: String
  /// The words of the utterance it covers (empty for a template's fixed slots).
  public var text: String

  public init(name: String, value: String, text: String = "") {
    self.name = name
    self.value = value
    self.text = text
  }

  public init(_ match: SlotMatch) {
    self.init(name: match.name, value: match.value.description, text: match.text)
  }
}

/// What the parser made of one utterance.
public struct EvalPrediction: Sendable, Equatable {
  /// The best candidate's intent as the grammar names it; `nil` when nothing parsed.
  public var grammarIntent: String?
  public var slots: [PredictedSlot]
  /// Where the template that matched is written, `en-US/media.grammar:120:3`.
  public var templateLocation: String?
  /// The template's text.
  public var templateText: String?

  public init(grammarIntent: String?, slots: [PredictedSlot] = [], templateLocation: String? = nil, templateText: String? = nil) {
    self.grammarIntent = grammarIntent
    self.slots = slots
    self.templateLocation = templateLocation
    self.templateText = templateText
  }

  /// No candidate.
  public static let noParse = EvalPrediction(grammarIntent: nil)

  /// The best candidate of a parse.
  public init(candidate: ParseCandidate) {
    let location = candidate.template.location
    let path = location.file.split(separator: "/").suffix(2).joined(separator: "/")
    self.init(
      grammarIntent: candidate.intent, slots: candidate.slots.map(PredictedSlot.init),
      templateLocation: "\(path):\(location.line):\(location.column)", templateText: candidate.template.text)
  }

  /// The evaluation label: a SiriKit intent, or `none`.
  public var intent: String { EvalIntents.label(ofGrammarIntent: grammarIntent) }
}

/// True and false positives and false negatives.
public struct SlotCounts: Sendable, Equatable, Codable {
  public var truePositives = 0
  public var falsePositives = 0
  public var falseNegatives = 0

  public init(truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0) {
    self.truePositives = truePositives
    self.falsePositives = falsePositives
    self.falseNegatives = falseNegatives
  }

  public var precision: Double { ratio(truePositives, truePositives + falsePositives) }
  public var recall: Double { ratio(truePositives, truePositives + falseNegatives) }
  /// The harmonic mean of precision and recall; 0 when both are 0.
  public var f1: Double { f1Score(precision: precision, recall: recall) }
  public var errors: Int { falsePositives + falseNegatives }

  public static func + (a: SlotCounts, b: SlotCounts) -> SlotCounts {
    SlotCounts(
      truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
      falseNegatives: a.falseNegatives + b.falseNegatives)
  }

  public static func += (a: inout SlotCounts, b: SlotCounts) { a = a + b }

  enum CodingKeys: String, CodingKey {
    case truePositives = "tp", falsePositives = "fp", falseNegatives = "fn"
  }
}

/// `part / whole`, 0 when `whole` is 0.
func ratio(_ part: Int, _ whole: Int) -> Double {
  whole == 0 ? 0 : Double(part) / Double(whole)
}

func f1Score(precision: Double, recall: Double) -> Double {
  precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
}

/// A slot value that counts against the parse.
public struct SlotError: Sendable, Equatable {
  public enum Kind: String, Sendable { case missed, extra }
  public var kind: Kind
  public var name: String
  public var value: String
}

/// Where the sources' labels differ from what the slots mean in SiriKit, and how the
/// scorer agrees with them, so that slot F1 measures understanding rather than
/// convention. Each rule is documented in `Grammars/README.md` ("How slots are scored").
public struct LabelConventions: Sendable, Equatable {
  /// The source annotates `mediaType` and `sortOrder` only now and then (SLURP, MASSIVE
  /// and HWU64 label "song" as a media type once in 134 mentions, "playlist", "radio",
  /// "podcast" never, and sort words only inside a descriptor span): there, a value of
  /// these slots that the row doesn't annotate is not counted against the parse.
  public var scoresUnannotatedKinds = true
  /// The source has no search intent, and labels "find me a podcast about animals" as a
  /// request to play (SLURP, MASSIVE, HWU64): SiriKit's search intent
  /// (`INSearchForMediaIntent`) for a row labelled play counts as right.
  public var searchIsPlay = false
  /// The source's adding intent has no genre slot, so its annotators label a genre added
  /// to a playlist ("add some disco to …") as the thing added (Snips' and xSID's
  /// `AddToPlaylist`: `entity_name`, our `mediaName`): a genre read there is that name.
  public var addedGenreIsName = false

  public init(scoresUnannotatedKinds: Bool = true, searchIsPlay: Bool = false, addedGenreIsName: Bool = false) {
    self.scoresUnannotatedKinds = scoresUnannotatedKinds
    self.searchIsPlay = searchIsPlay
    self.addedGenreIsName = addedGenreIsName
  }

  /// Whether `predicted` is the right intent for a row labelled `expected`.
  public func accepts(_ predicted: String, for expected: String) -> Bool {
    predicted == expected || (searchIsPlay && expected == "PlayMedia" && predicted == "SearchForMedia")
  }

  /// Datasets (a row's `source` field) whose annotators label media types and sort
  /// words only now and then: the SLURP family.
  static let sparseKindDatasets: Set<String> = [
    "pswietojanski/slurp", "KennedyGakera/amazon_massive_dataset", "alexa/massive", "xliuhw/NLU-Evaluation-Data",
  ]

  /// Datasets whose adding intent (`AddToPlaylist`) has no genre slot: the Snips schema.
  static let genrelessAddingDatasets: Set<String> = ["sonos/nlu-benchmark", "mainlp/xsid"]

  /// The conventions of `row`'s source.
  public init(for row: EvalRow) {
    let slurpFamily = row.dataset.map(Self.sparseKindDatasets.contains) ?? false
    let genrelessAdding = row.intent == "AddMedia" && (row.dataset.map(Self.genrelessAddingDatasets.contains) ?? false)
    self.init(scoresUnannotatedKinds: !slurpFamily, searchIsPlay: slurpFamily, addedGenreIsName: genrelessAdding)
  }

  static let unannotatedSlots: Set<String> = ["mediaType", "sortOrder"]

  /// The station words that end a station's name ("country station", "oldies channel",
  /// "gospel radio").
  static let stationWords: Set<String> = ["station", "stations", "channel", "channels", "radio"]

  /// The expected station names made of a genre and a station word, by the genre a
  /// prediction would give (compared form, without a "music" before the station word),
  /// when the prediction reads a radio station. SiriKit's `INMediaSearch` says "play a
  /// country station" as the genre `country` and the type `radioStation`; SLURP's
  /// annotators name it `radio_name` "country station".
  static func stationsNamedByGenre(expected names: [String], predicted: [PredictedSlot]) -> [String: String] {
    guard predicted.contains(where: { $0.name == "mediaType" && $0.value == "radioStation" }) else { return [:] }
    var genres: [String: String] = [:]
    for name in names {
      let folded = Tokenizer.normalize(name)
      guard let last = folded.split(separator: " ").last, stationWords.contains(String(last)) else { continue }
      // The compared form leaves out the station words; "music" before them goes too.
      var genre = comparable(folded)
      if genre.hasSuffix(" music") { genre.removeLast(" music".count) }
      guard genre != folded else { continue }
      genres[genre] = name
    }
    return genres
  }

  /// Words a span may begin with that are not part of the name, for every source: the
  /// sources keep "the hunger games" and drop "my" in "book of vitamins", and write
  /// names with and without the article; a name is compared without them.
  static let leadingWords: Set<String> = ["the", "a", "an", "my", "your", "our", "his", "her", "their"]
  /// Kind words at either edge of a span: SLURP keeps "playlist" in 23 of 40 playlist
  /// names and a radio, station, show or band ("fm") word in half its radio names; Snips
  /// and the slots here don't. A name is compared without them.
  /// A kind may be two words: a radio band written as letters ("f. m.", folded "f m").
  static let edgeKindWords: [[String]] = [
    "playlist", "playlists", "radio", "station", "channel", "show", "podcast", "album", "song", "songs", "track",
    "tracks", "audiobook", "fm", "am", "f m", "a m",
  ].map { $0.split(separator: " ").map(String.init) }

  /// The form of a folded span value that scoring compares: without a leading article
  /// or possessive determiner, a kind word at either edge, or a final possessive `s`
  /// (the tokenizer makes "trussel's" `trussel`, `s`). What would leave nothing is kept.
  static func comparable(_ folded: String) -> String {
    var words = folded.split(separator: " ").map(String.init)
    func trim() {
      // A kind word first, then an article: "a m sixteen hundred" is the band "a m", not
      // the article "a" before "m sixteen hundred".
      if let kind = edgeKindWords.first(where: { words.count > $0.count && words.starts(with: $0) }) {
        words.removeFirst(kind.count)
      }
      if words.count > 1, let first = words.first, leadingWords.contains(first) { words.removeFirst() }
      if let kind = edgeKindWords.first(where: { words.count > $0.count && words.suffix($0.count).elementsEqual($0) }) {
        words.removeLast(kind.count)
      }
      if words.count > 1, words.last == "s" { words.removeLast() }
    }
    trim()
    trim()
    return words.joined(separator: " ")
  }
}

/// How the slots of one row compare with its annotation.
public struct SlotComparison: Sendable, Equatable {
  /// The counts of every scored slot name that occurs on either side.
  public var counts: [String: SlotCounts] = [:]
  /// The values that were missed (false negatives) or wrong (false positives).
  public var errors: [SlotError] = []
  /// Implied slots whose predicted value equals the implied one (not scored).
  public var impliedAgreed: [String] = []
  /// Predicted slots that are not scored: grammar-only names (`mood`, `workoutName`) and
  /// values outside the data's vocabulary (`reference = my`), as `name` / `name=value`.
  public var unscored: [String] = []

  public var total: SlotCounts { counts.values.reduce(SlotCounts(), +) }

  /// Compares the expected slots of `row` with `predicted`.
  ///
  /// - A slot named in the row's `implied` (and not annotated) is left out altogether:
  ///   its value was not said, so neither finding it nor missing it counts.
  /// - Values are matched one by one, so a list-valued annotation ("james taylor",
  ///   "cat stevens") gives one true positive per span found.
  ///
  /// `conventions` are the source's (see ``LabelConventions``): span values compare
  /// without a leading article, an edge kind word or a final `'s`; a radio station named
  /// by its frequency (`frequency`) is its name (`mediaName`); and for sources that label
  /// media types and sort words only now and then, an unannotated one isn't counted.
  public static func compare(
    expected: [String: [String]], implied: [String: [String]], predicted: [PredictedSlot],
    conventions: LabelConventions = LabelConventions()
  ) -> SlotComparison {
    var result = SlotComparison()
    var predictedByName: [String: [PredictedSlot]] = [:]
    let stationGenres = LabelConventions.stationsNamedByGenre(expected: expected["mediaName"] ?? [], predicted: predicted)
    // Only where the convention holds: the compared forms of the names the row gives.
    let expectedNames: Set<String> =
      conventions.addedGenreIsName ? Set((expected["mediaName"] ?? []).map { LabelConventions.comparable(Tokenizer.normalize($0)) }) : []
    for slot in predicted {
      // A genre added to a playlist, where the source's adding intent has no genre slot
      // and names it as the thing added ("add some disco to …": `entity_name` "disco").
      if slot.name == "genre", conventions.addedGenreIsName {
        let said = slot.text.isEmpty ? slot.value : slot.text
        if expectedNames.contains(LabelConventions.comparable(Tokenizer.normalize(said))) {
          predictedByName["mediaName", default: []].append(PredictedSlot(name: "mediaName", value: said, text: said))
          continue
        }
      }
      // A station the source names by its genre ("play a country station": `radio_name`
      // "country station") read as that genre of station: the name it was given.
      if slot.name == "genre",
        let name = stationGenres[LabelConventions.comparable(Tokenizer.normalize(slot.text.isEmpty ? slot.value : slot.text))]
      {
        predictedByName["mediaName", default: []].append(PredictedSlot(name: "mediaName", value: name, text: name))
        continue
      }
      // A station said by its frequency ("ninety two point one"): that is its name, also
      // next to a show's ("rush limbaugh on ninety seven fm": two names).
      if slot.name == "frequency" {
        predictedByName["mediaName", default: []].append(PredictedSlot(name: "mediaName", value: slot.text, text: slot.text))
        continue
      }
      guard SlotVocabulary.scoredSet.contains(slot.name) else {
        result.unscored.append(slot.name)
        continue
      }
      if !conventions.scoresUnannotatedKinds, LabelConventions.unannotatedSlots.contains(slot.name), expected[slot.name] == nil {
        result.unscored.append("\(slot.name)=\(slot.value)")
        continue
      }
      predictedByName[slot.name, default: []].append(slot)
    }
    for name in SlotVocabulary.scoredSlots {
      let expectedValues = expected[name] ?? []
      let predictedSlots = predictedByName[name] ?? []
      if expectedValues.isEmpty, let impliedValues = implied[name] {
        let impliedKeys = Set(impliedValues.compactMap { SlotVocabulary.expectedKey(name, $0) })
        if predictedSlots.contains(where: { (SlotVocabulary.predictedKeys($0) ?? []).contains(where: impliedKeys.contains) }) {
          result.impliedAgreed.append(name)
        }
        continue
      }
      let isSpan = SlotVocabulary.lowercasedEnumerations[name] == nil
      var remaining: [(slot: PredictedSlot, keys: [String])] = []
      for slot in predictedSlots {
        if let keys = SlotVocabulary.predictedKeys(slot) {
          remaining.append((slot, isSpan ? keys.map(LabelConventions.comparable) : keys))
        } else {
          result.unscored.append("\(name)=\(slot.value)")
        }
      }
      guard !expectedValues.isEmpty || !remaining.isEmpty else { continue }
      var counts = SlotCounts()
      for value in expectedValues {
        guard let found = SlotVocabulary.expectedKey(name, value) else { continue }
        let key = isSpan ? LabelConventions.comparable(found) : found
        if let index = remaining.firstIndex(where: { $0.keys.contains(key) }) {
          remaining.remove(at: index)
          counts.truePositives += 1
        } else {
          counts.falseNegatives += 1
          result.errors.append(SlotError(kind: .missed, name: name, value: value))
        }
      }
      for (slot, _) in remaining {
        counts.falsePositives += 1
        result.errors.append(SlotError(kind: .extra, name: name, value: slot.text.isEmpty ? slot.value : slot.text))
      }
      if counts != SlotCounts() { result.counts[name] = counts }
    }
    return result
  }
}
