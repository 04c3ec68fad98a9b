/// Near spellings and sound-alikes of a catalog's words, for forgiving search.
///
/// - Typos: a word of 5 letters or more may be one edit away (a letter added, dropped,
///   changed, or two neighbours swapped), one of 9 letters or more two edits, counting
///   the shorter of the two words: "peeace" finds "peace", "khalidd" "khalid", but
///   "songg" doesn't find "song" and a word of 4 letters or fewer must be said exactly.
///   Found with a symmetric-deletion dictionary: every catalog word is filed under
///   itself and the strings left by deleting one letter (two for long words); a heard
///   word's deletions are looked up and each hit is checked with the true distance.
/// - Sound-alikes: words of 5 letters or more with the same ``Phonetics`` code
///   ("eyelash" and "eilish", "kaleed" and "khalid", "fonix" and "phoenix"). Shorter
///   words must be said exactly here too (the matcher's homophones, "son" for "sun",
///   cover the common short ones).
///
/// Only words of ASCII letters take part; numbers and other scripts must match exactly.
struct NearWords: Sendable {
  /// Deletion variants: fingerprint of the variant → word ids.
  private var deletions = FingerprintMap()
  /// Phonetic codes → word ids.
  private var sounds = FingerprintMap()

  /// Edit cost of a sound-alike that isn't also a near spelling.
  static let soundCost = 1.5

  init() {}

  /// Files every eligible word of `vocabulary` (ASCII letters, 5 letters or more).
  init(vocabulary: ByteInterner, isEligible: (UInt32) -> Bool) {
    var deletionKeys: [UInt32] = []
    var deletionWords: [UInt32] = []
    var soundKeys: [UInt32] = []
    var soundWords: [UInt32] = []
    var variant: [UInt8] = []
    var seen: [UInt32] = []
    for index in 0..<vocabulary.count {
      let id = UInt32(index)
      guard isEligible(id) else { continue }
      vocabulary.withBytes(of: id) { word in
        let edits = Self.maximumEdits(word.count)
        guard edits > 0 else { return }
        seen.removeAll(keepingCapacity: true)
        Self.forEachDeletion(of: word, upTo: edits, buffer: &variant) { fingerprint in
          if !seen.contains(fingerprint) {
            seen.append(fingerprint)
            deletionKeys.append(fingerprint)
            deletionWords.append(id)
          }
        }
        if let code = Phonetics.code(word) {
          soundKeys.append(Self.fingerprint(code))
          soundWords.append(id)
        }
      }
    }
    deletions = FingerprintMap(keys: deletionKeys, values: deletionWords)
    sounds = FingerprintMap(keys: soundKeys, values: soundWords)
  }

  /// How many edits a word of `length` letters may be away from another.
  @inline(__always)
  static func maximumEdits(_ length: Int) -> Int {
    length >= 9 ? 2 : length >= 5 ? 1 : 0
  }

