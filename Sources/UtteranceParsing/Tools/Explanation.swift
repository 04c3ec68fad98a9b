import Foundation

/// Why an utterance matched what it matched, or why it matched nothing: the answer of
/// ``CompiledGrammar/explain(_:lists:limit:)``, for grammar designers.
///
/// For a match: the readings found, best first, with the words each part of the template
/// took, the score and its parts, and the ranking rule that put the winner before the
/// runner-up. For no match: the templates that got furthest, where each one stopped and
/// what it expected there. ``lines`` renders it all as text, deterministically.
public struct Explanation: Sendable, Equatable {
  /// The utterance as given.
  public var utterance: String
  /// Its words as written (original case and punctuation inside a word), one per token.
  public var words: [String]
  /// The readings, best first (empty when nothing matches).
  public var matches: [ExplainedMatch]
  /// What separated the first reading from the second; `nil` with fewer than two.
  public var decision: RankingDecision?
  /// For no match: the templates that got furthest, furthest first.
  public var nearMisses: [NearMiss]
  /// For no match when no template gets past the start: the word where every template
  /// stopped (after any leading filler), as a 0-based index; the word count when the
  /// words are all filler.
  public var startPosition: Int
  /// For no match when no template gets past the start: what templates can begin with
  /// (literal words alphabetically, then slots); empty otherwise.
  public var startExpectations: [Expectation]
  /// Why the utterance was not looked at in full (too long, no words, work limit hit).
  public var note: String?
  /// The 0-based positions of `title words` written with a capital in mid-sentence: no
  /// literal takes them, so they begin a name.
  public var titleWords: [Int] = []
  /// What the grammar's rejection rules refused here (`text excludes`, `opening text
  /// excludes`, `minimum score`), one sentence each, naming the words that caused it.
  public var refused: [String] = []
  /// Words the best reading took through a typing slip (``SlipRules``).
  public var slips: [Slip] = []
  /// Where the best reading's request began after the listener's own words
  /// (``RequestStarts``); `nil` when it reads the whole utterance.
  public var requestStart: Int?

  /// Most expectations listed on one line.
  public static let expectationsShown = 12

  public init(
    utterance: String, words: [String], matches: [ExplainedMatch], decision: RankingDecision?,
    nearMisses: [NearMiss], startPosition: Int = 0, startExpectations: [Expectation] = [], note: String? = nil
  ) {
    self.utterance = utterance
    self.words = words
    self.matches = matches
    self.decision = decision
    self.nearMisses = nearMisses
    self.startPosition = startPosition
    self.startExpectations = startExpectations
    self.note = note
  }

  /// Whether some template matched the whole utterance.
  public var isMatch: Bool { !matches.isEmpty }

  /// The explanation as readable text, one line per element, without trailing newlines.
  public var lines: [String] {
    var lines = ["utterance: \(Explanation.quoted(utterance)) (\(Explanation.plural(words.count, "word")))"]
    if let note { lines.append("note: \(note)") }
    if !titleWords.isEmpty {
      let listed = titleWords.filter(words.indices.contains).map { "word \($0 + 1) '\(words[$0])'" }
      lines.append("title words: \(listed.joined(separator: ", ")) (capitalized in mid-sentence: no literal takes them)")
    }
    for refusal in refused { lines.append("refused: \(refusal)") }
    for slip in slips {
      lines.append("slip: word \(slip.token + 1) '\(slip.written)' read as '\(slip.readAs)' (a typing slip or short form)")
    }
    if let start = requestStart, words.indices.contains(start) {
      lines.append(
        "request starts at word \(start + 1) '\(words[start])': nothing reads the whole utterance, the words before it are the listener's own (request starts)")
    }
    if matches.isEmpty {
      lines.append("no match")
      if nearMisses.isEmpty {
        if !words.isEmpty && note == nil {
          if startPosition >= 0 && startPosition < words.count {
            lines.append("no template gets past word \(startPosition + 1) '\(words[startPosition])'")
          } else {
            lines.append("every word is skipped filler")
          }
        }
        if !startExpectations.isEmpty {
          lines.append("templates begin with: \(Explanation.list(startExpectations))")
        }
        return lines
      }
      lines.append("nearest templates:")
      for (number, miss) in nearMisses.enumerated() {
        lines.append("\(number + 1). \(miss.intent) at \(miss.template.location): \(miss.template.text)")
        let free = miss.freeTextWords > 0 ? " (\(miss.freeTextWords) as free text)" : ""
        lines.append("   matched \(miss.wordsMatched) of \(Explanation.plural(words.count, "word"))\(free); \(stopLine(miss))")
      }
      return lines
    }
    for (number, match) in matches.enumerated() {
      lines.append("\(number + 1). \(match.intent), score \(Explanation.format(match.score)), at \(match.template.location)")
      lines.append("   template: \(match.template.text)")
      for part in match.parts { lines.append("   \(Explanation.describe(part))") }
      for slot in match.fixedSlots { lines.append("   fixed: \(slot.name) = \(slot.value)") }
      lines.append("   score: \(match.components.formula)")
    }
    if let decision, matches.indices.contains(decision.winner), matches.indices.contains(decision.runnerUp) {
      let winner = matches[decision.winner]
      let runnerUp = matches[decision.runnerUp]
      lines.append(
        "winner: \(decision.winner + 1). \(winner.intent) over \(decision.runnerUp + 1). \(runnerUp.intent): "
          + "\(decision.rule.summary) (\(decision.detail))")
    } else if decision == nil {
      lines.append("winner: 1. \(matches[0].intent), the only reading")
    }
    return lines
  }

