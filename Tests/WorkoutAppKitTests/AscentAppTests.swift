import WorkoutAppKit
import SiriIntents
import Testing

/// The main app running workouts, the history it keeps, and what Ascent shows Siri.
struct AscentAppTests {
  let store = AppGroupStore(identifier: "group.com.example.ascent")
  var ascent: WorkoutApp { WorkoutApp(profile: .ascent, store: store) }

  @discardableResult
  func handle(_ intent: Intent) async -> IntentResponse {
    await ascent.mainApp.application(handle: intent)
  }

  @discardableResult
  func start(_ name: String = "wall climb", goal: Double? = nil, unit: WorkoutGoalUnitType = .unknown,
             location: WorkoutLocationType = .unknown) async -> IntentResponse {
    await handle(.startWorkout(StartWorkoutIntent(
      workoutName: name, goalValue: goal, workoutGoalUnitType: unit, workoutLocationType: location)))
  }

  @discardableResult
  func control(_ action: WorkoutControlAction, name: String? = nil) async -> IntentResponse {
    await handle(.workoutControl(WorkoutControlIntent(action: action, workoutName: name)))
  }

  static let success = IntentResponse.workoutControl(WorkoutControlIntentResponse(code: .success))

  // MARK: Starting

  @Test func startBeginsAnActiveSessionNow() async {
    store.advanceClock(by: 120)
    let response = await start("Rock Climbing", goal: 30, unit: .minute, location: .outdoor)
    #expect(response == .startWorkout(StartWorkoutIntentResponse(code: .success)))
    let session = ascent.currentWorkout
    #expect(session?.kind == "wall")
    #expect(session?.state == .active)
    #expect(session?.startedAt == 120)
    #expect(session?.goal == Workout.Goal(value: 30, unit: .minute))
    #expect(session?.location == .outdoor)
  }

  @Test func startWhileAWorkoutRunsFails() async {
    await start("wall climb")
    let response = await start("boulder climb")
    #expect(response == .startWorkout(StartWorkoutIntentResponse(code: .failureOngoingWorkout, note: "ongoing")))
    #expect(ascent.currentWorkout?.kind == "wall")
  }

  @Test func startWithAnUnknownNameFails() async {
    let response = await start("yoga")
    #expect(response == .startWorkout(StartWorkoutIntentResponse(code: .failureNoMatchingWorkout, note: "unknownWorkout")))
    #expect(ascent.currentWorkout == nil)
  }

  @Test func otherIntentsFail() async {
    let intent = Intent.playMedia(PlayMediaIntent())
    #expect(await handle(intent) == .failure(for: intent))
  }

  // MARK: Controlling

