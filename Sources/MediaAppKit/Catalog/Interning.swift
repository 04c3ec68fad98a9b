/// Hashing and interning of byte strings, for the catalog index: flat arrays and
/// integer ids instead of dictionaries of strings, so building an index of 300,000
/// items hashes each name once, with no allocation per name.

/// A fast 64-bit hash of bytes (8 at a time, then a final mix). Not for adversarial
/// input: collisions only cost a comparison.
@inline(__always)
func byteHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
  let count = bytes.count
  guard let base = bytes.baseAddress else { return mix64(hash) }
  let raw = UnsafeRawPointer(base)
  var offset = 0
  while offset + 8 <= count {
    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 32
    offset += 8
  }
  if offset < count {
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(base[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
  }
  return mix64(hash)
}

/// SplitMix64's finalizer: spreads every input bit over the output.
@inline(__always)
func mix64(_ value: UInt64) -> UInt64 {
  var z = value
  z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
  z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
  return z ^ (z >> 31)
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes, copying only when the string isn't
  /// stored contiguously.
  @inline(__always)
  func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }
}

/// Byte strings interned to dense ids 0, 1, 2…: the bytes of all of them in one array,
/// found again through an open-addressing table of ids.
struct ByteInterner: Sendable {
  /// The bytes of every string, one after another.
  private(set) var bytes: [UInt8] = []
  /// Where each string starts in `bytes`; one more entry than there are strings.
  private(set) var starts: [UInt32] = [0]
  /// Open-addressing table: the high 32 bits of a string's hash, then its id + 1 (0
  /// for an empty slot), so most probes need no other memory. A power of two long.
  private var slots: [UInt64]

  init(capacity: Int = 16) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    starts.reserveCapacity(capacity + 1)
  }

  var count: Int { starts.count - 1 }

  /// The id of `string`, added if new.
  @inline(__always)
  mutating func intern(_ string: UnsafeBufferPointer<UInt8>) -> (id: UInt32, isNew: Bool) {
    let hash = byteHash(string)
    if let id = find(string, hash: hash) { return (id, false) }
    let id = UInt32(count)
    bytes.append(contentsOf: string)
    starts.append(UInt32(bytes.count))
    if count * 2 > slots.count { grow() } else { place(id, hash: hash) }
    return (id, true)
  }

  mutating func intern(_ string: String) -> (id: UInt32, isNew: Bool) {
    string.withUTF8Bytes { intern($0) }
  }

  /// The id of `string`, if it was interned.
  func id(of string: UnsafeBufferPointer<UInt8>) -> UInt32? {
    find(string, hash: byteHash(string))
  }

  func id(of string: String) -> UInt32? {
    string.withUTF8Bytes { id(of: $0) }
  }

  /// The bytes of string `id`.
  func withBytes<R>(of id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let start = Int(starts[Int(id)])
    let end = Int(starts[Int(id) + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  func string(_ id: UInt32) -> String {
    withBytes(of: id) { String(decoding: $0, as: UTF8.self) }
  }

  func length(of id: UInt32) -> Int {
    Int(starts[Int(id) + 1] - starts[Int(id)])
  }

  /// Bytes held, for memory figures.
  var memoryBytes: Int {
    bytes.capacity + starts.capacity * 4 + slots.capacity * 8
  }

  @inline(__always)
  private func find(_ string: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32? {
    let mask = slots.count - 1
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let id = Int(entry & 0xFFFF_FFFF) - 1
        let start = Int(starts[id])
        if Int(starts[id + 1]) - start == string.count && equalBytes(at: start, string) { return UInt32(id) }
      }
      slot = (slot + 1) & mask
    }
  }

  @inline(__always)
  private func equalBytes(at start: Int, _ string: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let other = string.baseAddress else { return true }
    return bytes.withUnsafeBufferPointer { memcmpEqual($0.baseAddress! + start, other, string.count) }
  }

  private mutating func place(_ id: UInt32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(id + 1)
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    for id in 0..<count {
      let hash = withBytes(of: UInt32(id)) { byteHash($0) }
      place(UInt32(id), hash: hash)
    }
  }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for index in 0..<count where a[index] != b[index] { return false }
  return true
}

/// A map from 64-bit keys to lists of 32-bit values, built once from (key, value)
/// pairs: an open-addressing table of distinct keys, each slot with its key and the
/// range of its values in one flat array (in the order the pairs came). A lookup
/// loads one slot.
struct MultiMap: Sendable {
  struct Slot {
    var key: UInt64
    var start: UInt32
    var end: UInt32
  }

  private var slots: [Slot]
  private(set) var values: [UInt32]

  init() {
    slots = [Slot(key: 0, start: 0, end: 0)]
    values = []
  }

  /// Builds the map. Key 0 is kept apart from empty slots by mapping it to 1 (the two
  /// then share a list, which callers tolerate: lists are candidates, checked later).
  init(keys pairKeys: [UInt64], values pairValues: [UInt32]) {
    var size = 16
    while size < pairKeys.count * 2 { size <<= 1 }
    var slots = Array(repeating: Slot(key: 0, start: 0, end: 0), count: size)
    var slotOfPair = Array(repeating: UInt32(0), count: pairKeys.count)
    let mask = size - 1
    for (index, rawKey) in pairKeys.enumerated() {
      let key = rawKey == 0 ? 1 : rawKey
      var slot = Int(truncatingIfNeeded: mix64(key)) & mask
      while slots[slot].key != 0 && slots[slot].key != key { slot = (slot + 1) & mask }
      slots[slot].key = key
      slots[slot].end += 1  // a count, for now
      slotOfPair[index] = UInt32(slot)
    }
    var total: UInt32 = 0
    for slot in 0..<size {
      let count = slots[slot].end
      slots[slot].start = total
      slots[slot].end = total
      total += count
    }
    var values = Array(repeating: UInt32(0), count: pairValues.count)
    for (index, value) in pairValues.enumerated() {
      let slot = Int(slotOfPair[index])
      values[Int(slots[slot].end)] = value
      slots[slot].end += 1
    }
    self.slots = slots
    self.values = values
  }

  /// The values of `key` (a range of ``values``), empty when it has none.
  @inline(__always)
  func range(of rawKey: UInt64) -> Range<Int> {
    let key = rawKey == 0 ? 1 : rawKey
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: mix64(key)) & mask
    while true {
      let found = slots[slot]
      if found.key == key { return Int(found.start)..<Int(found.end) }
      if found.key == 0 { return 0..<0 }
      slot = (slot + 1) & mask
    }
  }

  var memoryBytes: Int { slots.capacity * MemoryLayout<Slot>.stride + values.capacity * 4 }
}

