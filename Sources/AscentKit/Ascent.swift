import SiriIntents

/// Ascent, the climbing-workout app from Apple's "Handling Workout Requests with
/// SiriKit" sample: an Intents extension that resolves and confirms workout requests
/// and a main app that runs the workouts, sharing an app-group store.
public struct Ascent: SimulatedApp {
  /// `Ascent`.
  public let name = AscentStorage.appName
  /// Start, pause, resume, cancel and end workout.
  public let supportedIntents: Set<IntentName> = [
    .startWorkout, .pauseWorkout, .resumeWorkout, .cancelWorkout, .endWorkout,
  ]
  /// None: Ascent plays no media.
  public let supportedMediaTypes: Set<MediaItemType> = []
  /// The app-group store the extension and the main app share.
  public let store: AppGroupStore
  /// An ``AscentIntentsExtension``.
  public let intentsExtension: any IntentHandlerProviding
  /// An ``AscentApp``.
  public let mainApp: any AppDelegate

  /// The app, both halves over `store`.
  public init(store: AppGroupStore) {
    self.store = store
    intentsExtension = AscentIntentsExtension(store: store)
    mainApp = AscentApp(store: store)
  }

  /// The workout running or paused now, if any.
  public var currentWorkout: WorkoutSession? { store.ascentCurrentWorkout }

  /// The finished workouts, oldest first.
  public var history: WorkoutHistory { store.ascentHistory }

  /// The app's name, each obstacle under its spoken forms (valued as its canonical
  /// name), and the names that fit both obstacles (valued "climbing", which the
  /// extension answers with a disambiguation).
  public func vocabulary() -> [VocabularyTerm] {
    var terms = [VocabularyTerm(type: .appName, phrases: [name], value: name)]
    terms += Workout.Obstacle.allCases.map {
      VocabularyTerm(type: .workoutActivityName, phrases: $0.spokenForms, value: $0.intentWorkoutName)
    }
    terms.append(VocabularyTerm(type: .workoutActivityName, phrases: Workout.Obstacle.ambiguousForms, value: "climbing"))
    return terms
  }

  /// The current workout (state, active time, goal progress) and how many are past.
  public func stateDescription() -> [String] {
    let current = currentWorkout.map { WorkoutFormatting.sessionLine($0, at: store.clock.elapsed) } ?? "none"
    return ["current workout: \(current)", "past workouts: \(history.count)"]
  }

  /// One line per finished workout, oldest first, for `:history`, e.g.
  /// `1. wall climb, outdoor, 30 min goal, 25:00 active, ended`.
  public func historyLines() -> [String] {
    let workouts = history.workouts
    guard !workouts.isEmpty else { return ["no past workouts"] }
    return workouts.enumerated().map { WorkoutFormatting.historyLine($1, number: $0 + 1) }
  }
}
