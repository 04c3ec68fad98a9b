import Synchronization
import SiriIntents

/// A media app's catalog and the search its extension runs during resolve.
///
/// Search follows `MediaSearch` field by field: the media type narrows the kinds of
/// item; the name, artist, album, genre, mood and release year filter; the sort order
/// picks among what is left. Titles are compared with ``TitleMatcher``, so
/// "outer peace" finds "Outer Peace (Deluxe)".
///
/// The items are indexed once (see ``CatalogIndex``): a search scores only the names
/// that share words with what was asked, so its cost doesn't grow with the catalog.
/// The index is built when first needed, or when ``prepareIndex()`` asks, so that a
/// session starting with a catalog of real size can index it on one core while the
/// grammar's lists are built on the other; copies of a catalog share one index. Items
/// added later (a user's playlists, see ``upsert(_:)``) aren't indexed: they are few,
/// and checked one by one.
///
/// Search forgives: when nothing matches well (no result, or none named at 0.9 or
/// more), it searches again letting each heard word of 5 letters or more stand for a
/// catalog word one edit away (two for 9 letters or more) or that sounds the same
/// (see ``NearWords``). Such a match scores 6% less per edit than the same title said
/// right (a sound-alike counts 1.5 edits), so it never ties with an exact match and
/// stays below the 0.95 at which a lookup asks "which one?".
public struct MediaCatalog: Sendable, Equatable {
  /// The items the index was built from.
  private var indexed: [CatalogItem]
  private let lazyIndex: LazyIndex
  /// The index (built now if it wasn't yet). A copy of a few dozen references: bind it
  /// once per search, not once per item.
  private var index: CatalogIndex { lazyIndex.index }
  /// Items added or replaced since the index was built, with their positions in `items`.
  private var overlay: [(position: Int, item: CatalogItem)] = []
  /// Positions of indexed items that an overlay item replaces.
  private var replaced: Set<Int> = []
  /// Match keys of names that overlay items carry (or will: ``prepareKeys(for:)``).
  private var keys: [String: TitleKeys] = [:]
  private let matcher: TitleMatcher

  public init(_ items: [CatalogItem], matcher: TitleMatcher = TitleMatcher()) {
    indexed = items
    self.matcher = matcher
    lazyIndex = LazyIndex(items: items, matcher: matcher)
  }

  /// Builds the index now, if it isn't built yet (safe from any thread; a search that
  /// comes meanwhile waits for it).
  public func prepareIndex() {
    _ = lazyIndex.index
  }

  public static func == (lhs: MediaCatalog, rhs: MediaCatalog) -> Bool {
    lhs.items == rhs.items
  }

  /// Every item, in order.
  public var items: [CatalogItem] {
    guard !overlay.isEmpty else { return indexed }
    var all = indexed
    for (position, item) in overlay {
      if position < all.count { all[position] = item } else { all.append(item) }
    }
    return all
  }

  /// Computes the match keys of names that items will carry later (a user's
  /// playlists), so adding those items costs nothing.
  public mutating func prepareKeys(for names: [String]) {
    for name in names where keys[name] == nil { keys[name] = matcher.keys(name) }
  }

  /// The catalog's items that `include` keeps (indexed anew).
  public func filter(_ include: (CatalogItem) -> Bool) -> MediaCatalog {
    var copy = MediaCatalog(items.filter(include), matcher: matcher)
    copy.keys = keys
    return copy
  }

  public func item(id: String) -> CatalogItem? {
    if let added = overlay.first(where: { $0.item.id == id }) { return added.item }
    return lazyIndex.index.position(of: id, in: indexed).map { indexed[$0] }
  }

  /// The items inside `item` (an album's tracks, a playlist's songs), in order.
  public func children(of item: CatalogItem) -> [CatalogItem] {
    item.children.compactMap(self.item(id:))
  }

  /// Adds or replaces an item (a user playlist changing). The index isn't rebuilt.
  public mutating func upsert(_ item: CatalogItem) {
    for name in Self.names(of: item) where keys[name] == nil { keys[name] = matcher.keys(name) }
    if let slot = overlay.firstIndex(where: { $0.item.id == item.id }) {
      overlay[slot].item = item
    } else if let position = lazyIndex.index.position(of: item.id, in: indexed) {
      overlay.append((position, item))
      replaced.insert(position)
    } else {
      let appended = overlay.count { $0.position >= indexed.count }
      overlay.append((indexed.count + appended, item))
    }
  }

