import Foundation
import Synchronization

/// One entry of a list: the ways to say it and the value a slot takes when it is said.
///
/// A catalog gives hundreds of thousands of entries, most with one spoken form and no
/// note: such an entry is kept in 48 bytes with nothing beside it (one phrase is not an
/// array of its own, and a note and owner, when there are, are one shared object).
public struct ListEntry: Sendable, Equatable, Hashable {
  /// The only spoken form, when there is exactly one; else `nil`, and they are in `many`.
  private var single: String?
  private var many: [String]
  /// The slot value, e.g. `podcastEpisode` or an app's identifier.
  public var value: String
  private var origin: Origin?

  /// Spoken forms, e.g. `["podcast episode", "episode"]`. Compared after tokenizing, so
  /// case, diacritics and punctuation do not matter.
  public var phrases: [String] {
    get { single.map { [$0] } ?? many }
    set {
      if newValue.count == 1 {
        single = newValue[0]
        many = []
      } else {
        single = nil
        many = newValue
      }
    }
  }

  /// Calls `body` with each spoken form, in order (without making an array of them).
  public func forEachPhrase(_ body: (String) throws -> Void) rethrows {
    if let single { try body(single) } else { try many.forEach(body) }
  }

  /// Where the entry comes from, shown by the trace when it decides a parse ("user
  /// vocabulary of Deezer").
  public var note: String? {
    get { origin?.note }
    set { origin = Origin.make(note: newValue, owner: owner) }
  }

  /// Whose entry it is, when it belongs to one app (its user vocabulary): a reading
  /// that uses it is a request for that app.
  public var owner: String? {
    get { origin?.owner }
    set { origin = Origin.make(note: note, owner: newValue) }
  }

  public init(phrases: [String], value: String, note: String? = nil, owner: String? = nil) {
    single = nil
    many = []
    self.value = value
    origin = Origin.make(note: note, owner: owner)
    self.phrases = phrases
  }

  /// An entry with one spoken form; the value defaults to the phrase itself.
  public init(_ phrase: String, value: String? = nil) {
    single = phrase
    many = []
    self.value = value ?? phrase
    origin = nil
  }

  public static func == (lhs: ListEntry, rhs: ListEntry) -> Bool {
    lhs.value == rhs.value && lhs.single == rhs.single && lhs.many == rhs.many && lhs.note == rhs.note
      && lhs.owner == rhs.owner
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(single)
    hasher.combine(many)
    hasher.combine(note)
    hasher.combine(owner)
  }

  /// An entry's note and owner: one object, shared by the copies of the entry.
  final class Origin: Sendable {
    let note: String?
    let owner: String?

    init(note: String?, owner: String?) {
      self.note = note
      self.owner = owner
    }

    static func make(note: String?, owner: String?) -> Origin? {
      note == nil && owner == nil ? nil : Origin(note: note, owner: owner)
    }
  }
}

/// The run-time entries of `list name external` lists: app catalogs, the user's vocabulary.
///
/// A value type: set the entries of each list, then pass it to ``CompiledGrammar/parse(_:lists:limit:)``.
public struct ListValues: Sendable {
  var tables: [String: ListTable] = [:] {
    didSet { resolved = Resolved() }
  }
  /// The tables by a grammar's list indexes, found by name once, not at every parse.
  private var resolved = Resolved()

  public init() {}

  /// The table of each list of the grammar whose tables are `grammar`, by list index:
  /// its own for a static list, this value's for an external one (`nil` when not set).
  func tables(of grammar: MatchTables) -> [ListTable?] {
    resolved.tables(of: grammar, in: tables)
  }

  /// Replaces the entries of `list` and indexes their phrases for lookup.
  public mutating func set(_ list: String, to entries: [ListEntry]) {
    tables[list] = ListTable(entries: entries)
  }

  /// Replaces the entries of each list named in `lists`, indexing the lists in parallel:
  /// a catalog app's names (hundreds of thousands of titles, artists, albums) are
  /// several lists, and indexing one is tokenizing every phrase and walking a trie.
  public mutating func set(_ lists: [(name: String, entries: [ListEntry])]) {
    guard lists.count > 1 else {
      for list in lists { set(list.name, to: list.entries) }
      return
    }
    let built = Mutex<[ListTable?]>(Array(repeating: nil, count: lists.count))
    // Largest first, so that the last one to start isn't the longest.
    let order = lists.indices.sorted { lists[$0].entries.count > lists[$1].entries.count }
    DispatchQueue.concurrentPerform(iterations: order.count) { turn in
      let index = order[turn]
      let table = ListTable(entries: lists[index].entries)
      built.withLock { $0[index] = table }
    }
    let tables = built.withLock { $0 }
    for (list, table) in zip(lists, tables) { self.tables[list.name] = table }
  }

  /// The entries last set for `list`, or none.
  public func entries(of list: String) -> [ListEntry] {
    tables[list]?.entries ?? []
  }
}

/// A list's entries and a trie of their tokenized phrases.
///
/// Static lists of the grammar and external lists from ``ListValues`` use the same structure.
final class ListTable: Sendable {
  let entries: [ListEntry]
  let trie: TokenTrie

  init(entries: [ListEntry]) {
    self.entries = entries
    var trie = TokenTrie()
    for (index, entry) in entries.enumerated() {
      entry.forEachPhrase { phrase in
        let words = Tokenizer.words(phrase)
        guard !words.isEmpty else { return }
        // The same words with the same value once is enough: a second copy would only
        // give a duplicate reading.
        trie.insert(words, payload: Int32(index)) { existing in
          entries[Int(existing)].value == entry.value
        }
      }
    }
    self.trie = trie
  }

