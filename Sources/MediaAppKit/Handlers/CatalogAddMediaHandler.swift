import SiriIntents

/// Adds what is playing to the library or a playlist, entirely in the extension.
///
/// Like the Deezer app, it resolves only `currentlyPlaying`: a play request that
/// picks the wrong song costs the user a retry, but adding the wrong song leaves
/// it in their collection, and the now-playing item is known exactly.
public struct CatalogAddMediaHandler: AddMediaIntentHandling {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>] {
    if !intent.mediaItems.isEmpty { return intent.mediaItems.map { .success($0) } }
    let search = intent.mediaSearch
    let namesSomethingElse = search.mediaName != nil || search.artistName != nil || search.albumName != nil || !search.genreNames.isEmpty
    if search.reference != .currentlyPlaying, namesSomethingElse {
      return [.unsupported(.note("onlyCurrentlyPlaying"))]
    }
    guard let now = context.playback.nowPlaying, let playing = context.item(id: now.itemID) else {
      return [.unsupported(.note("nothingPlaying"))]
    }
    // "Add this album": the album the playing song is from.
    var item = playing
    if search.mediaType == .album, let album = context.catalog.items.first(where: { $0.type == .album && $0.children.contains(playing.id) }) {
      item = album
    }
    if let reason = context.unsupportedReason(for: item) { return [.unsupported(.mediaItem(reason))] }
    return [.success(item.mediaItem)]
  }

  public func resolveMediaDestination(for intent: AddMediaIntent) async -> ResolutionResult<MediaDestination> {
    switch intent.mediaDestination {
    case nil, .library?:
      return .success(.library)
    case .playlist(let name)?:
      let playlists = context.library.playlists
      let ranked = context.matcher.rank(playlists, query: name, threshold: 0.75) { [$0.title] }
      guard let best = ranked.first?.item else {
        return .unsupported(.mediaDestination(.playlistNameNotFound))
      }
      guard best.isEditable else { return .unsupported(.mediaDestination(.playlistNotEditable)) }
      return .success(.playlist(name: best.title))
    }
  }

  // MARK: Handling

  public func handle(intent: AddMediaIntent) async -> AddMediaIntentResponse {
    guard let item = intent.mediaItems.first else { return AddMediaIntentResponse(code: .failure) }
    if !context.account.loggedIn { return AddMediaIntentResponse(code: .failureRequiringAppLaunch) }
    context.updateLibrary { library in
      switch intent.mediaDestination {
      case .playlist(let name)?:
        if let index = library.playlists.firstIndex(where: { $0.title == name }),
          !library.playlists[index].itemIDs.contains(item.identifier)
        {
          library.playlists[index].itemIDs.append(item.identifier)
        }
      default:
        if !library.savedItemIDs.contains(item.identifier) { library.savedItemIDs.append(item.identifier) }
      }
    }
    return AddMediaIntentResponse(code: .success)
  }
}

/// Likes and dislikes, handled in the extension: SiriKit allows no hand-off for this
/// intent. After recording the change it sets a flag in shared storage; the main app
/// refreshes its cached likes when it next becomes active.
public struct CatalogAffinityHandler: UpdateMediaAffinityIntentHandling {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>] {
    if !intent.mediaItems.isEmpty { return intent.mediaItems.map { .success($0) } }
    let search = intent.mediaSearch
    let named = search.mediaName != nil || search.artistName != nil || search.albumName != nil
    if search.reference == .currentlyPlaying || !named {
      guard let now = context.playback.nowPlaying, var item = context.item(id: now.itemID) else {
        return [.unsupported(.note("nothingPlaying"))]
      }
      if search.mediaType == .album, let album = context.catalog.items.first(where: { $0.type == .album && $0.children.contains(item.id) }) {
        item = album
      } else if search.mediaType == .artist, let artist = context.catalog.items.first(where: { $0.type == .artist && $0.title == item.artist }) {
        item = artist
      }
      return [.success(item.mediaItem)]
    }
    switch context.lookUp(search) {
    case .found(let item): return [.success(item.mediaItem)]
    case .several(let items): return [.disambiguation(items.map(\.mediaItem))]
    case .none: return [.unsupported(.notFound)]
    case .unsupportedType: return [.unsupported(.mediaItem(.unsupportedMediaType))]
    case .emptySpecial: return [.unsupported(.note("noFavorites"))]
    }
  }

  // MARK: Handling

  public func handle(intent: UpdateMediaAffinityIntent) async -> UpdateMediaAffinityIntentResponse {
    guard let item = intent.mediaItems.first, intent.affinityType != .unknown else {
      return UpdateMediaAffinityIntentResponse(code: .failure)
    }
    if !context.account.loggedIn || context.store.systemSettings.network == .offline {
      return UpdateMediaAffinityIntentResponse(code: .failureRequiringAppLaunch)
    }
    context.updateLibrary { library in
      library.affinities[item.identifier] = intent.affinityType
      library.likesNeedRefresh = true
    }
    return UpdateMediaAffinityIntentResponse(code: .success)
  }
}

/// Finds media and opens the app on the results (continueInApp).
public struct CatalogSearchHandler: SearchForMediaIntentHandling {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
    if !intent.mediaItems.isEmpty { return intent.mediaItems.map { .success($0) } }
    var search = intent.mediaSearch
    if search.mediaType == .podcastShow, !context.profile.mediaTypes.contains(.podcastShow) {
      return [.unsupported(.mediaItem(.unsupportedMediaType))]
    }
    if search.mediaType == .unknown, search.mediaName == nil, search.artistName == nil, search.genreNames.isEmpty {
      search.sortOrder = search.sortOrder == .unknown ? .popular : search.sortOrder
    }
    let matches = context.catalog.search(
      search, types: context.profile.mediaTypes, artistMeansArtist: false)
    guard !matches.isEmpty else { return [.unsupported(.notFound)] }
    return matches.prefix(5).map { .success($0.item.mediaItem) }
  }

  // MARK: Handling

  public func handle(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse {
    SearchForMediaIntentResponse(
      code: .continueInApp,
      userActivity: UserActivity(
        activityType: "SearchForMediaIntent", userInfo: ["results": intent.mediaItems.map(\.identifier).joined(separator: ",")]))
  }
}
