import SiriIntents

/// A media app's catalog and the search its extension runs during resolve.
///
/// Search follows `MediaSearch` field by field: the media type narrows the kinds of
/// item; the name, artist, album, genre, mood and release year filter; the sort order
/// picks among what is left. Titles are compared with ``TitleMatcher``, so
/// "outer peace" finds "Outer Peace (Deluxe)".
public struct MediaCatalog: Sendable, Equatable {
  public private(set) var items: [CatalogItem]
  private var index: [String: Int]
  /// The match keys of every name the items carry (titles, spoken forms, artists,
  /// albums, genres, moods), computed once when an item is added rather than per query.
  private var keys: [String: TitleKeys] = [:]
  private let matcher: TitleMatcher

  public init(_ items: [CatalogItem], matcher: TitleMatcher = TitleMatcher()) {
    self.items = items
    self.matcher = matcher
    index = Dictionary(items.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    items.forEach { addKeys(of: $0) }
  }

  public static func == (lhs: MediaCatalog, rhs: MediaCatalog) -> Bool {
    lhs.items == rhs.items
  }

  private mutating func addKeys(of item: CatalogItem) {
    for name in item.titles + [item.artist, item.album].compactMap({ $0 }) + item.genres + item.moods
    where keys[name] == nil {
      keys[name] = matcher.keys(name)
    }
  }

  /// Computes the match keys of names that items will carry later (a user's
  /// playlists), so adding those items costs nothing.
  public mutating func prepareKeys(for names: [String]) {
    for name in names where keys[name] == nil { keys[name] = matcher.keys(name) }
  }

  /// The keys of a name an item carries (computed now only for a name no item has).
  private func keys(of name: String) -> TitleKeys {
    keys[name] ?? matcher.keys(name)
  }

  /// The catalog's items that `include` keeps, with their keys already computed.
  public func filter(_ include: (CatalogItem) -> Bool) -> MediaCatalog {
    var copy = self
    copy.items = items.filter(include)
    copy.index = Dictionary(
      copy.items.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    return copy
  }

  public func item(id: String) -> CatalogItem? {
    index[id].map { items[$0] }
  }

  /// The items inside `item` (an album's tracks, a playlist's songs), in order.
  public func children(of item: CatalogItem) -> [CatalogItem] {
    item.children.compactMap(self.item(id:))
  }

  /// Adds or replaces an item (a user playlist changing).
  public mutating func upsert(_ item: CatalogItem) {
    addKeys(of: item)
    if let position = index[item.id] {
      items[position] = item
    } else {
      index[item.id] = items.count
      items.append(item)
    }
  }

  /// A search result: items ranked best first, each with how well it matched.
  public struct Match: Sendable, Equatable {
    public var item: CatalogItem
    public var score: Double
  }

  /// Items matching `search`, best first. `types` limits the kinds of item considered
  /// when the search names none; `limit`, when given, how many results come back (the
  /// first ones of the full list).
  public func search(
    _ search: MediaSearch, types: Set<MediaItemType>, artistMeansArtist: Bool = true, limit: Int? = nil
  ) -> [Match] {
    func score(_ query: TitleKeys, _ name: String) -> Double {
      matcher.score(query, keys(of: name))
    }
    var candidates = items.filter { types.contains($0.type) }
    if search.mediaType != .unknown {
      let wanted = Self.compatibleTypes(search.mediaType)
      candidates = candidates.filter { wanted.contains($0.type) }
    }
    if let year = search.releaseDate.flatMap(Self.year(in:)) {
      candidates = candidates.filter { $0.year.map { Self.matches(year: $0, range: year) } ?? false }
    }
    if !search.genreNames.isEmpty {
      let genres = search.genreNames.map(matcher.keys)
      candidates = candidates.filter { item in
        genres.contains { genre in
          item.genres.contains { score(genre, $0) >= 0.9 } || (item.type == .genre && score(genre, item.title) >= 0.9)
        }
      }
    }
    if !search.moodNames.isEmpty {
      let moods = search.moodNames.map(matcher.keys)
      candidates = candidates.filter { item in
        moods.contains { mood in item.moods.contains { score(mood, $0) >= 0.9 } }
      }
    }
    if let artist = search.artistName.map(matcher.keys) {
      candidates = candidates.filter { item in
        score(artist, item.type == .artist ? item.title : item.artist ?? "") >= 0.75
      }
    }
    if let album = search.albumName.map(matcher.keys) {
      candidates = candidates.filter { item in
        item.type == .album ? item.titles.map { score(album, $0) }.max() ?? 0 >= 0.75
          : score(album, item.album ?? "") >= 0.75
      }
    }
    var matches: [Match]
    if let name = search.mediaName.map(matcher.keys) {
      matches = candidates.compactMap { item in
        let best = item.titles.map { score(name, $0) }.max() ?? 0
        return best >= 0.6 ? Match(item: item, score: best) : nil
      }
    } else {
      // No name: a genre or mood request prefers the genre's own station, then
      // stations and playlists, then single items.
      matches = candidates.map { item in
        let score: Double
        switch item.type {
        case .genre: score = 0.9
        case .musicStation, .radioStation, .station, .playlist: score = 0.85
        case .artist where search.artistName == nil: score = 0.7
        default: score = 0.8
        }
        return Match(item: item, score: score)
      }
    }
    // Artist-only requests ("play Khalid") mean the artist, not each of their songs.
    if artistMeansArtist, search.mediaName == nil, search.artistName != nil, search.mediaType == .unknown {
      let artists = matches.filter { $0.item.type == .artist }
      if !artists.isEmpty { matches = artists }
    }
    // A ranking and nothing else ("the most popular songs", "what's trending") is the
    // app's chart: its songs, not its playlists or stations.
    if search.sortOrder != .unknown, search.mediaType == .unknown, search.mediaName == nil, search.artistName == nil,
      search.albumName == nil, search.genreNames.isEmpty, search.moodNames.isEmpty
    {
      let songs = matches.filter { $0.item.type == .song }
      if !songs.isEmpty { matches = songs }
    }
    let sorted = sort(matches, by: search.sortOrder)
    return limit.map { Array(sorted.prefix(max(0, $0))) } ?? sorted
  }

  private func sort(_ matches: [Match], by order: MediaSortOrder) -> [Match] {
    let indexed = matches.enumerated().map { ($0.offset, $0.element) }
    let sorted = indexed.sorted { lhs, rhs in
      let a = lhs.1
      let b = rhs.1
      switch order {
      case .newest:
        if (a.item.year ?? 0) != (b.item.year ?? 0) { return (a.item.year ?? 0) > (b.item.year ?? 0) }
      case .oldest:
        if (a.item.year ?? 9999) != (b.item.year ?? 9999) { return (a.item.year ?? 9999) < (b.item.year ?? 9999) }
      case .popular, .trending, .recommended:
        if a.item.popularity != b.item.popularity { return a.item.popularity > b.item.popularity }
      case .unpopular:
        if a.item.popularity != b.item.popularity { return a.item.popularity < b.item.popularity }
      case .best:
        if a.item.rating != b.item.rating { return a.item.rating > b.item.rating }
      case .worst:
        if a.item.rating != b.item.rating { return a.item.rating < b.item.rating }
      case .unknown:
        break
      }
      if a.score != b.score { return a.score > b.score }
      return lhs.0 < rhs.0
    }
    return sorted.map(\.1)
  }

  /// Types that satisfy a requested type ("music" is any song, album or playlist).
  public static func compatibleTypes(_ type: MediaItemType) -> Set<MediaItemType> {
    switch type {
    case .music: return [.song, .album, .artist, .playlist, .genre, .musicStation]
    case .station, .radioStation: return [.radioStation, .station]
    case .musicStation: return [.musicStation, .radioStation, .station]
    case .playlist: return [.playlist, .podcastPlaylist]
    case .podcastShow: return [.podcastShow]
    case .podcastEpisode: return [.podcastEpisode]
    default: return [type]
    }
  }

  /// A year or decade in a release-date phrase: "1999" → 1999...1999, "the nineties" → 1990...1999.
  static func year(in text: String) -> ClosedRange<Int>? {
    let digits = text.filter(\.isNumber)
    if digits.count == 4, let year = Int(digits) { return year...year }
    if digits.count == 2, let decade = Int(digits), text.hasSuffix("s") {
      let century = decade < 30 ? 2000 : 1900
      return (century + decade)...(century + decade + 9)
    }
    let decades = ["sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990, "sixtys": 1960]
    for (word, start) in decades where text.lowercased().contains(word) { return start...(start + 9) }
    return nil
  }

  static func matches(year: Int, range: ClosedRange<Int>) -> Bool {
    range.contains(year)
  }
}
