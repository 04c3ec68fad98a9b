import Foundation
import MediaAppKit
import Synchronization
import SiriIntents
import UtteranceParsing

/// A cache of checked catalogs, so that an app of real size (100,000 songs, albums and
/// artists: 30 MB of JSON) installs in a fraction of a second after the first time.
///
/// `JSONDecoder` takes about 5 µs an item on this kind of machine, so a 300,000-item
/// catalog costs seconds to read and check. What checking produces (the catalog items,
/// the episodes already played) is kept in one file per app under the user's cache
/// folder (`$XDG_CACHE_HOME/siri/apps`, else `~/.cache/siri/apps`), named after a hash
/// of the definition's bytes, its items file's bytes and the cache's format version: a
/// changed file is a different key, never a stale hit. The last ``capacity`` catalogs
/// written are kept. Items are stored in chunks that are decoded in parallel.
///
/// The cache is never trusted: a file that is short, has another magic or version, or
/// whose payload checksum doesn't match is ignored (and replaced); reading it runs no
/// code of its own, only bounds-checked field reads. Only catalogs of at least
/// ``defaultMinimumItems`` items are cached: smaller ones load from JSON as fast.
public struct AppCache: Sendable, Equatable {
  /// The folder holding the cache files.
  public var directory: String
  /// The smallest catalog kept (``defaultMinimumItems`` unless a test says otherwise).
  public var minimumItems: Int

  public init(directory: String, minimumItems: Int = AppCache.defaultMinimumItems) {
    self.directory = directory
    self.minimumItems = minimumItems
  }

  /// The per-user cache folder: `$XDG_CACHE_HOME/siri/apps`, else `~/.cache/siri/apps`.
  public static func userDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> AppCache {
    AppCache(directory: UserCacheFolder.path("apps", environment: environment))
  }

  /// Catalogs smaller than this load from JSON every time.
  public static let defaultMinimumItems = 5_000
  /// How many catalogs are kept: each is tens of megabytes at real size, and every
  /// change to an app file makes a new one.
  public static let capacity = 8
  /// Bumped whenever what a catalog item holds, or how a definition is checked, changes.
  static let formatVersion: UInt32 = 3
  static let magic = Array("SIRIAPPC".utf8)
  /// Items are kept in chunks of this many, encoded and decoded in parallel.
  static let chunkSize = 8_192

  /// What checking a definition produced that is worth keeping.
  struct Entry: Equatable {
    var items: [CatalogItem]
    var played: [String]
    /// What loading the app noticed (unknown keys), said again on every load.
    var warnings: [String] = []
  }

  /// The cache key of a definition and its items file.
  static func key(definition: Data, items: Data?) -> String {
    var hash = ContentHash()
    for part in [Data("\(formatVersion)".utf8), definition, items ?? Data()] { hash.addPart(part) }
    hash.add([items == nil ? 0 : 1])
    return String(hash.value, radix: 16)
  }

  var folder: CacheFolder {
    CacheFolder(directory: directory, suffix: ".catalog", capacity: Self.capacity)
  }

  func path(forKey key: String) -> String {
    folder.path(forKey: key)
  }

  /// The entry under `key`, or `nil` when there is none or it can't be trusted.
  func read(key: String) -> Entry? {
    guard let bytes = CacheFolder.contents(of: path(forKey: key), wholeFile: true) else { return nil }
    return try? Self.decode(bytes)
  }

  /// Keeps `entry` under `key` (atomically; failures are silent: the cache is only an
  /// optimization), and removes the oldest catalogs beyond ``capacity``.
  func write(_ entry: Entry, key: String) {
    folder.write(Self.encode(entry), to: path(forKey: key))
  }

  // MARK: - Format

  /// `SIRIAPPC`, the format version, the payload's length and checksum, the payload:
  /// the item count, the chunk size, each chunk's length in bytes, the chunks (items one
  /// after the other), the played episodes, the warnings.
  static func encode(_ entry: Entry, chunkSize: Int = AppCache.chunkSize) -> [UInt8] {
    let items = entry.items
    let starts = Array(stride(from: 0, to: items.count, by: chunkSize))
    let chunks = Mutex<[[UInt8]]>(Array(repeating: [], count: starts.count))
    DispatchQueue.concurrentPerform(iterations: starts.count) { chunk in
      var writer = BinaryWriter(capacity: chunkSize * 80)
      for position in starts[chunk]..<min(starts[chunk] + chunkSize, items.count) { encode(items[position], into: &writer) }
      let bytes = writer.bytes
      chunks.withLock { $0[chunk] = bytes }
    }
    let encoded = chunks.withLock { $0 }
    var payload = BinaryWriter(capacity: encoded.reduce(64) { $0 + $1.count + 5 })
    payload.count(items.count)
    payload.count(chunkSize)
    for chunk in encoded { payload.count(chunk.count) }
    for chunk in encoded { payload.bytes.append(contentsOf: chunk) }
    payload.strings(entry.played)
    payload.strings(entry.warnings)
    return BinaryWriter.file(magic: magic, version: formatVersion, payload: payload.bytes)
  }

