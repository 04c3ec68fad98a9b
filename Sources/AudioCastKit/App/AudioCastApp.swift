import MediaAppKit
import SiriIntents
import UtteranceParsing

/// The AudioCast main app: plays what the extension handed over.
///
/// Launched in the background for handleInApp (`application(_:handle:)`), it starts
/// the episode where the user left it and records it as heard. Opened in the
/// foreground for continueInApp, it shows the show or playlist the episode is in.
public struct AudioCastApp: AppDelegate {
  let library: PodcastLibrary
  let store: AppGroupStore
  let storage: PodcastStorage

  public init(library: PodcastLibrary, store: AppGroupStore, storage: PodcastStorage) {
    self.library = library
    self.store = store
    self.storage = storage
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
    if case .searchForMedia(let search) = intent {
      var lines = ["\(storage.appName) search results:"]
      for (index, item) in search.mediaItems.enumerated() {
        lines.append("  \(index + 1). \(item.title)\(item.artist.map { " — \($0)" } ?? "") (\(item.type == .podcastShow ? "show" : "episode"))")
      }
      return lines
    }
    guard case .playMedia(let intent) = intent, let item = intent.mediaItems.first else {
      return ["\(storage.appName) opens on its library."]
    }
    // Continuing a user activity from a suggestion or shortcut shows the content; only
    // a continueInApp hand-off (video, a watch) plays it.
    if activity.userInfo["restoration"] != "display" {
      _ = play(intent)
    }
    let episode = library.episode(id: item.identifier)
    let containerID = intent.mediaContainer?.identifier ?? episode?.show ?? ""
    return screen(forContainer: containerID, highlighting: item.identifier)
  }

  /// Starts the first item, resuming at its saved position.
  func play(_ intent: PlayMediaIntent) -> PlayMediaIntentResponse {
    guard let item = intent.mediaItems.first, let episode = library.episode(id: item.identifier) else {
      return PlayMediaIntentResponse(code: .failure)
    }
    // Playback, history, audio focus, the donation and the suggestions: one save.
    return store.transaction { play(episode, intent) }
  }

  private func play(_ episode: CatalogItem, _ intent: PlayMediaIntent) -> PlayMediaIntentResponse {
    let containerID = intent.mediaContainer?.identifier ?? requestedPlaylist(intent, containing: episode)?.id ?? episode.show ?? ""
    let now = store.clock.elapsed
    store.updatePlayback(app: storage.appName) { state in
      let rate = intent.playbackSpeed ?? state.nowPlaying?.rate ?? 1
      switch intent.playbackQueueLocation {
      case .next where state.nowPlaying != nil: state.enqueue([episode.id], next: true)
      case .later where state.nowPlaying != nil: state.enqueue([episode.id], next: false)
      default:
        let resuming = state.nowPlaying?.itemID == episode.id ? state.nowPlaying?.position(at: now) : nil
        state.play(episode.id, container: containerID, position: resuming ?? state.positions[episode.id] ?? 0, rate: rate, at: now)
      }
    }
    store.setHeardEpisodes(store.heardEpisodes(storage).union([episode.id]), storage)
    store.takeAudioFocus(app: storage.appName, at: now)
    donatePlayRequest(episode: episode, containerID: containerID)
    updateSystemUpcomingContentSuggestions()
    return PlayMediaIntentResponse(code: .success, nowPlayingItems: [library.mediaItem(for: episode)])
  }

  /// The playlist the request named, when the episode came from it ("play my Commute playlist").
  func requestedPlaylist(_ intent: PlayMediaIntent, containing episode: CatalogItem) -> CatalogItem? {
    guard let name = intent.mediaSearch.mediaName else { return nil }
    return library.playlists.first {
      $0.children.contains(episode.id) && Tokenizer.normalize($0.title) == Tokenizer.normalize(name)
    }
  }

  /// The show or playlist screen, as text lines.
  func screen(forContainer containerID: String, highlighting episodeID: String) -> [String] {
    let played = store.heardEpisodes(storage)
    let episodes: [CatalogItem]
    let heading: String
    if let playlist = library.playlist(id: containerID) {
      heading = "Playlist \"\(playlist.title)\""
      episodes = library.episodes(inPlaylist: playlist)
    } else if let show = library.show(id: containerID) {
      heading = "\(show.title), by \(show.artist ?? "")"
      episodes = library.episodes(ofShow: show.id)
    } else {
      return ["\(storage.appName) opens on its library."]
    }
    var lines = [heading]
    for episode in episodes {
      let marker = episode.id == episodeID ? "▶" : (played.contains(episode.id) ? "✓" : "•")
      lines.append("  \(marker) \(episode.title) (\(episode.published ?? ""))")
    }
    return lines
  }
}
