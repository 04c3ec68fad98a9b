import SiriIntents

/// Where Ascent keeps its state in the app-group store, shared by the extension
/// (which reads it to resolve and confirm) and the main app (which changes it).
public enum AscentStorage {
  /// The app's name, as ``Ascent/name``.
  public static let appName = "Ascent"
  /// The running or paused ``WorkoutSession``; absent when none is.
  public static let currentKey = "ascent.current"
  /// The ``WorkoutHistory``.
  public static let historyKey = "ascent.history"
}

extension AppGroupStore {
  /// Ascent's running or paused workout, if any.
  public var ascentCurrentWorkout: WorkoutSession? {
    value(WorkoutSession.self, forKey: AscentStorage.currentKey)
  }

  /// Replaces (or, with `nil`, clears) Ascent's current workout.
  public func setAscentCurrentWorkout(_ session: WorkoutSession?) {
    if let session {
      set(session, forKey: AscentStorage.currentKey)
    } else {
      removeValue(forKey: AscentStorage.currentKey)
    }
  }

  /// Ascent's finished workouts.
  public var ascentHistory: WorkoutHistory {
    value(WorkoutHistory.self, forKey: AscentStorage.historyKey) ?? WorkoutHistory()
  }

  /// Changes Ascent's history in one step.
  public func updateAscentHistory(_ body: (inout WorkoutHistory) -> Void) {
    update(WorkoutHistory.self, forKey: AscentStorage.historyKey, default: WorkoutHistory()) { body(&$0) }
  }
}
