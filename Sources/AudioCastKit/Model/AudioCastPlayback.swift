import MediaAppKit
import SiriIntents

/// Where a podcast app keeps its state in the app-group store, under keys named after
/// the app: the playback state (now playing, positions, queue), the episodes the user
/// has heard (so the extension can resolve "play AudioCast" and skip heard episodes)
/// and the changes to its library (new episodes, unsubscriptions, deleted playlists).
public struct PodcastStorage: Sendable, Equatable {
  public let appName: String
  /// Episodes started or finished (a started episode counts as heard).
  public let heardKey: String
  /// The ``AudioCastLibraryChanges``.
  public let libraryChangesKey: String
  /// The episodes heard before the app was first used (the definition's `played`).
  public let initiallyHeard: Set<String>

  public init(appName: String, initiallyHeard: Set<String> = []) {
    self.appName = appName
    let prefix = appName.lowercased()
    heardKey = "\(prefix).heard"
    libraryChangesKey = "\(prefix).library"
    self.initiallyHeard = initiallyHeard
  }
}

extension AppGroupStore {
  /// A podcast app's playback state.
  public func podcastPlayback(_ storage: PodcastStorage) -> PlaybackState {
    playbackState(app: storage.appName)
  }

  /// Episodes the user has heard.
  public func heardEpisodes(_ storage: PodcastStorage) -> Set<String> {
    value(Set<String>.self, forKey: storage.heardKey) ?? storage.initiallyHeard
  }

  /// Marks episodes heard (or not, for tests and `:reset`).
  public func setHeardEpisodes(_ heard: Set<String>, _ storage: PodcastStorage) {
    set(heard, forKey: storage.heardKey)
  }
}