/// Lists of values for dense keys 0..<count, built from (key, value) pairs by counting:
/// one array of offsets and one of values (compressed sparse rows).
struct Postings: Sendable {
  private(set) var offsets: [UInt32]
  private(set) var values: [UInt32]

  init() {
    offsets = [0]
    values = []
  }

  /// Values of each key in the order the pairs came.
  init(keyCount: Int, keys: [UInt32], values pairValues: [UInt32]) {
    var offsets = Array(repeating: UInt32(0), count: keyCount + 1)
    for key in keys { offsets[Int(key) + 1] += 1 }
    for index in 0..<keyCount { offsets[index + 1] += offsets[index] }
    var fill = offsets
    var values = Array(repeating: UInt32(0), count: pairValues.count)
    for (index, key) in keys.enumerated() {
      values[Int(fill[Int(key)])] = pairValues[index]
      fill[Int(key)] += 1
    }
    self.offsets = offsets
    self.values = values
  }

  var keyCount: Int { offsets.count - 1 }

  @inline(__always)
  func range(of key: UInt32) -> Range<Int> {
    guard Int(key) < keyCount else { return 0..<0 }
    return Int(offsets[Int(key)])..<Int(offsets[Int(key) + 1])
  }

  @inline(__always)
  func count(of key: UInt32) -> Int {
    guard Int(key) < keyCount else { return 0 }
    return Int(offsets[Int(key) + 1] - offsets[Int(key)])
  }

  var memoryBytes: Int { offsets.capacity * 4 + values.capacity * 4 }
}

/// Two independent 64-bit hashes of bytes in one pass.
@inline(__always)
func byteHash128(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
  var first: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
  var second: UInt64 = 0xD6E8_FEB8_6659_FD93 &+ UInt64(truncatingIfNeeded: bytes.count)
  let count = bytes.count
  guard let base = bytes.baseAddress else { return (mix64(first), mix64(second ^ 0x5851_F42D_4C95_7F2D)) }
  let raw = UnsafeRawPointer(base)
  var offset = 0
  while offset + 8 <= count {
    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
    first ^= first >> 32
    second = ((second ^ word) &* 0xC2B2_AE3D_27D4_EB4F)
    second = (second << 29) | (second >> 35)
    offset += 8
  }
  if offset < count {
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(base[offset]) << shift
      shift += 8
      offset += 1
    }
    first = (first ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    second = ((second ^ tail) &* 0x1656_67B1_9E37_79F9)
    second = (second << 31) | (second >> 33)
  }
  return (mix64(first), mix64(second ^ 0x5851_F42D_4C95_7F2D))
}

