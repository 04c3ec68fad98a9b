/// How grammar files write the words that folding changes: "i'd" is matched as `id`,
/// "let's" as `lets`, "café" as `cafe`. The designer tools show words the way they are
/// written, so samples and completions read "i'd like to hear", not "id like to hear".
enum GrammarSpellings {
  /// Characters that separate words in grammar files besides spaces.
  private static let separators: Set<Character> = ["(", ")", "[", "]", "{", "}", "<", ">", "|", "=", "\\"]

  /// For every one-token word whose folded form differs from how it is written
  /// (lower-cased), the written form; the first one met wins, in file and line order.
  static func collect(_ sources: [GrammarSource]) -> [String: String] {
    var spellings: [String: String] = [:]
    for source in sources {
      for bytes in source.text.utf8.split(separator: UInt8(ascii: "\n")) {
        // A line of lower-case letters, digits, spaces and the grammar's own characters
        // (most lines; every line of a long word list) has no word folding changes: it
        // is never read as characters.
        if Self.isPlain(bytes) { continue }
        let code = Substring(bytes).prefix { $0 != "#" }
        for raw in code.split(whereSeparator: { $0.isWhitespace || separators.contains($0) }) {
          if Self.isPlain(raw.utf8) { continue }
          let text = String(raw)
          let tokens = Tokenizer.tokenize(text)
          guard tokens.count == 1, let token = tokens.first, spellings[token.text] == nil else { continue }
          let utf8 = Array(text.utf8)
          guard token.range.lowerBound >= 0, token.range.upperBound <= utf8.count else { continue }
          var written = String(decoding: utf8[token.range], as: UTF8.self).lowercased()
          // A possessive written on its own keeps its apostrophe: `'s`, not `s`.
          if let first = text.unicodeScalars.first, Tokenizer.isApostrophe(first), token.range.lowerBound > 0 {
            written = "'" + written
          }
          if written != token.text && Tokenizer.words(written) == [token.text] { spellings[token.text] = written }
        }
      }
    }
    return spellings
  }

  /// Whether `bytes` hold only lower-case ASCII letters, digits, spaces, tabs and the
  /// separators: words that fold to themselves.
  private static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || plainSeparators.contains(byte)
    }
  }

  private static let plainSeparators: Set<UInt8> = Set("()[]{}<>|=\\".utf8)
}

extension GrammarGraph {
  /// A literal word as the grammar files write it ("i'd" for the token `id`).
  func spelling(_ token: Int32) -> String {
    let folded = word(token)
    return grammar.spellings[folded] ?? folded
  }
}
