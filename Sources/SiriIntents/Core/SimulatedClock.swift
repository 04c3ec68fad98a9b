/// The simulator's time: seconds since the session's fixed start, moved only by
/// `:advance`. Kept in the app-group store so the extension, the main app and a
/// restarted session all read the same time, and transcripts never see the wall clock.
public struct SimulatedClock: Sendable, Equatable, Codable {
  /// Seconds since ``startDate``.
  public var elapsed: Double

  public init(elapsed: Double = 0) {
    self.elapsed = elapsed
  }

  /// The calendar date the simulation starts at (shown in `:state`).
  public static let startDate = "2026-11-20T09:00:00Z"

  /// The store key.
  public static let storeKey = "simulator.clock"

  /// `elapsed` as `h:mm:ss` after the start, e.g. `1:05:00`.
  public var formatted: String {
    let total = Int(min(max(elapsed, 0), 1e15).rounded())
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let seconds = total % 60
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)"
  }
}

extension AppGroupStore {
  /// The simulated time now.
  public var clock: SimulatedClock {
    value(SimulatedClock.self, forKey: SimulatedClock.storeKey) ?? SimulatedClock()
  }

  /// Moves simulated time forward by `seconds`.
  public func advanceClock(by seconds: Double) {
    update(SimulatedClock.self, forKey: SimulatedClock.storeKey, default: SimulatedClock()) {
      $0.elapsed += max(0, seconds)
    }
  }
}

extension AppGroupStore {
  /// The app whose audio is playing (or paused) now, system-wide: where playback
  /// commands go.
  public var nowPlayingApp: String? {
    value(String.self, forKey: "system.nowPlayingApp")
  }

  public func setNowPlayingApp(_ name: String?) {
    if let name { set(name, forKey: "system.nowPlayingApp") } else { removeValue(forKey: "system.nowPlayingApp") }
  }
}
