import MediaAppKit
import SiriIntents

/// Everything AudioCast can play: shows, their episodes and the user's playlists.
public struct PodcastLibrary: Sendable, Equatable, Codable {
  public var shows: [PodcastShow]
  public var episodes: [PodcastEpisode]
  public var playlists: [PodcastPlaylist]

  public init(shows: [PodcastShow], episodes: [PodcastEpisode], playlists: [PodcastPlaylist]) {
    self.shows = shows
    self.episodes = episodes
    self.playlists = playlists
  }

  /// The library a podcast app definition describes: its `podcastShow` items (the
  /// artist is the host, genres the categories), `podcastEpisode` items (with `show` and
  /// `published`) and `podcastPlaylist` items (whose children are episodes).
  public init(catalogItems items: [CatalogItem]) {
    shows = items.filter { $0.type == .podcastShow }.map {
      PodcastShow(id: $0.id, title: $0.title, author: $0.artist ?? "", spokenForms: $0.spokenForms, categories: $0.genres)
    }
    episodes = items.filter { $0.type == .podcastEpisode }.map {
      PodcastEpisode(id: $0.id, showID: $0.show ?? "", title: $0.title, published: $0.published ?? "", duration: $0.duration, isVideo: $0.isVideo)
    }
    playlists = items.filter { $0.type == .podcastPlaylist }.map {
      PodcastPlaylist(id: $0.id, title: $0.title, episodeIDs: $0.children)
    }
  }

  /// Every name searches compare against: titles, spoken forms, hosts, categories.
  public var allNames: [String] {
    shows.flatMap { [$0.title, $0.author] + $0.spokenForms + $0.categories } + episodes.map(\.title)
      + playlists.map(\.title)
  }

  public func show(id: String) -> PodcastShow? { shows.first { $0.id == id } }
  public func episode(id: String) -> PodcastEpisode? { episodes.first { $0.id == id } }
  public func playlist(id: String) -> PodcastPlaylist? { playlists.first { $0.id == id } }

  /// A show's episodes, newest first.
  public func episodes(ofShow showID: String) -> [PodcastEpisode] {
    episodes.filter { $0.showID == showID }.sorted { ($0.published, $0.id) > ($1.published, $1.id) }
  }

  /// The media item Siri speaks about for an episode: its show is the "artist".
  public func mediaItem(for episode: PodcastEpisode) -> MediaItem {
    MediaItem(
      identifier: episode.id, title: episode.title, type: .podcastEpisode,
      artist: show(id: episode.showID)?.title, isVideo: episode.isVideo)
  }

  /// The item with this identifier, whatever its kind.
  public func mediaItem(identifier: String) -> MediaItem? {
    if let episode = episode(id: identifier) { return mediaItem(for: episode) }
    if let show = show(id: identifier) { return show.mediaItem }
    if let playlist = playlist(id: identifier) { return playlist.mediaItem }
    return nil
  }
}