  /// Catalog words near `word` (folded, ASCII letters), with their cost: the edit
  /// distance, or ``soundCost`` for a sound-alike. Not `word` itself.
  func alternatives(of word: UnsafeBufferPointer<UInt8>, in vocabulary: ByteInterner) -> [(id: UInt32, cost: Double)] {
    guard word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return [] }
    var found: [(id: UInt32, cost: Double)] = []
    func note(_ id: UInt32, _ cost: Double) {
      if let index = found.firstIndex(where: { $0.id == id }) {
        found[index].cost = min(found[index].cost, cost)
      } else {
        found.append((id, cost))
      }
    }
    let edits = Self.maximumEdits(word.count)
    if edits > 0 {
      var variant: [UInt8] = []
      var checked: [UInt32] = []
      Self.forEachDeletion(of: word, upTo: edits, buffer: &variant) { fingerprint in
        for index in deletions.range(of: fingerprint) {
          let id = deletions.values[index]
          if checked.contains(id) { continue }
          checked.append(id)
          vocabulary.withBytes(of: id) { candidate in
            let allowed = min(edits, Self.maximumEdits(candidate.count))
            guard allowed > 0, !candidate.elementsEqual(word) else { return }
            let distance = Self.distance(word, candidate, limit: allowed)
            if distance <= allowed { note(id, Double(distance)) }
          }
        }
      }
    }
    if word.count >= 5, let code = Phonetics.code(word) {
      for index in sounds.range(of: Self.fingerprint(code)) {
        let id = sounds.values[index]
        vocabulary.withBytes(of: id) { candidate in
          guard candidate.count >= 5, !candidate.elementsEqual(word), Phonetics.code(candidate) == code else { return }
          note(id, Self.soundCost)
        }
      }
    }
    return found
  }

  var memoryBytes: Int { deletions.memoryBytes + sounds.memoryBytes }

  /// The cost of hearing `heard` for `word` (both folded), by the same rules as
  /// ``alternatives(of:in:)``, without a dictionary: `nil` when they aren't near.
  static func cost(heard: String, word: String) -> Double? {
    guard heard != word else { return nil }
    var heard = heard
    var word = word
    return heard.withUTF8 { heard in
      word.withUTF8 { word -> Double? in
        let letters = { (bytes: UnsafeBufferPointer<UInt8>) in bytes.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
        guard letters(heard), letters(word) else { return nil }
        var best: Double?
        let allowed = min(maximumEdits(heard.count), maximumEdits(word.count))
        if allowed > 0 {
          let edits = distance(heard, word, limit: allowed)
          if edits <= allowed { best = Double(edits) }
        }
        if heard.count >= 5, word.count >= 5, let code = Phonetics.code(heard), Phonetics.code(word) == code {
          best = min(best ?? soundCost, soundCost)
        }
        return best
      }
    }
  }

  // MARK: - Deletions

  /// Calls `body` with the fingerprint of `word` and of every string left by deleting
  /// one, then (when `upTo` is 2) two of its letters.
  static func forEachDeletion(
    of word: UnsafeBufferPointer<UInt8>, upTo edits: Int, buffer: inout [UInt8], _ body: (UInt32) -> Void
  ) {
    body(fingerprint(word))
    let count = word.count
    guard edits >= 1, count > 1 else { return }
    for first in 0..<count {
      // Deleting a letter equal to the one before gives the same string: skip it.
      if first > 0 && word[first] == word[first - 1] { continue }
      buffer.removeAll(keepingCapacity: true)
      buffer.append(contentsOf: word[0..<first])
      buffer.append(contentsOf: word[(first + 1)...])
      buffer.withUnsafeBufferPointer { body(fingerprint($0)) }
      guard edits >= 2, count > 2 else { continue }
      for second in first..<(count - 1) {
        var two = buffer
        two.remove(at: second)
        two.withUnsafeBufferPointer { body(fingerprint($0)) }
      }
    }
  }

  @inline(__always)
  static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(truncatingIfNeeded: byteHash(bytes) >> 32)
  }

  static func fingerprint(_ code: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: mix64(code) >> 32)
  }

  /// Optimal string alignment distance (edits, with a swap of neighbours as one), or
  /// `limit + 1` as soon as it must exceed `limit`.
  static func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
    let n = a.count
    let m = b.count
    if abs(n - m) > limit { return limit + 1 }
    if n == 0 { return m }
    if m == 0 { return n }
    var before = [Int](0...m)
    var previous = [Int](0...m)
    var current = [Int](repeating: 0, count: m + 1)
    for i in 1...n {
      current[0] = i
      var rowBest = current[0]
      for j in 1...m {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        var value = min(substitution, previous[j] + 1, current[j - 1] + 1)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        rowBest = min(rowBest, value)
      }
      if rowBest > limit { return limit + 1 }
      swap(&before, &previous)
      swap(&previous, &current)
    }
    return previous[m]
  }
}

