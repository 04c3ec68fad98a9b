import SiriIntents

/// A workout app's Intents extension principal object: hands each workout intent to
/// the one handler that handles it, like `INExtension.handler(for:)`.
public struct WorkoutIntentsExtension: IntentHandlerProviding {
  let profile: WorkoutAppProfile
  let startWorkout: StartWorkoutIntentHandler
  let controlHandlers: [any WorkoutControlIntentHandling]

  /// The extension over the app-group `store` it shares with the main app.
  public init(profile: WorkoutAppProfile, store: AppGroupStore) {
    self.profile = profile
    startWorkout = StartWorkoutIntentHandler(profile: profile, store: store)
    controlHandlers = [.pause, .resume, .cancel, .end].map {
      WorkoutControlIntentHandler(action: $0, profile: profile, store: store)
    }
  }

  /// The start handler, or the control handler whose action is the intent's;
  /// `nil` for intents the app does not support.
  public func handler(for intent: Intent) -> IntentHandler? {
    guard profile.supportedIntents.contains(intent.name) else { return nil }
    switch intent {
    case .startWorkout:
      return .startWorkout(startWorkout)
    case .workoutControl(let control):
      return controlHandlers.first { $0.action == control.action }.map { .workoutControl($0) }
    default:
      return nil
    }
  }
}
