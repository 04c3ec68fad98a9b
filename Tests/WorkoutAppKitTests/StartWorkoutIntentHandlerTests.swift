import WorkoutAppKit
import SiriIntents
import Testing

/// Resolution, confirmation and handling of "start a workout" in Ascent's extension.
struct StartWorkoutIntentHandlerTests {
  let store = AppGroupStore(identifier: "test")
  var handler: StartWorkoutIntentHandler { StartWorkoutIntentHandler(profile: .ascent, store: store) }

  func recordPastWorkout(_ kind: String) {
    store.updateWorkoutHistory(.ascent) {
      $0.append(Workout(id: $0.nextID, kind: kind, startedAt: 0, endedAt: 600, duration: 600))
    }
  }

  // MARK: Workout name

  @Test(arguments: [
    ("wall climb", "wall climb"), ("Wall Climbing", "wall climb"), ("rock climb indoors", "wall climb"),
    ("top rope", "wall climb"), ("bouldering", "boulder climb"), ("boulder problem", "boulder climb"),
  ])
  func knownNameResolvesToItsCanonicalName(said: String, canonical: String) async {
    #expect(await handler.resolveWorkoutName(for: StartWorkoutIntent(workoutName: said)) == .success(canonical))
  }

  @Test(arguments: ["yoga", "swim"])
  func unknownNameNeedsAValue(said: String) async {
    recordPastWorkout("wall")
    #expect(await handler.resolveWorkoutName(for: StartWorkoutIntent(workoutName: said)) == .needsValue)
  }

  @Test(arguments: ["climb", "climbing", "climbing workout"])
  func nameThatFitsBothAsksWhichOne(said: String) async {
    #expect(
      await handler.resolveWorkoutName(for: StartWorkoutIntent(workoutName: said))
        == .disambiguation(["wall climb", "boulder climb"]))
  }

  @Test func noNameSuggestsTheLastWorkout() async {
    recordPastWorkout("wall")
    recordPastWorkout("boulder")
    #expect(await handler.resolveWorkoutName(for: StartWorkoutIntent()) == .confirmationRequired("boulder climb"))
  }

  @Test func noNameAndNoHistoryNeedsAValue() async {
    #expect(await handler.resolveWorkoutName(for: StartWorkoutIntent()) == .needsValue)
  }

  // MARK: Goal, location, open-endedness

  @Test func positiveGoalIsKeptAsGiven() async {
    let intent = StartWorkoutIntent(workoutName: "wall climb", goalValue: 30, workoutGoalUnitType: .minute)
    #expect(await handler.resolveGoalValue(for: intent) == .success(30))
    #expect(await handler.resolveWorkoutGoalUnitType(for: intent) == .success(.minute))
    #expect(await handler.resolveIsOpenEnded(for: intent) == .success(false))
  }

  @Test(arguments: [0.0, -5, .infinity])
  func goalThatIsNotPositiveIsUnsupported(value: Double) async {
    let intent = StartWorkoutIntent(workoutName: "wall climb", goalValue: value, workoutGoalUnitType: .minute)
    #expect(await handler.resolveGoalValue(for: intent) == .unsupported(nil))
  }

  @Test(arguments: WorkoutGoalUnitType.allCases.filter { $0 != .unknown })
  func everyTimeDistanceAndEnergyUnitFitsClimbing(unit: WorkoutGoalUnitType) async {
    let intent = StartWorkoutIntent(workoutName: "wall climb", goalValue: 10, workoutGoalUnitType: unit)
    #expect(await handler.resolveWorkoutGoalUnitType(for: intent) == .success(unit))
  }

  @Test func goalWithoutUnitNeedsOne() async {
    let intent = StartWorkoutIntent(workoutName: "wall climb", goalValue: 30)
    #expect(await handler.resolveWorkoutGoalUnitType(for: intent) == .needsValue)
  }

  @Test func noGoalIsOpenEnded() async {
    let intent = StartWorkoutIntent(workoutName: "wall climb", isOpenEnded: false)
    #expect(await handler.resolveGoalValue(for: intent) == .notRequired)
    #expect(await handler.resolveWorkoutGoalUnitType(for: intent) == .notRequired)
    #expect(await handler.resolveIsOpenEnded(for: intent) == .success(true))
  }

  @Test(arguments: WorkoutLocationType.allCases)
  func anyLocationIsFine(location: WorkoutLocationType) async {
    let result = await handler.resolveWorkoutLocationType(for: StartWorkoutIntent(workoutLocationType: location))
    #expect(result == (location == .unknown ? .notRequired : .success(location)))
  }

  // MARK: Confirmation and handling

  @Test func knownWorkoutIsReady() async {
    #expect(await handler.confirm(intent: StartWorkoutIntent(workoutName: "boulder climb")).code == .ready)
  }

  @Test(arguments: [Workout.State.active, .paused])
  func ongoingWorkoutBlocksANewOne(state: Workout.State) async throws {
    var session = WorkoutSession(id: 1, kind: "boulder", startedAt: 0)
    if state == .paused { try session.pause(at: 10) }
    store.setCurrentWorkout(session, .ascent)
    let response = await handler.confirm(intent: StartWorkoutIntent(workoutName: "wall climb"))
    #expect(response == StartWorkoutIntentResponse(code: .failureOngoingWorkout, note: "ongoing"))
  }

  @Test(arguments: ["yoga", "climbing", nil] as [String?])
  func nameThatIsNotOneWorkoutHasNoMatch(name: String?) async {
    let response = await handler.confirm(intent: StartWorkoutIntent(workoutName: name))
    #expect(response == StartWorkoutIntentResponse(code: .failureNoMatchingWorkout, note: "unknownWorkout"))
  }

  @Test func handlingIsLeftToTheMainApp() async {
    let response = await handler.handle(intent: StartWorkoutIntent(workoutName: "wall climb"))
    #expect(response.code == .handleInApp)
    #expect(store.currentWorkout(.ascent) == nil, "the extension never starts the workout")
  }
}
