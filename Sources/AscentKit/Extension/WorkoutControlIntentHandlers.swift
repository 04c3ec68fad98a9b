import SiriIntents

/// The resolution, confirmation and handling the four control handlers share: each
/// checks the request against the workout in the store, and hands the change itself
/// to the main app.
protocol AscentWorkoutControlHandler: WorkoutControlIntentHandling {
  var store: AppGroupStore { get }
}

extension AscentWorkoutControlHandler {
  // MARK: Parameter resolution

  /// A name that fits the running workout resolves to it ("climbing" while wall
  /// climbing); a name for one obstacle to its canonical form; anything else stays as
  /// said, for confirm to turn down.
  public func resolveWorkoutName(for intent: WorkoutControlIntent) async -> ResolutionResult<String> {
    guard let name = intent.workoutName else { return .notRequired }
    let obstacles = Workout.Obstacle.matching(name)
    if let current = store.ascentCurrentWorkout, obstacles.contains(current.obstacle) {
      return .success(current.obstacle.intentWorkoutName)
    }
    return .success(obstacles.count == 1 ? obstacles[0].intentWorkoutName : name)
  }

  // MARK: Confirmation

  /// Refuses when nothing runs, another workout is named, or the action does not
  /// apply (pause while paused, resume while running).
  public func confirm(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse {
    if let note = controlFailure(for: intent, session: store.ascentCurrentWorkout) {
      return .failure(note)
    }
    return WorkoutControlIntentResponse(code: .ready)
  }

  // MARK: Handling

  /// Always handleInApp.
  public func handle(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse {
    // The workout lives in the main app, which applies the change.
    WorkoutControlIntentResponse(code: .handleInApp)
  }
}

/// Handles "pause my workout": refuses when nothing runs or it is already paused.
public struct PauseWorkoutIntentHandler: AscentWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.pause
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(store: AppGroupStore) { self.store = store }
}

/// Handles "resume my workout": refuses when nothing runs or it is not paused.
public struct ResumeWorkoutIntentHandler: AscentWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.resume
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(store: AppGroupStore) { self.store = store }
}

/// Handles "cancel my workout": the main app drops it without recording it.
public struct CancelWorkoutIntentHandler: AscentWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.cancel
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(store: AppGroupStore) { self.store = store }
}

/// Handles "end my workout": the main app records it in the history.
public struct EndWorkoutIntentHandler: AscentWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.end
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(store: AppGroupStore) { self.store = store }
}
