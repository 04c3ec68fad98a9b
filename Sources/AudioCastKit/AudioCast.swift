import MediaAppKit
import SiriIntents

/// AudioCast, the podcast app from Apple's "Playing Media Through Siri Shortcuts"
/// sample: an Intents extension and a main app over one podcast library, sharing an
/// app-group store.
public struct AudioCast: SimulatedApp {
  public let name = "AudioCast"
  public let supportedIntents: Set<IntentName> = [.playMedia, .searchForMedia]
  public let supportedMediaTypes: Set<MediaItemType> = [.podcastShow, .podcastEpisode, .podcastPlaylist]
  public let library: PodcastLibrary
  public let store: AppGroupStore
  public let intentsExtension: any IntentHandlerProviding
  public let mainApp: any AppDelegate

  public init(library: PodcastLibrary = .sample, store: AppGroupStore, device: Device = .phone) {
    let library = library.applying(store.audioCastLibraryChanges)
    self.library = library
    self.store = store
    intentsExtension = AudioCastIntentsExtension(library: library, store: store, device: device)
    mainApp = AudioCastApp(library: library, store: store)
  }

  public func vocabulary() -> [VocabularyTerm] {
    var terms = [VocabularyTerm(type: .appName, phrases: ["AudioCast", "Audio Cast"], value: name)]
    terms += library.shows.map {
      VocabularyTerm(type: .mediaShowTitle, phrases: [$0.title] + $0.spokenForms, value: $0.title)
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
    let heard = library.episodes.filter { store.audioCastHeard.contains($0.id) }.map { "\"\($0.title)\"" }
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
    guard let now = store.audioCastPlayback.nowPlaying, let episode = library.episode(id: now.itemID) else { return nil }
    return (library.mediaItem(for: episode), now.isPlaying, now.position(at: store.clock.elapsed))
  }

  public func perform(_ command: PlaybackCommand) -> PlaybackCommandResult {
    let now = store.clock.elapsed
    guard let current = store.audioCastPlayback.nowPlaying else { return .nothingPlaying }
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
          let following = library.episodes(ofShow: episode.showID).reversed().drop(while: { $0.id != episode.id }).dropFirst().first
        else { return .notApplicable("queueEmpty") }
        store.updatePlayback(app: name) { $0.play(following.id, container: episode.showID, position: $0.positions[following.id] ?? 0, rate: current.rate, at: now) }
        store.setAudioCastHeard(store.audioCastHeard.union([following.id]))
      }
    case .previous:
      store.updatePlayback(app: name) { $0.play(current.itemID, container: current.containerID, position: 0, rate: current.rate, at: now) }
    }
    return .done(nowPlaying()?.item)
  }
}
