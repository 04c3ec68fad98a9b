import SiriIntents

/// A podcast show in the AudioCast library.
public struct PodcastShow: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var title: String
  public var author: String
  /// Other ways people say the title ("stuff you should know" for "Stuff You Should Know Podcast").
  public var spokenForms: [String]
  /// Categories, for "search for jazz podcasts".
  public var categories: [String]

  public init(id: String, title: String, author: String, spokenForms: [String] = [], categories: [String] = []) {
    self.id = id
    self.title = title
    self.author = author
    self.spokenForms = spokenForms
    self.categories = categories
  }

  public var mediaItem: MediaItem {
    MediaItem(identifier: id, title: title, type: .podcastShow, artist: author)
  }
}

/// One episode of a show.
public struct PodcastEpisode: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var showID: String
  public var title: String
  /// Publication day, `YYYY-MM-DD`; sorts chronologically as text.
  public var published: String
  /// Length in seconds.
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
}

/// A playlist of episodes from several shows.
public struct PodcastPlaylist: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var title: String
  public var episodeIDs: [String]

  public init(id: String, title: String, episodeIDs: [String]) {
    self.id = id
    self.title = title
    self.episodeIDs = episodeIDs
  }

  public var mediaItem: MediaItem {
    MediaItem(identifier: id, title: title, type: .podcastPlaylist)
  }
}
