@testable import AppLoading
import Foundation
import MediaAppKit
import SiriIntents
import Testing

/// The catalog cache: a later load gives exactly what reading the JSON gives, a changed
/// file is never a stale hit, and a damaged cache file is ignored and rewritten, never
/// trusted.
struct AppCacheTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("siri-app-cache-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// An app of `count` songs in a JSON Lines file (enough to be cached), with names in
  /// several scripts and the optional fields set on some items only.
  static func writeApp(in folder: String, count: Int = 60, firstTitle: String = "Maybe Sometime") throws -> String {
    var lines = ""
    for index in 0..<count {
      let title = index == 0 ? firstTitle : "Song \(index) — Café 東京 \(index % 7)"
      var item: [String: Any] = ["id": "s\(index)", "type": "song", "title": title, "artist": "Artist \(index % 50)"]
      if index % 3 == 0 { item["year"] = 1990 + index % 30 }
      if index % 5 == 0 { item["genres"] = ["pop", "ambient"] }
      if index % 7 == 0 { item["explicit"] = true }
      lines += String(decoding: try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys]), as: UTF8.self) + "\n"
    }
    try lines.write(toFile: (folder as NSString).appendingPathComponent("items.jsonl"), atomically: true, encoding: .utf8)
    let definition = #"{"name": "Cached Music", "intents": ["PlayMedia"], "mediaTypes": ["song"], "itemsFile": "items.jsonl"}"#
    let path = (folder as NSString).appendingPathComponent("cached.json")
    try definition.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func cacheFiles(_ cache: AppCache) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache.directory)) ?? []).filter { $0.hasSuffix(".catalog") }
  }

  @Test func aCachedLoadGivesWhatTheJSONGives() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = try Self.writeApp(in: folder)
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    let fromJSON = try AppLoader.blueprint(path: app)
    let first = try AppLoader.blueprint(path: app, cache: cache)
    #expect(Self.cacheFiles(cache).count == 1)
    let second = try AppLoader.blueprint(path: app, cache: cache)
    #expect(first.catalogItems == fromJSON.catalogItems)
    #expect(second.catalogItems == fromJSON.catalogItems)
    #expect(second.name == fromJSON.name && second.itemCount == fromJSON.itemCount)
  }

  @Test func aSmallCatalogIsNotCached() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = try Self.writeApp(in: folder, count: 49)
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    _ = try AppLoader.blueprint(path: app, cache: cache)
    #expect(Self.cacheFiles(cache).isEmpty)
  }

  @Test func aChangedItemsFileIsNeverAStaleHit() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    let app = try Self.writeApp(in: folder)
    _ = try AppLoader.blueprint(path: app, cache: cache)
    _ = try Self.writeApp(in: folder, firstTitle: "Outer Peace")
    let changed = try AppLoader.blueprint(path: app, cache: cache)
    #expect(changed.catalogItems?.first?.title == "Outer Peace")
  }

  /// Each way a cache file can be damaged: the load reads the JSON instead, gives the
  /// same app, and the file is written again whole.
  @Test(arguments: ["truncated", "flipped byte", "empty", "other magic", "garbage", "bad header"])
  func aDamagedCacheFileIsRebuiltNotTrusted(damage: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = try Self.writeApp(in: folder)
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    let original = try AppLoader.blueprint(path: app, cache: cache)
    let name = try #require(Self.cacheFiles(cache).first)
    let file = (cache.directory as NSString).appendingPathComponent(name)
    let good = try #require(FileManager.default.contents(atPath: file))
    var bytes = [UInt8](good)
    switch damage {
    case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
    case "flipped byte": bytes[bytes.count * 2 / 3] ^= 0x20
    case "empty": bytes = []
    case "other magic": bytes[0] ^= 0xFF
    case "garbage": bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    default: bytes.replaceSubrange(AppCache.magic.count + 4..<AppCache.magic.count + 12, with: [UInt8](repeating: 0xFF, count: 8))
    }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(throws: (any Error).self) { try AppCache.decode(bytes) }

    let reloaded = try AppLoader.blueprint(path: app, cache: cache)
    #expect(reloaded.catalogItems == original.catalogItems)
    #expect(FileManager.default.contents(atPath: file) == good, "the damaged file is written again whole")
  }

  @Test func entriesRoundTrip() throws {
    let items = [
      CatalogItem(id: "s1", title: "Ünïcödé 🎵", type: .song, artist: nil, album: "A"),
      CatalogItem(id: "p1", title: "", type: .podcastEpisode, artist: "Host"),
    ]
    let entry = AppCache.Entry(items: items, played: ["p1"], warnings: ["x.json: warning: y"])
    #expect(try AppCache.decode(AppCache.encode(entry)) == entry)
  }

  /// Items in many chunks (decoded in parallel) come back in order, whatever the chunk
  /// size; a chunk table that doesn't add up is damage.
  @Test(arguments: [1, 3, 7, 64])
  func chunkedEntriesRoundTrip(chunkSize: Int) throws {
    let items = (0..<40).map { index in
      CatalogItem(id: "i\(index)", title: "Title \(index) ☕", type: index % 3 == 0 ? .album : .song, artist: index % 2 == 0 ? "A" : nil,
        genres: index % 5 == 0 ? ["jazz"] : [], year: index % 4 == 0 ? 1990 + index : nil, popularity: index)
    }
    let entry = AppCache.Entry(items: items, played: [], warnings: [])
    #expect(try AppCache.decode(AppCache.encode(entry, chunkSize: chunkSize)) == entry)
    let empty = AppCache.Entry(items: [], played: ["x"], warnings: [])
    #expect(try AppCache.decode(AppCache.encode(empty, chunkSize: chunkSize)) == empty)
  }

  /// Every change to an app file makes a new catalog of tens of megabytes: only the
  /// last ``AppCache/capacity`` written are kept, and nothing temporary is left.
  @Test func onlyTheLatestCatalogsAreKept() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    for version in 0..<(AppCache.capacity + 3) {
      let app = try Self.writeApp(in: folder, firstTitle: "Version \(version)")
      _ = try AppLoader.blueprint(path: app, cache: cache)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
    #expect(Self.cacheFiles(cache).count == AppCache.capacity)
    #expect(files.count == AppCache.capacity, "\(files)")
    // The newest is among them: loading it again writes nothing new.
    let app = try Self.writeApp(in: folder, firstTitle: "Version \(AppCache.capacity + 2)")
    let reloaded = try AppLoader.blueprint(path: app, cache: cache)
    #expect(reloaded.catalogItems?.first?.title == "Version \(AppCache.capacity + 2)")
    #expect(Self.cacheFiles(cache).count == AppCache.capacity)
  }

  /// What the definition names in its catalog (library, default item) is found in a
  /// cached catalog as in the JSON one; a name of nothing is refused (a changed
  /// definition is a new key, so this is the JSON path, and nothing is cached).
  @Test func aCachedCatalogStillChecksWhatTheDefinitionNames() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = AppCache(directory: (folder as NSString).appendingPathComponent("cache"), minimumItems: 50)
    let app = try Self.writeApp(in: folder)
    _ = try AppLoader.blueprint(path: app, cache: cache)
    #expect(Self.cacheFiles(cache).count == 1)
    func definition(_ extra: String) throws {
      let text = #"{"name": "Cached Music", "intents": ["PlayMedia"], "mediaTypes": ["song", "playlist"], "itemsFile": "items.jsonl", "#
        + extra + "}"
      try text.write(toFile: app, atomically: true, encoding: .utf8)
    }
    try definition(#""defaultItem": "s3", "library": {"playlists": [{"id": "l1", "title": "Mine", "items": ["s1", "s2"]}], "liked": ["s4"]}"#)
    let good = try AppLoader.blueprint(path: app, cache: cache)
    _ = try AppLoader.blueprint(path: app, cache: cache)  // from the cache this time
    #expect(good.itemCount == 60)
    try definition(#""defaultItem": "s999", "library": {"playlists": [{"id": "s5", "title": "Mine", "items": ["nope"]}]}"#)
    let error = #expect(throws: AppFileError.self) { try AppLoader.blueprint(path: app, cache: cache) }
    let messages = error?.problems.map(\.message) ?? []
    #expect(messages.contains { $0.hasPrefix("defaultItem: no item has the id \"s999\"") }, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("library.playlists[0].id: \"s5\" is already the id") }, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("library.playlists[0].items[0]: no item has the id \"nope\"") }, "\(messages)")
    #expect(Self.cacheFiles(cache).count == 2)
  }
}
