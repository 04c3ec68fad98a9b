import Foundation
import MediaAppKit
import SiriIntents

/// Catalog search at scale: how long a ``MediaCatalog`` takes to build from items, how
/// much memory it holds, and what one search costs, per kind of request. Run it in a
/// release build; the items can be anything, ``SyntheticCatalog`` makes them of any size.
public enum SearchBenchmark {
  /// One request to time, with what it must find.
  public struct Query: Sendable {
    /// What kind of request it is ("title", "typo", "artist"…), for per-kind figures.
    public var kind: String
    public var search: MediaSearch
    public var expectation: Expectation
    /// At most this many results are asked for (`nil`: all of them).
    public var limit: Int?

    public init(kind: String, search: MediaSearch, expectation: Expectation, limit: Int? = nil) {
      self.kind = kind
      self.search = search
      self.expectation = expectation
      self.limit = limit
    }
  }

  /// What a query's results must show.
  public enum Expectation: Sendable, Equatable {
    /// The item is among the best-scored results (titles can repeat in a catalog).
    case best(id: String)
    /// The first result has this title.
    case firstTitle(String)
    /// Some result, whatever it is.
    case some
    /// No result at all.
    case none
  }

  /// Timings of one kind of query, in microseconds per search.
  public struct Timing: Sendable, Codable, Equatable {
    public var kind: String
    public var queries: Int
    public var mean: Double
    public var p50: Double
    public var p99: Double
  }

  /// The figures of one run.
  public struct Report: Sendable, Codable, JSONLineReport, Equatable {
    public var items: Int
    /// Building the catalog (and its index) from the items, in milliseconds: wall
    /// time, and the time the thread spent on a processor (the same on an idle machine;
    /// less when other processes share the cores).
    public var buildMilliseconds: Double
    public var buildCPUMilliseconds: Double
    /// How much the resident set grew while building, in bytes (Linux only).
    public var residentBytes: Int?
    /// All queries together, then each kind.
    public var overall: Timing
    public var kinds: [Timing]
    /// Queries whose results broke their expectation: "kind: description".
    public var failures: [String]

  }

  /// Builds a catalog of `items`, then runs every query `repetitions` times (each query
  /// once per round, so caches warm alike), timing each search. (Searches are timed by
  /// the wall clock, which costs nanoseconds to read: the thread's processor time is a
  /// system call of a microsecond or two on Linux, too coarse for a search.)
  public static func run(
    items: [CatalogItem], queries: [Query], types: Set<MediaItemType>? = nil, repetitions: Int = 5
  ) -> Report {
    // (Inserted one by one: a set made from 300,000 types would keep room for them
    // all, and iterating it would cost as much.)
    var allTypes = Set<MediaItemType>()
    for item in items { allTypes.insert(item.type) }
    let types = types ?? allTypes
    let residentBefore = residentSetBytes()
    let clock = ContinuousClock()
    var catalog: MediaCatalog?
    let cpuBefore = threadCPUMicroseconds()
    let build = clock.measure { catalog = MediaCatalog(items) }
    let buildCPU = threadCPUMicroseconds() - cpuBefore
    let residentAfter = residentSetBytes()
    guard let catalog else { fatalError("unreachable") }

    var samples = Array(repeating: [Double](), count: queries.count)
    var failures: [String] = []
    for round in 0..<max(1, repetitions) {
      for (index, query) in queries.enumerated() {
        var matches: [MediaCatalog.Match] = []
        let elapsed = clock.measure {
          matches = catalog.search(query.search, types: types, limit: query.limit)
        }
        samples[index].append(microseconds(elapsed))
        if round == 0, let problem = check(matches, query.expectation) {
          failures.append("\(query.kind): \(describe(query.search)) \(problem)")
        }
      }
    }
    var kinds: [String] = []
    for query in queries where !kinds.contains(query.kind) { kinds.append(query.kind) }
    let timings = kinds.map { kind in
      timing(kind, queries.indices.filter { queries[$0].kind == kind }.map { samples[$0] })
    }
    return Report(
      items: items.count, buildMilliseconds: microseconds(build) / 1000, buildCPUMilliseconds: buildCPU / 1000,
      residentBytes: residentBefore.flatMap { before in residentAfter.map { $0 - before } },
      overall: timing("all", samples), kinds: timings, failures: failures)
  }

