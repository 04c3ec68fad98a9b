/// A word's fingerprint: 64 bits of its UTF-8 bytes (FNV-1a, then SplitMix64's
/// finalizer, never 0) and 32 bits of a second, independent hash. Computed once per
/// word of an utterance (by the tokenizer, from the bytes it has in hand), it is the key
/// every word table of a parse is probed with, so a parse hashes each word once, not
/// once per list a thread reaches (Swift's `Dictionary` runs SipHash for each lookup,
/// seeded per table).
///
/// Two words are taken to be the same when both parts agree (96 bits): a table then
/// needs no copy of its words to compare with, and a lookup in a catalog's table of
/// 700,000 words touches one cache line, not three.
struct WordPrint: Sendable, Hashable {
  /// Never 0 (0 marks an empty slot).
  var hash: UInt64
  var check: UInt32

  static func of(_ word: String) -> WordPrint {
    var text = word
    return text.withUTF8 { of($0) }
  }

  /// The fingerprint of the word whose UTF-8 bytes are `bytes`.
  @inline(__always)
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> WordPrint {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var check: UInt64 = 0x9E37_79B9_7F4A_7C15
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      check = (check &+ UInt64(byte)) &* 0xD6E8_FEB8_6659_FD93
    }
    return WordPrint(hash: mix(hash) | 1, check: UInt32(truncatingIfNeeded: mix(check ^ UInt64(bytes.count)) >> 32))
  }

  @inline(__always)
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Words numbered 0, 1, 2… in the order first added, found by their ``WordPrint``:
/// open addressing with linear probing, the word itself compared on a fingerprint hit.
struct WordNumbers: Sendable {
  /// One slot: the fingerprint and the number, in 16 bytes (a quarter of a cache line).
  private struct Slot {
    var hash: UInt64 = 0
    var check: UInt32 = 0
    var number: UInt32 = 0
  }

  /// By number.
  private(set) var words: [String] = []
  private var slots = [Slot](repeating: Slot(), count: 8)
  private var mask = 7

  init() {}

  /// Words numbered in the order given (the compiled-grammar cache); `nil` when one is
  /// there twice.
  init?(words: [String]) {
    reserve(words.count)
    for word in words {
      let print = WordPrint.of(word)
      guard number(of: print) == nil else { return nil }
      add(word, print: print)
    }
  }

  var count: Int { words.count }

  /// The number of the word whose fingerprint is `print`, if it is numbered.
  @inline(__always)
  func number(of print: WordPrint) -> UInt32? {
    slots.withUnsafeBufferPointer { slots in
      var slot = Int(truncatingIfNeeded: print.hash) & mask
      while true {
        let stored = slots[slot]
        if stored.hash == 0 { return nil }
        if stored.hash == print.hash && stored.check == print.check { return stored.number }
        slot = (slot &+ 1) & mask
      }
    }
  }

  func number(of word: String) -> UInt32? {
    number(of: WordPrint.of(word))
  }

  /// The word's number, numbering it when it is new.
  mutating func numberAdding(_ word: String) -> UInt32 {
    let print = WordPrint.of(word)
    if let known = number(of: print) { return known }
    return add(word, print: print)
  }

  @discardableResult
  private mutating func add(_ word: String, print: WordPrint) -> UInt32 {
    let number = UInt32(words.count)
    words.append(word)
    if words.count * 4 > slots.count * 3 { grow() }
    place(print, number)
    return number
  }

  private mutating func place(_ print: WordPrint, _ number: UInt32) {
    var slot = Int(truncatingIfNeeded: print.hash) & mask
    while slots[slot].hash != 0 { slot = (slot + 1) & mask }
    slots[slot] = Slot(hash: print.hash, check: print.check, number: number)
  }

  private mutating func reserve(_ count: Int) {
    var size = slots.count
    while count * 4 > size * 3 { size <<= 1 }
    if size != slots.count { rehash(size) }
  }

  private mutating func grow() { rehash(slots.count * 2) }

  private mutating func rehash(_ size: Int) {
    slots = [Slot](repeating: Slot(), count: size)
    mask = size - 1
    for (number, word) in words.enumerated() { place(WordPrint.of(word), UInt32(number)) }
  }
}

/// A map from 64-bit keys to positive 32-bit values (a trie's children, by parent and
/// word number): open addressing with linear probing and a cheap mixer, where Swift's
/// `Dictionary` would run SipHash for every step of every lookup. A slot is three
/// 32-bit words side by side (key low, key high, value; value 0 when empty), so a
/// probe touches one cache line, not one in a key array and another in a value array:
/// a catalog's trie is far bigger than the cache.
struct ChildTable: Sendable {
  private var slots: [UInt32] = Array(repeating: 0, count: 8 * 3)
  private var mask = 7
  private(set) var count = 0

  init() {}

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  subscript(key: UInt64) -> Int32? {
    let low = UInt32(truncatingIfNeeded: key)
    let high = UInt32(truncatingIfNeeded: key >> 32)
    var slot = Int(truncatingIfNeeded: WordPrint.mix(key)) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let value = slots[slot &* 3 &+ 2]
        if value == 0 { return nil }
        if slots[slot &* 3] == low && slots[slot &* 3 &+ 1] == high { return Int32(bitPattern: value) }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Sets `key`'s value (which must be positive), replacing any.
  mutating func set(_ key: UInt64, to value: Int32) {
    precondition(value > 0, "child tables hold positive values")
    let low = UInt32(truncatingIfNeeded: key)
    let high = UInt32(truncatingIfNeeded: key >> 32)
    var slot = Int(truncatingIfNeeded: WordPrint.mix(key)) & mask
    while slots[slot * 3 + 2] != 0 {
      if slots[slot * 3] == low && slots[slot * 3 + 1] == high {
        slots[slot * 3 + 2] = UInt32(bitPattern: value)
        return
      }
      slot = (slot + 1) & mask
    }
    slots[slot * 3] = low
    slots[slot * 3 + 1] = high
    slots[slot * 3 + 2] = UInt32(bitPattern: value)
    count += 1
    if count * 4 > (mask + 1) * 3 { rehash((mask + 1) * 2) }
  }

  /// Every key and value, in no particular order.
  var pairs: [(key: UInt64, value: Int32)] {
    var result: [(key: UInt64, value: Int32)] = []
    result.reserveCapacity(count)
    for slot in 0...mask where slots[slot * 3 + 2] != 0 {
      result.append((UInt64(slots[slot * 3 + 1]) << 32 | UInt64(slots[slot * 3]), Int32(bitPattern: slots[slot * 3 + 2])))
    }
    return result
  }

  mutating func reserve(_ count: Int) {
    var size = mask + 1
    while count * 4 > size * 3 { size <<= 1 }
    if size != mask + 1 { rehash(size) }
  }

  private mutating func rehash(_ size: Int) {
    // Straight from the old slots: a list of pairs in between would be one more copy of a
    // catalog's trie at the peak of loading it.
    let old = slots
    slots = []
    var new = [UInt32](repeating: 0, count: size * 3)
    let newMask = size - 1
    for slot in 0..<(old.count / 3) where old[slot * 3 + 2] != 0 {
      let key = UInt64(old[slot * 3 + 1]) << 32 | UInt64(old[slot * 3])
      var target = Int(truncatingIfNeeded: WordPrint.mix(key)) & newMask
      while new[target * 3 + 2] != 0 { target = (target + 1) & newMask }
      new[target * 3] = old[slot * 3]
      new[target * 3 + 1] = old[slot * 3 + 1]
      new[target * 3 + 2] = old[slot * 3 + 2]
    }
    slots = new
    mask = newMask
  }
}
