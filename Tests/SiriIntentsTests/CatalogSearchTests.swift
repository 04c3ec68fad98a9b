import Foundation
import SiriIntents
import Synchronization
import Testing
import UtteranceParsing

@testable import MediaAppKit

/// The indexed catalog search gives the answers the item-by-item search gave
/// (``SearchReference``), keys and scores are the same in word ids as in strings, and
/// the ASCII tokenizer splits as the tokenizer does.
struct CatalogSearchTests {
  static let sampleItems: [CatalogItem] =
    CatalogAppProfile.deezer.catalog.items + CatalogAppProfile.chapters.catalog.items
    + CatalogAppProfile.tuner.catalog.items
  static let synthetic = SyntheticCatalog.items(count: 1_500, seed: 11)
  static let syntheticCatalog = MediaCatalog(synthetic)

  // MARK: - Keys and scores

  /// The index's keys in word ids score as ``TitleMatcher`` does with strings.
  @Test func wordKeysScoreAsTitleMatcher() {
    let texts = TitleKeysTests.tricky + Self.sampleItems.map(\.title) + Self.synthetic.prefix(200).map(\.title)
      + ["outer peace", "the crag", "rocket man soundtrack", "eighty first street", "mood ring", "hello"]
    let matcher = TitleMatcher()
    let index = CatalogIndex(items: texts.enumerated().map { CatalogItem(id: "\($0.offset)", title: $0.element, type: .song) }, matcher: matcher)
    var scratch = CatalogIndex.Scratch()
    for queryText in texts {
      let query = index.query(matcher.keys(queryText), forgiving: false)
      for (position, titleText) in texts.enumerated() {
        let expected = matcher.score(query: queryText, title: titleText)
        let actual = index.score(query, name: index.title(of: position), scratch: &scratch)
        #expect(actual == expected, "\(queryText) → \(titleText)")
      }
    }
  }

