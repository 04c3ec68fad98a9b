extension CompiledGrammar {
  /// What may be typed next after `text`, for Tab completion.
  ///
  /// When `text` ends with a space (or other separator), or is empty, the words typed so
  /// far are complete, and the result is, in this order:
  /// 1. the rest of list values whose first words are already typed ("play stuff you " →
  ///    "Should Know"), alphabetically;
  /// 2. the literal words some template can take next, alphabetically, as the grammar
  ///    files write them ("i'd");
  /// 3. the list values that can start next, alphabetically, as written in the list or
  ///    the catalog ("Stuff You Should Know").
  ///
  /// When the last word is unfinished (no separator after it), the same, but only what can
  /// stand at that word's place and starts with it. Entities, free text and filler are
  /// not suggested.
  ///
  /// At most `limit` strings, without repeats; never fails.
  public func completions(forPrefix text: String, lists values: ListValues = ListValues(), limit: Int = 20) -> [String] {
    guard limit > 0, text.utf8.count <= CompiledGrammar.maximumUTF8Length else { return [] }
    var tokens = Tokenizer.tokenize(text)
    var partial: String?
    if let last = tokens.last, last.range.upperBound == text.utf8.count {
      partial = last.text
      tokens.removeLast()
    }
    guard tokens.count <= CompiledGrammar.maximumTokenCount else { return [] }
    let words = tokens.map(\.text)
    // The words typed in full, as the matcher reads them.
    let typed = String(decoding: Array(text.utf8.prefix(tokens.last?.range.upperBound ?? 0)), as: UTF8.self)
    let graph = GrammarGraph(grammar: self, values: values)
    let trace = reach(typed, lists: values).reach
    let count = words.count

    func fits(_ word: String) -> Bool { partial.map { word.hasPrefix($0) } ?? true }

    // Folded word → as written in the grammar files.
    var literals: [String: String] = [:]
    for state in trace.reached[count] {
      for edge in graph.edges(of: state) {
        if case .literal(let token, _) = edge {
          let word = graph.word(token)
          if !word.isEmpty && fits(word) { literals[word] = graph.spelling(token) }
        }
      }
    }

    // List values that can start here, or that started a few words back and go on.
    var phraseCache: [Int: [(words: [String], tokens: [Token], text: String)]] = [:]
    func phrases(of list: Int) -> [(words: [String], tokens: [Token], text: String)] {
      if let cached = phraseCache[list] { return cached }
      var result: [(words: [String], tokens: [Token], text: String)] = []
      if list < graph.tables.count, let table = graph.tables[list] {
        for entry in table.entries {
          for phrase in entry.phrases {
            let tokens = Tokenizer.tokenize(phrase)
            if !tokens.isEmpty { result.append((tokens.map(\.text), tokens, phrase)) }
          }
        }
      }
      phraseCache[list] = result
      return result
    }
    // Keyed by folded text; `begun` holds the rest of values whose first words are typed.
    var begun: [String: String] = [:]
    var starting: [String: String] = [:]
    var longest = 0
    for list in graph.tables.indices { longest = max(longest, phrases(of: list).map(\.words.count).max() ?? 0) }
    // A value that is still going on has more words than were typed since it started.
    for position in min(count, max(0, count - longest + 1))...count {
      let typed = count - position
      for state in trace.reached[position] {
        for row in automaton.slotRange(of: state) {
          guard case .list(let list, _) = slots[Int(automaton.slotEdges[row].slot)].source else { continue }
          for phrase in phrases(of: list) where phrase.words.count > typed && fits(phrase.words[typed]) {
            guard phrase.words[..<typed].elementsEqual(words[position..<count]) else { continue }
            let utf8 = Array(phrase.text.utf8)
            let start = phrase.tokens[typed].range.lowerBound
            let end = phrase.tokens[phrase.tokens.count - 1].range.upperBound
            let rest = String(decoding: utf8[start..<end], as: UTF8.self)
            let key = Tokenizer.normalize(rest)
            if typed > 0 {
              if let existing = begun[key], existing <= rest { continue }
              begun[key] = rest
            } else {
              if let existing = starting[key], existing <= rest { continue }
              starting[key] = rest
            }
          }
        }
      }
    }

    func sorted(_ values: [String: String], excluding: Set<String>) -> [String] {
      values.filter { !excluding.contains($0.key) }
        .sorted { $0.key != $1.key ? $0.key < $1.key : $0.value < $1.value }.map(\.value)
    }
    var result = sorted(begun, excluding: [])
    let shown = Set(begun.keys)
    result += sorted(literals, excluding: shown)
    result += sorted(starting, excluding: shown.union(literals.keys))
    return Array(result.prefix(limit))
  }
}
