import SiriIntents

/// What a media app is playing, its queue and options, and where the user is in
/// each resumable item (episodes, audiobooks). Positions are computed from the
/// simulated clock, so `:advance 10m` moves them without any ticking.
public struct PlaybackState: Sendable, Equatable, Codable {
  public struct NowPlaying: Sendable, Equatable, Codable {
    public var itemID: String
    /// The album, playlist, show or station it was started from.
    public var containerID: String?
    /// The position at `anchorTime`, in seconds.
    public var anchorPosition: Double
    /// Simulated time at which `anchorPosition` was true.
    public var anchorTime: Double
    public var isPlaying: Bool
    public var rate: Double

    /// The position at simulated time `now`.
    public func position(at now: Double) -> Double {
      isPlaying ? anchorPosition + max(0, now - anchorTime) * rate : anchorPosition
    }
  }

  public var nowPlaying: NowPlaying?
  /// Items to play after the current one, in order.
  public var queue: [String] = []
  public var shuffle = false
  public var repeatMode: PlaybackRepeatMode = .none
  /// Saved positions of resumable items; an item at its start has none (so playing
  /// thousands of songs leaves nothing behind: the store stays small, and saving fast).
  public var positions: [String: Double] = [:]
  /// Items played, most recent last.
  public var history: [String] = []

  public init() {}

  /// The store key for an app's playback state.
  public static func storeKey(app: String) -> String { "\(app.lowercased()).playback" }

  /// Starts `itemID` now, at `position`, replacing what was playing (saving its position).
  public mutating func play(
    _ itemID: String, container: String?, position: Double = 0, rate: Double = 1, at now: Double
  ) {
    saveCurrentPosition(at: now)
    nowPlaying = NowPlaying(
      itemID: itemID, containerID: container, anchorPosition: position, anchorTime: now, isPlaying: true, rate: rate)
    history.removeAll { $0 == itemID }
    history.append(itemID)
    if history.count > 50 { history.removeFirst(history.count - 50) }
  }

  /// Remembers where the current item is, for resuming it later.
  public mutating func saveCurrentPosition(at now: Double) {
    guard let current = nowPlaying else { return }
    setPosition(current.position(at: now), of: current.itemID)
  }

  /// Keeps `position` for `itemID`; at the start (0), forgets it.
  mutating func setPosition(_ position: Double, of itemID: String) {
    positions[itemID] = position > 0 ? position : nil
  }

  public mutating func pause(at now: Double) {
    guard var current = nowPlaying, current.isPlaying else { return }
    current.anchorPosition = current.position(at: now)
    current.anchorTime = now
    current.isPlaying = false
    nowPlaying = current
    setPosition(current.anchorPosition, of: current.itemID)
  }

  public mutating func resume(at now: Double) {
    guard var current = nowPlaying, !current.isPlaying else { return }
    current.anchorTime = now
    current.isPlaying = true
    nowPlaying = current
  }

  /// Inserts items to play next (front of the queue) or later (end of the queue).
  public mutating func enqueue(_ itemIDs: [String], next: Bool) {
    if next {
      queue.insert(contentsOf: itemIDs, at: 0)
    } else {
      queue.append(contentsOf: itemIDs)
    }
  }

  /// Moves to the next queued item; `nil` when the queue is empty.
  public mutating func skipToNext(at now: Double) -> String? {
    guard !queue.isEmpty else { return nil }
    let next = queue.removeFirst()
    let container = nowPlaying?.containerID
    let rate = nowPlaying?.rate ?? 1
    play(next, container: container, position: positions[next] ?? 0, rate: rate, at: now)
    return next
  }
}

extension AppGroupStore {
  public func playbackState(app: String) -> PlaybackState {
    value(PlaybackState.self, forKey: PlaybackState.storeKey(app: app)) ?? PlaybackState()
  }

  /// Changes an app's playback state in one step.
  @discardableResult
  public func updatePlayback<Result: Sendable>(app: String, _ body: (inout PlaybackState) -> sending Result) -> Result {
    update(PlaybackState.self, forKey: PlaybackState.storeKey(app: app), default: PlaybackState(), body)
  }

}

extension AppGroupStore {
  /// Makes `app` the one playing audio, system-wide: the app that was playing before is
  /// paused (its position kept), as an audio session interruption does.
  public func takeAudioFocus(app: String, at now: Double) {
    if let previous = nowPlayingApp, previous != app {
      updatePlayback(app: previous) { $0.pause(at: now) }
    }
    setNowPlayingApp(app)
  }
}
