/// A word's fingerprint: 64 bits of its UTF-8 bytes (FNV-1a, then SplitMix64's
/// finalizer), never 0. Computed once per word of an utterance, it is the key every
/// word table of a parse is probed with, so a parse hashes each word once, not once per
/// list a thread reaches (Swift's `Dictionary` runs SipHash for each lookup, seeded per
/// table).
enum WordPrint {
  static func of(_ word: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in word.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return mix(hash) | 1
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
  /// By number.
  private(set) var words: [String] = []
  private var prints: [UInt64] = Array(repeating: 0, count: 8)
  private var numbers: [UInt32] = Array(repeating: 0, count: 8)
  private var mask = 7

  init() {}

  /// Words numbered in the order given (the compiled-grammar cache); `nil` when one is
  /// there twice.
  init?(words: [String]) {
    reserve(words.count)
    for word in words {
      let print = WordPrint.of(word)
      guard number(of: word, print: print) == nil else { return nil }
      add(word, print: print)
    }
  }

  var count: Int { words.count }

  @inline(__always)
  func number(of word: String, print: UInt64) -> UInt32? {
    var slot = Int(truncatingIfNeeded: print) & mask
    while true {
      let stored = prints[slot]
      if stored == 0 { return nil }
      if stored == print {
        let number = numbers[slot]
        if words[Int(number)] == word { return number }
      }
      slot = (slot + 1) & mask
    }
  }

  func number(of word: String) -> UInt32? {
    number(of: word, print: WordPrint.of(word))
  }

  /// The word's number, numbering it when it is new.
  mutating func numberAdding(_ word: String) -> UInt32 {
    let print = WordPrint.of(word)
    if let known = number(of: word, print: print) { return known }
    return add(word, print: print)
  }

  @discardableResult
  private mutating func add(_ word: String, print: UInt64) -> UInt32 {
    let number = UInt32(words.count)
    words.append(word)
    if words.count * 4 > prints.count * 3 { grow() }
    place(print, number)
    return number
  }

  private mutating func place(_ print: UInt64, _ number: UInt32) {
    var slot = Int(truncatingIfNeeded: print) & mask
    while prints[slot] != 0 { slot = (slot + 1) & mask }
    prints[slot] = print
    numbers[slot] = number
  }

  private mutating func reserve(_ count: Int) {
    var size = prints.count
    while count * 4 > size * 3 { size <<= 1 }
    if size != prints.count { rehash(size) }
  }

  private mutating func grow() { rehash(prints.count * 2) }

  private mutating func rehash(_ size: Int) {
    prints = Array(repeating: 0, count: size)
    numbers = Array(repeating: 0, count: size)
    mask = size - 1
    for (number, word) in words.enumerated() { place(WordPrint.of(word), UInt32(number)) }
  }
}

/// A map from 64-bit keys to positive 32-bit values (a trie's children, by parent and
/// word number): open addressing with linear probing and a cheap mixer, where Swift's
/// `Dictionary` would run SipHash for every step of every lookup.
struct ChildTable: Sendable {
  private var keys: [UInt64] = Array(repeating: 0, count: 8)
  /// 0 for an empty slot: values are positive.
  private var values: [Int32] = Array(repeating: 0, count: 8)
  private var mask = 7
  private(set) var count = 0

  init() {}

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  subscript(key: UInt64) -> Int32? {
    var slot = Int(truncatingIfNeeded: WordPrint.mix(key)) & mask
    while true {
      let value = values[slot]
      if value == 0 { return nil }
      if keys[slot] == key { return value }
      slot = (slot + 1) & mask
    }
  }

  /// Sets `key`'s value (which must be positive), replacing any.
  mutating func set(_ key: UInt64, to value: Int32) {
    precondition(value > 0, "child tables hold positive values")
    var slot = Int(truncatingIfNeeded: WordPrint.mix(key)) & mask
    while values[slot] != 0 {
      if keys[slot] == key {
        values[slot] = value
        return
      }
      slot = (slot + 1) & mask
    }
    keys[slot] = key
    values[slot] = value
    count += 1
    if count * 4 > values.count * 3 { rehash(values.count * 2) }
  }

  /// Every key and value, in no particular order.
  var pairs: [(key: UInt64, value: Int32)] {
    var result: [(key: UInt64, value: Int32)] = []
    result.reserveCapacity(count)
    for slot in values.indices where values[slot] != 0 { result.append((keys[slot], values[slot])) }
    return result
  }

  mutating func reserve(_ count: Int) {
    var size = values.count
    while count * 4 > size * 3 { size <<= 1 }
    if size != values.count { rehash(size) }
  }

  private mutating func rehash(_ size: Int) {
    let old = pairs
    keys = Array(repeating: 0, count: size)
    values = Array(repeating: 0, count: size)
    mask = size - 1
    for (key, value) in old {
      var slot = Int(truncatingIfNeeded: WordPrint.mix(key)) & mask
      while values[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = key
      values[slot] = value
    }
  }
}