  /// Queries drawn from `items` (deterministic for a seed), `perKind` of each kind:
  /// exact titles, titles with a typo, artists, title and artist, albums, a genre with
  /// a sort order, a sort order alone, and titles that are in no catalog.
  public static func queries(for items: [CatalogItem], perKind: Int = 20, seed: UInt64 = 7) -> [Query] {
    var random = SplitMix64(seed: seed)
    let songs = items.filter { $0.type == .song }
    let albums = items.filter { $0.type == .album }
    let artists = items.filter { $0.type == .artist }
    func pick(_ pool: [CatalogItem]) -> CatalogItem? {
      pool.isEmpty ? nil : pool[random.below(pool.count)]
    }
    var queries: [Query] = []
    for _ in 0..<perKind {
      if let song = pick(songs) {
        queries.append(Query(kind: "title", search: MediaSearch(mediaName: spoken(song.title)), expectation: .best(id: song.id)))
      }
    }
    for _ in 0..<perKind {
      // A title with one word of five letters or more misspelled.
      for _ in 0..<50 {
        guard let item = pick(songs + albums), let typo = misspelled(spoken(item.title), &random) else { continue }
        queries.append(Query(kind: "typo", search: MediaSearch(mediaName: typo), expectation: .best(id: item.id)))
        break
      }
    }
    for _ in 0..<perKind {
      if let artist = pick(artists) {
        queries.append(Query(kind: "artist", search: MediaSearch(artistName: spoken(artist.title)), expectation: .best(id: artist.id)))
      }
    }
    for _ in 0..<perKind {
      if let song = pick(songs), let artist = song.artist {
        queries.append(
          Query(
            kind: "title+artist", search: MediaSearch(mediaName: spoken(song.title), artistName: spoken(artist)),
            expectation: .best(id: song.id)))
      }
    }
    for _ in 0..<perKind {
      if let album = pick(albums) {
        queries.append(
          Query(kind: "album", search: MediaSearch(mediaType: .album, albumName: spoken(album.title)), expectation: .best(id: album.id)))
      }
    }
    for _ in 0..<perKind {
      if let song = pick(songs), let genre = song.genres.first {
        queries.append(
          Query(kind: "genre+popular", search: MediaSearch(sortOrder: .popular, genreNames: [genre]), expectation: .some, limit: 5))
      }
    }
    for _ in 0..<perKind {
      queries.append(Query(kind: "ranking", search: MediaSearch(sortOrder: .popular), expectation: .some, limit: 5))
    }
    let nonsense = ["zorblax quintessa", "mxyzptlk", "quoggle flimbertine", "ploonk the vexillary", "snarfwidget"]
    for index in 0..<perKind {
      queries.append(Query(kind: "none", search: MediaSearch(mediaName: nonsense[index % nonsense.count]), expectation: .none))
    }
    return queries
  }

  // MARK: - Helpers

  /// A title as a person would say it: lower case, no punctuation.
  static func spoken(_ title: String) -> String {
    String(title.lowercased().map { $0.isLetter || $0.isNumber || $0 == "'" ? $0 : " " })
      .split(separator: " ").joined(separator: " ")
  }

  /// `text` with one letter of one word of five letters or more doubled, or two of
  /// its letters swapped; `nil` when it has no such word.
  static func misspelled(_ text: String, _ random: inout SplitMix64) -> String? {
    var words = text.split(separator: " ").map(String.init)
    let long = words.indices.filter { words[$0].count >= 5 && words[$0].allSatisfy { $0.isASCII && $0.isLetter } }
    guard !long.isEmpty else { return nil }
    let index = long[random.below(long.count)]
    var letters = Array(words[index])
    let position = 1 + random.below(letters.count - 2)
    if random.below(2) == 0 {
      letters.insert(letters[position], at: position)
    } else {
      letters.swapAt(position, position + 1)
    }
    words[index] = String(letters)
    return words.joined(separator: " ")
  }

  static func check(_ matches: [MediaCatalog.Match], _ expectation: Expectation) -> String? {
    switch expectation {
    case .best(let id):
      guard let best = matches.first else { return "found nothing, not \(id)" }
      let top = matches.prefix { $0.score == best.score }
      return top.contains { $0.item.id == id } ? nil : "gave \(best.item.id) \"\(best.item.title)\" (\(best.score)), not \(id)"
    case .firstTitle(let title):
      return matches.first?.item.title == title ? nil : "gave \(matches.first?.item.title ?? "nothing"), not \(title)"
    case .some:
      return matches.isEmpty ? "found nothing" : nil
    case .none:
      return matches.isEmpty ? nil : "found \(matches.count), e.g. \"\(matches[0].item.title)\""
    }
  }

  static func describe(_ search: MediaSearch) -> String {
    search.summary.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
  }

  static func timing(_ kind: String, _ samples: [[Double]]) -> Timing {
    let all = samples.flatMap { $0 }.sorted()
    guard !all.isEmpty else { return Timing(kind: kind, queries: 0, mean: 0, p50: 0, p99: 0) }
    func percentile(_ p: Double) -> Double { all[min(all.count - 1, Int(Double(all.count - 1) * p + 0.5))] }
    return Timing(
      kind: kind, queries: samples.count, mean: all.reduce(0, +) / Double(all.count), p50: percentile(0.5),
      p99: percentile(0.99))
  }

  static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }

  /// Processor time of the calling thread, in microseconds.
  static func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }

  /// The process's resident set, from /proc/self/statm; `nil` elsewhere.
  static func residentSetBytes() -> Int? {
    #if os(Linux)
      guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return nil
    #endif
  }
}
