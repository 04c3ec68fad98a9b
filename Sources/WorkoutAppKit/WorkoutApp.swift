import SiriIntents

/// A workout app, as Apple's "Handling Workout Requests with SiriKit" sample (Ascent, a
/// climbing app) shows one: an Intents extension that resolves and confirms workout
/// requests and a main app that runs the workouts, sharing an app-group store. What it
/// offers comes from its ``WorkoutAppProfile`` (an app definition file).
public struct WorkoutApp: SimulatedApp {
  public let profile: WorkoutAppProfile
  public var name: String { profile.name }
  public var supportedIntents: Set<IntentName> { profile.supportedIntents }
  /// None: a workout app plays no media.
  public let supportedMediaTypes: Set<MediaItemType> = []
  /// The app-group store the extension and the main app share.
  public let store: AppGroupStore
  /// A ``WorkoutIntentsExtension``.
  public let intentsExtension: any IntentHandlerProviding
  /// A ``WorkoutMainApp``.
  public let mainApp: any AppDelegate
  let storage: WorkoutStorage

  /// The app, both halves over `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
    storage = WorkoutStorage(appName: profile.name)
    intentsExtension = WorkoutIntentsExtension(profile: profile, store: store)
    mainApp = WorkoutMainApp(profile: profile, store: store)
  }

  /// The workout running or paused now, if any.
  public var currentWorkout: WorkoutSession? { store.currentWorkout(storage) }

  /// The finished workouts, oldest first.
  public var history: WorkoutHistory { store.workoutHistory(storage) }

  /// The app's name, each workout under its spoken forms (valued as its canonical
  /// name), and the names that fit every workout (valued as the first of them, which
  /// the extension answers with a disambiguation).
  public func vocabulary() -> [VocabularyTerm] {
    var terms = [VocabularyTerm(type: .appName, phrases: [name] + profile.spokenNames, value: name)]
    terms += profile.kinds.map { VocabularyTerm(type: .workoutActivityName, phrases: $0.spokenForms, value: $0.name) }
    if let first = profile.ambiguousNames.first {
      terms.append(VocabularyTerm(type: .workoutActivityName, phrases: profile.ambiguousNames, value: first))
    }
    return terms
  }

  /// The current workout (state, active time, goal progress) and how many are past.
  public func stateDescription() -> [String] {
    let format = WorkoutFormatting(profile: profile)
    let current = currentWorkout.map { format.sessionLine($0, at: store.clock.elapsed) } ?? "none"
    return ["current workout: \(current)", "past workouts: \(history.count)"]
  }

  /// One line per finished workout, oldest first, for `:history`, e.g.
  /// `1. wall climb, outdoor, 30 min goal, 25:00 active, ended`.
  public func historyLines() -> [String] {
    let workouts = history.workouts
    guard !workouts.isEmpty else { return ["no past workouts"] }
    let format = WorkoutFormatting(profile: profile)
    return workouts.enumerated().map { format.historyLine($1, number: $0 + 1) }
  }
}