  /// A table as another one was (the compiled-grammar cache).
  init(entries: [ListEntry], trie: TokenTrie) {
    self.entries = entries
    self.trie = trie
  }

  /// ``TokenTrie/forEachPayload(in:prints:from:_:)`` of the table's trie, read in place.
  @inline(__always)
  func forEachPayload(in words: [String], prints: [WordPrint], from start: Int, _ body: (_ end: Int, _ payload: Int32) -> Void) {
    trie.forEachPayload(in: words, prints: prints, from: start, body)
  }
}

/// A trie over token strings. Each node may end some phrases, identified by payloads.
///
/// Words are numbered as they are first inserted, and a child is found by its parent
/// and word number packed in one integer, so building a trie of a catalog's 300,000
/// titles hashes each word once, not once per (node, word) pair of strings. Most nodes
/// end one phrase or none: the first payload is kept inline, the rest aside.
struct TokenTrie: Sendable {
  private(set) var wordNumbers = WordNumbers()
  private(set) var children = ChildTable()
  /// The first payload of the phrases ending at each node, or -1 (node 0 is the root).
  private(set) var firstPayload: [Int32] = [-1]
  /// Further payloads of nodes that end several phrases.
  private(set) var morePayloads: [Int32: [Int32]] = [:]

  init() {}

  /// A trie as another one's fields were (the compiled-grammar cache).
  init(wordNumbers: WordNumbers, children: ChildTable, firstPayload: [Int32], morePayloads: [Int32: [Int32]]) {
    self.wordNumbers = wordNumbers
    self.children = children
    self.firstPayload = firstPayload
    self.morePayloads = morePayloads
  }

  var isEmpty: Bool { children.isEmpty }

  /// Whether some phrase has a payload for which `predicate` is true.
  func containsPayload(where predicate: (Int32) -> Bool) -> Bool {
    firstPayload.contains { $0 >= 0 && predicate($0) } || morePayloads.values.contains { $0.contains(where: predicate) }
  }

  static func key(_ node: Int32, _ word: UInt32) -> UInt64 {
    UInt64(UInt32(bitPattern: node)) << 32 | UInt64(word)
  }

  private func payloads(at node: Int32) -> [Int32] {
    let first = firstPayload[Int(node)]
    guard first >= 0 else { return [] }
    return [first] + (morePayloads[node] ?? [])
  }

  /// Adds a phrase, unless a payload for which `isDuplicate` is true already ends there.
  mutating func insert(_ words: [String], payload: Int32, isDuplicate: (Int32) -> Bool = { _ in false }) {
    var node: Int32 = 0
    for word in words {
      let key = Self.key(node, wordNumbers.numberAdding(word))
      if let child = children[key] {
        node = child
      } else {
        let child = Int32(firstPayload.count)
        firstPayload.append(-1)
        children.set(key, to: child)
        node = child
      }
    }
    if firstPayload[Int(node)] < 0 {
      firstPayload[Int(node)] = payload
      return
    }
    if payloads(at: node).contains(where: isDuplicate) { return }
    morePayloads[node, default: []].append(payload)
  }

  /// Calls `body` with the end (exclusive) and payloads of every phrase that starts at
  /// `start` in `words`, shortest first.
  func forEachMatch(in words: [String], from start: Int, _ body: (_ end: Int, _ payloads: [Int32]) -> Void) {
    forEachMatch(in: words, prints: nil, from: start, body)
  }

  /// The same, with the words' ``WordPrint``s computed beforehand (once per parse).
  func forEachMatch(
    in words: [String], prints: [WordPrint]?, from start: Int, _ body: (_ end: Int, _ payloads: [Int32]) -> Void
  ) {
    var ends: [Int] = []
    var payloads: [[Int32]] = []
    forEachPayload(in: words, prints: prints ?? words.map(WordPrint.of), from: start) { end, payload in
      if ends.last == end { payloads[payloads.count - 1].append(payload) } else {
        ends.append(end)
        payloads.append([payload])
      }
    }
    for (end, found) in zip(ends, payloads) { body(end, found) }
  }

  /// Calls `body` with the end (exclusive) and payload of every phrase that starts at
  /// `start` in `words` (whose ``WordPrint``s are `prints`), shortest first, a call per
  /// payload: the matcher's lookup, which builds no array per match.
  @inline(__always)
  func forEachPayload(in words: [String], prints: [WordPrint], from start: Int, _ body: (_ end: Int, _ payload: Int32) -> Void) {
    var node: Int32 = 0
    var index = start
    let hasMore = !morePayloads.isEmpty
    while index < words.count {
      guard let number = wordNumbers.number(of: prints[index]),
        let child = children[Self.key(node, number)]
      else { return }
      node = child
      index += 1
      let first = firstPayload[Int(node)]
      guard first >= 0 else { continue }
      body(index, first)
      if hasMore, let more = morePayloads[node] {
        for payload in more { body(index, payload) }
      }
    }
  }

}

/// A ``ListValues``' tables in the order of one grammar's lists, with the grammar's own
/// static tables, made when a parse first asks (a `Dictionary` lookup by name costs a
/// hash of the name: several per parse). Shared by copies of the values; a change to
/// the values makes a new one.
private final class Resolved: Sendable {
  private let cache = Mutex<(grammar: MatchTables, tables: [ListTable?])?>(nil)

  func tables(of grammar: MatchTables, in tables: [String: ListTable]) -> [ListTable?] {
    cache.withLock { cache in
      if let cache, cache.grammar === grammar { return cache.tables }
      let ordered = grammar.listNames.indices.map { grammar.isExternal[$0] ? tables[grammar.listNames[$0]] : grammar.staticTables[$0] }
      cache = (grammar, ordered)
      return ordered
    }
  }
}
