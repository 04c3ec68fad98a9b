/// A bare name said to a media app is a person's or band's ("play Billie Eilish", "add
/// Tarkan to my party playlist") or a title's ("play Tomorrow", "add Paper Doll to my
/// picnic playlist"), and with no catalog to ask, only its words tell which. A grammar
/// declares the language's everyday words (`common words = …`) and its commonest given
/// names (`given names = …`); a `{person:slot}` is a `{name:slot}` that reads as a
/// person's:
///
/// - it has a word that is no common word (a surname, a stage name, a word of another
///   language: "Moustapha Amar", "Jovanotti", "bizzy bone"), numbers aside; or
/// - it is two words or more and begins with a given name ("Tony Grant", "Max Martin":
///   given names that are also everyday words), or has an initial ("robin s", "j r rotem").
///
/// A name made only of everyday words ("silver apples", "Tomorrow", "Falling Stars") is
/// a title's: the template that reads it as one stands. Written case plays no part, so
/// that spoken (lower-case) text reads as typed text does. A grammar that declares no
/// common words has every word a person's: there `{person}` is `{name}`.
public struct PersonRules: Sendable, Equatable {
  /// `common words`: folded single words.
  public var commonWords: Set<String> = []
  /// `given names`: folded single words.
  public var givenNames: Set<String> = []

  public init(commonWords: Set<String> = [], givenNames: Set<String> = []) {
    self.commonWords = commonWords
    self.givenNames = givenNames
  }

  /// What one word (folded) says of the name it is in: bits of ``evidence``,
  /// ``givenName`` and ``initial``.
  func facts(of word: String) -> UInt8 {
    Self.facts(of: word, isGiven: givenNames.contains(word)) { commonWords.contains($0) }
  }

  /// ``facts(of:)`` with the lists asked through `isCommon` (one word, folded).
  static func facts(of word: String, isGiven: Bool, isCommon: (String) -> Bool) -> UInt8 {
    var facts: UInt8 = isGiven ? givenName : 0
    if word.utf8.count <= 4, word.count == 1, word.first?.isLetter == true {
      facts |= initial
    } else if !CompiledGrammar.isAllNumber(word) && !isEveryday(word, isCommon: isCommon) {
      facts |= evidence
    }
    return facts
  }

  /// Whether `word` is an everyday word: on the list, or made of such words with hyphens
  /// between ("sci-fi", "chin-up").
  static func isEveryday(_ word: String, isCommon: (String) -> Bool) -> Bool {
    if isCommon(word) { return true }
    guard word.contains("-") else { return false }
    let parts = word.split(separator: "-")
    return !parts.isEmpty && parts.allSatisfy { isCommon(String($0)) }
  }

  /// What makes a name a person's, by the offset of the word that does.
  enum Reason: Equatable {
    /// A word that is no everyday word.
    case uncommonWord(Int)
    /// A given name first, in a name of two words or more.
    case givenNameFirst
    /// A single letter, in a name of two words or more.
    case initial(Int)
  }

  /// Why a name whose words have `facts` (from ``facts(of:)``) reads as a person's, the
  /// first reason in the order of ``Reason``; `nil` when it does not.
  static func reason(_ facts: some Collection<UInt8>) -> Reason? {
    if let offset = facts.enumerated().first(where: { $0.element & evidence != 0 })?.offset { return .uncommonWord(offset) }
    guard facts.count >= 2 else { return nil }
    if facts.first! & givenName != 0 { return .givenNameFirst }
    return facts.enumerated().first { $0.element & initial != 0 }.map { .initial($0.offset) }
  }

  /// Whether a name whose words have `facts` (from ``facts(of:)``) reads as a person's.
  static func isPerson(_ facts: some Collection<UInt8>) -> Bool {
    reason(facts) != nil
  }

  /// Not an everyday word (nor a number, nor a single letter).
  static let evidence: UInt8 = 1
  /// A given name.
  static let givenName: UInt8 = 2
  /// A single letter.
  static let initial: UInt8 = 4
}

