import UtteranceParsing

extension Workout {
  /// What a climbing workout is on: Ascent's two workout types.
  public enum Obstacle: String, Sendable, Codable, CaseIterable, Hashable {
    /// Roped or wall climbing ("wall climb", "top rope", "lead climb").
    case wall
    /// Bouldering: short problems without a rope ("boulder climb", "bouldering").
    case boulder

    /// The name Ascent gives Siri and expects back in `workoutName`.
    public var intentWorkoutName: String {
      switch self {
      case .wall: return "wall climb"
      case .boulder: return "boulder climb"
      }
    }

    /// What people say for this obstacle, the canonical name first.
    public var spokenForms: [String] {
      switch self {
      case .wall:
        return [
          "wall climb", "wall climbing", "wall climbs", "climbing wall", "wall", "rock wall",
          "rock climb", "rock climbing", "top rope", "top roping", "top rope climb", "top rope climbing",
          "lead climb", "lead climbing", "sport climb", "sport climbing", "rope climb", "rope climbing",
        ]
      case .boulder:
        return [
          "boulder climb", "boulder climbing", "boulder", "boulders", "bouldering",
          "boulder problem", "boulder problems",
        ]
      }
    }

    /// Names that fit every obstacle ("climb", "climbing"): Ascent asks which one.
    public static let ambiguousForms = ["climb", "climbing", "climbs"]

    /// The obstacle `name` stands for, when it stands for exactly one.
    ///
    /// - Parameter name: A workout name as spoken or as Siri passes it, in any case
    ///   and with any punctuation ("Wall-Climbing", "rock climb indoors").
    public init?(intentWorkoutName name: String) {
      let matches = Self.matching(name)
      guard matches.count == 1, let obstacle = matches.first else { return nil }
      self = obstacle
    }

    /// Every obstacle `name` could stand for: one for a known name, all of them for a
    /// name that fits several ("climbing workout"), none for another activity ("yoga").
    ///
    /// Words that say where or what kind of session it is ("indoors", "workout",
    /// "a") are ignored; the rest must be one of the spoken forms.
    public static func matching(_ name: String) -> [Obstacle] {
      let words = Tokenizer.words(name).filter { !ignoredWords.contains($0) }
      guard !words.isEmpty else { return [] }
      let phrase = words.joined(separator: " ")
      if ambiguousForms.contains(phrase) { return allCases }
      return allCases.filter { obstacle in obstacle.spokenForms.contains(phrase) }
    }

    // NB: location words are a separate slot ("outdoor wall climb"); they may still
    // reach the name when the grammar keeps them, so they never decide the obstacle.
    static let ignoredWords: Set<String> = [
      "a", "an", "the", "my", "some", "workout", "workouts", "session", "exercise",
      "indoor", "indoors", "outdoor", "outdoors", "inside", "outside",
    ]
  }
}
