/// A request to play media: SiriKit's `INPlayMediaIntent`.
public struct PlayMediaIntent: Sendable, Equatable, Codable {
  /// The items resolved so far (set by the dialogue after a disambiguation answer).
  public var mediaItems: [MediaItem]
  /// The show, album or playlist the items belong to.
  public var mediaContainer: MediaItem?
  public var playShuffled: Bool?
  public var playbackRepeatMode: PlaybackRepeatMode
  public var resumePlayback: Bool?
  public var playbackQueueLocation: PlaybackQueueLocation
  /// The playback rate, 1 being normal speed.
  public var playbackSpeed: Double?
  public var mediaSearch: MediaSearch

  public init(
    mediaItems: [MediaItem] = [], mediaContainer: MediaItem? = nil, playShuffled: Bool? = nil,
    playbackRepeatMode: PlaybackRepeatMode = .unknown, resumePlayback: Bool? = nil,
    playbackQueueLocation: PlaybackQueueLocation = .unknown, playbackSpeed: Double? = nil,
    mediaSearch: MediaSearch = MediaSearch()
  ) {
    self.mediaItems = mediaItems
    self.mediaContainer = mediaContainer
    self.playShuffled = playShuffled
    self.playbackRepeatMode = playbackRepeatMode
    self.resumePlayback = resumePlayback
    self.playbackQueueLocation = playbackQueueLocation
    self.playbackSpeed = playbackSpeed
    self.mediaSearch = mediaSearch
  }
}

/// The answer to a ``PlayMediaIntent``: SiriKit's `INPlayMediaIntentResponse`.
public struct PlayMediaIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INPlayMediaIntentResponseCode`, with its raw values.
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, continueInApp, inProgress, success, handleInApp, failure,
      failureRequiringAppLaunch, failureUnknownMediaType, failureNoUnplayedContent,
      failureRestrictedContent, failureMaxStreamLimitReached

    public var name: String {
      [
        "unspecified", "ready", "continueInApp", "inProgress", "success", "handleInApp", "failure",
        "failureRequiringAppLaunch", "failureUnknownMediaType", "failureNoUnplayedContent",
        "failureRestrictedContent", "failureMaxStreamLimitReached",
      ][rawValue]
    }
  }

  public var code: Code
  /// The activity handed to the app when it is opened (continueInApp).
  public var userActivity: UserActivity?
  /// The items that are now playing, filled in by the main app.
  public var nowPlayingItems: [MediaItem]

  public init(code: Code, userActivity: UserActivity? = nil, nowPlayingItems: [MediaItem] = []) {
    self.code = code
    self.userActivity = userActivity
    self.nowPlayingItems = nowPlayingItems
  }
}