/// A simple phonetic code (a variant of Lawrence Philips' Metaphone) for English-ish
/// words, so words that sound alike share a code: "eyelash" and "eilish" → `ALX`,
/// "nite" and "night" → `NT`, "fone" and "phone" → `FN`, "khalid" and "kaleed" → `KLT`.
///
/// The rules, over lower-case ASCII letters:
/// - a silent first letter goes: `kn`, `gn`, `pn`, `wr`, `ae` drop their first letter;
///   `x` at the start sounds `s`, `wh` at the start `w`;
/// - a letter repeated is read once (except `c`);
/// - vowels (and `y`) count only as the first letter, all as `A`;
/// - `b` after `m` at the end is silent; `c` is `X` in `ch`/`cia`, `S` before `i e y`,
///   silent in `sci sce scy`, else `K`; `d` is `J` before `ge gy gi`, else `T`;
/// - `g` is silent in `gh` (not before a vowel), in a final `gn`/`gned` and after the
///   `d` of `dge dgi dgy`, `J` before `i e y`, else `K`; `h` is silent after a consonant or before one, else `H`;
/// - `k` after `c` is silent; `ph` is `F`; `q` is `K`; `s` is `X` in `sh sio sia`;
///   `t` is `X` in `tia tio`, `0` in `th`, silent in `tch`; `v` is `F`; `w` is silent
///   unless a vowel follows; `x` is `KS`; `z` is `S`; the others are themselves.
///
/// Codes keep at most 12 sounds, packed 5 bits each; fewer than 2 sounds give no code
/// (too many words would share it).
enum Phonetics {
  static func code(_ word: UnsafeBufferPointer<UInt8>) -> UInt64? {
    let letters = Array(word)
    guard !letters.isEmpty, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
    var sounds: [UInt8] = []
    var index = 0
    func at(_ i: Int) -> UInt8 { i >= 0 && i < letters.count ? letters[i] : 0 }
    func isVowel(_ c: UInt8) -> Bool { c == a || c == e || c == i || c == o || c == u || c == y }
    let a = UInt8(ascii: "a"), e = UInt8(ascii: "e"), i = UInt8(ascii: "i"), o = UInt8(ascii: "o")
    let u = UInt8(ascii: "u"), y = UInt8(ascii: "y")
    let first = at(0), second = at(1)
    switch (first, second) {
    case (UInt8(ascii: "k"), UInt8(ascii: "n")), (UInt8(ascii: "g"), UInt8(ascii: "n")),
      (UInt8(ascii: "p"), UInt8(ascii: "n")), (UInt8(ascii: "w"), UInt8(ascii: "r")), (a, e):
      index = 1
    default:
      break
    }
    let start = index
    while index < letters.count && sounds.count < 12 {
      let c = letters[index]
      defer { index += 1 }
      if c != UInt8(ascii: "c") && index > start && c == at(index - 1) { continue }
      let next = at(index + 1)
      let after = at(index + 2)
      switch c {
      case a, e, i, o, u, y:
        if index == start { sounds.append(UInt8(ascii: "A")) }
      case UInt8(ascii: "b"):
        if !(index == letters.count - 1 && at(index - 1) == UInt8(ascii: "m")) { sounds.append(UInt8(ascii: "B")) }
      case UInt8(ascii: "c"):
        if next == UInt8(ascii: "h") || (next == i && after == a) {
          sounds.append(UInt8(ascii: "X"))
        } else if next == i || next == e || next == y {
          if at(index - 1) != UInt8(ascii: "s") { sounds.append(UInt8(ascii: "S")) }
        } else {
          sounds.append(UInt8(ascii: "K"))
        }
      case UInt8(ascii: "d"):
        if next == UInt8(ascii: "g") && (after == e || after == y || after == i) {
          sounds.append(UInt8(ascii: "J"))
        } else {
          sounds.append(UInt8(ascii: "T"))
        }
      case UInt8(ascii: "g"):
        if next == UInt8(ascii: "h") && !isVowel(after) {
          break
        } else if next == UInt8(ascii: "n") && (index + 2 == letters.count || (after == e && at(index + 3) == UInt8(ascii: "d"))) {
          break
        } else if next == i || next == e || next == y {
          // "dge" is one sound, the d's.
          if at(index - 1) != UInt8(ascii: "d") { sounds.append(UInt8(ascii: "J")) }
        } else {
          sounds.append(UInt8(ascii: "K"))
        }
      case UInt8(ascii: "h"):
        let previous = at(index - 1)
        if (index > start && !isVowel(previous)) || !isVowel(next) { break }
        sounds.append(UInt8(ascii: "H"))
      case UInt8(ascii: "k"):
        if at(index - 1) != UInt8(ascii: "c") { sounds.append(UInt8(ascii: "K")) }
      case UInt8(ascii: "p"):
        sounds.append(next == UInt8(ascii: "h") ? UInt8(ascii: "F") : UInt8(ascii: "P"))
      case UInt8(ascii: "q"):
        sounds.append(UInt8(ascii: "K"))
      case UInt8(ascii: "s"):
        if next == UInt8(ascii: "h") || (next == i && (after == o || after == a)) {
          sounds.append(UInt8(ascii: "X"))
        } else {
          sounds.append(UInt8(ascii: "S"))
        }
      case UInt8(ascii: "t"):
        if next == i && (after == a || after == o) {
          sounds.append(UInt8(ascii: "X"))
        } else if next == UInt8(ascii: "h") {
          sounds.append(UInt8(ascii: "0"))
        } else if !(next == UInt8(ascii: "c") && after == UInt8(ascii: "h")) {
          sounds.append(UInt8(ascii: "T"))
        }
      case UInt8(ascii: "v"):
        sounds.append(UInt8(ascii: "F"))
      case UInt8(ascii: "w"):
        if index == start && next == UInt8(ascii: "h") {
          sounds.append(UInt8(ascii: "W"))
        } else if isVowel(next) {
          sounds.append(UInt8(ascii: "W"))
        }
      case UInt8(ascii: "x"):
        if index == start {
          sounds.append(UInt8(ascii: "S"))
        } else {
          sounds.append(UInt8(ascii: "K"))
          sounds.append(UInt8(ascii: "S"))
        }
      case UInt8(ascii: "z"):
        sounds.append(UInt8(ascii: "S"))
      default:
        sounds.append(c - 32)
      }
    }
    guard sounds.count >= 2 else { return nil }
    var packed: UInt64 = 0
    for sound in sounds.prefix(12) { packed = packed << 5 | UInt64(sound == UInt8(ascii: "0") ? 27 : sound & 0x1F) }
    return packed | UInt64(min(sounds.count, 12)) << 60
  }

