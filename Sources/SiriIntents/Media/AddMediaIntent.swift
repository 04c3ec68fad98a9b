/// Where added media goes: SiriKit's `INMediaDestination`.
public enum MediaDestination: Sendable, Equatable, Hashable, Codable {
  case library
  case playlist(name: String)

  /// The SiriKit destination type name (`library`, `playlist`).
  public var typeName: String {
    switch self {
    case .library: return "library"
    case .playlist: return "playlist"
    }
  }
}

/// A request to add media to the library or a playlist: SiriKit's `INAddMediaIntent`.
public struct AddMediaIntent: Sendable, Equatable, Codable {
  public var mediaItems: [MediaItem]
  public var mediaSearch: MediaSearch
  public var mediaDestination: MediaDestination?

  public init(mediaItems: [MediaItem] = [], mediaSearch: MediaSearch = MediaSearch(), mediaDestination: MediaDestination? = nil) {
    self.mediaItems = mediaItems
    self.mediaSearch = mediaSearch
    self.mediaDestination = mediaDestination
  }
}

/// The answer to an ``AddMediaIntent``: SiriKit's `INAddMediaIntentResponse`.
public struct AddMediaIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INAddMediaIntentResponseCode`, with its raw values.
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, inProgress, success, handleInApp, failure, failureRequiringAppLaunch

    public var name: String {
      ["unspecified", "ready", "inProgress", "success", "handleInApp", "failure", "failureRequiringAppLaunch"][rawValue]
    }
  }

  public var code: Code
  public var userActivity: UserActivity?

  public init(code: Code, userActivity: UserActivity? = nil) {
    self.code = code
    self.userActivity = userActivity
  }
}

/// A request to like or dislike media: SiriKit's `INUpdateMediaAffinityIntent`.
public struct UpdateMediaAffinityIntent: Sendable, Equatable, Codable {
  public var mediaItems: [MediaItem]
  public var mediaSearch: MediaSearch
  public var affinityType: MediaAffinityType

  public init(mediaItems: [MediaItem] = [], mediaSearch: MediaSearch = MediaSearch(), affinityType: MediaAffinityType = .unknown) {
    self.mediaItems = mediaItems
    self.mediaSearch = mediaSearch
    self.affinityType = affinityType
  }
}

/// The answer to an ``UpdateMediaAffinityIntent``. There is no handleInApp or
/// continueInApp for this intent: the extension must finish it.
public struct UpdateMediaAffinityIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INUpdateMediaAffinityIntentResponseCode`, with its raw values.
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, inProgress, success, failure, failureRequiringAppLaunch

    public var name: String {
      ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"][rawValue]
    }
  }

  public var code: Code
  public var userActivity: UserActivity?

  public init(code: Code, userActivity: UserActivity? = nil) {
    self.code = code
    self.userActivity = userActivity
  }
}

/// A request to find media and show it in the app: SiriKit's `INSearchForMediaIntent`.
public struct SearchForMediaIntent: Sendable, Equatable, Codable {
  public var mediaItems: [MediaItem]
  public var mediaSearch: MediaSearch

  public init(mediaItems: [MediaItem] = [], mediaSearch: MediaSearch = MediaSearch()) {
    self.mediaItems = mediaItems
    self.mediaSearch = mediaSearch
  }
}

/// The answer to a ``SearchForMediaIntent``: SiriKit's `INSearchForMediaIntentResponse`.
public struct SearchForMediaIntentResponse: Sendable, Equatable, Codable {
  /// SiriKit's `INSearchForMediaIntentResponseCode`, with its raw values.
  public enum Code: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch

    public var name: String {
      ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch"][rawValue]
    }
  }

  public var code: Code
  public var userActivity: UserActivity?

  public init(code: Code, userActivity: UserActivity? = nil) {
    self.code = code
    self.userActivity = userActivity
  }
}
