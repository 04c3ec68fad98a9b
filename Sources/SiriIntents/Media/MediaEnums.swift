/// SiriKit's `INMediaItemType`, with its raw values.
public enum MediaItemType: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, song, album, artist, genre, playlist, podcastShow, podcastEpisode,
    podcastPlaylist, musicStation, audioBook, movie, tvShow, tvShowEpisode, musicVideo,
    podcastStation, radioStation, station, music, algorithmicRadioStation, news

  /// The SiriKit case name (`podcastEpisode`), used in grammars, JSON and traces.
  public var name: String { Self.names[rawValue] }

  /// The type with SiriKit case name `name`, if any.
  public init?(name: String) {
    guard let index = Self.names.firstIndex(of: name) else { return nil }
    self.init(rawValue: index)
  }

  private static let names = [
    "unknown", "song", "album", "artist", "genre", "playlist", "podcastShow", "podcastEpisode",
    "podcastPlaylist", "musicStation", "audioBook", "movie", "tvShow", "tvShowEpisode", "musicVideo",
    "podcastStation", "radioStation", "station", "music", "algorithmicRadioStation", "news",
  ]
}

/// SiriKit's `INMediaSortOrder`.
public enum MediaSortOrder: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, newest, oldest, best, worst, popular, unpopular, trending, recommended

  public var name: String { Self.names[rawValue] }

  public init?(name: String) {
    guard let index = Self.names.firstIndex(of: name) else { return nil }
    self.init(rawValue: index)
  }

  private static let names = [
    "unknown", "newest", "oldest", "best", "worst", "popular", "unpopular", "trending", "recommended",
  ]
}

/// SiriKit's `INMediaReference`.
public enum MediaReference: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, currentlyPlaying, my

  public var name: String { ["unknown", "currentlyPlaying", "my"][rawValue] }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}

/// SiriKit's `INPlaybackRepeatMode`.
public enum PlaybackRepeatMode: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, none, all, one

  public var name: String { ["unknown", "none", "all", "one"][rawValue] }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}

/// SiriKit's `INPlaybackQueueLocation`.
public enum PlaybackQueueLocation: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, now, next, later

  public var name: String { ["unknown", "now", "next", "later"][rawValue] }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}

/// SiriKit's `INMediaAffinityType`.
public enum MediaAffinityType: Int, Sendable, Codable, CaseIterable, Hashable {
  case unknown = 0, like, dislike

  public var name: String { ["unknown", "like", "dislike"][rawValue] }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}
