import SiriIntents

/// Resolves, confirms and hands off play requests for a catalog app.
///
/// Resolution is a catalog search (special phrases first, "play <app>" resumes or
/// plays the app's default); each found item is checked against the account and
/// device settings, which turn into SiriKit's unsupported reasons. Confirm only
/// checks what can still fail at the last moment (stream limits, a kids profile,
/// setup). Handle never plays: audio goes to the main app in the background
/// (handleInApp), video and everything on a watch to the foreground (continueInApp).
public struct CatalogPlayMediaHandler: PlayMediaIntentHandling {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>] {
    if !intent.mediaItems.isEmpty {
      return intent.mediaItems.map { item in
        guard let found = context.item(id: item.identifier) else { return .success(item) }
        return checked(found)
      }
    }
    let search = intent.mediaSearch
    if search.reference == .currentlyPlaying, let current = context.playback.nowPlaying,
      let item = context.item(id: current.itemID)
    {
      return [checked(item)]
    }
    if search.isEmpty {
      return [resolveUnspecified()]
    }
    switch context.lookUp(search) {
    case .found(let item):
      return [checked(item)]
    case .several(let items):
      return [.disambiguation(items.map(\.mediaItem))]
    case .none:
      return [.unsupported(.notFound)]
    case .unsupportedType:
      return [.unsupported(.mediaItem(.unsupportedMediaType))]
    case .emptySpecial:
      return [.unsupported(.note("noFavorites"))]
    }
  }

  public func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    if let resume = intent.resumePlayback { return .success(resume) }
    if intent.mediaSearch.isEmpty, let now = context.playback.nowPlaying,
      intent.mediaItems.isEmpty || intent.mediaItems.first?.identifier == now.itemID
    {
      return .success(true)
    }
    if let item = intent.mediaItems.first, context.profile.resumableTypes.contains(item.type),
      (context.playback.positions[item.identifier] ?? 0) > 0
    {
      return .success(true)
    }
    return .notRequired
  }

  public func resolvePlaybackSpeed(for intent: PlayMediaIntent) async -> ResolutionResult<Double> {
    guard let speed = intent.playbackSpeed else { return .notRequired }
    if speed < context.profile.speedRange.lowerBound { return .unsupported(.playbackSpeed(.belowMinimum)) }
    if speed > context.profile.speedRange.upperBound { return .unsupported(.playbackSpeed(.aboveMaximum)) }
    return .success(speed)
  }

  // MARK: Confirmation

  public func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    let account = context.account
    if [.movie, .tvShow, .tvShowEpisode, .musicVideo].contains(intent.mediaSearch.mediaType) {
      return PlayMediaIntentResponse(code: .failureUnknownMediaType)
    }
    if account.needsSetup { return PlayMediaIntentResponse(code: .failureRequiringAppLaunch) }
    if account.streamsElsewhere >= account.streamLimit {
      return PlayMediaIntentResponse(code: .failureMaxStreamLimitReached)
    }
    let items = intent.mediaItems.compactMap { context.item(id: $0.identifier) }
    if account.kidsProfile, items.contains(where: { $0.isExplicit || context.tracks(of: $0).contains(where: \.isExplicit) }) {
      return PlayMediaIntentResponse(code: .failureRestrictedContent)
    }
    return PlayMediaIntentResponse(code: .ready)
  }

  // MARK: Handling

  public func handle(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    let isVideo = intent.mediaItems.first?.isVideo ?? false
    if isVideo || context.device == .watch {
      return PlayMediaIntentResponse(
        code: .continueInApp,
        userActivity: UserActivity(activityType: "PlayMediaIntent", userInfo: ["itemID": intent.mediaItems.first?.identifier ?? ""]))
    }
    return PlayMediaIntentResponse(code: .handleInApp)
  }

  // MARK: - Helpers

  /// Items that are played through what they hold.
  static let containerTypes: Set<MediaItemType> = [.playlist, .album, .artist, .genre, .podcastPlaylist]

  private func checked(_ item: CatalogItem) -> ResolutionResult<MediaItem> {
    if let reason = context.unsupportedReason(for: item) { return .unsupported(.mediaItem(reason)) }
    // A playlist made a moment ago (or an album, an artist with nothing in it) has
    // nothing to play yet.
    if Self.containerTypes.contains(item.type), context.tracks(of: item).allSatisfy({ $0.id == item.id }) {
      return .unsupported(.note("emptyContainer"))
    }
    return .success(item.mediaItem)
  }

  /// "Play <app>" with nothing else: resume what was playing, else the app's default.
  private func resolveUnspecified() -> ResolutionResult<MediaItem> {
    if let now = context.playback.nowPlaying, let item = context.item(id: now.itemID) {
      return checked(item)
    }
    if let id = context.profile.defaultItemID, let item = context.item(id: id) {
      return checked(item)
    }
    return .unsupported(.notFound)
  }
}