/// Dense ids for strings given by their hashes, in order of first occurrence, found
/// without random access to a big table: the hashes are split by their top bits into
/// partitions small enough for a cache-resident table, and each partition is
/// deduplicated on its own (the table is reused), then ids are renumbered by first
/// occurrence. For 600,000 names this is several times faster than one table.
///
/// Strings are told apart by 96 bits of two independent hashes and never compared
/// byte by byte (that would read each string again at a random place): two different
/// names share an id only if 96 bits collide, odds of about 1 in 10^16 for a million.
struct HashDeduplication {
  /// The id of each occurrence, with ``firstFlag`` set where the id first appears (so
  /// a walk over the occurrences needn't look that up at random).
  private(set) var ids: [UInt32]
  static let firstFlag: UInt32 = 1 << 31
  /// The occurrence where each id first appears.
  private(set) var firstOccurrence: [UInt32]

  /// `first` and `second`: the two hashes of each occurrence (only the high 32 bits of
  /// `second` count).
  init(first: [UInt64], second: [UInt32]) {
    let count = first.count
    let partitionBits = count > 1 << 16 ? 8 : count > 1 << 10 ? 4 : 0
    let partitions = 1 << partitionBits
    // Counting sort of occurrences by partition (top bits of the first hash).
    var starts = [Int](repeating: 0, count: partitions + 1)
    let shift = UInt64(64 - partitionBits)
    @inline(__always) func partition(_ hash: UInt64) -> Int {
      partitionBits == 0 ? 0 : Int(truncatingIfNeeded: hash >> shift)
    }
    for hash in first { starts[partition(hash) + 1] += 1 }
    for index in 0..<partitions { starts[index + 1] += starts[index] }
    var fill = starts
    var sortedFirst = [UInt64](repeating: 0, count: count)
    var sortedSecond = [UInt32](repeating: 0, count: count)
    var sortedOccurrence = [UInt32](repeating: 0, count: count)
    for occurrence in 0..<count {
      let target = fill[partition(first[occurrence])]
      fill[partition(first[occurrence])] += 1
      sortedFirst[target] = first[occurrence]
      sortedSecond[target] = second[occurrence]
      sortedOccurrence[target] = UInt32(occurrence)
    }
    // Each partition through one small table: first hash, then second over id + 1.
    var largest = 0
    for index in 0..<partitions { largest = max(largest, starts[index + 1] - starts[index]) }
    var size = 16
    while size < largest * 2 { size <<= 1 }
    var table = [UInt64](repeating: 0, count: size * 2)
    let mask = size - 1
    var ids = [UInt32](repeating: 0, count: count)
    var firstOccurrence: [UInt32] = []
    firstOccurrence.reserveCapacity(count / 2)
    for index in 0..<partitions where starts[index + 1] > starts[index] {
      for slot in 0..<(table.count) { table[slot] = 0 }
      for position in starts[index]..<starts[index + 1] {
        let hash = sortedFirst[position] | 1  // never 0, the mark of an empty slot
        let check = UInt64(sortedSecond[position]) << 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        var id: UInt32
        while true {
          let found = table[2 * slot]
          if found == 0 {
            id = UInt32(firstOccurrence.count)
            firstOccurrence.append(sortedOccurrence[position])
            table[2 * slot] = hash
            table[2 * slot + 1] = check | UInt64(id)
            break
          }
          if found == hash, table[2 * slot + 1] & 0xFFFF_FFFF_0000_0000 == check {
            id = UInt32(truncatingIfNeeded: table[2 * slot + 1])
            break
          }
          slot = (slot + 1) & mask
        }
        ids[Int(sortedOccurrence[position])] = id
      }
    }
    // Renumber by first occurrence (a counting sort on it: occurrences are distinct).
    var rank = [UInt32](repeating: 0, count: firstOccurrence.count)
    var byOccurrence = [UInt32](repeating: UInt32.max, count: count)
    for (id, occurrence) in firstOccurrence.enumerated() { byOccurrence[Int(occurrence)] = UInt32(id) }
    var next: UInt32 = 0
    var ordered: [UInt32] = []
    ordered.reserveCapacity(firstOccurrence.count)
    for (occurrence, id) in byOccurrence.enumerated() where id != UInt32.max {
      rank[Int(id)] = next
      ordered.append(UInt32(occurrence))
      next += 1
    }
    for index in 0..<count { ids[index] = rank[Int(ids[index])] }
    for occurrence in ordered { ids[Int(occurrence)] |= Self.firstFlag }
    self.ids = ids
    self.firstOccurrence = ordered
  }

  var count: Int { firstOccurrence.count }
}
