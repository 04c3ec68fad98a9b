/// What the Tab key does, decided without a terminal so it can be tested.
///
/// The word being completed is the text after the last space (or tab) before
/// the cursor. Candidates are whole words that replace it.
public enum CompletionLogic {
  /// The outcome of a completion request.
  public enum Action: Equatable, Sendable {
    /// Delete `deleting` Unicode scalars before the cursor, then insert
    /// `inserting` (either may be empty, not both).
    case edit(deleting: Int, inserting: String)
    /// Nothing can be inserted; show these candidates.
    case list([String])
    /// No candidates: ring the bell.
    case beep
  }

  /// Decides what Tab does.
  ///
  /// - One candidate: the word becomes that candidate followed by a space.
  /// - Several: the word becomes their longest common prefix when that is
  ///   longer than the word and starts with it (ignoring case); otherwise
  ///   they are listed.
  /// - None: beep.
  ///
  /// Empty and repeated candidates are ignored.
  public static func complete(lineBeforeCursor: String, candidates: [String]) -> Action {
    let word = currentWord(in: lineBeforeCursor)
    var seen = Set<String>()
    let unique = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
    switch unique.count {
    case 0:
      return .beep
    case 1:
      return edit(replacing: word, with: unique[0] + " ") ?? .beep
    default:
      let prefix = longestCommonPrefix(unique)
      if prefix.count > word.count, prefix.lowercased().hasPrefix(word.lowercased()),
         let action = edit(replacing: word, with: prefix) {
        return action
      }
      return .list(unique)
    }
  }

  /// The text after the last space or tab: the word being typed.
  public static func currentWord(in lineBeforeCursor: String) -> Substring {
    let text = Substring(lineBeforeCursor)
    guard let separator = text.unicodeScalars.lastIndex(where: { $0 == " " || $0 == "\t" }) else {
      return text
    }
    return text[text.unicodeScalars.index(after: separator)...]
  }

  /// The longest string every element starts with, compared by `Character`.
  public static func longestCommonPrefix(_ strings: [String]) -> String {
    guard let first = strings.first else { return "" }
    var prefix = Substring(first)
    for string in strings.dropFirst() {
      prefix = prefix[..<commonPrefixEnd(prefix, Substring(string))]
      if prefix.isEmpty { break }
    }
    return String(prefix)
  }

  /// Lays `candidates` out in columns (filled top to bottom, like `ls`) that
  /// fit in `width` terminal columns. One line per row, no final newline.
  public static func formatListing(_ candidates: [String], width: Int) -> String {
    guard !candidates.isEmpty else { return "" }
    let gap = 2
    let cellWidth = candidates.map(displayWidth).max()! + gap
    let columns = max(1, (width + gap) / cellWidth)
    let rows = (candidates.count + columns - 1) / columns
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      var column = 0
      while row + column * rows < candidates.count {
        let item = candidates[row + column * rows]
        let isLast = row + (column + 1) * rows >= candidates.count
        line += item
        if !isLast {
          line += String(repeating: " ", count: cellWidth - displayWidth(item))
        }
        column += 1
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// The edit that turns `word` into `replacement`, keeping their common
  /// prefix; nil when there is nothing to do.
  private static func edit(replacing word: Substring, with replacement: String) -> Action? {
    let replacementText = Substring(replacement)
    let end = commonPrefixEnd(word, replacementText)
    let common = word[..<end]
    let deleting = word[end...].unicodeScalars.count
    // Resume `replacement` after as many characters as `common` holds.
    let resume = replacementText.index(replacementText.startIndex, offsetBy: common.count)
    let inserting = String(replacementText[resume...])
    if deleting == 0 && inserting.isEmpty { return nil }
    return .edit(deleting: deleting, inserting: inserting)
  }

  /// The end (in `a`) of the longest common prefix of `a` and `b`.
  private static func commonPrefixEnd(_ a: Substring, _ b: Substring) -> Substring.Index {
    var i = a.startIndex
    var j = b.startIndex
    while i < a.endIndex, j < b.endIndex, a[i] == b[j] {
      a.formIndex(after: &i)
      b.formIndex(after: &j)
    }
    return i
  }

  /// Terminal columns taken by `text`: one per character, two for wide
  /// East Asian characters and emoji (an approximation of `wcswidth`).
  static func displayWidth(_ text: String) -> Int {
    text.reduce(0) { total, character in
      let scalar = character.unicodeScalars.first!
      let isWide = character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
        || (0x1100...0x115F).contains(scalar.value)
        || (0x2E80...0xA4CF).contains(scalar.value)
        || (0xAC00...0xD7A3).contains(scalar.value)
        || (0xF900...0xFAFF).contains(scalar.value)
        || (0xFE30...0xFE4F).contains(scalar.value)
        || (0xFF00...0xFF60).contains(scalar.value)
        || (0xFFE0...0xFFE6).contains(scalar.value)
        || (0x20000...0x3FFFD).contains(scalar.value)
      return total + (isWide ? 2 : 1)
    }
  }
}
