import SiriIntents

/// Where a workout app keeps its state in the app-group store, shared by the extension
/// (which reads it to resolve and confirm) and the main app (which changes it): under
/// keys named after the app (`ascent.current`, `ascent.history`).
public struct WorkoutStorage: Sendable, Equatable {
  /// The running or paused ``WorkoutSession``; absent when none is.
  public let currentKey: String
  /// The ``WorkoutHistory``.
  public let historyKey: String

  public init(appName: String) {
    let prefix = appName.lowercased()
    currentKey = "\(prefix).current"
    historyKey = "\(prefix).history"
  }
}

extension AppGroupStore {
  /// The app's running or paused workout, if any.
  public func currentWorkout(_ storage: WorkoutStorage) -> WorkoutSession? {
    value(WorkoutSession.self, forKey: storage.currentKey)
  }

  /// Replaces (or, with `nil`, clears) the app's current workout.
  public func setCurrentWorkout(_ session: WorkoutSession?, _ storage: WorkoutStorage) {
    if let session {
      set(session, forKey: storage.currentKey)
    } else {
      removeValue(forKey: storage.currentKey)
    }
  }

  /// The app's finished workouts.
  public func workoutHistory(_ storage: WorkoutStorage) -> WorkoutHistory {
    value(WorkoutHistory.self, forKey: storage.historyKey) ?? WorkoutHistory()
  }

  /// Changes the app's history in one step.
  public func updateWorkoutHistory(_ storage: WorkoutStorage, _ body: (inout WorkoutHistory) -> Void) {
    update(WorkoutHistory.self, forKey: storage.historyKey, default: WorkoutHistory()) { body(&$0) }
  }
}
