import SiriIntents

/// A workout app's main app: runs the workouts the extension hands over.
///
/// Launched in the background for handleInApp (`application(_:handle:)`), it starts,
/// pauses, resumes, ends or cancels the workout in the shared store, at the simulated
/// time. It checks the request again, since the workout may have changed between the
/// extension's confirm and now. Ending a workout records it in the history;
/// cancelling forgets it.
public struct WorkoutMainApp: AppDelegate {
  let profile: WorkoutAppProfile
  let store: AppGroupStore
  let storage: WorkoutStorage

  /// The main app over the app-group `store` it shares with the extension.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
    storage = WorkoutStorage(appName: profile.name)
  }

  /// Starts or changes the workout, for the start and control intents; a plain
  /// failure for anything else.
  public func application(handle intent: Intent) async -> IntentResponse {
    switch intent {
    case .startWorkout(let intent):
      return .startWorkout(start(intent))
    case .workoutControl(let intent):
      return .workoutControl(control(intent))
    default:
      return .failure(for: intent)
    }
  }

  /// Opened in the foreground: shows the current workout and the history. Opening
  /// the app changes nothing; only handleInApp does.
  public func application(continue activity: UserActivity, intent: Intent) async -> [String] {
    screen()
  }

  // MARK: - Workouts

  /// Starts the workout the intent names, active from now.
  func start(_ intent: StartWorkoutIntent) -> StartWorkoutIntentResponse {
    if let current = store.currentWorkout(storage), current.state.isOngoing {
      return StartWorkoutIntentResponse(code: .failureOngoingWorkout, note: WorkoutNote.ongoing.rawValue)
    }
    guard let name = intent.workoutName, let kind = profile.kind(named: name) else {
      return StartWorkoutIntentResponse(code: .failureNoMatchingWorkout, note: WorkoutNote.unknownWorkout.rawValue)
    }
    // NB: resolution asked for a unit when a goal came without one; a goal that still
    // lacks one (or is not positive) is dropped, and the workout is open-ended.
    var goal: Workout.Goal?
    if let value = intent.goalValue, value > 0, intent.workoutGoalUnitType != .unknown {
      goal = Workout.Goal(value: value, unit: intent.workoutGoalUnitType)
    }
    let session = WorkoutSession(
      id: store.workoutHistory(storage).nextID, kind: kind.id, goal: goal, location: intent.workoutLocationType,
      startedAt: store.clock.elapsed)
    store.setCurrentWorkout(session, storage)
    return StartWorkoutIntentResponse(code: .success)
  }

  /// Pauses, resumes, ends or cancels the current workout, now.
  func control(_ intent: WorkoutControlIntent) -> WorkoutControlIntentResponse {
    let current = store.currentWorkout(storage)
    if let note = controlFailure(for: intent, session: current, profile: profile) { return .failure(note) }
    guard var session = current else { return .failure(.noWorkout) }
    do {
      try session.apply(intent.action, at: store.clock.elapsed)
    } catch {
      return .failure(error.note)
    }
    if session.state.isOngoing {
      store.setCurrentWorkout(session, storage)
    } else {
      if let workout = session.finishedWorkout {
        store.updateWorkoutHistory(storage) { $0.append(workout) }
      }
      store.setCurrentWorkout(nil, storage)
    }
    return WorkoutControlIntentResponse(code: .success)
  }

  // MARK: - Screen

  /// What the app shows: the current workout, then the history.
  func screen() -> [String] {
    var lines = [profile.name]
    let format = WorkoutFormatting(profile: profile)
    if let session = store.currentWorkout(storage) {
      lines.append("Current workout: " + format.sessionLine(session, at: store.clock.elapsed))
    } else {
      lines.append("No workout in progress.")
    }
    let history = store.workoutHistory(storage)
    lines.append(history.isEmpty ? "History: none yet." : "History:")
    lines += history.workouts.enumerated().map { "  " + format.historyLine($1, number: $0 + 1) }
    return lines
  }
}
