import Testing

@testable import UtteranceParsing

/// The parse-time word tables: the same answers as Swift's `Dictionary`, whatever the
/// words (accents, emoji, the empty word, fingerprint neighbours) and however many.
struct WordMapsTests {
  @Test(arguments: [0, 1, 5, 7, 100, 5_000])
  func wordNumbersAgreeWithADictionary(count: Int) throws {
    var generator = SplitMix64(seed: UInt64(count) &+ 11)
    let alphabet = Array("abcdeéñ☃ 🎵'")
    var reference: [String: UInt32] = [:]
    var numbers = WordNumbers()
    var order: [String] = []
    for _ in 0..<count {
      let length = Int.random(in: 0...6, using: &generator)
      let word = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      let number = numbers.numberAdding(word)
      if let known = reference[word] {
        #expect(number == known)
      } else {
        #expect(number == UInt32(reference.count))
        reference[word] = number
        order.append(word)
      }
    }
    #expect(numbers.count == reference.count)
    #expect(numbers.words == order)
    for (word, number) in reference { #expect(numbers.number(of: word) == number) }
    for absent in ["zz", "abcdefgh", "ÉÑ", "x y"] where reference[absent] == nil {
      #expect(numbers.number(of: absent) == nil)
    }
    // Read back as the cache does, and refused with a word twice.
    let copy = try #require(WordNumbers(words: order))
    for (word, number) in reference { #expect(copy.number(of: word) == number) }
    if let first = order.first { #expect(WordNumbers(words: order + [first]) == nil) }
  }

  @Test func printsTellWordsApartAndAreNeverZero() {
    let words = ["", "a", "b", "ab", "ba", "play", "plays", "é", "e\u{301}", "☃"]
    let prints = words.map(WordPrint.of)
    #expect(Set(prints).count == words.count)
    #expect(Set(prints.map(\.hash)).count == words.count)
    #expect(Set(prints.map(\.check)).count == words.count)
    #expect(!prints.contains { $0.hash == 0 })
    #expect(WordPrint.of("play") == WordPrint.of(String("xplay".dropFirst())))
  }

  @Test(arguments: [0, 1, 6, 1_000, 50_000])
  func childTablesAgreeWithADictionary(count: Int) {
    var generator = SplitMix64(seed: UInt64(count) &+ 3)
    var reference: [UInt64: Int32] = [:]
    var table = ChildTable()
    for _ in 0..<count {
      // Keys as tries make them (parent << 32 | word), and a few anywhere (0 included).
      let key =
        Bool.random(using: &generator)
        ? UInt64.random(in: 0..<64, using: &generator) << 32 | UInt64.random(in: 0..<64, using: &generator)
        : UInt64.random(in: 0...UInt64.max, using: &generator)
      let value = Int32.random(in: 1...Int32.max, using: &generator)
      table.set(key, to: value)
      reference[key] = value
    }
    #expect(table.count == reference.count)
    for (key, value) in reference { #expect(table[key] == value) }
    #expect(Dictionary(uniqueKeysWithValues: table.pairs.map { ($0.key, $0.value) }) == reference)
    var probe = SplitMix64(seed: 99)
    for _ in 0..<200 {
      let key = UInt64.random(in: 0...UInt64.max, using: &probe)
      #expect(table[key] == reference[key])
    }
  }

  /// A trie over the new tables finds what it was given, shortest first.
  @Test func aTrieFindsEveryPrefixPhrase() {
    var trie = TokenTrie()
    trie.insert(["outer"], payload: 0)
    trie.insert(["outer", "peace"], payload: 1)
    trie.insert(["outer", "peace"], payload: 2)
    trie.insert(["peace"], payload: 3)
    let words = ["play", "outer", "peace", "now"]
    var found: [[Int32]] = []
    trie.forEachMatch(in: words, from: 1) { end, payloads in found.append([Int32(end)] + payloads) }
    #expect(found == [[2, 0], [3, 1, 2]])
    var withPrints: [[Int32]] = []
    trie.forEachMatch(in: words, prints: words.map(WordPrint.of), from: 1) { end, payloads in
      withPrints.append([Int32(end)] + payloads)
    }
    #expect(withPrints == found)
    trie.forEachMatch(in: words, from: 0) { _, _ in Issue.record("nothing starts with 'play'") }
  }
}
