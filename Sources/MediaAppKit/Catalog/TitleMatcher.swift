import UtteranceParsing

/// Forgiving title comparison for catalog search, the "flexible matching" the
/// WWDC media session asks for.
///
/// Speech recognition rarely gives a title exactly as the catalog spells it, so both
/// sides are reduced to keys before they are compared:
/// - case, diacritics and punctuation are ignored ("hello" finds "HELLO!");
/// - parenthesized and bracketed asides are optional ("Outer Peace" finds
///   "Outer Peace (Deluxe)");
/// - credits after "feat."/"ft." are optional;
/// - filler words that people leave out are optional: "podcast", "audio", "video",
///   "soundtrack", "edition", "the";
/// - number and ordinal words become digits ("eighty-first" finds "81st"), Chinese
///   numerals too, whatever the locale ("八十九点一" finds "89.1 FM", "第八十一" "81st"):
///   one catalog serves every locale;
/// - homophones that recognizers confuse fold together ("son" finds "sun").
public struct TitleMatcher: Sendable {
  private let recognizer: EntityRecognizer
  /// Reads numbers that start at an ideograph (三十, 八十九点一, 第八十一).
  private let ideographicRecognizer = EntityRecognizer(locale: "zh-CN")
  /// How to tell, one word at a time, whether number normalization can change a text.
  private let numberWords: NumberWords

  /// Which words may start a number or an ordinal in the recognizer's grammar.
  private enum NumberWords: Sendable {
    /// English: a number starts at a digit, a number word ("eighty", "first",
    /// "hundred"), "point" ("point five") or "half" ("half a dozen"). "a" and "an" start
    /// one only before a number word ("a hundred"), which is itself a number word.
    case english
    /// Locales read with digits only: a number starts at a digit.
    case digits
    /// Anything else (Chinese numerals, "第"): always ask the recognizer.
    case unknown
  }

  public init(locale: String = "en-US") {
    recognizer = EntityRecognizer(locale: locale)
    let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    switch language {
    case "en": numberWords = .english
    case "zh": numberWords = .unknown
    default: numberWords = .digits
    }
  }

  /// How well `query` names `title`, from 0 (not at all) to 1 (exactly).
  public func score(query: String, title: String) -> Double {
    score(keys(query), keys(title))
  }

  /// How well a query names a title, from their keys (see ``keys(_:)``): 0 (not at
  /// all) to 1 (exactly). Catalogs compute their titles' keys once and a search its
  /// query's keys once, so this is the only work done per candidate.
  public func score(_ query: TitleKeys, _ title: TitleKeys) -> Double {
    guard let first = query.forms.first, !first.words.isEmpty else { return 0 }
    var best = 0.0
    for q in query.forms where !q.words.isEmpty {
      for t in title.forms where !t.words.isEmpty {
        if q.words == t.words {
          // Equal once some optional words are left out: words left out on only one
          // side cost a little ("the rocket man soundtrack" is closer to a title with
          // "soundtrack" in it than to one without).
          let cost = Self.symmetricDifference(q.dropped, t.dropped)
          best = max(best, max(0.9, 1.0 - 0.02 * Double(cost)))
        } else {
          best = max(best, Self.overlap(q.uniqueWords, t.uniqueWords))
        }
      }
    }
    return best
  }

  /// Ranks `candidates` by how well `query` names them; only those scoring at least
  /// `threshold` are kept, best first. `known` holds titles' keys computed beforehand.
  public func rank<T>(
    _ candidates: [T], query: String, threshold: Double = 0.6, known: [String: TitleKeys] = [:],
    titles: (T) -> [String]
  ) -> [(item: T, score: Double)] {
    let queryKeys = keys(query)
    var ranked: [(item: T, score: Double, index: Int)] = []
    for (index, candidate) in candidates.enumerated() {
      let score = titles(candidate).map { self.score(queryKeys, known[$0] ?? keys($0)) }.max() ?? 0
      if score >= threshold { ranked.append((candidate, score, index)) }
    }
    ranked.sort { ($0.score, -$0.index) > ($1.score, -$1.index) }
    return ranked.map { ($0.item, $0.score) }
  }

  // MARK: - Keys

  /// The keys of each of `names`, to pass to ``rank(_:query:threshold:known:titles:)``.
  public func keyTable(_ names: some Sequence<String>) -> [String: TitleKeys] {
    var table: [String: TitleKeys] = [:]
    for name in names where table[name] == nil { table[name] = keys(name) }
    return table
  }

