import SiriIntents

/// The AscentIntentsExtension's principal object: hands each workout intent to the
/// one handler that handles it, like `INExtension.handler(for:)`.
public struct AscentIntentsExtension: IntentHandlerProviding {
  let startWorkout: StartWorkoutIntentHandler
  let controlHandlers: [any WorkoutControlIntentHandling]

  /// The extension over the app-group `store` it shares with the main app.
  public init(store: AppGroupStore) {
    startWorkout = StartWorkoutIntentHandler(store: store)
    controlHandlers = [
      PauseWorkoutIntentHandler(store: store), ResumeWorkoutIntentHandler(store: store),
      CancelWorkoutIntentHandler(store: store), EndWorkoutIntentHandler(store: store),
    ]
  }

  /// The start handler, or the control handler whose action is the intent's;
  /// `nil` for intents Ascent does not support.
  public func handler(for intent: Intent) -> IntentHandler? {
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
