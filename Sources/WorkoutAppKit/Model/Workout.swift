import SiriIntents

/// A finished workout, as a workout app keeps it in its history.
///
/// A workout starts as a ``WorkoutSession``; ending the session turns it into a
/// `Workout` with its active duration. Cancelled sessions never become one.
public struct Workout: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// The session's number, unique among the workouts kept.
  public var id: Int
  /// The id of its ``WorkoutKind`` (stored as `obstacle`, Ascent's first name for it).
  public var kind: String
  /// The target set when starting, or `nil` for an open-ended workout.
  public var goal: Goal?
  /// Where the workout took place (`unknown` when not said).
  public var location: WorkoutLocationType
  /// When it started, in simulated seconds (``SimulatedClock/elapsed``).
  public var startedAt: Double
  /// When it ended, in simulated seconds.
  public var endedAt: Double
  /// Seconds spent climbing: the time between start and end minus the paused time.
  public var duration: Double
  /// How it finished (always ``State/ended`` for workouts in the history).
  public var state: State

  /// A finished workout; `duration` is its active time in seconds.
  public init(
    id: Int, kind: String, goal: Goal? = nil, location: WorkoutLocationType = .unknown,
    startedAt: Double, endedAt: Double, duration: Double, state: State = .ended
  ) {
    self.id = id
    self.kind = kind
    self.goal = goal
    self.location = location
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.duration = duration
    self.state = state
  }

  enum CodingKeys: String, CodingKey {
    case id, kind = "obstacle", goal, location, startedAt, endedAt, duration, state
  }
}

extension Workout {
  /// Where a workout is in its life: SiriKit's start, pause, resume, end and cancel.
  public enum State: String, Sendable, Codable, CaseIterable, Hashable {
    /// Running: active time accumulates.
    case active
    /// Paused: the clock runs, active time does not.
    case paused
    /// Finished and recorded in the history.
    case ended
    /// Abandoned; nothing is recorded.
    case cancelled

    /// True while the workout is running or paused, i.e. not finished either way.
    public var isOngoing: Bool { self == .active || self == .paused }
  }

  /// A workout target: a value in one of SiriKit's goal units ("30 minutes", "500 kcal").
  ///
  /// The value and unit are kept exactly as given; nothing is converted.
  public struct Goal: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The amount, always greater than zero.
    public var value: Double
    /// The unit the value is in.
    public var unit: WorkoutGoalUnitType

    /// A goal of `value` in `unit`, kept as given.
    public init(value: Double, unit: WorkoutGoalUnitType) {
      self.value = value
      self.unit = unit
    }

    /// The goal in seconds when its unit is a time, else `nil` (a simulated app has no
    /// sensors for distance or energy, so only time goals show progress).
    public var seconds: Double? {
      switch unit {
      case .second: return value
      case .minute: return value * 60
      case .hour: return value * 3600
      default: return nil
      }
    }

    /// Short text such as `30 min`, `1.5 hr` or `500 kcal`.
    public var description: String {
      let amount = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
      let symbol = Self.symbols[unit] ?? ""
      return symbol.isEmpty ? amount : "\(amount) \(symbol)"
    }

    static let symbols: [WorkoutGoalUnitType: String] = [
      .inch: "in", .meter: "m", .foot: "ft", .mile: "mi", .yard: "yd",
      .second: "sec", .minute: "min", .hour: "hr", .joule: "J", .kiloCalorie: "kcal",
    ]
  }
}
