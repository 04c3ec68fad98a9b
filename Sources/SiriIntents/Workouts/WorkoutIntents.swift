/// SiriKit's `INWorkoutGoalUnitType`, with its raw values.
public enum WorkoutGoalUnitType: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, inch, meter, foot, mile, yard, second, minute, hour, joule, kiloCalorie

  public var name: String {
    ["unknown", "inch", "meter", "foot", "mile", "yard", "second", "minute", "hour", "joule", "kiloCalorie"][rawValue]
  }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}

/// SiriKit's `INWorkoutLocationType`.
public enum WorkoutLocationType: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, outdoor, indoor

  public var name: String { ["unknown", "outdoor", "indoor"][rawValue] }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}

/// A request to start a workout: SiriKit's `INStartWorkoutIntent`.
public struct StartWorkoutIntent: Sendable, Equatable, Codable {
  /// The workout's name as the app's vocabulary knows it ("wall climb").
  public var workoutName: String?
  public var goalValue: Double?
  public var workoutGoalUnitType: WorkoutGoalUnitType
  public var workoutLocationType: WorkoutLocationType
  /// True when no goal was given.
  public var isOpenEnded: Bool?

  public init(
    workoutName: String? = nil, goalValue: Double? = nil, workoutGoalUnitType: WorkoutGoalUnitType = .unknown,
    workoutLocationType: WorkoutLocationType = .unknown, isOpenEnded: Bool? = nil
  ) {
    self.workoutName = workoutName
    self.goalValue = goalValue
    self.workoutGoalUnitType = workoutGoalUnitType
    self.workoutLocationType = workoutLocationType
    self.isOpenEnded = isOpenEnded
  }
}

/// The answer to a ``StartWorkoutIntent``: SiriKit's `INStartWorkoutIntentResponse`.
public struct StartWorkoutIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INStartWorkoutIntentResponseCode`, with its raw values.
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, continueInApp, failure, failureRequiringAppLaunch, failureOngoingWorkout,
      failureNoMatchingWorkout, handleInApp, success

    public var name: String {
      [
        "unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch", "failureOngoingWorkout",
        "failureNoMatchingWorkout", "handleInApp", "success",
      ][rawValue]
    }
  }

  public var code: Code
  public var userActivity: UserActivity?
  /// Simulator addition (not in SiriKit): why a failure happened, in a word the
  /// renderer can pick a more helpful line for (`alreadyRunning`).
  public var note: String?

  public init(code: Code, userActivity: UserActivity? = nil, note: String? = nil) {
    self.code = code
    self.userActivity = userActivity
    self.note = note
  }
}

/// Which of the four control intents a ``WorkoutControlIntent`` is.
public enum WorkoutControlAction: String, Sendable, Codable, CaseIterable {
  case pause, resume, cancel, end

  /// The user-facing intent name (`PauseWorkout`, …).
  public var intentName: IntentName {
    switch self {
    case .pause: return .pauseWorkout
    case .resume: return .resumeWorkout
    case .cancel: return .cancelWorkout
    case .end: return .endWorkout
    }
  }
}

/// Pause, resume, cancel or end the current workout: SiriKit's `INPauseWorkoutIntent`,
/// `INResumeWorkoutIntent`, `INCancelWorkoutIntent` and `INEndWorkoutIntent`, which
/// share one shape (an optional workout name).
public struct WorkoutControlIntent: Sendable, Equatable, Codable {
  public var action: WorkoutControlAction
  public var workoutName: String?

  public init(action: WorkoutControlAction, workoutName: String? = nil) {
    self.action = action
    self.workoutName = workoutName
  }
}

/// The answer to a ``WorkoutControlIntent``. Pause, resume, cancel and end share their codes.
public struct WorkoutControlIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INPauseWorkoutIntentResponseCode` (and its three identical siblings).
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, continueInApp, failure, failureRequiringAppLaunch, failureNoMatchingWorkout,
      handleInApp, success

    public var name: String {
      [
        "unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
        "failureNoMatchingWorkout", "handleInApp", "success",
      ][rawValue]
    }
  }

  public var code: Code
  public var userActivity: UserActivity?
  /// Simulator addition (not in SiriKit): why a failure happened, in a word the
  /// renderer can pick a more helpful line for (`alreadyPaused`, `notPaused`).
  public var note: String?

  public init(code: Code, userActivity: UserActivity? = nil, note: String? = nil) {
    self.code = code
    self.userActivity = userActivity
    self.note = note
  }
}
