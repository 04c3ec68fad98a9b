/// One word of an utterance or of a grammar phrase, normalized for matching.
///
/// Matching ignores case, diacritics and punctuation, so `text` is the folded form
/// ("HELLO!" → `hello`, "Café" → `cafe`), while `range` points back at the exact
/// characters of the original string so slot values keep their spelling.
public struct Token: Sendable, Equatable, Hashable {
  /// The folded text the matcher compares.
  public var text: String
  /// The token's position in the original string, as UTF-8 offsets (start inclusive, end exclusive).
  public var range: Range<Int>

  public init(text: String, range: Range<Int>) {
    self.text = text
    self.range = range
  }
}
