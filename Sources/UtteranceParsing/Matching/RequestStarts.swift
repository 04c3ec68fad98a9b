/// People say what they are doing or how they feel before they ask: "i'm doing yoga play
/// something calm", "it's my birthday play happy birthday", "after dinner we'd like some
/// bossa nova". No template can foresee those words. A grammar names the words a request
/// begins with once the listener's own words are said (`request starts = play | put on |
/// we'd like`), and the words after which such a word begins none (`request start
/// excludes = to | i`: "learning to play guitar", "i play the drums"), and the words that,
/// opening the listener's words, make them a question the verb answers (`request start
/// questions = did | can`: "did the lakers play yesterday", "can kids play outside").
///
/// Only when nothing reads an utterance as a request (as written or through its typing
/// slips; answers, intents named `_…`, do not count) is it read again from each request
/// start after its first word, left to right, and the first that reads as a request
/// stands. The words before it are kept as the ``slotName`` slot (free text, read by no
/// handler) and score as free text, so the reading ranks and is gated as any other. They
/// are refused as free text is: a word of another domain (`text excludes`: "set an alarm
/// and play jazz" is two requests) or a question opening them (`opening text excludes`)
/// leaves the utterance unread. ``ParseCandidate/requestStart`` says where the request
/// began; `:why` shows it.
public struct RequestStarts: Sendable, Equatable {
  /// `request starts`, each a phrase of folded words, in the order declared.
  public var phrases: [[String]] = []
  /// `request start excludes`: a start right after one of these is none.
  public var excludedAfter: Set<String> = []
  /// `request start questions`: listener's words opening with one of these ask a
  /// question the request verb answers ("did the lakers play yesterday").
  public var questions: Set<String> = []

  /// The slot that keeps the words said before the request.
  public static let slotName = "situation"

  public init(phrases: [[String]] = [], excludedAfter: Set<String> = [], questions: Set<String> = []) {
    self.phrases = phrases
    self.excludedAfter = excludedAfter
    self.questions = questions
  }

  var isEmpty: Bool { phrases.isEmpty }

  /// The token indices, after the first, where a request may begin in `words` (folded),
  /// in order. A start is followed by at least one word: a bare "play" after the
  /// listener's words ("make my playlist play") asks for nothing.
  func positions(in words: [String]) -> [Int] {
    guard !phrases.isEmpty, words.count > 1 else { return [] }
    return (1..<words.count).filter { index in
      !excludedAfter.contains(words[index - 1])
        && phrases.contains { phrase in
          index + phrase.count < words.count && words[index..<(index + phrase.count)].elementsEqual(phrase)
        }
    }
  }
}
