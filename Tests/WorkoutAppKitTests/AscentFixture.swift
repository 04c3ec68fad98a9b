import AppLoading
import WorkoutAppKit

extension WorkoutAppProfile {
  /// Ascent, from its sample app file.
  static let ascent: WorkoutAppProfile = {
    guard let profile = SampleApps.blueprint(named: "Ascent")?.workoutProfile else {
      fatalError("the Ascent sample app does not load")
    }
    return profile
  }()
}

extension WorkoutStorage {
  /// Where Ascent keeps its workouts.
  static let ascent = WorkoutStorage(appName: "Ascent")
}