  /// Bytes the index holds, for memory figures.
  public var indexMemoryBytes: Int { index.memoryBytes }

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
    if let chart = chart(search, types: types, limit: limit) { return chart }
    let query = SearchKeys(search, matcher: matcher)
    var found = candidates(search, query, types: types, forgiving: false)
    // (Candidates carry what sorting needs; items are copied only for the results.)
    if found.isEmpty || (search.mediaName != nil && !found.contains { $0.score >= 0.9 }) {
      let forgiven = candidates(search, query, types: types, forgiving: true)
      if !forgiven.isEmpty { found = forgiven }
    }
    // Artist-only requests ("play Khalid") mean the artist, not each of their songs.
    if artistMeansArtist, search.mediaName == nil, search.artistName != nil, search.mediaType == .unknown {
      let artists = found.filter { $0.type == .artist }
      if !artists.isEmpty { found = artists }
    }
    // A ranking and nothing else ("the most popular songs", "what's trending") is the
    // app's chart: its songs, not its playlists or stations.
    if Self.isRankingOnly(search) {
      let songs = found.filter { $0.type == .song }
      if !songs.isEmpty { found = songs }
    }
    return sort(found, by: search.sortOrder, limit: limit)
  }

  /// A candidate result: its position in `items` (the last tiebreak), score, and what
  /// the sort orders compare.
  private struct Candidate {
    var position: Int
    var score: Double
    var type: MediaItemType
    var popularity: Int
    var year: Int?
    var rating: Double

    init(position: Int, item: CatalogItem, score: Double) {
      self.position = position
      self.score = score
      type = item.type
      popularity = item.popularity
      year = item.year
      rating = item.rating
    }

    init(position: Int, score: Double, type: MediaItemType, popularity: Int, year: Int?, rating: Double) {
      self.position = position
      self.score = score
      self.type = type
      self.popularity = popularity
      self.year = year
      self.rating = rating
    }
  }

  /// The item at `position` in `items`.
  private func item(at position: Int) -> CatalogItem {
    if !overlay.isEmpty, let added = overlay.first(where: { $0.position == position }) { return added.item }
    return indexed[position]
  }

  /// The keys of every field a search names, computed once.
  private struct SearchKeys {
    var name: TitleKeys?
    var artist: TitleKeys?
    var album: TitleKeys?
    var genres: [TitleKeys]
    var moods: [TitleKeys]
    var years: ClosedRange<Int>?

    init(_ search: MediaSearch, matcher: TitleMatcher) {
      name = search.mediaName.map(matcher.keys)
      artist = search.artistName.map(matcher.keys)
      album = search.albumName.map(matcher.keys)
      genres = search.genreNames.map(matcher.keys)
      moods = search.moodNames.map(matcher.keys)
      years = search.releaseDate.flatMap(MediaCatalog.year(in:))
    }
  }

  /// Everything matching `search`, in no particular order.
  private func candidates(_ search: MediaSearch, _ query: SearchKeys, types: Set<MediaItemType>, forgiving: Bool)
    -> [Candidate]
  {
    var wanted = types
    if search.mediaType != .unknown { wanted.formIntersection(Self.compatibleTypes(search.mediaType)) }
    var found = indexCandidates(search, query, wanted: wanted, forgiving: forgiving)
    for (position, item) in overlay where wanted.contains(item.type) {
      if let score = overlayScore(item, search, query, forgiving: forgiving) {
        found.append(Candidate(position: position, item: item, score: score))
      }
    }
    return found
  }

  // MARK: - Through the index

  private func indexCandidates(_ search: MediaSearch, _ query: SearchKeys, wanted: Set<MediaItemType>, forgiving: Bool)
    -> [Candidate]
  {
    let index = self.index
    var scratch = CatalogIndex.Scratch()
    func names(_ keys: TitleKeys, _ threshold: Double) -> [CatalogIndex.NameScore] {
      index.names(matching: index.query(keys, forgiving: forgiving), threshold: threshold, scratch: &scratch)
    }
    func union(_ lists: [[CatalogIndex.NameScore]]) -> [UInt32] {
      var all = lists.flatMap { $0.map(\.name) }
      all.sort()
      var unique: [UInt32] = []
      for name in all where unique.last != name { unique.append(name) }
      return unique
    }
    var typeMask: UInt32 = 0
    if wanted.capacity <= 64 {
      for type in wanted where type.rawValue < 32 { typeMask |= 1 << UInt32(type.rawValue) }
    } else {
      // A set with room for many more types than exist costs its room to iterate.
      for type in MediaItemType.allCases where type.rawValue < 32 && wanted.contains(type) {
        typeMask |= 1 << UInt32(type.rawValue)
      }
    }
    guard typeMask != 0 else { return [] }

    // The names each field matches; a field that matches nothing matches no item.
    let genres = query.genres.isEmpty ? nil : union(query.genres.map { names($0, 0.9) })
    let moods = query.moods.isEmpty ? nil : union(query.moods.map { names($0, 0.9) })
    let artists = query.artist.map { names($0, 0.75).map(\.name) }
    let albums = query.album.map { names($0, 0.75).map(\.name) }
    let titles = query.name.map { names($0, 0.6) }
    if genres?.isEmpty == true || moods?.isEmpty == true || artists?.isEmpty == true || albums?.isEmpty == true
      || titles?.isEmpty == true
    {
      return []
    }

    // Walk the items of the most selective field, check the others on each.
    enum Source {
      case names([UInt32], CatalogIndex.Role)
      case years(ClosedRange<Int>)
      case types
    }
    var sources: [(count: Int, source: Source)] = []
    func add(_ list: [UInt32]?, _ role: CatalogIndex.Role) {
      guard let list else { return }
      sources.append((list.reduce(0) { $0 + index.itemCount(of: $1) }, .names(list, role)))
    }
    add(titles?.map(\.name), .title)
    add(artists, .artist)
    add(albums, .album)
    add(genres, .genre)
    add(moods, .mood)
    if let years = query.years { sources.append((index.itemCount(inYears: years), .years(years))) }
    var typeCount = 0
    for type in 0..<32 where typeMask & (1 << UInt32(type)) != 0 { typeCount += index.itemCount(ofType: type) }
    sources.append((typeCount, .types))
    let source = sources.min { $0.count < $1.count }!.source

    var positions: [Int] = []
    switch source {
    case .names(let list, let role):
      for name in list { index.forEachItem(of: name, as: role) { positions.append($0) } }
      positions.sort()
    case .years(let range):
      index.forEachItem(inYears: range) { positions.append($0) }
      positions.sort()
    case .types:
      for type in 0..<32 where typeMask & (1 << UInt32(type)) != 0 {
        index.forEachItem(ofType: type) { positions.append($0) }
      }
      positions.sort()
    }

    let titleScores = titles ?? []
    func titleScore(_ name: UInt32) -> Double? {
      Self.find(name, in: titleScores).map { titleScores[$0].score }
    }
    var found: [Candidate] = []
    var previous = -1
    for position in positions where position != previous {
      previous = position
      if !replaced.isEmpty && replaced.contains(position) { continue }
      let entry = index.item(position)
      let type = Int(entry.type)
      guard typeMask & (1 << UInt32(type)) != 0 else { continue }
      // A year that fits no Int32 is kept as none: read it from the item.
      let year = entry.year != CatalogIndex.noYear ? Int(entry.year) : indexed[position].year
      if let years = query.years {
        guard let year, years.contains(year) else { continue }
      }
      let title = entry.title
      if let genres {
        var hit = type == MediaItemType.genre.rawValue && Self.contains(title, genres)
        if !hit { index.forEachExtra(of: position) { name, kind in if kind == 1 && Self.contains(name, genres) { hit = true } } }
        guard hit else { continue }
      }
      if let moods {
        var hit = false
        index.forEachExtra(of: position) { name, kind in if kind == 2 && Self.contains(name, moods) { hit = true } }
        guard hit else { continue }
      }
      if let artists {
        let artist = type == MediaItemType.artist.rawValue ? title : entry.artist
        guard Self.contains(artist, artists) else { continue }
      }
      if let albums {
        if type == MediaItemType.album.rawValue {
          var hit = Self.contains(title, albums)
          if !hit { index.forEachExtra(of: position) { name, kind in if kind == 0 && Self.contains(name, albums) { hit = true } } }
          guard hit else { continue }
        } else {
          guard Self.contains(entry.album, albums) else { continue }
        }
      }
      let score: Double
      if titles != nil {
        var best = titleScore(title)
        index.forEachExtra(of: position) { name, kind in
          if kind == 0, let spoken = titleScore(name) { best = max(best ?? 0, spoken) }
        }
        guard let best else { continue }
        score = best
      } else {
        score = Self.unnamedScore(MediaItemType(rawValue: type) ?? .unknown, search)
      }
      found.append(
        Candidate(
          position: position, score: score, type: MediaItemType(rawValue: type) ?? .unknown,
          popularity: index.popularityInRange ? Int(entry.popularity) : indexed[position].popularity, year: year,
          rating: entry.rating))
    }
    return found
  }

  /// Binary search of a sorted list of names.
  @inline(__always)
  private static func find(_ name: UInt32, in list: [CatalogIndex.NameScore]) -> Int? {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < list.count && list[low].name == name ? low : nil
  }

  @inline(__always)
  private static func contains(_ name: UInt32, _ list: [UInt32]) -> Bool {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < name { low = middle + 1 } else { high = middle }
    }
    return low < list.count && list[low] == name
  }

  /// The score of an item found without a name: a genre or mood request prefers the
  /// genre's own station, then stations and playlists, then single items.
  private static func unnamedScore(_ type: MediaItemType, _ search: MediaSearch) -> Double {
    switch type {
    case .genre: return 0.9
    case .musicStation, .radioStation, .station, .playlist: return 0.85
    case .artist where search.artistName == nil: return 0.7
    default: return 0.8
    }
  }

  private static func isRankingOnly(_ search: MediaSearch) -> Bool {
    search.sortOrder != .unknown && search.mediaType == .unknown && search.mediaName == nil && search.artistName == nil
      && search.albumName == nil && search.genreNames.isEmpty && search.moodNames.isEmpty
  }

  /// A ranking by popularity and nothing else, answered from the index's popularity
  /// order without looking at every song; `nil` when the request is anything else.
  private func chart(_ search: MediaSearch, types: Set<MediaItemType>, limit: Int?) -> [Match]? {
    let descending: Bool
    switch search.sortOrder {
    case .popular, .trending, .recommended: descending = true
    case .unpopular: descending = false
    default: return nil
    }
    let song = MediaItemType.song.rawValue
    let index = self.index
    guard Self.isRankingOnly(search), search.releaseDate == nil, types.contains(.song), index.popularityInRange,
      index.itemCount(ofType: song) > 0, !overlay.contains(where: { $0.item.type == .song }),
      !replaced.contains(where: { index.type(of: $0) == song })
    else { return nil }
    var chart: [Match] = []
    let wanted = limit ?? Int.max
    guard wanted > 0 else { return [] }
    index.forEachItem(ofType: song, byPopularity: descending) { position in
      chart.append(Match(item: indexed[position], score: 0.8))
      return chart.count < wanted
    }
    return chart
  }

  // MARK: - One by one (items added after indexing)

  private func keys(of name: String) -> TitleKeys {
    keys[name] ?? matcher.keys(name)
  }

  private static func names(of item: CatalogItem) -> [String] {
    item.titles + [item.artist, item.album].compactMap { $0 } + item.genres + item.moods
  }

  /// The score of an item that isn't indexed, if `search` matches it: the rules the
  /// index applies, one item at a time.
  private func overlayScore(_ item: CatalogItem, _ search: MediaSearch, _ query: SearchKeys, forgiving: Bool)
    -> Double?
  {
    func score(_ query: TitleKeys, _ name: String) -> Double {
      forgiving ? forgivenScore(query, keys(of: name)) : matcher.score(query, keys(of: name))
    }
    if let years = query.years {
      guard let year = item.year, years.contains(year) else { return nil }
    }
    if !query.genres.isEmpty {
      let hit = query.genres.contains { genre in
        item.genres.contains { score(genre, $0) >= 0.9 } || (item.type == .genre && score(genre, item.title) >= 0.9)
      }
      guard hit else { return nil }
    }
    if !query.moods.isEmpty {
      guard query.moods.contains(where: { mood in item.moods.contains { score(mood, $0) >= 0.9 } }) else { return nil }
    }
    if let artist = query.artist {
      guard score(artist, item.type == .artist ? item.title : item.artist ?? "") >= 0.75 else { return nil }
    }
    if let album = query.album {
      let best =
        item.type == .album ? item.titles.map { score(album, $0) }.max() ?? 0 : score(album, item.album ?? "")
      guard best >= 0.75 else { return nil }
    }
    if let name = query.name {
      let best = item.titles.map { score(name, $0) }.max() ?? 0
      return best >= 0.6 ? best : nil
    }
    return Self.unnamedScore(item.type, search)
  }

  /// ``TitleMatcher``'s score, or the score with near words put in for the query's
  /// words the title lacks, as the index forgives (see ``CatalogIndex/score(_:name:scratch:)``).
  private func forgivenScore(_ query: TitleKeys, _ title: TitleKeys) -> Double {
    let exact = matcher.score(query, title)
    var titleWords: [String] = []
    for form in title.forms { for word in form.words where !titleWords.contains(word) { titleWords.append(word) } }
    var replacements: [String: String] = [:]
    var cost = 0.0
    for form in query.forms {
      for word in form.words where replacements[word] == nil && !titleWords.contains(word) {
        var best: (word: String, cost: Double)?
        for candidate in titleWords {
          if let near = NearWords.cost(heard: word, word: candidate), near < best?.cost ?? .infinity {
            best = (candidate, near)
          }
        }
        if let best {
          replacements[word] = best.word
          cost += best.cost
        }
      }
    }
    guard !replacements.isEmpty else { return exact }
    let substituted = TitleKeys(
      forms: query.forms.map { TitleKeys.Form(words: $0.words.map { replacements[$0] ?? $0 }, dropped: $0.dropped) })
    let whole = matcher.score(substituted, title)
    guard whole >= 0.9 else { return exact }
    return max(exact, whole * max(0, 1 - 0.06 * cost))
  }

  // MARK: - Order

  private func sort(_ candidates: [Candidate], by order: MediaSortOrder, limit: Int?) -> [Match] {
    func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
      switch order {
      case .newest:
        if (a.year ?? 0) != (b.year ?? 0) { return (a.year ?? 0) > (b.year ?? 0) }
      case .oldest:
        if (a.year ?? 9999) != (b.year ?? 9999) { return (a.year ?? 9999) < (b.year ?? 9999) }
      case .popular, .trending, .recommended:
        if a.popularity != b.popularity { return a.popularity > b.popularity }
      case .unpopular:
        if a.popularity != b.popularity { return a.popularity < b.popularity }
      case .best:
        if a.rating != b.rating { return a.rating > b.rating }
      case .worst:
        if a.rating != b.rating { return a.rating < b.rating }
      case .unknown:
        break
      }
      if a.score != b.score { return a.score > b.score }
      return a.position < b.position
    }
    let wanted = max(0, limit ?? candidates.count)
    let sorted: [Candidate]
    if wanted < candidates.count / 4 {
      sorted = Self.smallest(wanted, of: candidates, by: precedes)
    } else {
      sorted = Array(candidates.sorted(by: precedes).prefix(wanted))
    }
    return sorted.map { Match(item: item(at: $0.position), score: $0.score) }
  }

  /// The first `count` elements of `elements` in the order `precedes` gives (which must
  /// be total), without sorting them all: a heap keeps the best `count` seen.
  static func smallest<T>(_ count: Int, of elements: [T], by precedes: (T, T) -> Bool) -> [T] {
    guard count > 0 else { return [] }
    // A heap whose root is the last (worst) of the kept elements.
    var heap: [T] = []
    heap.reserveCapacity(count)
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var worst = parent
        if left < heap.count && precedes(heap[worst], heap[left]) { worst = left }
        if right < heap.count && precedes(heap[worst], heap[right]) { worst = right }
        if worst == parent { return }
        heap.swapAt(parent, worst)
        parent = worst
      }
    }
    for element in elements {
      if heap.count < count {
        heap.append(element)
        var child = heap.count - 1
        while child > 0 {
          let parent = (child - 1) / 2
          guard precedes(heap[parent], heap[child]) else { break }
          heap.swapAt(parent, child)
          child = parent
        }
      } else if precedes(element, heap[0]) {
        heap[0] = element
        siftDown(0)
      }
    }
    return heap.sorted(by: precedes)
  }

  // MARK: - Fields

  /// Types that satisfy a requested type ("music" is any song, album or playlist): the
  /// one table SiriIntents keeps (`MediaItemType.satisfyingTypes`).
  public static func compatibleTypes(_ type: MediaItemType) -> Set<MediaItemType> {
    type.satisfyingTypes
  }

  /// A year or decade in a release-date phrase: "1999" → 1999...1999, "the nineties" → 1990...1999.
  static func year(in text: String) -> ClosedRange<Int>? {
    let digits = text.filter(\.isNumber)
    if digits.count == 4, let year = Int(digits) {
      // "1990s" (as the grammars write "the nineties") is the decade; "1999" the year.
      return text.hasSuffix("s") && year % 10 == 0 ? year...(year + 9) : year...year
    }
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

/// A catalog's index, built once by whichever caller needs it first; the others wait
/// for it. Shared by every copy of the catalog.
private final class LazyIndex: Sendable {
  private let items: [CatalogItem]
  private let matcher: TitleMatcher
  private let built = Mutex<CatalogIndex?>(nil)

  init(items: [CatalogItem], matcher: TitleMatcher) {
    self.items = items
    self.matcher = matcher
  }

  var index: CatalogIndex {
    // The lock is held while building: a second caller waits rather than building too.
    built.withLock { built in
      if let built { return built }
      let index = CatalogIndex(items: items, matcher: matcher)
      built = index
      return index
    }
  }
}
