import SiriIntents
import UtteranceParsing

/// One kind of workout an app offers: Ascent's "wall climb" and "boulder climb", a
/// running app's "outdoor run"…
public struct WorkoutKind: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// A stable id, kept in the app's history (`wall`).
  public var id: String
  /// The name the app gives Siri and expects back in `workoutName` (`wall climb`).
  public var name: String
  /// What people say for it, the name first (`wall climb`, `top rope`, `lead climbing`).
  public var spokenForms: [String]

  public init(id: String, name: String, synonyms: [String] = []) {
    self.id = id
    self.name = name
    spokenForms = [name] + synonyms.filter { $0 != name }
  }
}

/// Everything that makes one workout app what it is: its name, its workouts and what
/// people call them, and which goals and locations it takes. Ascent, the climbing app
/// of Apple's sample, is one (`SampleApps/ascent.json`); a user's own app file makes
/// another.
public struct WorkoutAppProfile: Sendable, Equatable {
  public var name: String
  /// Other ways people say the app's name.
  public var spokenNames: [String]
  public var kinds: [WorkoutKind]
  /// Names that fit every kind ("climb", "climbing"): the app asks which one.
  public var ambiguousNames: [String]
  /// Goal units the app can track (time, distance, energy…).
  public var goalUnits: Set<WorkoutGoalUnitType>
  /// Where its workouts can take place; a location said outside these is unsupported.
  public var locations: Set<WorkoutLocationType>
  /// Whether a workout may start without a goal (and run until ended).
  public var supportsOpenEnded: Bool
  /// The workout intents its extension supports.
  public var supportedIntents: Set<IntentName>

  public init(
    name: String, spokenNames: [String] = [], kinds: [WorkoutKind], ambiguousNames: [String] = [],
    goalUnits: Set<WorkoutGoalUnitType> = Self.allGoalUnits, locations: Set<WorkoutLocationType> = [.indoor, .outdoor],
    supportsOpenEnded: Bool = true,
    supportedIntents: Set<IntentName> = [.startWorkout, .pauseWorkout, .resumeWorkout, .cancelWorkout, .endWorkout]
  ) {
    self.name = name
    self.spokenNames = spokenNames
    self.kinds = kinds
    self.ambiguousNames = ambiguousNames
    self.goalUnits = goalUnits
    self.locations = locations
    self.supportsOpenEnded = supportsOpenEnded
    self.supportedIntents = supportedIntents
  }

  /// Every goal unit but `unknown`.
  public static let allGoalUnits = Set(WorkoutGoalUnitType.allCases.filter { $0 != .unknown })

  /// The kind with this id.
  public func kind(id: String) -> WorkoutKind? {
    kinds.first { $0.id == id }
  }

  /// The kind `name` stands for, when it stands for exactly one.
  public func kind(named name: String) -> WorkoutKind? {
    let matches = matching(name)
    return matches.count == 1 ? matches[0] : nil
  }

  /// Every kind `name` could stand for: one for a known name, all of them for a name
  /// that fits every kind ("climbing workout"), none for another activity ("yoga").
  ///
  /// Words that say where or what kind of session it is ("indoors", "workout", "a")
  /// are ignored; the rest must be one of the spoken forms, compared folded (any case,
  /// any punctuation: "Wall-Climbing").
  public func matching(_ name: String) -> [WorkoutKind] {
    let words = Tokenizer.words(name).filter { !Self.ignoredWords.contains($0) }
    // Joined as the spoken forms are normalized: no space between two ideographs.
    let phrase = Self.withoutIgnoredPhrases(Tokenizer.join(words))
    guard !phrase.isEmpty else { return [] }
    if ambiguousNames.contains(where: { Tokenizer.normalize($0) == phrase }) { return kinds }
    return kinds.filter { kind in kind.spokenForms.contains { Tokenizer.normalize($0) == phrase } }
  }

  // NB: location words are a separate slot ("outdoor wall climb"); they may still
  // reach the name when the grammar keeps them, so they never decide the kind.
  static let ignoredWords: Set<String> = [
    "a", "an", "the", "my", "some", "workout", "workouts", "session", "exercise",
    "indoor", "indoors", "outdoor", "outdoors", "inside", "outside",
  ]

  /// The same words in languages written without spaces, where a word is several
  /// tokens: said before or after the name ("户外抱石", "抱石锻炼"), they are taken off.
  static let ignoredPhrases = ["户外", "室外", "室内", "锻炼", "运动", "训练", "一个", "一次", "我的"]

  static func withoutIgnoredPhrases(_ phrase: String) -> String {
    var phrase = Substring(phrase)
    var changed = true
    while changed {
      changed = false
      for word in ignoredPhrases where phrase.count > word.count {
        if phrase.hasPrefix(word) {
          phrase = phrase.dropFirst(word.count)
          changed = true
        } else if phrase.hasSuffix(word) {
          phrase = phrase.dropLast(word.count)
          changed = true
        }
      }
    }
    return String(phrase)
  }
}
