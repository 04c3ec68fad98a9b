import SiriIntents

/// The resolution, confirmation and handling the four control handlers share: each
/// checks the request against the workout in the store, and hands the change itself
/// to the main app.
protocol StoredWorkoutControlHandler: WorkoutControlIntentHandling {
  var profile: WorkoutAppProfile { get }
  var store: AppGroupStore { get }
}

extension StoredWorkoutControlHandler {
  var storage: WorkoutStorage { WorkoutStorage(appName: profile.name) }

  // MARK: Parameter resolution

  /// A name that fits the running workout resolves to it ("climbing" while wall
  /// climbing); a name for one kind to its canonical form; anything else stays as
  /// said, for confirm to turn down.
  public func resolveWorkoutName(for intent: WorkoutControlIntent) async -> ResolutionResult<String> {
    guard let name = intent.workoutName else { return .notRequired }
    let kinds = profile.matching(name)
    if let current = store.currentWorkout(storage), let kind = kinds.first(where: { $0.id == current.kind }) {
      return .success(kind.name)
    }
    return .success(kinds.count == 1 ? kinds[0].name : name)
  }

  // MARK: Confirmation

  /// Refuses when nothing runs, another workout is named, or the action does not
  /// apply (pause while paused, resume while running).
  public func confirm(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse {
    if let note = controlFailure(for: intent, session: store.currentWorkout(storage), profile: profile) {
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
public struct PauseWorkoutIntentHandler: StoredWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.pause
  let profile: WorkoutAppProfile
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
  }
}

/// Handles "resume my workout": refuses when nothing runs or it is not paused.
public struct ResumeWorkoutIntentHandler: StoredWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.resume
  let profile: WorkoutAppProfile
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
  }
}

/// Handles "cancel my workout": the main app drops it without recording it.
public struct CancelWorkoutIntentHandler: StoredWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.cancel
  let profile: WorkoutAppProfile
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
  }
}

/// Handles "end my workout": the main app records it in the history.
public struct EndWorkoutIntentHandler: StoredWorkoutControlHandler {
  /// The action this handler handles.
  public let action = WorkoutControlAction.end
  let profile: WorkoutAppProfile
  let store: AppGroupStore

  /// A handler that checks requests against the workout in `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
  }
}
