/// `variant spellings = favorite: favourite | color: colour`: words with more than one
/// spelling. A grammar says each such word once, either way, and means both: every
/// literal, list phrase, filler phrase and word list that holds one spelling also holds
/// the others, as if the alternation had been written out (`(favorite | favourite)`).
///
/// The grammar's files are rewritten before they are assembled, so the matcher does no
/// work of its own for them and every reading, score and `:why` is what the written-out
/// alternation would give. The apps' own names (external lists) are not rewritten: a
/// catalog title is matched as the catalog spells it, and the app's search forgives the
/// rest.
struct SpellingVariants {
  /// Every spelling of a declared word → its other spellings, in declaration order.
  private(set) var others: [String: [String]] = [:]

  /// The spellings declared in `files`, joined where they share a spelling (`gray: grey`
  /// and `grey: graye` make one word of three spellings).
  init(_ files: [GrammarFile]) {
    var groups: [[String]] = []
    var groupOf: [String: Int] = [:]
    for pair in files.flatMap(\.variantSpellings) {
      switch (groupOf[pair.first], groupOf[pair.second]) {
      case (nil, nil):
        groupOf[pair.first] = groups.count
        groupOf[pair.second] = groups.count
        groups.append([pair.first, pair.second])
      case (let group?, nil):
        groupOf[pair.second] = group
        groups[group].append(pair.second)
      case (nil, let group?):
        groupOf[pair.first] = group
        groups[group].append(pair.first)
      case (let a?, let b?) where a != b:
        for word in groups[b] { groupOf[word] = a }
        groups[a] += groups[b]
        groups[b] = []
      default:
        break
      }
    }
    for group in groups where group.count > 1 {
      for word in group { others[word] = group.filter { $0 != word } }
    }
  }

  var isEmpty: Bool { others.isEmpty }

  /// At most this many spellings of one phrase are made ("my favourite colour" is four).
  static let maximumPhraseSpellings = 16

  /// `files` with every spelling said wherever one is.
  func applied(to files: [GrammarFile]) -> [GrammarFile] {
    guard !isEmpty else { return files }
    return files.map(applied(to:))
  }

  private func applied(to file: GrammarFile) -> GrammarFile {
    var file = file
    for index in file.intents.indices {
      for template in file.intents[index].templates.indices {
        file.intents[index].templates[template].expression = applied(to: file.intents[index].templates[template].expression)
      }
      file.intents[index].closing = file.intents[index].closing.map(applied(to:))
    }
    for index in file.rules.indices {
      file.rules[index].expression = applied(to: file.rules[index].expression)
    }
    for index in file.lists.indices {
      for entry in file.lists[index].entries.indices {
        file.lists[index].entries[entry].phrases = applied(toPhrases: file.lists[index].entries[entry].phrases)
      }
    }
    file.skipPhrases = applied(to: file.skipPhrases)
    file.openingSkipPhrases = applied(to: file.openingSkipPhrases)
    file.closingSkipPhrases = applied(to: file.closingSkipPhrases)
    file.unlikelyFirstWords = applied(to: file.unlikelyFirstWords)
    file.unlikelyLastWords = applied(to: file.unlikelyLastWords)
    file.unlikelyInsideWords = file.unlikelyInsideWords.mapValues(applied(to:))
    file.nameExcludedWords = applied(to: file.nameExcludedWords)
    file.nameParticles = applied(to: file.nameParticles)
    file.titleWords = applied(to: file.titleWords)
    file.textExcludedWords = applied(to: file.textExcludedWords)
    file.openingExcludedWords = applied(to: file.openingExcludedWords)
    file.noNameWords = applied(to: file.noNameWords)
    file.slipWords = applied(to: file.slipWords)
    file.slipExcludedWords = applied(to: file.slipExcludedWords)
    file.commonWords = applied(toWords: file.commonWords)
    file.givenNames = applied(toWords: file.givenNames)
    file.collectionWords = applied(toWords: file.collectionWords)
    return file
  }

  /// `expression` with each declared word written as the alternation of its spellings.
  func applied(to expression: GrammarExpression) -> GrammarExpression {
    switch expression {
    case .words(let words, let location):
      guard words.contains(where: { others[$0] != nil }) else { return expression }
      var parts: [GrammarExpression] = []
      var plain: [String] = []
      for word in words {
        guard let spellings = others[word] else {
          plain.append(word)
          continue
        }
        if !plain.isEmpty { parts.append(.words(plain, location)) }
        plain = []
        parts.append(.alternatives(([word] + spellings).map { .words([$0], location) }))
      }
      if !plain.isEmpty { parts.append(.words(plain, location)) }
      return .sequence(parts)
    case .sequence(let items): return .sequence(items.map(applied(to:)))
    case .alternatives(let items): return .alternatives(items.map(applied(to:)))
    case .optional(let inner): return .optional(applied(to: inner))
    case .slot, .rule: return expression
    }
  }

  /// Every spelling of `words`, the words as given first; at most
  /// ``maximumPhraseSpellings``.
  func spellings(of words: [String]) -> [[String]] {
    var made: [[String]] = [[]]
    for word in words {
      let choices = [word] + (others[word] ?? [])
      made = made.flatMap { prefix in choices.map { prefix + [$0] } }
      if made.count > Self.maximumPhraseSpellings { made = Array(made.prefix(Self.maximumPhraseSpellings)) }
    }
    return made
  }

  private func applied(to phrases: [SkipPhrase]) -> [SkipPhrase] {
    phrases.flatMap { phrase -> [SkipPhrase] in
      guard phrase.words.contains(where: { others[$0] != nil }) else { return [phrase] }
      return spellings(of: phrase.words).map { words in
        SkipPhrase(text: words == phrase.words ? phrase.text : words.joined(separator: " "), words: words, location: phrase.location)
      }
    }
  }

  private func applied(toWords words: [String]) -> [String] {
    words.flatMap { word in [word] + (others[word] ?? []) }
  }

  /// List phrases as written ("my favorite"): those with a declared word gain each other
  /// spelling, written as its words.
  private func applied(toPhrases phrases: [String]) -> [String] {
    var result: [String] = []
    for phrase in phrases {
      result.append(phrase)
      let words = Tokenizer.words(phrase)
      guard words.contains(where: { others[$0] != nil }) else { continue }
      for spelled in spellings(of: words).dropFirst() {
        let text = spelled.joined(separator: " ")
        if !result.contains(text) { result.append(text) }
      }
    }
    return result
  }
}
