import SiriIntents

/// Handles "pause", "resume", "cancel" or "end my workout", one handler per action:
/// checks the request against the workout in the store (refusing when nothing runs,
/// another workout is named, or the action does not apply: pause while paused, resume
/// while running), and hands the change itself to the main app, which pauses, resumes,
/// drops (cancel) or records (end) the workout.
public struct WorkoutControlIntentHandler: WorkoutControlIntentHandling {
  /// The action this handler handles.
  public let action: WorkoutControlAction
  let profile: WorkoutAppProfile
  let store: AppGroupStore

  /// A handler of `action` that checks requests against the workout in `store`.
  public init(action: WorkoutControlAction, profile: WorkoutAppProfile, store: AppGroupStore) {
    self.action = action
    self.profile = profile
    self.store = store
  }

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