/// ``PersonRules`` as the matcher reads them: what each word of `common words` and
/// `given names` says of a name (``PersonRules/facts(of:)``), found by its ``WordPrint``
/// in an open-addressing table that is stored in the compiled-grammar cache as it is
/// (three 32-bit words a slot: the print's hash, low and high, and its check with the
/// facts in the low three bits). Start-up copies it in one piece instead of hashing 63,000
/// words, and it keeps no copy of the words.
struct PersonTable: Sendable, Equatable {
  /// Three words a slot (as `Int32`, the cache's integers: read back in one copy); a
  /// slot whose hash is 0 is empty (a print's hash never is).
  private(set) var slots: [Int32] = []

  init() {}

  /// The table of `rules`' words; empty when they declare none.
  init(_ rules: PersonRules) {
    let words = rules.commonWords.union(rules.givenNames)
    guard !words.isEmpty else { return }
    var size = 8
    while words.count * 4 > size * 3 { size <<= 1 }
    var slots = [UInt32](repeating: 0, count: size * 3)
    let mask = size - 1
    for word in words {
      let print = WordPrint.of(word)
      var slot = Int(truncatingIfNeeded: print.hash) & mask
      while slots[slot * 3] != 0 || slots[slot * 3 + 1] != 0 { slot = (slot + 1) & mask }
      slots[slot * 3] = UInt32(truncatingIfNeeded: print.hash)
      slots[slot * 3 + 1] = UInt32(truncatingIfNeeded: print.hash >> 32)
      slots[slot * 3 + 2] = print.check & ~Self.factBits | UInt32(rules.facts(of: word))
    }
    self.slots = slots.map { Int32(bitPattern: $0) }
  }

  /// A table read back from the cache; `nil` unless its size is a power of two slots
  /// with a free one (so that a lookup ends).
  init?(slots: [Int32]) {
    guard !slots.isEmpty else { return }
    let size = slots.count / 3
    guard slots.count % 3 == 0, size >= 8, size & (size - 1) == 0 else { return nil }
    guard (0..<size).contains(where: { slots[$0 * 3] == 0 && slots[$0 * 3 + 1] == 0 }) else { return nil }
    self.slots = slots
  }

  private static let factBits: UInt32 = 7

  /// What the word whose print is `print` says of a name, if it is on a list.
  @inline(__always)
  func facts(of print: WordPrint) -> UInt8? {
    guard !slots.isEmpty else { return nil }
    return slots.withUnsafeBufferPointer { signed in
      signed.withMemoryRebound(to: UInt32.self) { slots in
        let mask = slots.count / 3 - 1
        let low = UInt32(truncatingIfNeeded: print.hash)
        let high = UInt32(truncatingIfNeeded: print.hash >> 32)
        var slot = Int(truncatingIfNeeded: print.hash) & mask
        while true {
          let base = slot * 3
          if slots[base] == low && slots[base + 1] == high && slots[base + 2] & ~Self.factBits == print.check & ~Self.factBits {
            return UInt8(slots[base + 2] & Self.factBits)
          }
          if slots[base] == 0 && slots[base + 1] == 0 { return nil }
          slot = (slot &+ 1) & mask
        }
      }
    }
  }

  /// Why the name made of `words` (folded) reads as a person's (``PersonRules/reason(_:)``),
  /// for the tools: `nil` when it does not. A word at an offset `isPossessive` names (the
  /// `s` of "today's") says nothing, as in the matcher.
  func reason(_ words: [String], isPossessive: (Int) -> Bool = { _ in false }) -> PersonRules.Reason? {
    PersonRules.reason(words.indices.map { isPossessive($0) ? 0 : facts(of: words[$0], print: WordPrint.of(words[$0])) })
  }

  /// ``PersonRules/facts(of:)`` of `word` (folded), whose print is `print`: from the
  /// table, or, for a word on neither list, from its shape.
  func facts(of word: String, print: WordPrint) -> UInt8 {
    if let facts = facts(of: print) { return facts }
    // Lists declared: a word not on them is no everyday word (unless made of them with
    // hyphens). None declared: every word is a person's, as PersonRules says.
    return PersonRules.facts(of: word, isGiven: false) { part in
      !slots.isEmpty && (facts(of: WordPrint.of(part)).map { $0 & PersonRules.evidence == 0 } ?? false)
    }
  }
}
