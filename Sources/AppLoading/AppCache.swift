import Foundation
import MediaAppKit
import SiriIntents

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
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
    return AppCache(directory: ((base as NSString).appendingPathComponent("siri") as NSString).appendingPathComponent("apps"))
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
    // Each part hashed on its own, so bytes can't move from one part to the next.
    var hash = ContentHash()
    for part in [Data("\(formatVersion)".utf8), definition, items ?? Data()] {
      var partHash = ContentHash()
      partHash.add(part)
      var value = partHash.value
      withUnsafeBytes(of: &value) { hash.add($0) }
    }
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
    var payload = Writer()
    payload.bytes.reserveCapacity(entry.items.count * 80 + 64)
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
    var hash = ContentHash()
    hash.add(payload.bytes)
    var header = Writer()
    header.bytes = magic
    header.fixed(UInt64(formatVersion))
    header.fixed(UInt64(payload.bytes.count))
    header.fixed(hash.value)
    return header.bytes + payload.bytes
  }

  struct Corrupt: Error {}

  static func decode(_ bytes: [UInt8]) throws -> Entry {
    var reader = Reader(bytes: bytes)
    guard try reader.raw(magic.count) == magic[...] else { throw Corrupt() }
    guard try reader.fixed() == UInt64(formatVersion) else { throw Corrupt() }
    let length = try reader.fixed()
    let checksum = try reader.fixed()
    guard length == UInt64(bytes.count - reader.offset) else { throw Corrupt() }
    var hash = ContentHash()
    hash.add(bytes[reader.offset...])
    guard hash.value == checksum else { throw Corrupt() }
    let count = try reader.count()
    guard count <= bytes.count else { throw Corrupt() }
    var items: [CatalogItem] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
      let id = try reader.string()
      let title = try reader.string()
      guard let type = MediaItemType(rawValue: try reader.count()) else { throw Corrupt() }
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
    guard reader.offset == bytes.count else { throw Corrupt() }
    return Entry(items: items, played: played, warnings: warnings)
  }

  struct Writer {
    var bytes: [UInt8] = []

    mutating func count(_ value: Int) {
      var value = UInt64(max(0, value))
      while value >= 0x80 {
        bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }

    mutating func fixed(_ value: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func double(_ value: Double) { fixed(value.bitPattern) }

    mutating func string(_ value: String) {
      let utf8 = value.utf8
      count(utf8.count)
      bytes.append(contentsOf: utf8)
    }

    mutating func optional(_ value: String?) {
      if let value {
        count(1)
        string(value)
      } else {
        count(0)
      }
    }

    mutating func strings(_ values: [String]) {
      count(values.count)
      values.forEach { string($0) }
    }
  }

  struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func raw(_ count: Int) throws -> ArraySlice<UInt8> {
      guard count >= 0, offset + count <= bytes.count else { throw Corrupt() }
      defer { offset += count }
      return bytes[offset..<(offset + count)]
    }

    mutating func count() throws -> Int {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        guard offset < bytes.count, shift < 63 else { throw Corrupt() }
        let byte = bytes[offset]
        offset += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      guard value <= UInt64(Int32.max) else { throw Corrupt() }
      return Int(value)
    }

    mutating func fixed() throws -> UInt64 {
      let slice = try raw(8)
      var value: UInt64 = 0
      for (index, byte) in slice.enumerated() { value |= UInt64(byte) << UInt64(8 * index) }
      return value
    }

    mutating func double() throws -> Double { Double(bitPattern: try fixed()) }

    mutating func string() throws -> String {
      let length = try count()
      let slice = try raw(length)
      guard let text = String(validating: slice, as: UTF8.self) else { throw Corrupt() }
      return text
    }

    mutating func optional() throws -> String? {
      switch try count() {
      case 0: return nil
      case 1: return try string()
      default: throw Corrupt()
      }
    }

    mutating func strings() throws -> [String] {
      let count = try count()
      guard count <= bytes.count - offset else { throw Corrupt() }
      var values: [String] = []
      values.reserveCapacity(count)
      for _ in 0..<count { values.append(try string()) }
      return values
    }
  }
}

/// A fast, stable 64-bit hash for cache keys and checksums (not for security): eight
/// bytes a step, each word multiplied in and folded, with SplitMix64's finalizer at the
/// end. (FNV-1a, a byte a step, took 18 ms over a 15 MB items file on every start.)
struct ContentHash {
  private var state: UInt64 = 0x243F_6A88_85A3_08D3
  private var length: UInt64 = 0

  var value: UInt64 {
    var z = state ^ length
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func mix(_ word: UInt64) {
    state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    state ^= state >> 32
  }

  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset + 8 <= bytes.count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
      // The tail's length goes in too, so "a" and "a\0" differ.
      mix(tail ^ (UInt64(bytes.count - offset) << 59))
    }
    length &+= UInt64(bytes.count)
  }

  mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }

  mutating func add(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { add($0) }
  }

  mutating func add(_ data: Data) {
    data.withUnsafeBytes { add($0) }
  }
}