  /// The comparison keys of a text: the full folded form first, then relaxed forms,
  /// each with the words left out to get it.
  public func keys(_ text: String) -> TitleKeys {
    let full = Tokenizer.words(text)
    let withoutAsides = Self.hasAsideMarks(text) ? Tokenizer.words(Self.removingAsides(text)) : full
    return keys(full: full, withoutAsides: withoutAsides)
  }

  /// The keys of a text from its words and the words left once its asides are removed.
  func keys(full: [String], withoutAsides: [String]) -> TitleKeys {
    // Number normalization is skipped when no word can start a number: it would
    // change nothing, and asking the recognizer is most of the cost of keys.
    let numbers = full.contains(where: mayStartNumber) || withoutAsides.contains(where: mayStartNumber)
    var forms: [TitleKeys.Form] = []
    forms.reserveCapacity(2)
    // Forms often have the same words (no aside, no credit): normalize each list once.
    var normalizedBefore: [(words: [String], normalized: [String])] = []
    func add(_ words: [String]) {
      var normalized = words
      if numbers {
        if let before = normalizedBefore.first(where: { $0.words == words }) {
          normalized = before.normalized
        } else {
          normalized = normalizeNumbers(words)
          normalizedBefore.append((words, normalized))
        }
      }
      for index in normalized.indices {
        if let folded = Self.homophones[normalized[index]] { normalized[index] = folded }
      }
      if !forms.contains(where: { $0.words == normalized }) {
        var dropped = full
        for word in words {
          if let index = dropped.firstIndex(of: word) { dropped.remove(at: index) }
        }
        if dropped.count > 1 { dropped.sort() }
        forms.append(TitleKeys.Form(words: normalized, dropped: dropped))
      }
    }
    add(full)
    add(withoutAsides)
    let withoutCredits = Self.removingCredits(withoutAsides)
    add(withoutCredits)
    add(withoutCredits.filter { !Self.optionalWords.contains($0) })
    add(full.filter { !Self.optionalWords.contains($0) })
    return TitleKeys(forms: forms)
  }

  /// Whether `word` (a folded token) may start a number or an ordinal, so that
  /// normalizing numbers could change a text holding it. Never false for a word that
  /// can; true for some that can't ("a", "an" excepted, see ``NumberWords``).
  func mayStartNumber(_ word: String) -> Bool {
    guard let first = word.utf8.first else { return false }
    // Digits, and anything not ASCII (digits of other scripts), ask the recognizer.
    if first >= 0x80 || (first >= 0x30 && first <= 0x39) { return true }
    switch numberWords {
    case .english: return Self.englishNumberWords.contains(word)
    case .digits: return false
    case .unknown: return true
    }
  }

  /// The words of the English entity grammar that are numbers or ordinals by themselves
  /// ("seven", "twentyfirst", "hundredth", "fourty"…), and "point" and "half", which
  /// start one before such a word. `NumberWordsTests` checks the table against the
  /// recognizer.
  static let englishNumberWords: Set<String> = {
    let units = [
      "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
      "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    let unitOrdinals = [
      "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
      "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
      "nineteenth",
    ]
    let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    let tensOrdinals = [
      "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth",
    ]
    var words = Set(units + unitOrdinals + tens + tensOrdinals)
    for ten in tens {
      for unit in 1...9 {
        words.insert(ten + units[unit])
        words.insert(ten + unitOrdinals[unit])
      }
    }
    words.formUnion(["fourty", "fourtieth", "nineth", "hundred", "hundredth", "thousand", "thousandth"])
    words.formUnion(["million", "millionth", "billion", "billionth", "point", "half"])
    return words
  }()

  /// Whether a number reading may start at `word` according to the recognizer itself
  /// (the slow check ``mayStartNumber(_:)`` stands in for; used by tests).
  func recognizerStartsNumber(_ word: String) -> Bool {
    !recognizer.matches(.ordinal, in: [word], from: 0).isEmpty || !recognizer.matches(.number, in: [word], from: 0).isEmpty
  }

