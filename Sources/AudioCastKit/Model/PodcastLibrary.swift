import MediaAppKit
import SiriIntents

/// A podcast app's library: a ``MediaCatalog`` like any media app's, read the way a
/// podcast app needs it.
///
/// Shows, episodes and playlists are catalog items: a `podcastShow` (its `artist` is the
/// host, its `genres` the categories, its `spokenForms` other ways to say it), a
/// `podcastEpisode` (its `show` is the show's id, with `published` as `YYYY-MM-DD`,
/// `duration` and `video`), a `podcastPlaylist` (its `children` are episode ids). Search
/// is the catalog's own (indexes, typo tolerance); what is a podcast's own — which episode
/// of a show to play, what has been heard, donations grouped by show — stays in AudioCast.
public struct PodcastLibrary: Sendable, Equatable {
  public let catalog: MediaCatalog
  public let shows: [CatalogItem]
  /// Every episode, in catalog order.
  public let episodes: [CatalogItem]
  public let playlists: [CatalogItem]
  /// Each show's episodes, newest first.
  private let episodesByShow: [String: [CatalogItem]]

  public init(catalog: MediaCatalog) {
    self.catalog = catalog
    let items = catalog.items
    shows = items.filter { $0.type == .podcastShow }
    episodes = items.filter { $0.type == .podcastEpisode }
    playlists = items.filter { $0.type == .podcastPlaylist }
    episodesByShow = Dictionary(grouping: episodes) { $0.show ?? "" }.mapValues { $0.sorted(by: Self.isNewer) }
  }

  /// Newest first: by publication day, then by identifier (so equal days keep one order).
  public static func isNewer(_ a: CatalogItem, than b: CatalogItem) -> Bool {
    (a.published ?? "", a.id) > (b.published ?? "", b.id)
  }

  /// The newest of `items`.
  public static func newest(_ items: some Sequence<CatalogItem>) -> CatalogItem? {
    items.max { isNewer($1, than: $0) }
  }

  /// The show a spoken name means (with `byHost`, also its host's name): the best match,
  /// if it fits well enough (0.75).
  public func show(named query: String, byHost: Bool = false) -> CatalogItem? {
    search(query, types: [.podcastShow], byHost: byHost).first { $0.score >= 0.75 }?.item
  }

  public init(catalogItems items: [CatalogItem]) {
    self.init(catalog: MediaCatalog(items))
  }

  public static func == (lhs: PodcastLibrary, rhs: PodcastLibrary) -> Bool {
    lhs.catalog == rhs.catalog
  }

  public func show(id: String) -> CatalogItem? { item(id: id, type: .podcastShow) }
  public func episode(id: String) -> CatalogItem? { item(id: id, type: .podcastEpisode) }
  public func playlist(id: String) -> CatalogItem? { item(id: id, type: .podcastPlaylist) }

  private func item(id: String, type: MediaItemType) -> CatalogItem? {
    catalog.item(id: id).flatMap { $0.type == type ? $0 : nil }
  }

  /// A show's episodes, newest first.
  public func episodes(ofShow showID: String) -> [CatalogItem] {
    episodesByShow[showID] ?? []
  }

  /// A playlist's episodes, in its order.
  public func episodes(inPlaylist playlist: CatalogItem) -> [CatalogItem] {
    playlist.children.compactMap(episode(id:))
  }

  /// The media item Siri speaks about: an episode's "artist" is its show, a show's is
  /// its host.
  public func mediaItem(for item: CatalogItem) -> MediaItem {
    switch item.type {
    case .podcastEpisode:
      return MediaItem(
        identifier: item.id, title: item.title, type: .podcastEpisode,
        artist: item.show.flatMap(show(id:))?.title, isVideo: item.isVideo)
    case .podcastShow:
      return MediaItem(identifier: item.id, title: item.title, type: .podcastShow, artist: item.artist ?? "")
    default:
      return MediaItem(identifier: item.id, title: item.title, type: item.type)
    }
  }

  /// The item with this identifier, whatever its kind.
  public func mediaItem(identifier: String) -> MediaItem? {
    catalog.item(id: identifier).map(mediaItem(for:))
  }

  /// Items of `types` whose title (or spoken form) fits `name`, best first, from the
  /// catalog's search; a show also by its host when `byHost`, and by its categories when
  /// `byCategory`.
  public func search(
    _ name: String, types: Set<MediaItemType>, byHost: Bool = false, byCategory: Bool = false
  ) -> [MediaCatalog.Match] {
    var best: [String: MediaCatalog.Match] = [:]
    var order: [String] = []
    func add(_ matches: [MediaCatalog.Match]) {
      for match in matches {
        if let known = best[match.item.id] {
          if match.score > known.score { best[match.item.id] = match }
        } else {
          best[match.item.id] = match
          order.append(match.item.id)
        }
      }
    }
    add(catalog.search(MediaSearch(mediaName: name), types: types, artistMeansArtist: false))
    if byHost && types.contains(.podcastShow) {
      add(catalog.search(MediaSearch(artistName: name), types: [.podcastShow], artistMeansArtist: false))
    }
    if byCategory && types.contains(.podcastShow) {
      add(catalog.search(MediaSearch(genreNames: [name]), types: [.podcastShow], artistMeansArtist: false))
    }
    // Best first; among equals, the order the catalog found them in.
    let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
    return best.values.sorted { ($0.score, -(position[$0.item.id] ?? 0)) > ($1.score, -(position[$1.item.id] ?? 0)) }
  }

  /// The library with the user's changes applied: published episodes added, deleted
  /// playlists gone.
  public func applying(_ changes: AudioCastLibraryChanges) -> PodcastLibrary {
    guard !changes.publishedEpisodes.isEmpty || !changes.deletedPlaylistIDs.isEmpty else { return self }
    let deleted = Set(changes.deletedPlaylistIDs)
    var catalog = self.catalog.filter { !($0.type == .podcastPlaylist && deleted.contains($0.id)) }
    for episode in changes.publishedEpisodes { catalog.upsert(episode.catalogItem) }
    return PodcastLibrary(catalog: catalog)
  }
}
