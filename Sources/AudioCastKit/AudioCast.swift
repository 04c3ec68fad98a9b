import MediaAppKit
import SiriIntents

/// AudioCast, the podcast app from Apple's "Playing Media Through Siri Shortcuts"
/// sample: an Intents extension and a main app over one podcast library, sharing an
/// app-group store.
public struct AudioCast: SimulatedApp {
  public let name: String
  public let spokenNames: [String]
  public let supportedIntents: Set<IntentName> = [.playMedia, .searchForMedia]
  public let supportedMediaTypes: Set<MediaItemType> = [.podcastShow, .podcastEpisode, .podcastPlaylist]
  public let library: PodcastLibrary
  public let store: AppGroupStore
  public let storage: PodcastStorage
  public let intentsExtension: any IntentHandlerProviding
  public let mainApp: any AppDelegate

  /// A podcast app named `name` over `library`, with the user's changes (published
  /// episodes, deleted playlists) from `store` applied.
  public init(
    name: String, spokenNames: [String] = [], library: PodcastLibrary, initiallyPlayed: Set<String> = [],
    store: AppGroupStore, device: Device = .phone
  ) {
    self.name = name
    self.spokenNames = spokenNames
    let storage = PodcastStorage(appName: name, initiallyHeard: initiallyPlayed)
    self.storage = storage
    let library = library.applying(store.podcastLibraryChanges(storage))
    self.library = library
    self.store = store
    intentsExtension = AudioCastIntentsExtension(library: library, store: store, storage: storage, device: device)
    mainApp = AudioCastApp(library: library, store: store, storage: storage)
  }

  public func vocabulary() -> [VocabularyTerm] {
    var terms = [VocabularyTerm(type: .appName, phrases: [name] + spokenNames, value: name)]
    terms += library.shows.map {
      VocabularyTerm(type: .mediaShowTitle, phrases: $0.titles, value: $0.title)
    }
    terms += library.episodes.map { VocabularyTerm(type: .mediaEpisodeTitle, $0.title) }
    terms += library.playlists.map { VocabularyTerm(type: .mediaPlaylistTitle, $0.title) }
    return terms
  }

  public func stateDescription() -> [String] {
    var lines: [String] = []
    if let now = nowPlaying() {
      let show = now.item.artist ?? "?"
      lines.append(
        "now playing: \"\(now.item.title)\" from \(show) at \(Self.format(now.position))\(now.isPlaying ? "" : " (paused)")")
    } else {
      lines.append("now playing: nothing")
    }
    let heard = library.episodes.filter { store.heardEpisodes(storage).contains($0.id) }.map { "\"\($0.title)\"" }
    lines.append("heard: \(heard.isEmpty ? "none" : heard.joined(separator: ", "))")
    return lines
  }

  static func format(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return "\(total / 60):\(total % 60 < 10 ? "0" : "")\(total % 60)"
  }
}

extension AudioCast: PlaybackControlling {
  public func nowPlaying() -> (item: MediaItem, isPlaying: Bool, position: Double)? {
    guard let now = store.podcastPlayback(storage).nowPlaying, let episode = library.episode(id: now.itemID) else { return nil }
    return (library.mediaItem(for: episode), now.isPlaying, now.position(at: store.clock.elapsed))
  }

  public func perform(_ command: PlaybackCommand) -> PlaybackCommandResult {
    let now = store.clock.elapsed
    guard let current = store.podcastPlayback(storage).nowPlaying else { return .nothingPlaying }
    switch command {
    case .nowPlaying:
      break
    case .pause:
      guard current.isPlaying else { return .notApplicable("alreadyPaused") }
      store.updatePlayback(app: name) { $0.pause(at: now) }
    case .resume:
      guard !current.isPlaying else { return .notApplicable("alreadyPlaying") }
      store.updatePlayback(app: name) { $0.resume(at: now) }
    case .next:
      // The next episode of the same show, newest first order reversed: the one after this.
      let next: String? = store.updatePlayback(app: name) { $0.skipToNext(at: now) }
      if next == nil {
        guard let episode = library.episode(id: current.itemID),
          let showID = episode.show,
          let following = library.episodes(ofShow: showID).reversed().drop(while: { $0.id != episode.id }).dropFirst().first
        else { return .notApplicable("queueEmpty") }
        store.updatePlayback(app: name) { $0.play(following.id, container: showID, position: $0.positions[following.id] ?? 0, rate: current.rate, at: now) }
        store.setHeardEpisodes(store.heardEpisodes(storage).union([following.id]), storage)
      }
    case .previous:
      store.updatePlayback(app: name) { $0.play(current.itemID, container: current.containerID, position: 0, rate: current.rate, at: now) }
    }
    return .done(nowPlaying()?.item)
  }
}
