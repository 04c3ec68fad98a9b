/// How far the matcher got on an utterance, for the grammar-designer tools: at each token
/// position, the states of the tools' automaton (``CompiledGrammar/automaton``, where each
/// state but the start belongs to one template) that a reading stood in, with the fewest
/// free-text words it needed to get there.
///
/// Made from the matcher's own run (``Matcher/reach()``): the states it reached in the
/// deterministic automaton, each standing for the template states it was made of
/// (``CompiledGrammar/matchingMembers``). So `:why` on a miss and Tab completion follow
/// exactly the rules the parser follows: there is no second copy of them to keep in step.
struct MatchReach {
  /// Template states reached at each position (of `words.count + 1`), in the order found.
  private(set) var reached: [[Int32]]
  /// The fewest free-text words each reached state needs, per position.
  private var free: [[Int32: Int32]]
  /// Whether the matcher stopped at its thread limit (a hostile grammar).
  fileprivate(set) var isTruncated = false

  /// The fewest words of free text with which `state` is reached at `position`, or `nil`
  /// when it is not reached there.
  func freeWords(_ state: Int32, at position: Int) -> Int? {
    guard position >= 0, position < free.count, let words = free[position][state] else { return nil }
    return Int(words)
  }

  fileprivate init(positions: Int) {
    reached = Array(repeating: [], count: positions)
    free = Array(repeating: [:], count: positions)
  }

  fileprivate mutating func add(_ state: Int32, at position: Int, freeWords: Int32) {
    if let known = free[position][state] {
      if freeWords < known { free[position][state] = freeWords }
      return
    }
    free[position][state] = freeWords
    reached[position].append(state)
  }
}

extension CompiledGrammar {
  /// What the matcher reaches on `utterance` (see ``MatchReach``); its tokens too.
  func reach(_ utterance: String, lists values: ListValues) -> (tokens: [Token], reach: MatchReach) {
    let tokens = utterance.utf8.count <= CompiledGrammar.maximumUTF8Length ? Tokenizer.tokenize(utterance) : []
    var reach = MatchReach(positions: tokens.count + 1)
    guard !tokens.isEmpty, tokens.count <= CompiledGrammar.maximumTokenCount else {
      reach.add(Automaton.start, at: 0, freeWords: 0)
      return (tokens, reach)
    }
    var matcher = Matcher(tables: tables, utterance: utterance, tokens: tokens, values: values)
    for (position, state, freeWords) in matcher.reach() {
      let members = Int(matchingMemberOffsets[Int(state)])..<Int(matchingMemberOffsets[Int(state) + 1])
      for member in matchingMembers[members] { reach.add(member, at: Int(position), freeWords: freeWords) }
    }
    reach.isTruncated = matcher.wasCutShort
    return (tokens, reach)
  }
}
