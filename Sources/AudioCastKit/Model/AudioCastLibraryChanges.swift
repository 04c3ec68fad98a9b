import MediaAppKit
import SiriIntents

/// What changed in the user's AudioCast library since the sample: new episodes
/// published, shows unsubscribed, playlists deleted. Kept in the app-group store so the
/// extension, the app and a restarted session agree.
public struct AudioCastLibraryChanges: Sendable, Equatable, Codable {
  public var publishedEpisodes: [PublishedEpisode] = []
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

/// An episode published after the app was installed (`:publish`), as the store keeps it.
/// (The fields of the store's format since the first version; the library holds it as a
/// `podcastEpisode` catalog item.)
public struct PublishedEpisode: Sendable, Equatable, Codable {
  public var id: String
  public var showID: String
  public var title: String
  /// `YYYY-MM-DD`.
  public var published: String
  /// Seconds.
  public var duration: Double
  public var isVideo: Bool

  public init(id: String, showID: String, title: String, published: String, duration: Double, isVideo: Bool = false) {
    self.id = id
    self.showID = showID
    self.title = title
    self.published = published
    self.duration = duration
    self.isVideo = isVideo
  }

  public var catalogItem: CatalogItem {
    CatalogItem(
      id: id, title: title, type: .podcastEpisode, isVideo: isVideo, duration: duration, show: showID, published: published)
  }
}
