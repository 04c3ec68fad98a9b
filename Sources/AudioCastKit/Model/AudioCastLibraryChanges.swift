import SiriIntents

/// What changed in the user's AudioCast library since the sample: new episodes
/// published, shows unsubscribed, playlists deleted. Kept in the app-group store so the
/// extension, the app and a restarted session agree.
public struct AudioCastLibraryChanges: Sendable, Equatable, Codable {
  public var publishedEpisodes: [PodcastEpisode] = []
  public var unsubscribedShowIDs: [String] = []
  public var deletedPlaylistIDs: [String] = []

  public init() {}
}

extension AppGroupStore {
  public func podcastLibraryChanges(_ storage: PodcastStorage) -> AudioCastLibraryChanges {
    value(AudioCastLibraryChanges.self, forKey: storage.libraryChangesKey) ?? AudioCastLibraryChanges()
  }

  public func updatePodcastLibraryChanges(_ storage: PodcastStorage, _ body: (inout AudioCastLibraryChanges) -> Void) {
    update(AudioCastLibraryChanges.self, forKey: storage.libraryChangesKey, default: AudioCastLibraryChanges()) {
      body(&$0)
    }
  }
}

extension PodcastLibrary {
  /// The library with the user's changes applied.
  public func applying(_ changes: AudioCastLibraryChanges) -> PodcastLibrary {
    var library = self
    library.episodes += changes.publishedEpisodes
    library.playlists.removeAll { changes.deletedPlaylistIDs.contains($0.id) }
    return library
  }
}
