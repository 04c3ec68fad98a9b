import Foundation
import WorkoutAppKit
import SiriIntents
import Testing

/// The workout state machine: every transition from every state, and active time.
struct WorkoutSessionTests {
  typealias TransitionError = WorkoutSession.TransitionError

  /// A session started at 0 and brought to `state` at 100.
  static func session(in state: Workout.State) -> WorkoutSession {
    var session = WorkoutSession(id: 1, kind: "wall", startedAt: 0)
    switch state {
    case .active: break
    case .paused: try? session.pause(at: 100)
    case .ended: try? session.end(at: 100)
    case .cancelled: try? session.cancel(at: 100)
    }
    return session
  }

  /// From each state, what each action leads to: the new state, or the refusal.
  @Test(arguments: [
    (Workout.State.active, WorkoutControlAction.pause, Result<Workout.State, TransitionError>.success(.paused)),
    (.active, .resume, .failure(.notPaused)),
    (.active, .end, .success(.ended)),
    (.active, .cancel, .success(.cancelled)),
    (.paused, .pause, .failure(.alreadyPaused)),
    (.paused, .resume, .success(.active)),
    (.paused, .end, .success(.ended)),
    (.paused, .cancel, .success(.cancelled)),
    (.ended, .pause, .failure(.alreadyEnded)),
    (.ended, .resume, .failure(.alreadyEnded)),
    (.ended, .end, .failure(.alreadyEnded)),
    (.ended, .cancel, .failure(.alreadyEnded)),
    (.cancelled, .pause, .failure(.alreadyEnded)),
    (.cancelled, .resume, .failure(.alreadyEnded)),
    (.cancelled, .end, .failure(.alreadyEnded)),
    (.cancelled, .cancel, .failure(.alreadyEnded)),
  ])
  func transitions(from state: Workout.State, action: WorkoutControlAction, expected: Result<Workout.State, TransitionError>) {
    var session = Self.session(in: state)
    let before = session
    do {
      try session.apply(action, at: 200)
      #expect(expected == .success(session.state))
    } catch {
      #expect(expected == .failure(error))
      #expect(session == before, "a refused transition changes nothing")
    }
  }

  @Test func eachMethodMatchesItsAction() throws {
    var session = WorkoutSession(id: 1, kind: "boulder", startedAt: 0)
    try session.pause(at: 10)
    #expect(session.state == .paused)
    #expect(throws: TransitionError.alreadyPaused) { try session.pause(at: 11) }
    try session.resume(at: 20)
    #expect(session.state == .active)
    #expect(throws: TransitionError.notPaused) { try session.resume(at: 21) }
    try session.end(at: 30)
    #expect(session.state == .ended)
    #expect(throws: TransitionError.alreadyEnded) { try session.cancel(at: 31) }
  }

  @Test func activeTimeExcludesPauses() throws {
    var session = WorkoutSession(id: 1, kind: "wall", startedAt: 100)
    #expect(session.activeSeconds(at: 100) == 0)
    #expect(session.activeSeconds(at: 400) == 300)
    try session.pause(at: 400)
    #expect(session.activeSeconds(at: 1_000) == 300, "paused time does not count")
    try session.resume(at: 1_000)
    #expect(session.activeSeconds(at: 1_200) == 500)
    try session.pause(at: 1_300)
    try session.resume(at: 2_000)
    try session.end(at: 2_100)
    #expect(session.activeSeconds(at: 9_999) == 700, "ended time is final")
    #expect(session.endedAt == 2_100)
  }

  @Test func endingWhilePausedKeepsTheTimeBeforeThePause() throws {
    var session = WorkoutSession(id: 1, kind: "wall", startedAt: 0)
    try session.pause(at: 60)
    try session.end(at: 600)
    #expect(session.finishedWorkout?.duration == 60)
  }

  @Test func onlyAnEndedSessionBecomesAWorkout() throws {
    let goal = Workout.Goal(value: 30, unit: .minute)
    var ended = WorkoutSession(id: 3, kind: "wall", goal: goal, location: .outdoor, startedAt: 10)
    #expect(ended.finishedWorkout == nil)
    try ended.end(at: 70)
    #expect(
      ended.finishedWorkout
        == Workout(id: 3, kind: "wall", goal: goal, location: .outdoor, startedAt: 10, endedAt: 70, duration: 60))
    var cancelled = WorkoutSession(id: 4, kind: "wall", startedAt: 10)
    try cancelled.cancel(at: 70)
    #expect(cancelled.finishedWorkout == nil)
  }

  @Test(arguments: [
    (Workout.Goal(value: 30, unit: .minute), 900.0, 0.5 as Double?),
    (Workout.Goal(value: 1, unit: .hour), 3_600, 1),
    (Workout.Goal(value: 90, unit: .second), 45, 0.5),
    (Workout.Goal(value: 500, unit: .kiloCalorie), 900, nil),
    (Workout.Goal(value: 20, unit: .meter), 900, nil),
  ])
  func goalProgressCountsTimeGoalsOnly(goal: Workout.Goal, activeSeconds: Double, progress: Double?) {
    let session = WorkoutSession(id: 1, kind: "wall", goal: goal, startedAt: 0)
    #expect(session.goalProgress(at: activeSeconds) == progress)
  }

  @Test func openEndedSessionHasNoProgress() {
    #expect(WorkoutSession(id: 1, kind: "wall", startedAt: 0).goalProgress(at: 60) == nil)
  }

  @Test func sessionSurvivesEncoding() throws {
    var session = WorkoutSession(id: 2, kind: "boulder", goal: .init(value: 2, unit: .mile), location: .indoor, startedAt: 5)
    try session.pause(at: 50)
    let store = AppGroupStore(identifier: "test")
    store.setCurrentWorkout(session, .ascent)
    #expect(store.currentWorkout(.ascent) == session)
    store.setCurrentWorkout(nil, .ascent)
    #expect(store.currentWorkout(.ascent) == nil)
    #expect(store.snapshot()[WorkoutStorage.ascent.currentKey] == nil)
  }

  /// Sessions and workouts are stored as Ascent first stored them (the kind under
  /// "obstacle"), so a data folder from before workout apps were data still loads.
  @Test func storedFormIsUnchanged() throws {
    let stored = #"{"accumulatedActiveSeconds":0,"id":1,"lastResumedAt":0,"location":1,"obstacle":"wall","startedAt":0,"state":"active"}"#
    let session = try JSONDecoder().decode(WorkoutSession.self, from: Data(stored.utf8))
    #expect(session.kind == "wall")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(String(decoding: try encoder.encode(session), as: UTF8.self) == stored)
  }
}