  @Test func endRecordsTheActiveTimeAndClearsTheWorkout() async {
    await start("wall climb", goal: 30, unit: .minute, location: .outdoor)
    store.advanceClock(by: 600)
    #expect(await control(.pause) == Self.success)
    #expect(ascent.currentWorkout?.state == .paused)
    store.advanceClock(by: 300)
    #expect(await control(.resume) == Self.success)
    store.advanceClock(by: 900)
    #expect(await control(.end) == Self.success)
    #expect(ascent.currentWorkout == nil)
    #expect(
      ascent.history.workouts == [
        Workout(
          id: 1, kind: "wall", goal: .init(value: 30, unit: .minute), location: .outdoor, startedAt: 0,
          endedAt: 1_800, duration: 1_500)
      ])
  }

  @Test func cancelRecordsNothing() async {
    await start("bouldering")
    store.advanceClock(by: 600)
    #expect(await control(.cancel) == Self.success)
    #expect(ascent.currentWorkout == nil)
    #expect(ascent.history.isEmpty)
  }

  @Test func changesTheWorkoutNoLongerAllowsFail() async {
    #expect(await control(.pause) == .workoutControl(.init(code: .failureNoMatchingWorkout, note: "noWorkout")))
    await start()
    #expect(await control(.resume) == .workoutControl(.init(code: .failure, note: "notPaused")))
    await control(.pause)
    #expect(await control(.pause) == .workoutControl(.init(code: .failure, note: "alreadyPaused")))
    #expect(await control(.end, name: "boulder climb") == .workoutControl(.init(code: .failureNoMatchingWorkout, note: "differentWorkout")))
    #expect(ascent.currentWorkout?.state == .paused)
  }

  @Test func sessionIDsFollowTheHistory() async {
    await start()
    await control(.end)
    await start("boulder")
    #expect(ascent.currentWorkout?.id == 2)
  }

  // MARK: Persistence

  @Test func historySurvivesANewStoreFromTheSnapshot() async {
    await start("wall climb", goal: 30, unit: .minute, location: .outdoor)
    store.advanceClock(by: 1_500)
    await control(.end)
    await start("boulder climb")
    store.advanceClock(by: 60)

    let restored = WorkoutApp(profile: .ascent, store: AppGroupStore(identifier: store.identifier, values: store.snapshot()))
    #expect(restored.history == ascent.history)
    #expect(restored.history.count == 1)
    #expect(restored.currentWorkout == ascent.currentWorkout)
    #expect(restored.historyLines() == ["1. wall climb, outdoor, 30 min goal, 25:00 active, ended"])
    // The restored app carries on where the old one stopped.
    _ = await restored.mainApp.application(handle: .workoutControl(WorkoutControlIntent(action: .end)))
    #expect(restored.history.workouts.map(\.duration) == [1_500, 60])
  }

  // MARK: What Ascent shows

  @Test func historyLinesDescribeEachWorkout() async {
    #expect(ascent.historyLines() == ["no past workouts"])
    await start("wall climb", goal: 30, unit: .minute, location: .outdoor)
    store.advanceClock(by: 1_500)
    await control(.end)
    await start("bouldering", location: .indoor)
    store.advanceClock(by: 3_725)
    await control(.end)
    await start("top rope", goal: 500, unit: .kiloCalorie)
    store.advanceClock(by: 61)
    await control(.end)
    #expect(
      ascent.historyLines() == [
        "1. wall climb, outdoor, 30 min goal, 25:00 active, ended",
        "2. boulder climb, indoor, open-ended, 1:02:05 active, ended",
        "3. wall climb, 500 kcal goal, 1:01 active, ended",
      ])
  }

  @Test func stateDescriptionShowsTheWorkoutAndItsProgress() async {
    #expect(ascent.stateDescription() == ["current workout: none", "past workouts: 0"])
    await start("wall climb", goal: 30, unit: .minute, location: .outdoor)
    store.advanceClock(by: 720)
    #expect(
      ascent.stateDescription() == [
        "current workout: wall climb, outdoor, 30 min goal, active, 12:00 active, 40% of goal",
        "past workouts: 0",
      ])
    await control(.pause)
    store.advanceClock(by: 3_000)
    #expect(
      ascent.stateDescription().first
        == "current workout: wall climb, outdoor, 30 min goal, paused, 12:00 active, 40% of goal")
    await control(.resume)
    store.advanceClock(by: 1_200)
    #expect(ascent.stateDescription().first?.hasSuffix("32:00 active, goal reached") == true)
  }

  @Test func continuingInTheAppShowsTheScreenAndChangesNothing() async {
    await start("wall climb")
    store.advanceClock(by: 90)
    let before = store.snapshot()
    let lines = await ascent.mainApp.application(
      continue: UserActivity(activityType: "StartWorkoutIntent"), intent: .startWorkout(StartWorkoutIntent()))
    #expect(lines == ["Ascent", "Current workout: wall climb, open-ended, active, 1:30 active", "History: none yet."])
    #expect(store.snapshot() == before)
  }

  @Test func ascentDeclaresItsIntentsAndVocabulary() {
    #expect(ascent.name == "Ascent")
    #expect(ascent.supportedIntents == [.startWorkout, .pauseWorkout, .resumeWorkout, .cancelWorkout, .endWorkout])
    let vocabulary = ascent.vocabulary()
    #expect(vocabulary.first == VocabularyTerm(type: .appName, phrases: ["Ascent"], value: "Ascent"))
    let workouts = vocabulary.filter { $0.type == .workoutActivityName }
    #expect(workouts.map(\.value) == ["wall climb", "boulder climb", "climbing"])
    #expect(workouts[0].phrases.contains("rock climbing"))
    #expect(workouts[1].phrases.contains("bouldering"))
    // Every phrase Siri may pass back resolves as the app expects.
    for term in workouts {
      for phrase in term.phrases {
        #expect(WorkoutAppProfile.ascent.matching(phrase) == WorkoutAppProfile.ascent.matching(term.value), "\(phrase)")
      }
    }
  }
}
