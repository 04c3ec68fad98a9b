import Foundation

/// The bytes of a cache file: variable-length counts, fixed 64-bit words, strings as
/// UTF-8 with their length. Used by the compiled-grammar cache and the catalog cache.
///
/// What a reader finds is never trusted: every read is bounds-checked and throws
/// ``BinaryReader/Corrupt`` rather than trapping, and each cache checks a checksum first.
public struct BinaryWriter: Sendable {
  public var bytes: [UInt8] = []

  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// A count or other value from 0 to `Int32.max` (a negative value is written as 0).
  public mutating func count(_ value: Int) {
    var value = UInt64(max(0, value))
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  public mutating func fixed(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  public mutating func double(_ value: Double) { fixed(value.bitPattern) }

  public mutating func bool(_ value: Bool) { count(value ? 1 : 0) }

  public mutating func string(_ value: String) {
    let utf8 = value.utf8
    count(utf8.count)
    bytes.append(contentsOf: utf8)
  }

  public mutating func optional(_ value: String?) {
    if let value {
      count(1)
      string(value)
    } else {
      count(0)
    }
  }

  public mutating func strings<Strings: Collection<String>>(_ values: Strings) {
    count(values.count)
    values.forEach { string($0) }
  }

  /// 32-bit signed integers, four bytes each (little-endian), after their count.
  public mutating func int32s(_ values: [Int32]) {
    count(values.count)
    values.map(\.littleEndian).withUnsafeBytes { bytes.append(contentsOf: $0) }
  }

  /// A file: `magic`, the format version, the payload's length and checksum, the payload.
  public static func file(magic: [UInt8], version: UInt32, payload: [UInt8]) -> [UInt8] {
    var hash = ContentHash()
    hash.add(payload)
    var header = BinaryWriter()
    header.bytes = magic
    header.fixed(UInt64(version))
    header.fixed(UInt64(payload.count))
    header.fixed(hash.value)
    return header.bytes + payload
  }
}

public struct BinaryReader: Sendable {
  public struct Corrupt: Error {
    public init() {}
  }

  public let bytes: [UInt8]
  public private(set) var offset = 0

  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A reader of the payload of a file ``BinaryWriter/file(magic:version:payload:)``
  /// wrote, after checking its magic, version, length and checksum.
  public init(file bytes: [UInt8], magic: [UInt8], version: UInt32) throws(Corrupt) {
    self.bytes = bytes
    guard try raw(magic.count).elementsEqual(magic) else { throw Corrupt() }
    guard try fixed() == UInt64(version) else { throw Corrupt() }
    let length = try fixed()
    let checksum = try fixed()
    guard length == UInt64(bytes.count - offset) else { throw Corrupt() }
    var hash = ContentHash()
    hash.add(bytes[offset...])
    guard hash.value == checksum else { throw Corrupt() }
  }

  public var isAtEnd: Bool { offset == bytes.count }

  public mutating func raw(_ count: Int) throws(Corrupt) -> ArraySlice<UInt8> {
    guard count >= 0, offset + count <= bytes.count else { throw Corrupt() }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  public mutating func count() throws(Corrupt) -> Int {
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

  /// A count that says how many things follow, each at least one byte: more than the
  /// bytes left can only be damage (and would make a reader reserve gigabytes).
  public mutating func elementCount() throws(Corrupt) -> Int {
    let value = try count()
    guard value <= bytes.count - offset else { throw Corrupt() }
    return value
  }

  public mutating func fixed() throws(Corrupt) -> UInt64 {
    let slice = try raw(8)
    var value: UInt64 = 0
    for (index, byte) in slice.enumerated() { value |= UInt64(byte) << UInt64(8 * index) }
    return value
  }

  public mutating func double() throws(Corrupt) -> Double { Double(bitPattern: try fixed()) }

  public mutating func bool() throws(Corrupt) -> Bool {
    switch try count() {
    case 0: return false
    case 1: return true
    default: throw Corrupt()
    }
  }

  public mutating func string() throws(Corrupt) -> String {
    let length = try count()
    let slice = try raw(length)
    guard let text = String(validating: slice, as: UTF8.self) else { throw Corrupt() }
    return text
  }

  public mutating func optional() throws(Corrupt) -> String? {
    switch try count() {
    case 0: return nil
    case 1: return try string()
    default: throw Corrupt()
    }
  }

  public mutating func strings() throws(Corrupt) -> [String] {
    let count = try elementCount()
    var values: [String] = []
    // Not `count`: a damaged count may be as large as the file, 16 bytes an element.
    values.reserveCapacity(min(count, 1 << 12))
    for _ in 0..<count { values.append(try string()) }
    return values
  }

  public mutating func int32s() throws(Corrupt) -> [Int32] {
    let count = try count()
    guard count <= (bytes.count - offset) / 4 else { throw Corrupt() }
    let slice = try raw(count * 4)
    // Copied whole: the automaton's arrays are millions of values, read at every start.
    // Not zeroed first: that would touch every page twice.
    var values = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      slice.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
      initialized = count
    }
    #if _endian(big)
    for index in values.indices { values[index] = Int32(littleEndian: values[index]) }
    #endif
    return values
  }
}

/// A fast, stable 64-bit hash for cache keys and checksums (not for security): eight
/// bytes a step, each word multiplied in and folded, with SplitMix64's finalizer at the
/// end. (FNV-1a, a byte a step, took 18 ms over a 15 MB items file on every start.)
public struct ContentHash: Sendable {
  private var state: UInt64 = 0x243F_6A88_85A3_08D3
  private var length: UInt64 = 0

  public init() {}

  public var value: UInt64 {
    var z = state ^ length
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func mix(_ word: UInt64) {
    state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    state ^= state >> 32
  }

  public mutating func add(_ bytes: UnsafeRawBufferPointer) {
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

  public mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }

  public mutating func add(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { add($0) }
  }

  public mutating func add(_ data: Data) {
    data.withUnsafeBytes { add($0) }
  }

  /// Adds `bytes` as one part of a whole made of parts (a cache key): hashed on its own
  /// and its hash added, so bytes can't move from one part to the next.
  public mutating func addPart(_ bytes: UnsafeRawBufferPointer) {
    var part = ContentHash()
    part.add(bytes)
    var value = part.value
    withUnsafeBytes(of: &value) { add($0) }
  }

  public mutating func addPart(_ data: Data) {
    data.withUnsafeBytes { addPart($0) }
  }

  public mutating func addPart(_ text: String) {
    Array(text.utf8).withUnsafeBytes { addPart($0) }
  }
}

/// The per-user cache folder of one kind of cache: `$XDG_CACHE_HOME/siri/<name>`, else
/// `~/.cache/siri/<name>` (compiled grammars, checked catalogs).
public enum UserCacheFolder {
  public static func path(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
    return ((base as NSString).appendingPathComponent("siri") as NSString).appendingPathComponent(name)
  }
}
