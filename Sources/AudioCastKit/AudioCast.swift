import SiriIntents

/// AudioCast, the podcast app from Apple's "Playing Media Through Siri Shortcuts"
/// sample: an Intents extension and a main app over one podcast library, sharing an
/// app-group store.
public struct AudioCast: SimulatedApp {
  public let name = "AudioCast"
  public let supportedIntents: Set<IntentName> = [.playMedia]
  public let library: PodcastLibrary
  public let store: AppGroupStore
  public let intentsExtension: any IntentHandlerProviding
  public let mainApp: any AppDelegate

  public init(library: PodcastLibrary = .sample, store: AppGroupStore, device: Device = .phone) {
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
    let playback = store.audioCastPlayback
    var lines: [String] = []
    if let now = playback.nowPlaying, let episode = library.episode(id: now.episodeID) {
      let show = library.show(id: episode.showID)?.title ?? "?"
      lines.append("now playing: \"\(episode.title)\" from \(show)\(now.isPlaying ? "" : " (paused)")")
    } else {
      lines.append("now playing: nothing")
    }
    let heard = library.episodes.filter { playback.played.contains($0.id) }.map { "\"\($0.title)\"" }
    lines.append("heard: \(heard.isEmpty ? "none" : heard.joined(separator: ", "))")
    return lines
  }
}
