import AppLoading
import Foundation
import MediaAppKit
import SiriIntents
import SiriREPL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `siri bench app`: what an app of real size costs a session, in a release build.
///
/// - Installing: a session is made three times over one compiled grammar: with the sample
///   apps only (the baseline), then with the app files added, first with an empty catalog
///   cache (`load_cold_ms`, the first run after an app file changes) and again with the
///   cache it filled (`load_ms`, every later start). Each time includes the first turn,
///   so list tries or indexes built lazily are counted. The figures are the differences
///   from the baseline: what the app adds to start-up.
/// - Turns: each utterance through `Session.handle` (parse, route, resolve, confirm,
///   handle, render: what a typed line costs), timed one by one; mean, p50 and p99.
/// - Memory: the process's peak resident set (`getrusage`), everything included.
///
/// Utterances come from a file, or are made from the catalog: requests for titles with
/// and without their artist, albums, artists, a title with a typo, an unknown title, and
/// a line that is not a media request, in fixed proportions and a fixed order (seeded),
/// so the 60-item sample catalog and a 100,000-item one are asked the same kinds of thing.
public enum AppBenchmark {
  public struct Result: JSONLineReport, Sendable {
    /// The app files installed beyond the sample apps (or "sample apps").
    public var apps: [String]
    /// Catalog items of every installed app.
    public var items: Int
    public var load_ms: Double
    public var load_cold_ms: Double
    public var baseline_startup_ms: Double
    public var turns: Int
    public var mean_us: Double
    public var p50_us: Double
    public var p99_us: Double
    public var peak_rss_mb: Double

  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Measures a session with `appFiles` installed (next to the sample apps unless
  /// `sampleApps` is false), `turns` turns of `utterances` (made from the apps' catalogs
  /// when `nil`); `names` stand for the files in the result.
  @MainActor
  public static func run(
    grammarsDirectory: String, appFiles: [String], sampleApps: Bool, utterances given: [String]?, turns: Int, seed: UInt64 = 1,
    names: [String]? = nil
  ) async throws -> Result {
    let base = SessionConfiguration(
      grammarsDirectory: grammarsDirectory, includesSampleApps: sampleApps,
      grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory())
    let resources = try SessionResources(configuration: base)
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("siri-bench-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    var configuration = base
    configuration.appFiles = appFiles
    configuration.appCacheDirectory = cache

    let firstLine = "what's playing"
    func startup(_ configuration: SessionConfiguration) async throws -> (Double, Session) {
      let start = ContinuousClock.now
      var session = try Session(configuration: configuration, resources: resources)
      _ = await session.handle(firstLine)
      return (milliseconds(ContinuousClock.now - start), session)
    }
    // The baseline twice: the first run pays for what any first session pays (sample apps
    // read from the bundle, caches warmed).
    _ = try await startup(base)
    let (baseline, _) = try await startup(base)
    var load = 0.0
    var loadCold = 0.0
    var session: Session
    if appFiles.isEmpty {
      (_, session) = try await startup(base)
    } else {
      let cold: Double
      (cold, _) = try await startup(configuration)
      let warm: Double
      (warm, session) = try await startup(configuration)
      load = max(0, warm - baseline)
      loadCold = max(0, cold - baseline)
    }

    let installed = session.installedApps
    let items = installed.blueprints.reduce(0) { $0 + ($1.catalogItems?.count ?? 0) }
    // Utterances name items of the app files' catalogs when there are any, else the samples'.
    let added = installed.blueprints.filter { blueprint in !blueprint.source.hasPrefix("sample app") }
    let named = (added.isEmpty ? installed.blueprints : added).flatMap { $0.catalogItems ?? [] }
    let lines = given ?? UtteranceMaker.make(count: turns, from: named, seed: seed)
    guard !lines.isEmpty else { throw Failure(description: "no utterances to run") }

    var durations: [Double] = []
    durations.reserveCapacity(turns)
    for index in 0..<turns {
      let line = lines[index % lines.count]
      let start = ContinuousClock.now
      _ = await session.handle(line)
      durations.append(microseconds(ContinuousClock.now - start))
    }
    durations.sort()
    func percentile(_ p: Double) -> Double {
      durations[min(durations.count - 1, Int((Double(durations.count) * p).rounded(.down)))]
    }
    return Result(
      apps: names ?? (appFiles.isEmpty ? ["sample apps"] : appFiles), items: items, load_ms: load, load_cold_ms: loadCold,
      baseline_startup_ms: baseline, turns: durations.count,
      mean_us: durations.reduce(0, +) / Double(max(durations.count, 1)), p50_us: percentile(0.5),
      p99_us: percentile(0.99), peak_rss_mb: peakResidentMegabytes())
  }

  /// Writes an app of songs, albums and artists named from a catalog made by
  /// `../shared/peer/gen_catalog.py` (`catalog-N.json`: lists `tracks`, `albums`,
  /// `artists`) into `folder`, as a definition and a JSON Lines items file: every track
  /// as a song, and a tenth as many albums and artists, each song by one of them.
  /// Returns the definition's path.
  public static func writeApp(fromPeerCatalog path: String, into folder: String) throws -> String {
    struct PeerCatalog: Decodable {
      var n: Int
      var tracks: [String]
      var albums: [String]
      var artists: [String]
    }
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "\(path): cannot read the file") }
    let catalog: PeerCatalog
    do {
      catalog = try JSONDecoder().decode(PeerCatalog.self, from: data)
    } catch {
      throw Failure(description: "\(path): not a catalog of gen_catalog.py (expected tracks, albums and artists): \(error)")
    }
    let groups = max(1, catalog.tracks.count / 10)
    let artists = Array(catalog.artists.prefix(groups))
    let albums = Array(catalog.albums.prefix(groups))
    guard !artists.isEmpty, !albums.isEmpty else { throw Failure(description: "\(path): no artists or albums") }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    struct Item: Encodable {
      var id: String
      var type: String
      var title: String
      var artist: String?
      var album: String?
      var popularity: Int?
    }
    var lines = Data()
    func add(_ item: Item) throws {
      lines += try encoder.encode(item)
      lines.append(UInt8(ascii: "\n"))
    }
    for (index, name) in artists.enumerated() {
      try add(Item(id: "ar\(index)", type: "artist", title: name, popularity: index % 101))
    }
    for (index, name) in albums.enumerated() {
      try add(Item(id: "al\(index)", type: "album", title: name, artist: artists[index % artists.count], popularity: (index * 7) % 101))
    }
    for (index, name) in catalog.tracks.enumerated() {
      let group = index % groups
      try add(
        Item(id: "s\(index)", type: "song", title: name, artist: artists[group % artists.count],
          album: albums[group % albums.count], popularity: (index * 13) % 101))
    }
    let itemsName = "bench-\(catalog.n)-items.jsonl"
    let itemsPath = (folder as NSString).appendingPathComponent(itemsName)
    guard FileManager.default.createFile(atPath: itemsPath, contents: lines) else { throw Failure(description: "\(itemsPath): cannot write") }
    let definition: [String: Any] = [
      "name": "Bench Music", "spokenNames": ["bench music"], "intents": ["PlayMedia", "AddMedia", "SearchForMedia"],
      "mediaTypes": ["song", "album", "artist", "playlist"], "itemsFile": itemsName,
    ]
    let definitionPath = (folder as NSString).appendingPathComponent("bench-\(catalog.n).json")
    let definitionData = try JSONSerialization.data(withJSONObject: definition, options: [.sortedKeys])
    guard FileManager.default.createFile(atPath: definitionPath, contents: definitionData) else {
      throw Failure(description: "\(definitionPath): cannot write")
    }
    return definitionPath
  }

