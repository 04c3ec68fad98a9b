import SiriIntents

/// One entry of a media app's catalog: a song, album, artist, playlist, genre station,
/// audiobook, radio station, podcast… with what search and access checks need.
public struct CatalogItem: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var title: String
  public var type: MediaItemType
  public var artist: String?
  public var album: String?
  public var genres: [String]
  public var moods: [String]
  /// Release year, for "songs from 1999".
  public var year: Int?
  /// Popularity 0–100, for "popular" and "top" requests.
  public var popularity: Int
  /// Rating 0–5, for "best".
  public var rating: Double
  public var isExplicit: Bool
  /// Needs a paid subscription to play on demand.
  public var requiresSubscription: Bool
  /// Region codes where it may be played; empty means everywhere.
  public var regions: [String]
  public var isVideo: Bool
  /// Restricted content (age-rated); refused when the device has restrictions on.
  public var isRestricted: Bool
  /// Other spoken forms of the title ("eighty nine one" for "89.1 FM").
  public var spokenForms: [String]
  /// Items inside it: an album's or playlist's tracks, an artist's top songs.
  public var children: [String]
  /// Length in seconds (songs, episodes, audiobooks).
  public var duration: Double
  /// For a podcast episode: the id of its show.
  public var show: String?
  /// Publication day, `YYYY-MM-DD` (podcast episodes); sorts chronologically as text.
  public var published: String?

  public init(
    id: String, title: String, type: MediaItemType, artist: String? = nil, album: String? = nil,
    genres: [String] = [], moods: [String] = [], year: Int? = nil, popularity: Int = 50, rating: Double = 3,
    isExplicit: Bool = false, requiresSubscription: Bool = false, regions: [String] = [], isVideo: Bool = false,
    isRestricted: Bool = false, spokenForms: [String] = [], children: [String] = [], duration: Double = 0,
    show: String? = nil, published: String? = nil
  ) {
    self.id = id
    self.title = title
    self.type = type
    self.artist = artist
    self.album = album
    self.genres = genres
    self.moods = moods
    self.year = year
    self.popularity = popularity
    self.rating = rating
    self.isExplicit = isExplicit
    self.requiresSubscription = requiresSubscription
    self.regions = regions
    self.isVideo = isVideo
    self.isRestricted = isRestricted
    self.spokenForms = spokenForms
    self.children = children
    self.duration = duration
    self.show = show
    self.published = published
  }

  /// The item as Siri sees it: what it speaks about.
  public var mediaItem: MediaItem {
    MediaItem(identifier: id, title: title, type: type, artist: artist, isVideo: isVideo)
  }

  /// Every title people may use for it.
  public var titles: [String] { [title] + spokenForms }
}
