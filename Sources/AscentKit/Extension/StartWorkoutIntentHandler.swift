import SiriIntents

/// Ascent's extension-side handling of "start a wall climb".
///
/// Resolution turns what was said into one of Ascent's workouts: a known name becomes
/// its canonical form, a name that fits several asks which one, and no name at all
/// suggests the last workout from the history. The goal is kept as given but must be
/// positive. Handling never starts the workout: the extension answers handleInApp and
/// the main app runs it in the background.
public struct StartWorkoutIntentHandler: StartWorkoutIntentHandling {
  let store: AppGroupStore

  /// A handler that reads the current workout and the history from `store`.
  public init(store: AppGroupStore) {
    self.store = store
  }

  // MARK: Parameter resolution

  /// One obstacle: its canonical name; several: which one; none said: the last one
  /// climbed, to confirm; an unknown name or no history: ask.
  public func resolveWorkoutName(for intent: StartWorkoutIntent) async -> ResolutionResult<String> {
    guard let name = intent.workoutName else {
      // No name: suggest the obstacle climbed last time, if there was a last time.
      if let last = store.ascentHistory.last {
        return .confirmationRequired(last.obstacle.intentWorkoutName)
      }
      return .needsValue
    }
    let obstacles = Workout.Obstacle.matching(name)
    switch obstacles.count {
    case 0: return .needsValue
    case 1: return .success(obstacles[0].intentWorkoutName)
    default: return .disambiguation(obstacles.map(\.intentWorkoutName))
    }
  }

  /// Any positive goal, as given; zero or less is unsupported.
  public func resolveGoalValue(for intent: StartWorkoutIntent) async -> ResolutionResult<Double> {
    guard let value = intent.goalValue else { return .notRequired }
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
    return Self.climbingUnits.contains(unit) ? .success(unit) : .unsupported(nil)
  }

  /// Open-ended exactly when there is no goal.
  public func resolveIsOpenEnded(for intent: StartWorkoutIntent) async -> ResolutionResult<Bool> {
    .success(intent.goalValue == nil ? true : intent.isOpenEnded ?? false)
  }

  // NB: resolveWorkoutLocationType keeps the protocol's default: climbing happens
  // indoors and out, so any location said is fine.

  /// Units a climbing goal can be in: time, distance climbed, energy burned.
  static let climbingUnits: Set<WorkoutGoalUnitType> = [
    .second, .minute, .hour, .meter, .foot, .mile, .yard, .inch, .kiloCalorie, .joule,
  ]

  // MARK: Confirmation

  /// Refuses while another workout is running or paused, or when the name is not
  /// one of Ascent's workouts.
  public func confirm(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse {
    if let current = store.ascentCurrentWorkout, current.state.isOngoing {
      return StartWorkoutIntentResponse(code: .failureOngoingWorkout, note: AscentNote.ongoing.rawValue)
    }
    guard let name = intent.workoutName, Workout.Obstacle(intentWorkoutName: name) != nil else {
      return StartWorkoutIntentResponse(code: .failureNoMatchingWorkout, note: AscentNote.unknownWorkout.rawValue)
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
