import UtteranceParsing

extension DialogueEngine {
  /// The readings of `utterance`, best first, hearing the request in it when it comes
  /// with a clause of chatter before or after ("好无聊啊，播放周杰伦的晴天";
  /// "播放余华的活着，我想再听一遍").
  ///
  /// The whole line is read first. Its clauses, the parts between clause punctuation
  /// (，。？！；, full width or not), are read only when the whole line gives no request
  /// or its best request runs a name across a clause boundary; then the longest run of
  /// clauses that reads as a request (score 0.5 or more, no name across a boundary)
  /// wins, the earlier of two equally long. A reading of something that is not media
  /// (`OutOfScope`) is never replaced. Answers to Siri's questions (`_` intents) are
  /// always the whole line's.
  func readings(of utterance: String) -> (all: [ParseCandidate], clause: String?) {
    let all = grammar.parse(utterance, lists: lists).map(SlotShaping.refine)
    // ASCII text has no clauses (half-width marks count only next to Chinese): one pass
    // over the bytes, not over characters, for the English lines that are most of them.
    guard utterance.utf8.contains(where: { $0 >= 0x80 }) else { return (all, nil) }
    let clauses = Self.clauses(of: utterance)
    guard clauses.count > 1 else { return (all, nil) }
    if let best = all.first(where: { !$0.intent.hasPrefix("_") }) {
      guard best.intent != "OutOfScope", Self.crossesClause(best) else { return (all, nil) }
    }
    for length in stride(from: clauses.count - 1, through: 1, by: -1) {
      var found: (candidate: ParseCandidate, text: String)?
      for first in 0...(clauses.count - length) {
        let range = clauses[first].lowerBound..<clauses[first + length - 1].upperBound
        let text = String(utterance[range])
        let readings = grammar.parse(text, lists: lists).map(SlotShaping.refine)
        guard let top = readings.first(where: { !$0.intent.hasPrefix("_") }), top.intent != "OutOfScope",
          Self.isRequest(top), !Self.crossesClause(top), top.score > found?.candidate.score ?? 0
        else { continue }
        let offset = Tokenizer.tokenize(String(utterance[..<range.lowerBound])).count
        found = (Self.shifted(top, by: offset), text)
      }
      if let found {
        return ([found.candidate] + all.filter { $0.intent.hasPrefix("_") }, found.text)
      }
    }
    return (all, nil)
  }

  /// The clauses of `text`: the ranges between clause punctuation, trimmed of spaces,
  /// empty ones left out. Full-width punctuation ends a clause; half-width only next to
  /// Chinese text (in English a comma is as likely inside a title: "Hello, Goodbye").
  static func clauses(of text: String) -> [Range<String.Index>] {
    var clauses: [Range<String.Index>] = []
    var start = text.startIndex
    var index = text.startIndex
    func close(at end: String.Index) {
      var lower = start
      var upper = end
      while lower < upper, text[lower].isWhitespace { lower = text.index(after: lower) }
      while upper > lower, text[text.index(before: upper)].isWhitespace { upper = text.index(before: upper) }
      if lower < upper { clauses.append(lower..<upper) }
    }
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      var isBoundary = fullWidthClauseMarks.contains(character)
      if halfWidthClauseMarks.contains(character) {
        let before = text[..<index].last { !$0.isWhitespace }
        let after = text[next...].first { !$0.isWhitespace }
        isBoundary = [before, after].contains { $0.map(isIdeograph) == true }
      }
      if isBoundary {
        close(at: index)
        start = next
      }
      index = next
    }
    close(at: text.endIndex)
    return clauses
  }

  /// Punctuation that ends a clause.
  static let fullWidthClauseMarks: Set<Character> = ["，", "。", "？", "！", "；"]
  static let halfWidthClauseMarks: Set<Character> = [",", ".", "?", "!", ";"]
  static let clauseMarks = fullWidthClauseMarks.union(halfWidthClauseMarks)

  static func isIdeograph(_ character: Character) -> Bool {
    character.unicodeScalars.first.map(Tokenizer.isIdeographic) ?? false
  }

  /// Whether a name the reading heard (free text) runs across clause punctuation.
  static func crossesClause(_ candidate: ParseCandidate) -> Bool {
    candidate.slots.contains { slot in
      slot.source == .freeText && slot.text.contains(where: clauseMarks.contains) && clauses(of: slot.text).count > 1
    }
  }

  /// `candidate`, read from a clause that starts `offset` tokens into the line, with its
  /// token positions in the line's.
  static func shifted(_ candidate: ParseCandidate, by offset: Int) -> ParseCandidate {
    guard offset > 0 else { return candidate }
    var shifted = candidate
    for index in shifted.slots.indices {
      let range = shifted.slots[index].tokenRange
      shifted.slots[index].tokenRange = (range.lowerBound + offset)..<(range.upperBound + offset)
    }
    for index in shifted.parts.indices {
      let range = shifted.parts[index].tokenRange
      shifted.parts[index].tokenRange = (range.lowerBound + offset)..<(range.upperBound + offset)
    }
    for index in shifted.slips.indices { shifted.slips[index].token += offset }
    return shifted
  }
}
