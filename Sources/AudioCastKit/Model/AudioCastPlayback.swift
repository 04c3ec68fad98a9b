import SiriIntents

/// What AudioCast is playing and what the user has heard, kept in the app-group
/// store so the extension can resolve "play AudioCast" (resume) and skip heard episodes.
public struct AudioCastPlayback: Sendable, Equatable, Codable {
  public struct NowPlaying: Sendable, Equatable, Codable {
    public var episodeID: String
    /// The show or playlist it was started from.
    public var containerID: String
    public var isPlaying: Bool
    public var rate: Double

    public init(episodeID: String, containerID: String, isPlaying: Bool = true, rate: Double = 1) {
      self.episodeID = episodeID
      self.containerID = containerID
      self.isPlaying = isPlaying
      self.rate = rate
    }
  }

  public var nowPlaying: NowPlaying?
  /// Seconds listened into each episode that was started.
  public var positions: [String: Double] = [:]
  /// Episodes listened to the end, or started (AudioCast counts a started episode as heard).
  public var played: Set<String> = []

  public init() {}

  /// The store key both the extension and the app use.
  public static let storeKey = "audiocast.playback"
}

extension AppGroupStore {
  /// AudioCast's playback state, empty when nothing was ever played.
  public var audioCastPlayback: AudioCastPlayback {
    value(AudioCastPlayback.self, forKey: AudioCastPlayback.storeKey) ?? AudioCastPlayback()
  }
}
