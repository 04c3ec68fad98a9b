import SiriIntents
import UtteranceParsing

/// What an app's extension and main app share: the profile, the app-group store and
/// the device. Both halves are built from one context, as both targets of a real app
/// link the same framework and open the same app group.
public struct CatalogAppContext: Sendable {
  public let profile: CatalogAppProfile
  public let store: AppGroupStore
  public let device: Device
  public let matcher = TitleMatcher()

  public init(profile: CatalogAppProfile, store: AppGroupStore, device: Device) {
    self.profile = profile
    self.store = store
    self.device = device
  }

  public var name: String { profile.name }
  public var now: Double { store.clock.elapsed }
  public var account: AccountSettings { store.accountSettings(app: name) }
  public var playback: PlaybackState { store.playbackState(app: name) }

  public var library: LibraryState {
    store.value(LibraryState.self, forKey: LibraryState.storeKey(app: name)) ?? profile.initialLibrary
  }

  @discardableResult
  public func updateLibrary<Result: Sendable>(_ body: (inout LibraryState) -> sending Result) -> Result {
    store.update(LibraryState.self, forKey: LibraryState.storeKey(app: name), default: profile.initialLibrary, body)
  }

  /// The catalog plus the user's playlists, as items.
  public var catalog: MediaCatalog {
    var catalog = profile.catalog
    for playlist in library.playlists {
      catalog.upsert(Self.item(for: playlist))
    }
    return catalog
  }

  /// A user playlist as a catalog item.
  static func item(for playlist: UserPlaylist) -> CatalogItem {
    CatalogItem(
      id: playlist.id, title: playlist.title, type: .playlist, artist: nil, popularity: 60, children: playlist.itemIDs)
  }

  /// The reason `item` can't be played now, if any.
  public func unsupportedReason(for item: CatalogItem) -> MediaItemUnsupportedReason? {
    MediaAccess.unsupportedReason(for: item, account: account, system: store.systemSettings)
  }

  /// What a watch can resolve without the network: what was played, saved or is in a playlist.
  public var cachedItemIDs: Set<String> {
    let library = library
    var ids = Set(playback.history).union(library.savedItemIDs)
    for playlist in library.playlists { ids.insert(playlist.id); ids.formUnion(playlist.itemIDs) }
    if let flow = profile.defaultItemID { ids.insert(flow) }
    return ids
  }

  // MARK: - Resolving a search

  /// The outcome of looking up a `MediaSearch` in this app.
  public enum Lookup: Sendable, Equatable {
    case found(CatalogItem)
    case several([CatalogItem])
    case none
    case unsupportedType
    /// A special phrase with nothing behind it yet ("my favorites" before any like).
    case emptySpecial
  }

  /// Looks up `search`: special phrases first, then the catalog. A bare name heard
  /// as an artist ("play Outer Peace") that fits no artist is tried as a title.
  public func lookUp(_ search: MediaSearch) -> Lookup {
    let result = lookUpAsSaid(search)
    if result == .none, search.mediaName == nil, search.albumName == nil, let name = search.artistName {
      var asTitle = search
      asTitle.artistName = nil
      asTitle.mediaName = name
      return lookUpAsSaid(asTitle)
    }
    return result
  }

  private func lookUpAsSaid(_ search: MediaSearch) -> Lookup {
    var search = search
    if Self.videoTypes.contains(search.mediaType) {
      // Video the app can't classify: find the title anyway; confirm then answers
      // failureUnknownMediaType, the code for exactly this.
      search.mediaType = .unknown
    }
    if search.mediaType != .unknown, search.mediaType != .music,
      MediaCatalog.compatibleTypes(search.mediaType).isDisjoint(with: profile.mediaTypes)
    {
      return .unsupportedType
    }
    if let name = search.mediaName, let special = special(named: name) {
      return special.map(Lookup.found) ?? .emptySpecial
    }
    var catalog = self.catalog
    if device == .watch {
      let cached = cachedItemIDs
      catalog = catalog.filter { cached.contains($0.id) }
    }
    let matches = catalog.search(search, types: profile.mediaTypes)
    guard let best = matches.first else { return .none }
    if search.sortOrder == .unknown {
      let ties = matches.filter { $0.score >= 0.95 && $0.score >= best.score - 0.01 }
      let distinct = Self.distinctTitles(ties.map(\.item))
      if distinct.count > 1 { return .several(Array(distinct.prefix(3))) }
    }
    return .found(best.item)
  }

  static let videoTypes: Set<MediaItemType> = [.movie, .tvShow, .tvShowEpisode, .musicVideo]

  /// The special item a name selects (Flow, favorites, new releases), if any.
  /// `.some(nil)` means the phrase matched but there is nothing to play (no favorites yet).
  func special(named name: String) -> CatalogItem?? {
    let words = Tokenizer.words(name)
    for special in profile.specials {
      let hit = special.phraseWords.contains { phraseWords in
        if special.matchesAnywhere { return Self.contains(words, phraseWords) }
        return words.filter { $0 != "my" && $0 != "the" } == phraseWords
      }
      guard hit else { continue }
      switch special.kind {
      case .item(let id):
        return .some(profile.catalog.item(id: id))
      case .favorites:
        let liked = library.likedIDs
        guard !liked.isEmpty else { return .some(nil) }
        return .some(
          CatalogItem(id: "favorites", title: special.title ?? "Your Favorites", type: .playlist, children: liked))
      case .newReleases:
        let albums = profile.catalog.items.filter { $0.type == .album }.sorted { ($0.year ?? 0) > ($1.year ?? 0) }
        return .some(
          CatalogItem(
            id: "new-releases", title: special.title ?? "New Releases", type: .playlist,
            children: albums.prefix(3).flatMap { $0.children.isEmpty ? [$0.id] : $0.children }))
      }
    }
    return nil
  }

  private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
    guard !phrase.isEmpty, words.count >= phrase.count else { return false }
    return (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
  }

  private static func distinctTitles(_ items: [CatalogItem]) -> [CatalogItem] {
    var seen = Set<String>()
    return items.filter { seen.insert("\($0.type.name)|\($0.title)|\($0.artist ?? "")").inserted }
  }

  /// An item that may be synthesized (favorites, new releases) or from the catalog.
  public func item(id: String) -> CatalogItem? {
    // The fixed catalog first: no store read. Only then the user's playlists.
    if let item = profile.catalog.item(id: id) { return item }
    if let playlist = library.playlists.first(where: { $0.id == id }) { return Self.item(for: playlist) }
    for special in profile.specials {
      if case .favorites = special.kind, id == "favorites" { return self.special(named: special.phrases[0]) ?? nil }
      if case .newReleases = special.kind, id == "new-releases" { return self.special(named: special.phrases[0]) ?? nil }
    }
    return nil
  }

  /// The playable tracks of an item: itself, or its children (an artist's songs, an album's tracks).
  public func tracks(of item: CatalogItem) -> [CatalogItem] {
    if item.children.isEmpty { return [item] }
    return item.children.compactMap(self.item(id:)).flatMap { tracks(of: $0) }
  }
}