  @Test func asciiWordsSplitAsTheTokenizer() {
    var random = SplitMix64(seed: 3)
    let alphabet = Array("abcXYZ s's'tT019.,'()[]-!&  \t\r\n".utf8)
    var words = ASCIIWords()
    var texts = TitleKeysTests.tricky.filter { $0.allSatisfy(\.isASCII) }
    for _ in 0..<3_000 {
      let length = random.below(14)
      texts.append(String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self))
    }
    for text in texts {
      var bytes = Array(text.utf8)
      bytes.withUnsafeMutableBufferPointer { words.tokenize(UnsafeBufferPointer($0), removingAsides: false) }
      var split: [String] = []
      words.forEachWord { split.append(String(decoding: $0, as: UTF8.self)) }
      #expect(split == Tokenizer.words(text), "\(text.debugDescription)")
      bytes.withUnsafeMutableBufferPointer { words.tokenize(UnsafeBufferPointer($0), removingAsides: true) }
      split = []
      words.forEachWord { split.append(String(decoding: $0, as: UTF8.self)) }
      #expect(split == Tokenizer.words(TitleMatcher.removingAsides(text)), "\(text.debugDescription)")
    }
  }

  // MARK: - Search as before

  /// Searches of every kind, drawn from a catalog's own names.
  static func searches(for items: [CatalogItem], count: Int, seed: UInt64) -> [MediaSearch] {
    var random = SplitMix64(seed: seed)
    func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }
    let titles = items.flatMap(\.titles)
    let artists = items.compactMap(\.artist) + items.filter { $0.type == .artist }.map(\.title)
    let albums = items.compactMap(\.album)
    let genres = items.flatMap(\.genres) + ["jazz", "rock", "nothing like it"]
    let moods = items.flatMap(\.moods) + ["chill", "grumpy"]
    let words = titles.flatMap(Tokenizer.words)
    let types: [MediaItemType] = [.unknown, .unknown, .unknown, .song, .album, .artist, .playlist, .music, .genre, .audioBook]
    let orders: [MediaSortOrder] = [.unknown, .unknown, .unknown, .popular, .newest, .oldest, .best, .worst, .unpopular]
    var searches: [MediaSearch] = []
    for _ in 0..<count {
      var search = MediaSearch()
      switch random.below(12) {
      case 0, 1: search.mediaName = pick(titles)
      case 2: search.mediaName = pick(titles).lowercased() + " " + pick(words)
      case 3: search.mediaName = Tokenizer.words(pick(titles)).dropFirst().joined(separator: " ")
      case 4: search.mediaName = pick(words) + " " + pick(words)
      case 5: search.artistName = pick(artists)
      case 6:
        search.mediaName = pick(titles)
        search.artistName = pick(artists)
      case 7:
        search.albumName = albums.isEmpty ? pick(titles) : pick(albums)
        search.mediaType = .album
      case 8: search.genreNames = [pick(genres)]
      case 9: search.moodNames = [pick(moods)]
      case 10: search.releaseDate = pick(["1999", "the nineties", "2019", "80s", "1959"])
      default: search.mediaName = pick(words)
      }
      if random.below(3) == 0 { search.mediaType = pick(types) }
      if random.below(3) == 0 { search.sortOrder = pick(orders) }
      if random.below(6) == 0 { search.genreNames.append(pick(genres)) }
      if random.below(8) == 0 { search.releaseDate = pick(["1999", "the nineties", "2019"]) }
      searches.append(search)
    }
    return searches
  }

  static let allTypes: Set<MediaItemType> = [.song, .album, .artist, .playlist, .genre, .musicStation, .radioStation, .audioBook]

  /// Where the plain search finds something good (or, with no name, anything), the
  /// indexed search gives exactly the same items, scores and order. Elsewhere it may
  /// forgive, and then still gives every item the plain search gave, scoring at least
  /// as well, and its forgiven matches score below 0.95.
  func compare(_ items: [CatalogItem], _ catalog: MediaCatalog, searches: [MediaSearch]) {
    let reference = SearchReference(items: items)
    for search in searches {
      for artistMeansArtist in [true, false] {
        let before = reference.search(search, types: Self.allTypes, artistMeansArtist: artistMeansArtist)
        let after = catalog.search(search, types: Self.allTypes, artistMeansArtist: artistMeansArtist).map {
          SearchReference.Match(id: $0.item.id, score: $0.score)
        }
        let confident = !before.isEmpty && (search.mediaName == nil || before.contains { $0.score >= 0.9 })
        if confident {
          #expect(after == before, "\(search.summary)")
        } else {
          let scores = Dictionary(after.map { ($0.id, $0.score) }, uniquingKeysWith: max)
          for match in before {
            #expect((scores[match.id] ?? 0) >= match.score, "\(search.summary): \(match.id)")
          }
          let exact = Set(before.map(\.id))
          #expect(!after.contains { !exact.contains($0.id) && $0.score >= 0.95 }, "\(search.summary)")
        }
      }
    }
  }

  @Test func sampleCatalogsSearchAsBefore() {
    for profile in [CatalogAppProfile.deezer, .chapters, .tuner] {
      let items = profile.catalog.items
      compare(items, MediaCatalog(items), searches: Self.searches(for: items, count: 300, seed: 5))
    }
  }

  @Test func syntheticCatalogSearchesAsBefore() {
    compare(Self.synthetic, Self.syntheticCatalog, searches: Self.searches(for: Self.synthetic, count: 250, seed: 9))
  }

  /// At 5,000 items common words have long postings (hundreds of names): two of them
  /// are looked up by pair, the rest intersected. (The reference scans every item for
  /// every search, which a debug build does at about 20 µs an item.)
  @Test func largeCatalogSearchesAsBefore() {
    let items = SyntheticCatalog.items(count: 5_000, seed: 13)
    var searches = Self.searches(for: items, count: 60, seed: 17)
    searches += items.filter { $0.type == .song }.prefix(40).map { MediaSearch(mediaName: $0.title.lowercased()) }
    searches += items.filter { $0.type == .artist }.prefix(20).map { MediaSearch(artistName: $0.title) }
    compare(items, MediaCatalog(items), searches: searches)
  }

  /// A release date is a year or a decade, as the grammars write them ("1999", "1990s")
  /// or as said ("80s", "the nineties").
  @Test(arguments: [
    ("1999", 1999...1999), ("1990s", 1990...1999), ("2000s", 2000...2009), ("80s", 1980...1989),
    ("the nineties", 1990...1999), ("2010", 2010...2010),
  ])
  func releaseDatesAreYearsOrDecades(text: String, years: ClosedRange<Int>) {
    #expect(MediaCatalog.year(in: text) == years)
    #expect(SearchReference.year(in: text) == years)
  }

  @Test func aLimitGivesTheFirstResults() {
    let searches = Self.searches(for: Self.synthetic, count: 150, seed: 21) + [
      MediaSearch(sortOrder: .popular), MediaSearch(sortOrder: .unpopular), MediaSearch(sortOrder: .trending),
      MediaSearch(sortOrder: .newest), MediaSearch(sortOrder: .best), MediaSearch(genreNames: ["jazz"]),
    ]
    for search in searches {
      let all = Self.syntheticCatalog.search(search, types: Self.allTypes)
      for limit in [0, 1, 3, 10] {
        #expect(Self.syntheticCatalog.search(search, types: Self.allTypes, limit: limit) == Array(all.prefix(limit)))
      }
    }
  }

  /// The chart (a ranking alone) comes from the index's popularity order: the same
  /// as sorting every song.
  @Test func theChartIsTheSongsByPopularity() {
    let reference = SearchReference(items: Self.synthetic)
    for order in [MediaSortOrder.popular, .trending, .recommended, .unpopular] {
      let chart = Self.syntheticCatalog.search(MediaSearch(sortOrder: order), types: Self.allTypes)
      let before = reference.search(MediaSearch(sortOrder: order), types: Self.allTypes)
      #expect(chart.map(\.item.id) == before.map(\.id))
    }
  }

  // MARK: - Items added later

  @Test func upsertedItemsAreFoundWithoutRebuildingTheIndex() {
    var catalog = CatalogAppProfile.deezer.catalog
    let memory = catalog.indexMemoryBytes
    catalog.upsert(CatalogItem(id: "pl.1", title: "Morning Coffee", type: .playlist, children: ["dz.s.talk"]))
    catalog.upsert(CatalogItem(id: "dz.s.hello", title: "Goodbye!", type: .song, artist: "The Exclamations"))
    #expect(catalog.indexMemoryBytes == memory)
    let playlists = catalog.search(MediaSearch(mediaName: "morning coffee"), types: [.playlist, .song])
    #expect(playlists.first?.item.id == "pl.1")
    #expect(catalog.search(MediaSearch(mediaName: "hello"), types: [.song]).isEmpty)
    #expect(catalog.search(MediaSearch(mediaName: "goodbye"), types: [.song]).first?.item.id == "dz.s.hello")
    #expect(catalog.item(id: "pl.1")?.title == "Morning Coffee")
    #expect(catalog.item(id: "dz.s.hello")?.title == "Goodbye!")
    #expect(catalog.items.count == CatalogAppProfile.deezer.catalog.items.count + 1)
    #expect(catalog.items.firstIndex { $0.id == "dz.s.hello" } == CatalogAppProfile.deezer.catalog.items.firstIndex { $0.id == "dz.s.hello" })
    // Searching the catalog with its additions as a whole gives the same as the
    // catalog built from all items at once.
    let whole = MediaCatalog(catalog.items)
    for search in Self.searches(for: catalog.items, count: 200, seed: 4) {
      #expect(catalog.search(search, types: Self.allTypes) == whole.search(search, types: Self.allTypes), "\(search.summary)")
    }
  }

  @Test func filteringKeepsSearchAndLookUp() {
    let catalog = CatalogAppProfile.deezer.catalog.filter { $0.type == .song }
    #expect(catalog.items.allSatisfy { $0.type == .song })
    #expect(catalog.item(id: "dz.s.talk")?.title == "Talk")
    #expect(catalog.item(id: "dz.a.khalid") == nil)
    #expect(catalog.search(MediaSearch(mediaName: "talk"), types: Self.allTypes).first?.item.id == "dz.s.talk")
  }

  @Test func itemsAreFoundByID() {
    for item in Self.synthetic.prefix(500) {
      #expect(Self.syntheticCatalog.item(id: item.id) == item)
    }
    #expect(Self.syntheticCatalog.item(id: "no such id") == nil)
    // The first of two items with one id wins.
    let twice = MediaCatalog([
      CatalogItem(id: "x", title: "First", type: .song), CatalogItem(id: "x", title: "Second", type: .song),
    ])
    #expect(twice.item(id: "x")?.title == "First")
  }

  /// The index is built once, by the first search or ``MediaCatalog/prepareIndex()``,
  /// whichever comes first and from whatever thread; copies share it, and searches made
  /// while it is being built wait for it and answer as a catalog indexed beforehand.
  @Test func theIndexIsBuiltOnceWhoeverAsksFirst() {
    let items = SyntheticCatalog.items(count: 3_000, seed: 17)
    let searches = Self.searches(for: items, count: 60, seed: 8)
    let prepared = MediaCatalog(items)
    prepared.prepareIndex()
    let expected = searches.map { prepared.search($0, types: Self.allTypes) }
    let fresh = MediaCatalog(items)
    let copy = fresh
    let results = Mutex<[Int: [MediaCatalog.Match]]>([:])
    DispatchQueue.concurrentPerform(iterations: searches.count + 2) { turn in
      if turn >= searches.count {
        (turn % 2 == 0 ? fresh : copy).prepareIndex()
        return
      }
      let found = (turn % 2 == 0 ? fresh : copy).search(searches[turn], types: Self.allTypes)
      results.withLock { $0[turn] = found }
    }
    let found = results.withLock { $0 }
    for (turn, search) in searches.enumerated() {
      #expect(found[turn] == expected[turn], "\(search.summary)")
    }
  }
}