  private func normalizeNumbers(_ words: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(words.count)
    var index = 0
    while index < words.count {
      // No reading starts at a word that can't start a number, nor at "a"/"an"
      // before one ("a hundred and first"): skip asking the recognizer.
      if !mayStartNumber(words[index]) && Self.numberStart(words[index]) {
        result.append(words[index])
        index += 1
        continue
      }
      // Chinese numerals are read as Chinese, whatever the locale.
      let reader = Self.isIdeographic(words[index]) ? ideographicRecognizer : recognizer
      if let span = reader.matches(.ordinal, in: words, from: index).first,
        case .ordinal(let value) = span.value, span.end > index
      {
        result.append("#\(value)")
        index = span.end
      } else if Self.numberStart(words[index]),
        let span = reader.matches(.number, in: words, from: index).first,
        case .number(let value) = span.value, span.end > index
      {
        result.append("#\(SlotValue.number(value).description)")
        index = span.end
      } else {
        result.append(words[index])
        index += 1
      }
    }
    return result
  }

  /// Whether `word` (a folded token) is an ideograph: a Chinese numeral may start there.
  static func isIdeographic(_ word: String) -> Bool {
    word.unicodeScalars.first.map(Tokenizer.isIdeographic) ?? false
  }

  private static func numberStart(_ word: String) -> Bool {
    word != "a" && word != "an"
  }

  /// The size of the symmetric difference of two sorted word lists (as multisets).
  static func symmetricDifference(_ a: [String], _ b: [String]) -> Int {
    var remaining = b
    var unmatched = 0
    for word in a {
      if let index = remaining.firstIndex(of: word) { remaining.remove(at: index) } else { unmatched += 1 }
    }
    return unmatched + remaining.count
  }

  /// Shared-word similarity of two sets of words (arrays without repeats):
  /// containment of the shorter in the longer, weighted by coverage.
  static func overlap(_ setA: [String], _ setB: [String]) -> Double {
    var common = 0
    for word in setA where setB.contains(word) { common += 1 }
    return overlap(common: common, setA.count, setB.count)
  }

  /// ``overlap(_:_:)`` from the number of words two sets share and their sizes.
  @inline(__always)
  static func overlap(common: Int, _ countA: Int, _ countB: Int) -> Double {
    guard common > 0 else { return 0 }
    let smaller = min(countA, countB)
    let larger = max(countA, countB)
    if common == countA {
      // Every word asked for is in the title: a good match, better when it covers more.
      return 0.6 + 0.3 * Double(common) / Double(larger)
    }
    if common == smaller { return 0.5 + 0.2 * Double(common) / Double(larger) }
    return 0.55 * Double(common) / Double(countA + countB - common)
  }

  /// Whether `text` has a bracket or parenthesis, so removing asides changes it.
  static func hasAsideMarks(_ text: String) -> Bool {
    text.utf8.contains { $0 == 0x28 || $0 == 0x29 || $0 == 0x5B || $0 == 0x5D }
  }

  static func removingAsides(_ text: String) -> String {
    var result = ""
    var depth = 0
    for character in text {
      if character == "(" || character == "[" {
        depth += 1
      } else if character == ")" || character == "]" {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        result.append(character)
      }
    }
    return result
  }

  static func removingCredits(_ words: [String]) -> [String] {
    if let index = words.firstIndex(where: { creditWords.contains($0) }), index > 0 {
      return Array(words[..<index])
    }
    return words
  }

  /// Words that start a credit ("feat. Special Disaster Team").
  static let creditWords: Set<String> = ["feat", "ft", "featuring"]

  static let optionalWords: Set<String> = [
    "the", "a", "podcast", "audio", "video", "soundtrack", "edition", "deluxe", "original",
    "motion", "picture", "remastered", "version", "music", "from",
  ]

  static let homophones: [String: String] = [
    "son": "sun", "knight": "night", "two": "#2", "too": "to", "four": "#4", "for": "for",
    "won": "#1", "one": "#1", "right": "write", "sea": "see", "blue": "blew", "hour": "our",
  ]
}

/// A text reduced for comparison by ``TitleMatcher``: its full folded form first, then
/// relaxed forms (asides, credits and optional words left out). Computing keys is the
/// expensive part of matching; compute them once per title and once per query.
public struct TitleKeys: Sendable, Equatable {
  public struct Form: Sendable, Equatable {
    /// The folded words, numbers as `#81`, homophones folded.
    public var words: [String]
    /// The words left out to get this form, sorted.
    public var dropped: [String]
    /// `words` without repeats, in order, for overlap scores (titles have a handful of
    /// words: comparing them costs less than hashing them into a set).
    var uniqueWords: [String]

    init(words: [String], dropped: [String]) {
      self.words = words
      self.dropped = dropped
      var unique: [String] = []
      unique.reserveCapacity(words.count)
      for word in words where !unique.contains(word) { unique.append(word) }
      uniqueWords = unique
    }
  }

  public var forms: [Form]
}
