import SiriIntents

/// The words Ascent puts in a response's `note` to say why it failed, so the
/// renderer can say something more useful than a generic failure.
public enum AscentNote: String, Sendable, CaseIterable {
  /// Start: a workout is already running or paused (`failureOngoingWorkout`).
  case ongoing
  /// Start: the name is not one of Ascent's workouts (`failureNoMatchingWorkout`).
  case unknownWorkout
  /// Control: no workout is running or paused (`failureNoMatchingWorkout`).
  case noWorkout
  /// Control: the workout named is not the one running (`failureNoMatchingWorkout`).
  case differentWorkout
  /// Pause: the workout is already paused (`failure`).
  case alreadyPaused
  /// Resume: the workout is not paused (`failure`).
  case notPaused
}

extension WorkoutControlIntentResponse {
  /// A failure with Ascent's reason.
  static func failure(_ note: AscentNote) -> WorkoutControlIntentResponse {
    switch note {
    case .noWorkout, .differentWorkout, .unknownWorkout:
      return WorkoutControlIntentResponse(code: .failureNoMatchingWorkout, note: note.rawValue)
    case .alreadyPaused, .notPaused, .ongoing:
      return WorkoutControlIntentResponse(code: .failure, note: note.rawValue)
    }
  }
}

extension WorkoutSession.TransitionError {
  /// The note a control response carries for this refusal.
  var note: AscentNote {
    switch self {
    case .alreadyPaused: return .alreadyPaused
    case .notPaused: return .notPaused
    // NB: an ended session is never the current one, so to the user there is none.
    case .alreadyEnded: return .noWorkout
    }
  }
}

/// Checks a control request against the current session, as both the extension's
/// confirm and the main app do: `nil` when it can go ahead, else the failure.
func controlFailure(for intent: WorkoutControlIntent, session: WorkoutSession?) -> AscentNote? {
  guard let session, session.state.isOngoing else { return .noWorkout }
  if let name = intent.workoutName, !Workout.Obstacle.matching(name).contains(session.obstacle) {
    return .differentWorkout
  }
  switch (intent.action, session.state) {
  case (.pause, .paused): return .alreadyPaused
  case (.resume, .active): return .notPaused
  default: return nil
  }
}
