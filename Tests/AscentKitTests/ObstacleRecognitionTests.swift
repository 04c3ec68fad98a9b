import AscentKit
import Testing

/// Which obstacle a spoken workout name stands for.
struct ObstacleRecognitionTests {
  @Test(arguments: [
    "wall climb", "wall climbing", "climbing wall", "rock climb", "rock climbing", "rock climb indoors",
    "top rope", "lead climb", "Wall-Climbing!", "an outdoor wall climb workout", "WALL CLIMB",
  ])
  func wallForms(name: String) {
    #expect(Workout.Obstacle.matching(name) == [.wall])
    #expect(Workout.Obstacle(intentWorkoutName: name) == .wall)
  }

  @Test(arguments: ["boulder", "boulder climb", "bouldering", "boulder problem", "Bouldering session", "boulder-climb"])
  func boulderForms(name: String) {
    #expect(Workout.Obstacle.matching(name) == [.boulder])
    #expect(Workout.Obstacle(intentWorkoutName: name) == .boulder)
  }

  @Test(arguments: ["climb", "climbing", "climbing workout", "Climbing.", "indoor climbing"])
  func namesThatFitBothAreAmbiguous(name: String) {
    #expect(Workout.Obstacle.matching(name) == [.wall, .boulder])
    #expect(Workout.Obstacle(intentWorkoutName: name) == nil)
  }

  @Test(arguments: ["yoga", "swim", "workout", "", "wall swim", "rock concert"])
  func otherActivitiesMatchNothing(name: String) {
    #expect(Workout.Obstacle.matching(name).isEmpty)
    #expect(Workout.Obstacle(intentWorkoutName: name) == nil)
  }

  @Test func canonicalNamesRoundTrip() {
    #expect(Workout.Obstacle.wall.intentWorkoutName == "wall climb")
    #expect(Workout.Obstacle.boulder.intentWorkoutName == "boulder climb")
    for obstacle in Workout.Obstacle.allCases {
      #expect(Workout.Obstacle(intentWorkoutName: obstacle.intentWorkoutName) == obstacle)
      #expect(obstacle.spokenForms.first == obstacle.intentWorkoutName)
      for form in obstacle.spokenForms {
        #expect(Workout.Obstacle(intentWorkoutName: form) == obstacle, "\(form)")
      }
    }
  }
}
