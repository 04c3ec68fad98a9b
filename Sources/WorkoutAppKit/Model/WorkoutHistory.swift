/// Ascent's finished workouts, oldest first: what the main app shows and what
/// "start a workout" suggests from.
public struct WorkoutHistory: Sendable, Equatable, Codable {
  /// Every ended workout, in the order they ended.
  public private(set) var workouts: [Workout]

  /// A history holding `workouts`, oldest first.
  public init(workouts: [Workout] = []) {
    self.workouts = workouts
  }

  /// The most recent workout, if any.
  public var last: Workout? { workouts.last }

  /// True before the first workout ends.
  public var isEmpty: Bool { workouts.isEmpty }

  /// How many workouts were finished.
  public var count: Int { workouts.count }

  /// The id for the next session: one past every id kept.
  public var nextID: Int { (workouts.map(\.id).max() ?? 0) + 1 }

  /// Records a finished workout.
  public mutating func append(_ workout: Workout) {
    workouts.append(workout)
  }
}
