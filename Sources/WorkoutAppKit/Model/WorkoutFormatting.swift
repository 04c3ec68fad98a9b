import SiriIntents

/// How a workout app's screen and `:state` show workouts: plain, deterministic text.
struct WorkoutFormatting {
  let profile: WorkoutAppProfile

  /// `25:00`, or `1:05:00` from an hour on.
  static func duration(_ seconds: Double) -> String {
    let total = Int(max(0, seconds).rounded())
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let secs = total % 60
    let mmss = "\(minutes < 10 && hours > 0 ? "0" : "")\(minutes):\(secs < 10 ? "0" : "")\(secs)"
    return hours > 0 ? "\(hours):\(mmss)" : mmss
  }

  /// The parts that describe what the workout is: `wall climb`, `outdoor`, `30 min goal`.
  func kind(_ id: String, goal: Workout.Goal?, location: WorkoutLocationType) -> [String] {
    var parts = [profile.kind(id: id)?.name ?? id]
    if location != .unknown { parts.append(location.name) }
    parts.append(goal.map { "\($0) goal" } ?? "open-ended")
    return parts
  }

  /// `1. wall climb, outdoor, 30 min goal, 25:00 active, ended`.
  func historyLine(_ workout: Workout, number: Int) -> String {
    let parts = kind(workout.kind, goal: workout.goal, location: workout.location)
      + ["\(Self.duration(workout.duration)) active", workout.state.rawValue]
    return "\(number). " + parts.joined(separator: ", ")
  }

  /// `wall climb, outdoor, 30 min goal, active, 12:00 active, 40% of goal`.
  func sessionLine(_ session: WorkoutSession, at time: Double) -> String {
    var parts = kind(session.kind, goal: session.goal, location: session.location)
    parts.append(session.state.rawValue)
    parts.append("\(Self.duration(session.activeSeconds(at: time))) active")
    if let progress = session.goalProgress(at: time) {
      parts.append(progress >= 1 ? "goal reached" : "\(Int((progress * 100).rounded(.down)))% of goal")
    }
    return parts.joined(separator: ", ")
  }
}