  /// Utterances from a text file (one a line, `#` comments) or a JSON Lines file with a
  /// `text` member per line (the eval and peer formats).
  public static func readUtterances(path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "\(path): cannot read the file") }
    let text = String(decoding: data, as: UTF8.self)
    struct Row: Decodable { var text: String }
    var result: [String] = []
    for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if path.hasSuffix(".jsonl") {
        guard let row = try? JSONDecoder().decode(Row.self, from: Data(trimmed.utf8)) else {
          throw Failure(description: "\(path):\(number + 1): expected a JSON object with a \"text\" string")
        }
        result.append(row.text)
      } else {
        result.append(trimmed)
      }
    }
    return result
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  static func microseconds(_ duration: Duration) -> Double { milliseconds(duration) * 1_000 }

  /// The process's peak resident set so far, in MB.
  static func peakResidentMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576  // bytes
    #else
    return Double(usage.ru_maxrss) / 1_024  // kilobytes
    #endif
  }
}

/// Requests made from a catalog's items, in fixed proportions (of every 10: three titles
/// with their artist, two titles alone, an album, an artist, a title with a typo, an
/// unknown title, and a line that is not a media request), chosen with a seeded generator.
enum UtteranceMaker {
  static let notMedia = ["what's the weather like tomorrow", "set an alarm for seven", "how do I get to the station"]

  static func make(count: Int, from items: [CatalogItem], seed: UInt64) -> [String] {
    let songs = items.filter { $0.type == .song }
    let albums = items.filter { $0.type == .album }
    let artists = items.filter { $0.type == .artist }
    let titled = songs.isEmpty ? items : songs
    guard !titled.isEmpty else { return notMedia }
    var random = SplitMix(seed: seed)
    func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
    var result: [String] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      switch index % 10 {
      case 0, 1, 2:
        let song = pick(titled)
        result.append(song.artist.map { "play \(song.title) by \($0)" } ?? "play \(song.title)")
      case 3, 4:
        result.append("play \(pick(titled).title)")
      case 5:
        result.append(albums.isEmpty ? "play \(pick(titled).title)" : "play the album \(pick(albums).title)")
      case 6:
        result.append(artists.isEmpty ? "play something by \(pick(titled).artist ?? "them")" : "play \(pick(artists).title)")
      case 7:
        result.append("play \(withTypo(pick(titled).title))")
      case 8:
        result.append("play Zorblax Quintessence Overdrive")
      default:
        result.append(notMedia[index / 10 % notMedia.count])
      }
    }
    return result
  }

  /// `title` with one letter doubled in its longest word of five letters or more (the
  /// kind of slip search forgives), or as it is when it has none.
  static func withTypo(_ title: String) -> String {
    var words = title.split(separator: " ").map(String.init)
    guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }), words[longest].count >= 5 else {
      return title
    }
    var letters = Array(words[longest])
    letters.insert(letters[letters.count / 2], at: letters.count / 2)
    words[longest] = String(letters)
    return words.joined(separator: " ")
  }
}
