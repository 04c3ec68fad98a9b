extension CompiledGrammar {
  /// Why `utterance` matches what it matches, or why it matches nothing.
  ///
  /// For a match: up to `limit` readings (but two when there are two, to show the
  /// decision), best first, each with its template, the words every part took, the score
  /// broken down, and the rule that ranked the first reading before the second. For no match: up to `limit` templates that got furthest, each with
  /// the word it stopped at and what it expected there.
  ///
  /// `intents` limits both to the intents it accepts: outside a question, for instance,
  /// `{ !$0.hasPrefix("_") }` leaves out the answers (`_Answer` takes any words).
  ///
  /// Never fails: empty, garbage and over-long input give an explanation saying so.
  public func explain(
    _ utterance: String, lists values: ListValues = ListValues(), limit: Int = 5,
    intents isIncluded: (String) -> Bool = { _ in true }
  ) -> Explanation {
    let limit = max(limit, 1)
    guard utterance.utf8.count <= CompiledGrammar.maximumUTF8Length else {
      return Explanation(
        utterance: utterance, words: [], matches: [], decision: nil, nearMisses: [],
        note: "the utterance is \(utterance.utf8.count) bytes long; utterances over \(CompiledGrammar.maximumUTF8Length) bytes match nothing")
    }
    let tokens = Tokenizer.tokenize(utterance)
    let utf8 = Array(utterance.utf8)
    let words = tokens.map { String(decoding: utf8[$0.range], as: UTF8.self) }
    guard !tokens.isEmpty else {
      return Explanation(
        utterance: utterance, words: [], matches: [], decision: nil, nearMisses: [], note: "the utterance has no words")
    }
    guard tokens.count <= CompiledGrammar.maximumTokenCount else {
      return Explanation(
        utterance: utterance, words: words, matches: [], decision: nil, nearMisses: [],
        note: "utterances over \(CompiledGrammar.maximumTokenCount) words match nothing")
    }

    // Room for readings of intents left out.
    let included = Set(intentNames.filter(isIncluded))
    let wanted = max(limit, 2)
    let candidates = parse(utterance, lists: values, limit: included.count == intentNames.count ? wanted : wanted + 64)
      .filter { included.contains($0.intent) }
    let cases = CompiledGrammar.writtenCase(tokens, in: utterance)
    let titles = titleWordPositions(tokens, cases: cases)
    // What the matcher reached, word by word: a miss and the opening refusals both read it.
    var reached: MatchReach?
    func reach() -> MatchReach {
      if let reached { return reached }
      let made = self.reach(utterance, lists: values).reach
      reached = made
      return made
    }
    var explanation: Explanation
    if !candidates.isEmpty {
      let explained = candidates.map { explainMatch($0, utterance: utterance, tokens: tokens, cases: cases, utf8: utf8) }
      var decision: RankingDecision?
      if explained.count >= 2 { decision = CompiledGrammar.decide(explained[0], explained[1]) }
      explanation = Explanation(
        utterance: utterance, words: words, matches: Array(explained.prefix(max(limit, 2))), decision: decision,
        nearMisses: [])
    } else {
      let templateIncluded = templates.map { included.contains(intentNames[$0.intent]) }
      explanation = explainMiss(
        utterance: utterance, words: words, folded: tokens.map(\.text), titles: titles,
        nameCases: nameCaseClasses(tokens, cases: cases), values: values, trace: reach(), limit: limit,
        included: templateIncluded)
    }
    explanation.titleWords = titles.indices.filter { titles[$0] }
    explanation.slips = candidates.first?.slips ?? []
    explanation.requestStart = candidates.first?.requestStart
    explanation.refused = refusals(
      utterance, tokens: tokens, words: words, cases: cases, values: values, reach: reach, matched: !candidates.isEmpty)
    return explanation
  }

  /// What the rejection rules (``RejectionRules``) refused in `utterance`: words no free
  /// text takes, a question or request opening free text, and for no match, readings
  /// scoring under the minimum.
  private func refusals(
    _ utterance: String, tokens: [Token], words: [String], cases: [Int8], values: ListValues,
    reach: () -> MatchReach, matched: Bool
  ) -> [String] {
    var refused: [String] = []
    let folded = tokens.map(\.text)
    for (index, word) in folded.enumerated()
    where rejection.textExcluded.contains(word) && CompiledGrammar.excludesText(at: index, of: folded, writtenCase: cases[index]) {
      refused.append("word \(index + 1) '\(words[index])' is a word of another domain: no free text takes it (text excludes)")
    }
    if !rejection.openingExcluded.isEmpty {
      let reach = reach()
      for (index, word) in folded.enumerated()
      where rejection.openingExcluded.contains(word) && reach.reached[index].contains(Automaton.start) {
        refused.append("word \(index + 1) '\(words[index])' opens the utterance: free text that opens a reading doesn't begin with it (opening text excludes)")
      }
    }
    if !matched, rejection.minimumScore > 0,
      let best = parse(utterance, lists: values, limit: 1, compactionThreshold: 1 << 16, minimumScore: 0).first
    {
      refused.append(
        "the best reading, \(best.intent) at \(best.template.location), scores \(Explanation.format(best.score)), under the minimum score \(Explanation.format(rejection.minimumScore))")
    }
    return refused
  }

  /// Why the words (folded) name a collection (``collectionEvidence(in:collectionWords:)``),
  /// in the words of `:why`.
  func collectionReason(_ words: [String]) -> String {
    guard let evidence = Self.collectionEvidence(in: words, collectionWords: collectionWords) else { return "a collection's" }
    return evidence.isNumber ? "'\(evidence.word)' is a number" : "'\(evidence.word)' is a collection word"
  }

  /// Why a name (its folded words; `isPossessive` of an offset: the `s` of a possessive)
  /// reads as a person's (``PersonRules/reason(_:)``), in the words of `:why`.
  func personReason(_ words: [String], isPossessive: (Int) -> Bool = { _ in false }) -> String {
    switch personTable.reason(words, isPossessive: isPossessive) {
    case .uncommonWord(let index):
      return personTable.slots.isEmpty ? "no common words declared" : "'\(words[index])' is no everyday word"
    case .givenNameFirst: return "'\(words[0])' is a given name"
    case .initial(let index): return "'\(words[index])' is an initial"
    case nil: return "a person's"
    }
  }

  // MARK: - Matches

  private func explainMatch(
    _ candidate: ParseCandidate, utterance: String, tokens: [Token], cases: [Int8], utf8: [UInt8]
  ) -> ExplainedMatch {
    var literal = 0
    var skipped = 0
    var list = 0
    var entity = 0
    var free = 0
    var unlikely = 0
    var parts: [ExplainedPart] = []
    for part in candidate.parts {
      let range = part.tokenRange
      let size = range.count
      switch part.kind {
      case .literal: literal += size
      case .skip: skipped += size
      case .list: list += size
      case .entity: entity += size
      case .freeText:
        free += size
        unlikely += unlikelyWords(in: range, slot: part.slot, tokens: tokens, cases: cases)
      }
      var text = ""
      if range.lowerBound >= 0, range.upperBound <= tokens.count, !range.isEmpty {
        let bytes = tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound
        text = String(decoding: utf8[bytes], as: UTF8.self)
      }
      let value = part.slot.flatMap { slot in
        candidate.slots.first { $0.name == slot && $0.tokenRange == range && $0.source != .fixed }?.value.description
      }
      let person =
        part.isPerson
        ? personReason(tokens[range].map(\.text)) { Tokenizer.isPossessive(tokens, at: range.lowerBound + $0, in: utterance) } : nil
      let collection = part.isCollection ? collectionReason(tokens[range].map(\.text)) : nil
      parts.append(
        ExplainedPart(
          kind: part.kind, tokenRange: range, text: text, slot: part.slot, value: value, person: person, collection: collection))
    }
    let fixed = candidate.slots.filter { $0.source == .fixed }.map { FixedSlotValue(name: $0.name, value: $0.value.description) }
    let components = ScoreComponents(
      literalWords: literal, skippedWords: skipped, listWords: list, entityWords: entity, freeTextWords: free,
      unlikelyWords: unlikely, totalWords: tokens.count)
    let index = templates.firstIndex { $0.reference == candidate.template } ?? -1
    return ExplainedMatch(
      intent: candidate.intent, template: candidate.template, templateIndex: index, score: candidate.score,
      parts: parts, fixedSlots: fixed, components: components)
  }

  /// How many words of free text over `range` filling `slot` count for nothing (as
  /// ``Matcher`` scores them).
  private func unlikelyWords(in range: Range<Int>, slot: String?, tokens: [Token], cases: [Int8]) -> Int {
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return 0 }
    var inside: Set<String> = []
    if let slot, let index = slots.firstIndex(where: { $0.name == slot }), index < unlikelyInsideWords.count {
      inside = unlikelyInsideWords[index]
    }
    return range.filter { position in
      let word = tokens[position].text
      return CompiledGrammar.isUnlikely(
        isFirst: position == range.lowerBound, isLast: position == range.upperBound - 1,
        unlikelyFirst: unlikelyFirstWords.contains(word), unlikelyLast: unlikelyLastWords.contains(word),
        // (As the matcher: a capitalized word in typed text is the title's own.)
        inside: inside.contains(word) && !(position < cases.count && cases[position] == 1))
    }.count
  }

  /// The first of the matcher's ranking rules that tells `winner` and `runnerUp` apart.
  static func decide(_ winner: ExplainedMatch, _ runnerUp: ExplainedMatch) -> RankingDecision {
    let a = winner.components
    let b = runnerUp.components
    let rule: RankingRule
    let detail: String
    if a.units != b.units {
      rule = .higherScore
      detail = "\(Explanation.format(a.score)) vs \(Explanation.format(b.score))"
    } else if a.freeTextWords != b.freeTextWords {
      rule = .fewerFreeTextWords
      detail = "\(a.freeTextWords) vs \(b.freeTextWords) free-text words"
    } else if a.knownWords != b.knownWords {
      rule = .moreListWords
      detail = "\(a.knownWords) vs \(b.knownWords) list and entity words"
    } else if winner.templateIndex != runnerUp.templateIndex {
      rule = .templateOrder
      detail = "\(winner.template.location) is written before \(runnerUp.template.location)"
    } else {
      rule = .readingOrder
      detail = "both read with \(winner.template.location)"
    }
    return RankingDecision(rule: rule, winner: 0, runnerUp: 1, detail: detail)
  }

  // MARK: - No match

  private func explainMiss(
    utterance: String, words: [String], folded: [String], titles: [Bool], nameCases: [Int8], values: ListValues,
    trace: MatchReach, limit: Int, included: [Bool]
  ) -> Explanation {
    let graph = GrammarGraph(grammar: self, values: values)
    let count = folded.count

    var startFurthest = 0
    var furthest = Array(repeating: -1, count: templates.count)
    var completeButDropped: Int32?
    for position in 0...count {
      for state in trace.reached[position] {
        if state == Automaton.start {
          startFurthest = position
          continue
        }
        let template = graph.owner[Int(state)]
        guard template >= 0, Int(template) < furthest.count, included[Int(template)] else { continue }
        furthest[Int(template)] = max(furthest[Int(template)], position)
        if position == count, completeButDropped == nil, graph.accepts(state, template: template) {
          completeButDropped = template
        }
      }
    }

    // The fewest free-text words each template needs to get that far.
    var freeWords = Array(repeating: Int.max, count: templates.count)
    for index in furthest.indices where furthest[index] > startFurthest {
      for state in trace.reached[furthest[index]] where graph.owner[Int(state)] == Int32(index) {
        freeWords[index] = min(freeWords[index], trace.freeWords(state, at: furthest[index]) ?? Int.max)
      }
    }
    // Templates that got past the start: furthest first, then with less free text, then
    // in the order written.
    let ranked = furthest.indices.filter { furthest[$0] > startFurthest }.sorted { a, b in
      if furthest[a] != furthest[b] { return furthest[a] > furthest[b] }
      if freeWords[a] != freeWords[b] { return freeWords[a] < freeWords[b] }
      return a < b
    }
    var misses: [NearMiss] = []
    for index in ranked.prefix(limit) {
      let template = Int32(index)
      let position = furthest[index]
      // Past the start, so only the template's own states are there.
      let states = trace.reached[position].filter { $0 != Automaton.start && graph.owner[Int($0)] == template }
      var expected = Set<Expectation>()
      var slotOrder: [Expectation] = []
      var end = false
      for state in states {
        for edge in graph.edges(of: state) {
          let item: Expectation
          switch edge {
          case .literal(let token, _): item = .word(graph.spelling(token))
          case .slot(let slot, _): item = .slot(graph.label(ofSlot: slot))
          }
          if expected.insert(item).inserted, case .slot = item { slotOrder.append(item) }
        }
        if graph.accepts(state, template: template) { end = true }
      }
      misses.append(NearMiss(
        intent: intentNames[templates[index].intent], template: templates[index].reference, templateIndex: index,
        stoppedAt: position, freeTextWords: freeWords[index] == Int.max ? 0 : freeWords[index],
        expected: CompiledGrammar.ordered(expected, slots: slotOrder, end: end)))
    }

    var startExpectations: [Expectation] = []
    if misses.isEmpty {
      var expected = Set<Expectation>()
      var slotOrder: [Expectation] = []
      for edge in graph.edges(of: Automaton.start) {
        let owner = graph.owner[Int(edge.target)]
        guard owner >= 0, Int(owner) < included.count, included[Int(owner)] else { continue }
        let item: Expectation
        switch edge {
        case .literal(let token, _): item = .word(graph.spelling(token))
        case .slot(let slot, _): item = .slot(graph.label(ofSlot: slot))
        }
        if expected.insert(item).inserted, case .slot = item { slotOrder.append(item) }
      }
      startExpectations = CompiledGrammar.ordered(expected, slots: slotOrder, end: false)
    }

    var note: String?
    if trace.isTruncated {
      note = "the matcher stopped after \(Matcher.maximumThreads) readings; templates may have got further"
    } else if let template = completeButDropped {
      note = "\(templates[Int(template)].reference.location) matches in full, but the matcher's work limits dropped it"
    }
    return Explanation(
      utterance: utterance, words: words, matches: [], decision: nil, nearMisses: misses,
      startPosition: startFurthest, startExpectations: startExpectations, note: note)
  }

  /// Literal words alphabetically, then slots in the order met, then the end.
  private static func ordered(_ items: Set<Expectation>, slots: [Expectation], end: Bool) -> [Expectation] {
    var words: [String] = []
    for item in items { if case .word(let word) = item { words.append(word) } }
    var result = words.sorted().map(Expectation.word)
    result += slots
    if end { result.append(.end) }
    return result
  }
}