  private func stopLine(_ miss: NearMiss) -> String {
    let expected = Explanation.list(miss.expected)
    if words.indices.contains(miss.stoppedAt) {
      return "stopped at word \(miss.stoppedAt + 1) '\(words[miss.stoppedAt])': expected \(expected)"
    }
    return "stopped at the end: expected \(expected)"
  }

  /// `'a' | 'b' | {list}`, cut after ``expectationsShown`` items.
  static func list(_ expectations: [Expectation]) -> String {
    guard !expectations.isEmpty else { return "nothing" }
    var text = expectations.prefix(expectationsShown).map(\.description).joined(separator: " | ")
    if expectations.count > expectationsShown { text += " | … (\(expectations.count - expectationsShown) more)" }
    return text
  }

  static func describe(_ part: ExplainedPart) -> String {
    let range = part.tokenRange
    let place = range.count == 1 ? "word \(range.lowerBound + 1)" : "words \(range.lowerBound + 1)-\(range.upperBound)"
    let what: String
    switch part.kind {
    case .literal: what = "literal"
    case .skip: what = "skipped filler"
    case .list(let name): what = "list {\(name)}"
    case .entity(let entity): what = "entity {\(entity.rawValue)}"
    case .freeText:
      what =
        part.person.map { "free text, a person's name (\($0))" } ?? part.collection.map { "free text, a collection's name (\($0))" }
        ?? "free text"
    }
    var line = "\(place) '\(part.text)': \(what)"
    if let slot = part.slot {
      line += " → \(slot)"
      if let value = part.value { line += " = \(value)" }
    }
    return line
  }

  static func format(_ score: Double) -> String {
    String(format: "%.3f", score)
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// The text in double quotes on one line, cut after 200 characters.
  static func quoted(_ text: String) -> String {
    var shown = text.count > 200 ? String(text.prefix(200)) + "…" : text
    shown = shown.replacingOccurrences(of: "\r\n", with: " ")
    shown = shown.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    return "\"" + shown + "\""
  }
}

/// One reading of a matched utterance.
public struct ExplainedMatch: Sendable, Equatable {
  public var intent: String
  /// The template that matched.
  public var template: TemplateReference
  /// The template's index among all templates, in the order written (the last tie-break).
  public var templateIndex: Int
  public var score: Double
  /// How every word was consumed, in order.
  public var parts: [ExplainedPart]
  /// The template's `=>` slots.
  public var fixedSlots: [FixedSlotValue]
  public var components: ScoreComponents

  public init(
    intent: String, template: TemplateReference, templateIndex: Int, score: Double, parts: [ExplainedPart],
    fixedSlots: [FixedSlotValue], components: ScoreComponents
  ) {
    self.intent = intent
    self.template = template
    self.templateIndex = templateIndex
    self.score = score
    self.parts = parts
    self.fixedSlots = fixedSlots
    self.components = components
  }
}

/// A `=> name = value` slot of a matched template.
public struct FixedSlotValue: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A run of words and what took it.
public struct ExplainedPart: Sendable, Equatable {
  public var kind: MatchedPart.Kind
  public var tokenRange: Range<Int>
  /// The words as written in the utterance.
  public var text: String
  /// The slot the words went to (list, entity and free text).
  public var slot: String?
  /// The slot's value (a list entry's value, an entity's value, the free text).
  public var value: String?
  /// For free text a `{person}` took, why it reads as a person's name ("'tarkan' is no
  /// everyday word").
  public var person: String?
  /// For free text a `{collection}` took, why it names a playlist or a compilation
  /// ("'essentials' is a collection word", "'100' is a number").
  public var collection: String?

  public init(
    kind: MatchedPart.Kind, tokenRange: Range<Int>, text: String, slot: String? = nil, value: String? = nil,
    person: String? = nil, collection: String? = nil
  ) {
    self.kind = kind
    self.tokenRange = tokenRange
    self.text = text
    self.slot = slot
    self.value = value
    self.person = person
    self.collection = collection
  }
}

/// A reading's score broken down: the words of each kind and their weights
/// (list or entity 1.0, literal 0.9, skipped filler 0.6, free text 0.3).
public struct ScoreComponents: Sendable, Equatable {
  public var literalWords: Int
  public var skippedWords: Int
  public var listWords: Int
  public var entityWords: Int
  public var freeTextWords: Int
  /// Free-text words that count for nothing: a first word declared `unlikely first`, a
  /// last word declared `unlikely last`, words on the slot's `unlikely inside` list.
  public var unlikelyWords: Int
  /// All the utterance's words.
  public var totalWords: Int

