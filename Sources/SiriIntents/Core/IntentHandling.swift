/// A request Siri hands to an app, as one value: the typed intents in one enum.
public enum Intent: Sendable, Equatable, Codable {
  case playMedia(PlayMediaIntent)

  /// The intent's user-facing name.
  public var name: IntentName {
    switch self {
    case .playMedia: return .playMedia
    }
  }
}

/// An app's answer to an ``Intent``, as one value.
public enum IntentResponse: Sendable, Equatable, Codable {
  case playMedia(PlayMediaIntentResponse)

  /// The response code's SiriKit name (`handleInApp`, `failureNoUnplayedContent`, …).
  public var codeName: String {
    switch self {
    case .playMedia(let response): return response.code.name
    }
  }
}

/// The handler an extension returns for one intent: the typed handling protocols in one enum.
public enum IntentHandler: Sendable {
  case playMedia(any PlayMediaIntentHandling)
}

/// An Intents extension's principal object: picks the handler for each intent,
/// like `INExtension.handler(for:)`.
public protocol IntentHandlerProviding: Sendable {
  /// The handler for `intent`, or `nil` when this extension does not support it.
  func handler(for intent: Intent) -> IntentHandler?
}

/// The main app's side of a hand-off: what `UIApplicationDelegate` does when the
/// extension answers handleInApp (background launch) or continueInApp (foreground).
public protocol AppDelegate: Sendable {
  /// `application(_:handle:completionHandler:)`: the app was launched in the
  /// background to finish the intent.
  func application(handle intent: Intent) async -> IntentResponse
  /// `application(_:continue:restorationHandler:)`: the app was opened in the
  /// foreground with this activity. Returns what the app now shows, as text lines.
  func application(continue activity: UserActivity, intent: Intent) async -> [String]
}

// MARK: - Media

/// Handles ``PlayMediaIntent``: SiriKit's `INPlayMediaIntentHandling`.
///
/// Resolve each parameter, then confirm, then handle. Every method has a default
/// except `resolveMediaItems` and `handle`.
public protocol PlayMediaIntentHandling: Sendable {
  /// Searches the catalog for what `intent.mediaSearch` describes.
  func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>]
  func resolvePlayShuffled(for intent: PlayMediaIntent) async -> ResolutionResult<Bool>
  func resolvePlaybackRepeatMode(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackRepeatMode>
  func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool>
  func resolvePlaybackQueueLocation(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackQueueLocation>
  func resolvePlaybackSpeed(for intent: PlayMediaIntent) async -> ResolutionResult<Double>
  /// Validates the resolved intent. Media apps should not ask the user to confirm.
  func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse
  /// Answers with handleInApp (audio) or continueInApp (video, watchOS), or a failure.
  func handle(intent: PlayMediaIntent) async -> PlayMediaIntentResponse
}

extension PlayMediaIntentHandling {
  public func resolvePlayShuffled(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    intent.playShuffled.map { .success($0) } ?? .notRequired
  }

  public func resolvePlaybackRepeatMode(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackRepeatMode> {
    intent.playbackRepeatMode == .unknown ? .notRequired : .success(intent.playbackRepeatMode)
  }

  public func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    intent.resumePlayback.map { .success($0) } ?? .notRequired
  }

  public func resolvePlaybackQueueLocation(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackQueueLocation> {
    intent.playbackQueueLocation == .unknown ? .notRequired : .success(intent.playbackQueueLocation)
  }

  public func resolvePlaybackSpeed(for intent: PlayMediaIntent) async -> ResolutionResult<Double> {
    intent.playbackSpeed.map { .success($0) } ?? .notRequired
  }

  public func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    PlayMediaIntentResponse(code: .ready)
  }
}
