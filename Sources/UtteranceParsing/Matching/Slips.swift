/// Typed requests have typing slips: "plkay some jazz", "paly my workout playlist", "i
/// want to hear the sonf Yesterday". A grammar names the words worth reading through a
/// slip (`slip words = play | song`, the verbs and kind words its templates hinge on)
/// and the real words that lie one slip from them and mean something else (`slip
/// excludes = plan | pay`: "plan a trip" is not "play a trip").
///
/// A slip is a word the grammar does not know (no template's literal, no static list's
/// word, no word of its word lists, not a slip exclude), of three letters or more and
/// nothing but letters, not written with a capital after the first word of mixed-case
/// text (a title's word), beginning with the same letter as a slip word and one edit from
/// it (a letter left out, added or changed, or two neighbours swapped); it is read as the
/// first such slip word declared. Only when nothing reads an utterance as written as a
/// request (answers to Siri's questions, intents named `_…`, take any words and do not
/// count) is it matched once more with its slips read as those words. Every slot still
/// takes the utterance's own characters, and a reading that took its slips only as part
/// of a name is no reading through a slip: "play Awsome Songg" asks the app for "Awsome
/// Songg", whose own search forgives the typing. A parse made so says which words it
/// read through a slip (``ParseCandidate/slips``); `:why` and the trace show them.
public struct SlipRules: Sendable, Equatable {
  /// `slip words`, in the order declared.
  public var words: [String] = []
  /// `slip excludes`.
  public var excluded: Set<String> = []
  /// `short forms`: a word typed short ("u", "2", "dis") → the word it stands for ("you",
  /// "to", "this"). Read like a slip, only when nothing reads the utterance as written,
  /// whether or not the grammar knows the short word ("2" is a number, "u" a literal of
  /// "can u").
  public var shortForms: [String: String] = [:]

  public init(words: [String] = [], excluded: Set<String> = [], shortForms: [String: String] = [:]) {
    self.words = words
    self.excluded = excluded
    self.shortForms = shortForms
  }

  /// Whether there is anything to read through: slip words or short forms.
  var isEmpty: Bool { words.isEmpty && shortForms.isEmpty }

  /// Shortest word read through a slip, in letters (a word with a digit is no slip):
  /// "ply" for "play", not "pa".
  static let minimumLength = 3

  /// The slip word `word` (folded) is a slip of, the first declared when several are
  /// ("songz": `song`, then `songs`); `isKnown` says whether the grammar knows the word as
  /// it is (asked last: most words are no slip of anything).
  func reading(of word: String, isKnown: (String) -> Bool) -> String? {
    if let meant = shortForms[word] { return meant }
    guard !words.isEmpty, word.count >= Self.minimumLength, word.allSatisfy(\.isLetter), !excluded.contains(word)
    else { return nil }
    let typed = Array(word)
    let found = words.first { candidate in
      candidate.first == typed.first && abs(candidate.count - typed.count) <= 1 && Self.isOneSlip(typed, Array(candidate))
    }
    guard let found, !isKnown(word) else { return nil }
    return found
  }

  /// Whether `a` becomes `b` by one edit: a character left out, added or changed, or two
  /// neighbours swapped.
  static func isOneSlip(_ a: [Character], _ b: [Character]) -> Bool {
    guard a != b, abs(a.count - b.count) <= 1 else { return false }
    var start = 0
    while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
    if a.count == b.count {
      // Changed here, or swapped with the next one.
      if a[(start + 1)...] == b[(start + 1)...] { return true }
      return start + 1 < a.count && a[start] == b[start + 1] && a[start + 1] == b[start]
        && a[(start + 2)...] == b[(start + 2)...]
    }
    let (short, long) = a.count < b.count ? (a, b) : (b, a)
    return short[start...] == long[(start + 1)...]
  }
}

/// A word a parse read through a slip: "plkay" as `play`.
public struct Slip: Sendable, Equatable, Hashable {
  /// The token's index in the utterance.
  public var token: Int
  /// The word as typed (original case).
  public var written: String
  /// The slip word it was read as.
  public var readAs: String

  public init(token: Int, written: String, readAs: String) {
    self.token = token
    self.written = written
    self.readAs = readAs
  }
}
