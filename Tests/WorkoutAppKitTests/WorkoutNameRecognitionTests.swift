import Testing
import WorkoutAppKit

/// Which of a workout app's workouts a spoken name stands for (Ascent's, from its
/// sample app file).
struct WorkoutNameRecognitionTests {
  let ascent = WorkoutAppProfile.ascent

  @Test(arguments: [
    "wall climb", "wall climbing", "climbing wall", "rock climb", "rock climbing", "rock climb indoors",
    "top rope", "lead climb", "Wall-Climbing!", "an outdoor wall climb workout", "WALL CLIMB",
  ])
  func wallForms(name: String) {
    #expect(ascent.matching(name).map(\.id) == ["wall"])
    #expect(ascent.kind(named: name)?.id == "wall")
  }

  @Test(arguments: ["boulder", "boulder climb", "bouldering", "boulder problem", "Bouldering session", "boulder-climb"])
  func boulderForms(name: String) {
    #expect(ascent.matching(name).map(\.id) == ["boulder"])
    #expect(ascent.kind(named: name)?.id == "boulder")
  }

  @Test(arguments: ["climb", "climbing", "climbing workout", "Climbing.", "indoor climbing"])
  func namesThatFitBothAreAmbiguous(name: String) {
    #expect(ascent.matching(name).map(\.id) == ["wall", "boulder"])
    #expect(ascent.kind(named: name) == nil)
  }

  @Test(arguments: ["yoga", "swim", "workout", "", "wall swim", "rock concert"])
  func otherActivitiesMatchNothing(name: String) {
    #expect(ascent.matching(name).isEmpty)
    #expect(ascent.kind(named: name) == nil)
  }

  @Test func canonicalNamesRoundTrip() {
    #expect(ascent.kinds.map(\.name) == ["wall climb", "boulder climb"])
    for kind in ascent.kinds {
      #expect(ascent.kind(named: kind.name) == kind)
      #expect(kind.spokenForms.first == kind.name)
      for form in kind.spokenForms {
        #expect(ascent.kind(named: form) == kind, "\(form)")
      }
    }
  }

  /// Another app's workouts, from a definition: the same rules, other names.
  @Test func anotherAppsWorkouts() {
    let runs = WorkoutAppProfile(
      name: "Stride", kinds: [WorkoutKind(id: "run", name: "outdoor run", synonyms: ["run", "jog"]),
        WorkoutKind(id: "walk", name: "walk", synonyms: ["hike"])],
      ambiguousNames: ["cardio"])
    #expect(runs.matching("a jog").map(\.id) == ["run"])
    #expect(runs.matching("Hike!").map(\.id) == ["walk"])
    #expect(runs.matching("cardio workout").map(\.id) == ["run", "walk"])
    #expect(runs.matching("wall climb").isEmpty)
  }
}
