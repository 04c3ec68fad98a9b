import SiriIntents

/// A workout app's extension-side handling of "start a wall climb".
///
/// Resolution turns what was said into one of the app's workouts: a known name becomes
/// its canonical form, a name that fits several asks which one, and no name at all
/// suggests the last workout from the history. The goal is kept as given but must be
/// positive and in a unit the app tracks. Handling never starts the workout: the
/// extension answers handleInApp and the main app runs it in the background.
public struct StartWorkoutIntentHandler: StartWorkoutIntentHandling {
  let profile: WorkoutAppProfile
  let store: AppGroupStore
  let storage: WorkoutStorage

  /// A handler that reads the current workout and the history from `store`.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    self.store = store
    storage = WorkoutStorage(appName: profile.name)
  }

  // MARK: Parameter resolution

  /// One kind: its canonical name; several: which one; none said: the last one done,
  /// to confirm; an unknown name or no history: ask.
  public func resolveWorkoutName(for intent: StartWorkoutIntent) async -> ResolutionResult<String> {
    guard let name = intent.workoutName else {
      // No name: suggest the workout done last time, if there was a last time.
      if let last = store.workoutHistory(storage).last, let kind = profile.kind(id: last.kind) {
        return .confirmationRequired(kind.name)
      }
      return .needsValue
    }
    let kinds = profile.matching(name)
    switch kinds.count {
    case 0: return .needsValue
    case 1: return .success(kinds[0].name)
    default: return .disambiguation(kinds.map(\.name))
    }
  }

  /// Any positive goal, as given; zero or less is unsupported. An app whose workouts
  /// can't be open-ended asks for one.
  public func resolveGoalValue(for intent: StartWorkoutIntent) async -> ResolutionResult<Double> {
    guard let value = intent.goalValue else { return profile.supportsOpenEnded ? .notRequired : .needsValue }
    // Positive, and something a person could climb towards (a million of any unit is not).
    return value > 0 && value < 1_000_000 ? .success(value) : .unsupported(nil)
  }

  /// A time, distance or energy unit, as given; asks for one when a goal has none.
  public func resolveWorkoutGoalUnitType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutGoalUnitType> {
    let unit = intent.workoutGoalUnitType
    if unit == .unknown {
      // A goal needs a unit ("30 what?"); without a goal, no unit is needed.
      return intent.goalValue == nil ? .notRequired : .needsValue
    }
    return profile.goalUnits.contains(unit) ? .success(unit) : .unsupported(nil)
  }

  /// Open-ended exactly when there is no goal.
  public func resolveIsOpenEnded(for intent: StartWorkoutIntent) async -> ResolutionResult<Bool> {
    .success(intent.goalValue == nil ? true : intent.isOpenEnded ?? false)
  }

  /// A location the app's workouts can take place in, or none said.
  public func resolveWorkoutLocationType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutLocationType> {
    let location = intent.workoutLocationType
    if location == .unknown { return .notRequired }
    return profile.locations.contains(location) ? .success(location) : .unsupported(nil)
  }

  // MARK: Confirmation

  /// Refuses while another workout is running or paused, or when the name is not
  /// one of the app's workouts.
  public func confirm(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse {
    if let current = store.currentWorkout(storage), current.state.isOngoing {
      return StartWorkoutIntentResponse(code: .failureOngoingWorkout, note: WorkoutNote.ongoing.rawValue)
    }
    guard let name = intent.workoutName, profile.kind(named: name) != nil else {
      return StartWorkoutIntentResponse(code: .failureNoMatchingWorkout, note: WorkoutNote.unknownWorkout.rawValue)
    }
    return StartWorkoutIntentResponse(code: .ready)
  }

  // MARK: Handling

  /// Always handleInApp.
  public func handle(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse {
    // A workout outlives the extension: the main app runs it, launched in the background.
    StartWorkoutIntentResponse(code: .handleInApp)
  }
}