  /// The code as letters, for tests and traces ("ALX").
  static func spelled(_ word: String) -> String? {
    var copy = word
    return copy.withUTF8 { code($0) }.map { packed in
      let count = Int(packed >> 60)
      var letters: [Character] = []
      for index in 0..<count {
        let value = UInt8((packed >> UInt64(5 * (count - 1 - index))) & 0x1F)
        letters.append(value == 27 ? "0" : Character(Unicode.Scalar(value | 0x40)))
      }
      return String(letters)
    }
  }
}

/// A map from 32-bit fingerprints to lists of 32-bit values: the pairs sorted by
/// fingerprint (a stable radix sort), found by binary search. Eight bytes a pair and
/// nothing else, for dictionaries of a million entries.
struct FingerprintMap: Sendable {
  private var keys: [UInt32] = []
  private(set) var values: [UInt32] = []

  init() {}

  init(keys pairKeys: [UInt32], values pairValues: [UInt32]) {
    let count = pairKeys.count
    var order = [UInt32](0..<UInt32(count))
    var scratch = [UInt32](repeating: 0, count: count)
    // Two passes of 16 bits, least significant first; each pass is stable.
    for shift in [UInt32(0), 16] {
      var counts = [Int](repeating: 0, count: 65_537)
      for position in order { counts[Int((pairKeys[Int(position)] >> shift) & 0xFFFF) + 1] += 1 }
      for bucket in 0..<65_536 { counts[bucket + 1] += counts[bucket] }
      for position in order {
        let bucket = Int((pairKeys[Int(position)] >> shift) & 0xFFFF)
        scratch[counts[bucket]] = position
        counts[bucket] += 1
      }
      swap(&order, &scratch)
    }
    keys = order.map { pairKeys[Int($0)] }
    values = order.map { pairValues[Int($0)] }
  }

  /// Where the values of `key` are in ``values``.
  func range(of key: UInt32) -> Range<Int> {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < keys.count && keys[end] == key { end += 1 }
    return low..<end
  }

  var memoryBytes: Int { keys.capacity * 4 + values.capacity * 4 }
}
