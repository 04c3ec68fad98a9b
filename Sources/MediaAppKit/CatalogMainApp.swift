import SiriIntents

/// A catalog app's main app: plays what its extension handed over, shows search
/// results and video, and refreshes cached likes when its extension asked it to.
public struct CatalogMainApp: AppDelegate {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  public func applicationDidBecomeActive() async -> [String] {
    // The extension can't reach the running app; it leaves a flag in shared storage.
    let refreshed: Int? = context.updateLibrary { library in
      guard library.likesNeedRefresh else { return nil }
      library.cachedLikedIDs = library.likedIDs
      library.likesNeedRefresh = false
      return library.cachedLikedIDs.count
    }
    guard let count = refreshed else { return [] }
    return ["found the likes-changed flag in shared storage, refreshed its cached likes (\(count) liked)"]
  }

  public func application(handle intent: Intent) async -> IntentResponse {
    switch intent {
    case .playMedia(let intent):
      return .playMedia(play(intent))
    default:
      return .failure(for: intent)
    }
  }

  public func application(continue activity: UserActivity, intent: Intent) async -> [String] {
    switch intent {
    case .searchForMedia(let intent):
      var lines = ["\(context.name) search: \(Self.describe(intent.mediaSearch))"]
      for (index, item) in intent.mediaItems.enumerated() {
        lines.append("  \(index + 1). \(Self.label(item))")
      }
      return lines
    case .playMedia(let intent):
      let response = play(intent)
      guard let item = response.nowPlayingItems.first else { return ["\(context.name) opens."] }
      return ["\(context.name) is playing \(Self.label(item))\(item.isVideo ? " (video, full screen)" : "")"]
    default:
      return ["\(context.name) opens."]
    }
  }

  // MARK: - Playing

  /// Starts the first item (an album or playlist starts its first track and queues
  /// the rest), or queues the items when asked to play them next or later.
  func play(_ intent: PlayMediaIntent) -> PlayMediaIntentResponse {
    guard let first = intent.mediaItems.first, let item = context.item(id: first.identifier) else {
      return PlayMediaIntentResponse(code: .failure)
    }
    var tracks = context.tracks(of: item)
    if intent.playShuffled == true, tracks.count > 1 {
      // Deterministic shuffle: rotate by the item count, so transcripts stay stable.
      tracks = Self.shuffled(tracks)
    }
    guard let start = tracks.first else { return PlayMediaIntentResponse(code: .failure) }
    let now = context.now
    let container = item.children.isEmpty ? nil : item.id
    let resumable = context.profile.resumableTypes.contains(start.type)
    context.store.updatePlayback(app: context.name) { state in
      if let repeatMode = Optional(intent.playbackRepeatMode), repeatMode != .unknown { state.repeatMode = repeatMode }
      if let shuffle = intent.playShuffled { state.shuffle = shuffle }
      switch intent.playbackQueueLocation {
      case .next where state.nowPlaying != nil:
        state.enqueue(tracks.map(\.id), next: true)
      case .later where state.nowPlaying != nil:
        state.enqueue(tracks.map(\.id), next: false)
      default:
        let position = resumable ? (state.positions[start.id] ?? 0) : 0
        let rate = intent.playbackSpeed ?? (resumable ? state.nowPlaying?.rate ?? 1 : 1)
        state.play(start.id, container: container, position: position, rate: rate, at: now)
        state.queue = tracks.dropFirst().map(\.id)
      }
    }
    if intent.playbackQueueLocation != .next && intent.playbackQueueLocation != .later || context.store.nowPlayingApp == nil {
      context.store.takeAudioFocus(app: context.name, at: now)
    }
    return PlayMediaIntentResponse(code: .success, nowPlayingItems: [item.mediaItem])
  }

  static func shuffled(_ tracks: [CatalogItem]) -> [CatalogItem] {
    guard tracks.count > 1 else { return tracks }
    var result: [CatalogItem] = []
    var remaining = tracks
    var index = 0
    while !remaining.isEmpty {
      index = (index + 2) % remaining.count
      result.append(remaining.remove(at: index))
    }
    return result
  }

  static func label(_ item: MediaItem) -> String {
    var text = "\(item.title)"
    if let artist = item.artist { text += " — \(artist)" }
    return text + " (\(item.type.name))"
  }

  static func describe(_ search: MediaSearch) -> String {
    let fields = search.summary.map { "\($0.0) \"\($0.1)\"" }
    return fields.isEmpty ? "everything" : fields.joined(separator: ", ")
  }
}
