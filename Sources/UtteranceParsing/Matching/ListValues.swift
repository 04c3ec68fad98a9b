/// One entry of a list: the ways to say it and the value a slot takes when it is said.
public struct ListEntry: Sendable, Equatable, Hashable {
  /// Spoken forms, e.g. `["podcast episode", "episode"]`. Compared after tokenizing, so
  /// case, diacritics and punctuation do not matter.
  public var phrases: [String]
  /// The slot value, e.g. `podcastEpisode` or an app's identifier.
  public var value: String
  /// Where the entry comes from, shown by the trace when it decides a parse ("user
  /// vocabulary of Deezer").
  public var note: String?
  /// Whose entry it is, when it belongs to one app (its user vocabulary): a reading
  /// that uses it is a request for that app.
  public var owner: String?

  public init(phrases: [String], value: String, note: String? = nil, owner: String? = nil) {
    self.phrases = phrases
    self.value = value
    self.note = note
    self.owner = owner
  }

  /// An entry with one spoken form; the value defaults to the phrase itself.
  public init(_ phrase: String, value: String? = nil) {
    self.phrases = [phrase]
    self.value = value ?? phrase
  }
}

/// The run-time entries of `list name external` lists: app catalogs, the user's vocabulary.
///
/// A value type: set the entries of each list, then pass it to ``CompiledGrammar/parse(_:lists:limit:)``.
public struct ListValues: Sendable {
  var tables: [String: ListTable] = [:]

  public init() {}

  /// Replaces the entries of `list` and indexes their phrases for lookup.
  public mutating func set(_ list: String, to entries: [ListEntry]) {
    tables[list] = ListTable(entries: entries)
  }

  /// The entries last set for `list`, or none.
  public func entries(of list: String) -> [ListEntry] {
    tables[list]?.entries ?? []
  }
}

/// A list's entries and a trie of their tokenized phrases.
///
/// Static lists of the grammar and external lists from ``ListValues`` use the same structure.
struct ListTable: Sendable {
  let entries: [ListEntry]
  let trie: TokenTrie

  init(entries: [ListEntry]) {
    self.entries = entries
    var trie = TokenTrie()
    for (index, entry) in entries.enumerated() {
      for phrase in entry.phrases {
        let words = Tokenizer.words(phrase)
        guard !words.isEmpty else { continue }
        // The same words with the same value once is enough: a second copy would only
        // give a duplicate reading.
        trie.insert(words, payload: Int32(index)) { existing in
          entries[Int(existing)].value == entry.value
        }
      }
    }
    self.trie = trie
  }
}

/// A trie over token strings. Each node may end some phrases, identified by payloads.
struct TokenTrie: Sendable {
  private struct Key: Hashable {
    var node: Int32
    var word: String
  }

  private var children: [Key: Int32] = [:]
  /// Payloads of the phrases ending at each node (node 0 is the root).
  private var terminals: [[Int32]] = [[]]

  var isEmpty: Bool { children.isEmpty }

  /// Adds a phrase, unless a payload for which `isDuplicate` is true already ends there.
  mutating func insert(_ words: [String], payload: Int32, isDuplicate: (Int32) -> Bool = { _ in false }) {
    var node: Int32 = 0
    for word in words {
      let key = Key(node: node, word: word)
      if let child = children[key] {
        node = child
      } else {
        let child = Int32(terminals.count)
        terminals.append([])
        children[key] = child
        node = child
      }
    }
    if terminals[Int(node)].contains(where: isDuplicate) { return }
    terminals[Int(node)].append(payload)
  }

  /// Calls `body` with the end (exclusive) and payloads of every phrase that starts at
  /// `start` in `words`, shortest first.
  func forEachMatch(in words: [String], from start: Int, _ body: (_ end: Int, _ payloads: [Int32]) -> Void) {
    var node: Int32 = 0
    var index = start
    while index < words.count, let child = children[Key(node: node, word: words[index])] {
      node = child
      index += 1
      let payloads = terminals[Int(node)]
      if !payloads.isEmpty { body(index, payloads) }
    }
  }
}
