import SiriIntents

/// The words a workout app puts in a response's `note` to say why it failed, so the
/// renderer can say something more useful than a generic failure.
public enum WorkoutNote: String, Sendable, CaseIterable {
  /// Start: a workout is already running or paused (`failureOngoingWorkout`).
  case ongoing
  /// Start: the name is not one of the app's workouts (`failureNoMatchingWorkout`).
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
  /// A failure with the app's reason.
  static func failure(_ note: WorkoutNote) -> WorkoutControlIntentResponse {
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
  var note: WorkoutNote {
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
func controlFailure(
  for intent: WorkoutControlIntent, session: WorkoutSession?, profile: WorkoutAppProfile
) -> WorkoutNote? {
  guard let session, session.state.isOngoing else { return .noWorkout }
  if let name = intent.workoutName, !profile.matching(name).contains(where: { $0.id == session.kind }) {
    return .differentWorkout
  }
  switch (intent.action, session.state) {
  case (.pause, .paused): return .alreadyPaused
  case (.resume, .active): return .notPaused
  default: return nil
  }
}
