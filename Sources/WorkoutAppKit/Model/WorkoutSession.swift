import SiriIntents

/// The workout running now (or paused): a pure state machine over simulated time.
///
/// Every time is in simulated seconds (``SimulatedClock/elapsed``), passed in by the
/// caller, so the session never reads a clock of its own. Active time accumulates
/// only while ``state`` is ``Workout/State/active``.
///
/// ```
/// active ──pause──▶ paused ──resume──▶ active
///   │ │               │ │
///   │ └────end────────┼─┴──▶ ended      (recorded in the history)
///   └──────cancel─────┴────▶ cancelled  (forgotten)
/// ```
public struct WorkoutSession: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// Why a transition is refused.
  public enum TransitionError: String, Error, Sendable, Equatable, CaseIterable {
    /// Pause while already paused.
    case alreadyPaused
    /// Resume while not paused.
    case notPaused
    /// Any change after the workout ended or was cancelled.
    case alreadyEnded
  }

  /// The session's number, which the finished ``Workout`` keeps.
  public let id: Int
  /// The id of its ``WorkoutKind`` (stored as `obstacle`, Ascent's first name for it).
  public let kind: String
  /// The target, or `nil` when the workout is open-ended.
  public let goal: Workout.Goal?
  /// Where the workout takes place (`unknown` when not said).
  public let location: WorkoutLocationType
  /// Running, paused, or finished one way or the other.
  public private(set) var state: Workout.State
  /// When the session started.
  public let startedAt: Double
  /// Active seconds up to the last pause (or up to ``lastResumedAt`` while active).
  public private(set) var accumulatedActiveSeconds: Double
  /// When the current active stretch began; `nil` unless ``state`` is active.
  public private(set) var lastResumedAt: Double?
  /// When the session ended or was cancelled.
  public private(set) var endedAt: Double?

  /// Starts a session, active from `time` on.
  public init(
    id: Int, kind: String, goal: Workout.Goal? = nil, location: WorkoutLocationType = .unknown,
    startedAt time: Double
  ) {
    self.id = id
    self.kind = kind
    self.goal = goal
    self.location = location
    state = .active
    startedAt = time
    accumulatedActiveSeconds = 0
    lastResumedAt = time
    endedAt = nil
  }

  enum CodingKeys: String, CodingKey {
    case id, kind = "obstacle", goal, location, state, startedAt, accumulatedActiveSeconds, lastResumedAt, endedAt
  }

  // MARK: - Transitions

  /// Pauses the running session at `time`.
  /// - Throws: ``TransitionError/alreadyPaused``, or ``TransitionError/alreadyEnded``.
  public mutating func pause(at time: Double) throws(TransitionError) {
    switch state {
    case .active:
      closeActiveStretch(at: time)
      state = .paused
    case .paused: throw .alreadyPaused
    case .ended, .cancelled: throw .alreadyEnded
    }
  }

  /// Resumes the paused session at `time`.
  /// - Throws: ``TransitionError/notPaused``, or ``TransitionError/alreadyEnded``.
  public mutating func resume(at time: Double) throws(TransitionError) {
    switch state {
    case .paused:
      lastResumedAt = time
      state = .active
    case .active: throw .notPaused
    case .ended, .cancelled: throw .alreadyEnded
    }
  }

  /// Ends the session (running or paused) at `time`; its active time is then final.
  /// - Throws: ``TransitionError/alreadyEnded``.
  public mutating func end(at time: Double) throws(TransitionError) {
    try finish(as: .ended, at: time)
  }

  /// Cancels the session (running or paused) at `time`.
  /// - Throws: ``TransitionError/alreadyEnded``.
  public mutating func cancel(at time: Double) throws(TransitionError) {
    try finish(as: .cancelled, at: time)
  }

  /// Applies one of SiriKit's four control actions.
  public mutating func apply(_ action: WorkoutControlAction, at time: Double) throws(TransitionError) {
    switch action {
    case .pause: try pause(at: time)
    case .resume: try resume(at: time)
    case .end: try end(at: time)
    case .cancel: try cancel(at: time)
    }
  }

  // MARK: - Reading

  /// Seconds spent active up to `time`, excluding paused stretches.
  public func activeSeconds(at time: Double) -> Double {
    guard state == .active, let since = lastResumedAt else { return accumulatedActiveSeconds }
    return accumulatedActiveSeconds + max(0, time - since)
  }

  /// The share of a time goal done at `time` (0.5 = half), or `nil` without a time goal.
  public func goalProgress(at time: Double) -> Double? {
    guard let seconds = goal?.seconds, seconds > 0 else { return nil }
    return activeSeconds(at: time) / seconds
  }

  /// The finished workout, once the session has ended; `nil` before, or when cancelled.
  public var finishedWorkout: Workout? {
    guard state == .ended, let endedAt else { return nil }
    return Workout(
      id: id, kind: kind, goal: goal, location: location, startedAt: startedAt, endedAt: endedAt,
      duration: accumulatedActiveSeconds, state: .ended)
  }

  // MARK: - Private

  private mutating func finish(as final: Workout.State, at time: Double) throws(TransitionError) {
    guard state.isOngoing else { throw .alreadyEnded }
    if state == .active { closeActiveStretch(at: time) }
    state = final
    endedAt = time
  }

  private mutating func closeActiveStretch(at time: Double) {
    accumulatedActiveSeconds = activeSeconds(at: time)
    lastResumedAt = nil
  }
}
