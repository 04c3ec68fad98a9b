import SiriIntents

/// A workout app's names in one more language: what Siri calls each workout there and
/// what people say for it, and the names there that fit several workouts. An app
/// definition's `localizations` key holds one per locale.
public struct WorkoutLocalization: Sendable, Equatable {
  /// Each workout's name and synonyms in this language, by the workout's id.
  public var kinds: [String: WorkoutKind]
  /// Names in this language that fit several workouts ("攀岩").
  public var ambiguousNames: [String]

  public init(kinds: [String: WorkoutKind] = [:], ambiguousNames: [String] = []) {
    self.kinds = kinds
    self.ambiguousNames = ambiguousNames
  }
}

extension WorkoutAppProfile {
  /// The profile as the app speaks in another language: each workout localized there
  /// takes that name (what Siri says back, what the history shows), and is heard by its
  /// names in both languages; `spokenNames` and the ambiguous names of that language
  /// are heard too. Workouts keep their ids, so a history is the same in every language.
  public func localized(_ localization: WorkoutLocalization, spokenNames more: [String] = []) -> WorkoutAppProfile {
    var profile = self
    profile.kinds = kinds.map { kind in
      guard let local = localization.kinds[kind.id] else { return kind }
      return WorkoutKind(id: kind.id, name: local.name, synonyms: local.spokenForms + kind.spokenForms)
    }
    // The definition's own ambiguous names first: the first one is the value the
    // grammars use for "a climbing workout" (`workoutName = climbing`).
    profile.ambiguousNames = ambiguousNames + localization.ambiguousNames.filter { !ambiguousNames.contains($0) }
    profile.spokenNames = spokenNames + more.filter { !spokenNames.contains($0) }
    return profile
  }
}