  static func decode(_ bytes: [UInt8]) throws -> Entry {
    var reader = try BinaryReader(file: bytes, magic: magic, version: formatVersion)
    let count = try reader.count()
    let size = try reader.count()
    guard size > 0 else { throw BinaryReader.Corrupt() }
    let chunkCount = (count + size - 1) / size
    // Each item takes at least 20 bytes, so a count beyond the file is damage.
    guard chunkCount <= reader.bytes.count - reader.offset, count <= reader.bytes.count else { throw BinaryReader.Corrupt() }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(chunkCount)
    var lengths: [Int] = []
    for _ in 0..<chunkCount { lengths.append(try reader.count()) }
    var start = reader.offset
    for length in lengths {
      guard length <= bytes.count - start else { throw BinaryReader.Corrupt() }
      ranges.append(start..<start + length)
      start += length
    }
    let chunkRanges = ranges
    let decoded = Mutex<[[CatalogItem]?]>(Array(repeating: nil, count: chunkCount))
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      var items: [CatalogItem] = []
      let expected = min(size, count - chunk * size)
      items.reserveCapacity(expected)
      var chunkReader = BinaryReader(bytes: Array(bytes[chunkRanges[chunk]]))
      do {
        for _ in 0..<expected { items.append(try decodeItem(&chunkReader)) }
        guard chunkReader.isAtEnd else { return }
      } catch {
        return
      }
      decoded.withLock { $0[chunk] = items }
    }
    var items: [CatalogItem] = []
    items.reserveCapacity(count)
    for chunk in decoded.withLock({ $0 }) {
      guard let chunk else { throw BinaryReader.Corrupt() }
      items += chunk
    }
    _ = try reader.raw(start - reader.offset)
    let played = try reader.strings()
    let warnings = try reader.strings()
    guard reader.isAtEnd else { throw BinaryReader.Corrupt() }
    return Entry(items: items, played: played, warnings: warnings)
  }

  private static func encode(_ item: CatalogItem, into payload: inout BinaryWriter) {
    payload.string(item.id)
    payload.string(item.title)
    payload.count(item.type.rawValue)
    payload.optional(item.artist)
    payload.optional(item.album)
    payload.strings(item.genres)
    payload.strings(item.moods)
    payload.count(item.year.map { $0 + 1 } ?? 0)
    payload.count(item.popularity)
    payload.double(item.rating)
    payload.count(
      (item.isExplicit ? 1 : 0) | (item.requiresSubscription ? 2 : 0) | (item.isVideo ? 4 : 0) | (item.isRestricted ? 8 : 0))
    payload.strings(item.regions)
    payload.strings(item.spokenForms)
    payload.strings(item.children)
    payload.double(item.duration)
    payload.optional(item.show)
    payload.optional(item.published)
  }

  private static func decodeItem(_ reader: inout BinaryReader) throws(BinaryReader.Corrupt) -> CatalogItem {
    let id = try reader.string()
    let title = try reader.string()
    guard let type = MediaItemType(rawValue: try reader.count()) else { throw BinaryReader.Corrupt() }
    let artist = try reader.optional()
    let album = try reader.optional()
    let genres = try reader.strings()
    let moods = try reader.strings()
    let year = try reader.count()
    let popularity = try reader.count()
    let rating = try reader.double()
    let flags = try reader.count()
    let regions = try reader.strings()
    let spokenForms = try reader.strings()
    let children = try reader.strings()
    let duration = try reader.double()
    let show = try reader.optional()
    let published = try reader.optional()
    return CatalogItem(
      id: id, title: title, type: type, artist: artist, album: album, genres: genres, moods: moods,
      year: year == 0 ? nil : year - 1, popularity: popularity, rating: rating, isExplicit: flags & 1 != 0,
      requiresSubscription: flags & 2 != 0, regions: regions, isVideo: flags & 4 != 0, isRestricted: flags & 8 != 0,
      spokenForms: spokenForms, children: children, duration: duration, show: show, published: published)
  }
}
