import WorkoutAppKit
import SiriIntents
import Testing

/// Pause, resume, cancel and end in Ascent's extension: dispatch, confirmation, handling.
struct WorkoutControlIntentHandlerTests {
  struct MissingHandler: Error {
    var action: WorkoutControlAction
  }

  let store = AppGroupStore(identifier: "test")

  func handler(for action: WorkoutControlAction) throws -> any WorkoutControlIntentHandling {
    let handler = WorkoutIntentsExtension(profile: .ascent, store: store).handler(for: .workoutControl(WorkoutControlIntent(action: action)))
    guard case .workoutControl(let control)? = handler else {
      throw MissingHandler(action: action)
    }
    return control
  }

  func confirm(_ action: WorkoutControlAction, name: String? = nil) async throws -> WorkoutControlIntentResponse {
    try await handler(for: action).confirm(intent: WorkoutControlIntent(action: action, workoutName: name))
  }

  func run(_ kind: String = "wall", paused: Bool = false) throws {
    var session = WorkoutSession(id: 1, kind: kind, startedAt: 0)
    if paused { try session.pause(at: 60) }
    store.setCurrentWorkout(session, .ascent)
  }

  @Test(arguments: WorkoutControlAction.allCases)
  func eachActionHasItsOwnHandler(action: WorkoutControlAction) throws {
    #expect(try handler(for: action).action == action)
  }

  @Test func startHasAHandlerAndMediaHasNone() {
    let ext = WorkoutIntentsExtension(profile: .ascent, store: store)
    guard case .startWorkout? = ext.handler(for: .startWorkout(StartWorkoutIntent())) else {
      Issue.record("no start handler")
      return
    }
    #expect(ext.handler(for: .playMedia(PlayMediaIntent())) == nil)
  }

  @Test(arguments: WorkoutControlAction.allCases)
  func nothingRunningHasNoMatchingWorkout(action: WorkoutControlAction) async throws {
    #expect(try await confirm(action) == WorkoutControlIntentResponse(code: .failureNoMatchingWorkout, note: "noWorkout"))
  }

  /// What confirm answers for each action while the workout is active or paused.
  @Test(arguments: [
    (WorkoutControlAction.pause, false, WorkoutControlIntentResponse(code: .ready)),
    (.pause, true, WorkoutControlIntentResponse(code: .failure, note: "alreadyPaused")),
    (.resume, false, WorkoutControlIntentResponse(code: .failure, note: "notPaused")),
    (.resume, true, WorkoutControlIntentResponse(code: .ready)),
    (.cancel, false, WorkoutControlIntentResponse(code: .ready)),
    (.cancel, true, WorkoutControlIntentResponse(code: .ready)),
    (.end, false, WorkoutControlIntentResponse(code: .ready)),
    (.end, true, WorkoutControlIntentResponse(code: .ready)),
  ])
  func confirmChecksTheRunningWorkout(action: WorkoutControlAction, paused: Bool, expected: WorkoutControlIntentResponse)
    async throws
  {
    try run(paused: paused)
    #expect(try await confirm(action) == expected)
  }

  @Test(arguments: ["boulder climb", "yoga"])
  func namingAnotherWorkoutHasNoMatch(name: String) async throws {
    try run("wall")
    #expect(
      try await confirm(.end, name: name)
        == WorkoutControlIntentResponse(code: .failureNoMatchingWorkout, note: "differentWorkout"))
  }

  @Test(arguments: ["wall climb", "rock climbing", "climbing"])
  func namingTheRunningWorkoutIsFine(name: String) async throws {
    try run("wall")
    #expect(try await confirm(.end, name: name).code == .ready)
    let resolved = try await handler(for: .end).resolveWorkoutName(for: WorkoutControlIntent(action: .end, workoutName: name))
    #expect(resolved == .success("wall climb"))
  }

  @Test func noNameIsNotRequired() async throws {
    try run()
    #expect(try await handler(for: .pause).resolveWorkoutName(for: WorkoutControlIntent(action: .pause)) == .notRequired)
  }

  @Test(arguments: WorkoutControlAction.allCases)
  func handlingIsLeftToTheMainApp(action: WorkoutControlAction) async throws {
    try run()
    let before = store.snapshot()
    let response = try await handler(for: action).handle(intent: WorkoutControlIntent(action: action))
    #expect(response.code == .handleInApp)
    #expect(store.snapshot() == before, "the extension changes nothing")
  }
}