  public static let literalWeight = 0.9
  public static let skipWeight = 0.6
  public static let listWeight = 1.0
  public static let freeTextWeight = 0.3

  public init(
    literalWords: Int, skippedWords: Int, listWords: Int, entityWords: Int, freeTextWords: Int, unlikelyWords: Int = 0,
    totalWords: Int
  ) {
    self.unlikelyWords = unlikelyWords
    self.literalWords = literalWords
    self.skippedWords = skippedWords
    self.listWords = listWords
    self.entityWords = entityWords
    self.freeTextWords = freeTextWords
    self.totalWords = totalWords
  }

  /// The weighted words ×10, in integers as the matcher ranks them.
  public var units: Int {
    9 * literalWords + 6 * skippedWords + 10 * (listWords + entityWords) + 3 * (freeTextWords - unlikelyWords)
  }

  /// List and entity words: the third ranking criterion.
  public var knownWords: Int { listWords + entityWords }

  public var score: Double { totalWords == 0 ? 0 : Double(units) / Double(10 * totalWords) }

  /// E.g. `3 literal × 0.9 + 2 list × 1.0 = 4.7 of 5 words = 0.940`.
  public var formula: String {
    var terms: [String] = []
    if listWords > 0 { terms.append("\(listWords) list × 1.0") }
    if entityWords > 0 { terms.append("\(entityWords) entity × 1.0") }
    if literalWords > 0 { terms.append("\(literalWords) literal × 0.9") }
    if skippedWords > 0 { terms.append("\(skippedWords) skipped × 0.6") }
    if freeTextWords > unlikelyWords { terms.append("\(freeTextWords - unlikelyWords) free text × 0.3") }
    if unlikelyWords > 0 { terms.append("\(unlikelyWords) unlikely free text × 0") }
    if terms.isEmpty { terms.append("0") }
    let weighted = String(format: "%.1f", Double(units) / 10)
    return "\(terms.joined(separator: " + ")) = \(weighted) of \(Explanation.plural(totalWords, "word")) = \(Explanation.format(score))"
  }
}

/// The rule that ranked one reading before another, in the order the matcher applies them.
public enum RankingRule: String, Sendable, Equatable, CaseIterable {
  /// More of the utterance explained by weight.
  case higherScore
  /// Same score, fewer words taken by free text.
  case fewerFreeTextWords
  /// Same score and free text, more words matched by lists and entities.
  case moreListWords
  /// All equal: the template written first wins.
  case templateOrder
  /// All equal and the same template: the reading found first wins.
  case readingOrder

  /// A few words for the rule, as ``Explanation/lines`` shows it.
  public var summary: String {
    switch self {
    case .higherScore: return "higher score"
    case .fewerFreeTextWords: return "same score, fewer free-text words"
    case .moreListWords: return "same score and free text, more list words"
    case .templateOrder: return "a tie, broken by template order"
    case .readingOrder: return "a tie within one template, broken by the order readings are found"
    }
  }
}

/// Why the first reading was ranked before the second.
public struct RankingDecision: Sendable, Equatable {
  public var rule: RankingRule
  /// Indices into ``Explanation/matches``.
  public var winner: Int
  public var runnerUp: Int
  /// The numbers compared, e.g. `0.940 > 0.820`.
  public var detail: String

  public init(rule: RankingRule, winner: Int, runnerUp: Int, detail: String) {
    self.rule = rule
    self.winner = winner
    self.runnerUp = runnerUp
    self.detail = detail
  }
}

/// What a template could have taken where it stopped.
public enum Expectation: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// A literal word, as the grammar files write it (lower case).
  case word(String)
  /// A slot, written as in templates: `{mediaShowTitle:mediaName}`.
  case slot(String)
  /// The end of the utterance: the template was complete but words were left.
  case end

  public var description: String {
    switch self {
    case .word(let word): return "'\(word)'"
    case .slot(let label): return label
    case .end: return "the end"
    }
  }
}

/// A template that did not match the whole utterance, and how far it got. Near misses are
/// ranked by how far they got, then by how few words they left to free text.
public struct NearMiss: Sendable, Equatable {
  public var intent: String
  public var template: TemplateReference
  public var templateIndex: Int
  /// The word it stopped at (0-based), which is also how many words it accounted for;
  /// equal to the word count when it ran out of words.
  public var stoppedAt: Int
  /// How many of the words matched went to free text (the fewest the template needs).
  public var freeTextWords: Int
  /// What it could have taken there: literal words alphabetically, then slots in template
  /// order, then the end.
  public var expected: [Expectation]

  public init(
    intent: String, template: TemplateReference, templateIndex: Int, stoppedAt: Int, freeTextWords: Int = 0,
    expected: [Expectation]
  ) {
    self.intent = intent
    self.template = template
    self.templateIndex = templateIndex
    self.stoppedAt = stoppedAt
    self.freeTextWords = freeTextWords
    self.expected = expected
  }

  /// Words the template accounted for before it stopped.
  public var wordsMatched: Int { stoppedAt }
}
