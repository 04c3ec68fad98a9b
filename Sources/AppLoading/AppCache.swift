import Foundation
import MediaAppKit
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
/// changed file is a different key, never a stale hit.
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
  /// Bumped whenever what a catalog item holds, or how a definition is checked, changes.
  static let formatVersion: UInt32 = 2
  static let magic = Array("SIRIAPPC".utf8)

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

  func path(forKey key: String) -> String {
    (directory as NSString).appendingPathComponent("\(key).catalog")
  }

  /// The entry under `key`, or `nil` when there is none or it can't be trusted.
  func read(key: String) -> Entry? {
    guard let data = FileManager.default.contents(atPath: path(forKey: key)) else { return nil }
    return try? Self.decode(Array(data))
  }

  /// Keeps `entry` under `key`; failures are silent (the cache is only an optimization):
  /// the file is written to a temporary name and renamed, so a reader never sees half.
  func write(_ entry: Entry, key: String) {
    let bytes = Self.encode(entry)
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let final = URL(fileURLWithPath: path(forKey: key))
      let temporary = URL(fileURLWithPath: path(forKey: key) + ".tmp-\(ProcessInfo.processInfo.processIdentifier)")
      try Data(bytes).write(to: temporary)
      if fileManager.fileExists(atPath: final.path) { try? fileManager.removeItem(at: final) }
      try fileManager.moveItem(at: temporary, to: final)
    } catch {
      return
    }
  }

  // MARK: - Format

  /// `SIRIAPPC`, the format version, the payload's length and checksum, the payload.
  static func encode(_ entry: Entry) -> [UInt8] {
    var payload = BinaryWriter(capacity: entry.items.count * 80 + 64)
    payload.count(entry.items.count)
    for item in entry.items {
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
    payload.strings(entry.played)
    payload.strings(entry.warnings)
    return BinaryWriter.file(magic: magic, version: formatVersion, payload: payload.bytes)
  }

  static func decode(_ bytes: [UInt8]) throws -> Entry {
    var reader = try BinaryReader(file: bytes, magic: magic, version: formatVersion)
    let count = try reader.elementCount()
    var items: [CatalogItem] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
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
      items.append(
        CatalogItem(
          id: id, title: title, type: type, artist: artist, album: album, genres: genres, moods: moods,
          year: year == 0 ? nil : year - 1, popularity: popularity, rating: rating, isExplicit: flags & 1 != 0,
          requiresSubscription: flags & 2 != 0, regions: regions, isVideo: flags & 4 != 0, isRestricted: flags & 8 != 0,
          spokenForms: spokenForms, children: children, duration: duration, show: show, published: published))
    }
    let played = try reader.strings()
    let warnings = try reader.strings()
    guard reader.isAtEnd else { throw BinaryReader.Corrupt() }
    return Entry(items: items, played: played, warnings: warnings)
  }
}

