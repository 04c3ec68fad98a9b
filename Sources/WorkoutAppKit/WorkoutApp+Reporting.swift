import SiriIntents

extension WorkoutApp: WorkoutReporting {
  public func currentWorkoutSummary() -> WorkoutSummary? {
    guard let session = currentWorkout else { return nil }
    return WorkoutSummary(
      name: profile.kind(id: session.kind)?.name ?? session.kind, goal: session.goal?.description,
      location: Self.locationName(session.location), activeSeconds: session.activeSeconds(at: store.clock.elapsed),
      isPaused: session.state == .paused)
  }

  public func lastWorkoutSummary() -> WorkoutSummary? {
    guard let workout = history.last else { return nil }
    return WorkoutSummary(
      name: profile.kind(id: workout.kind)?.name ?? workout.kind, goal: workout.goal?.description,
      location: Self.locationName(workout.location), activeSeconds: workout.duration, isPaused: false)
  }

  static func locationName(_ location: WorkoutLocationType) -> String? {
    location == .unknown ? nil : location.name
  }
}
