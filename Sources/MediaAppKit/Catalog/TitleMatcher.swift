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
/// - number and ordinal words become digits ("eighty-first" finds "81st");
/// - homophones that recognizers confuse fold together ("son" finds "sun").
public struct TitleMatcher: Sendable {
  private let recognizer: EntityRecognizer

  public init(locale: String = "en-US") {
    recognizer = EntityRecognizer(locale: locale)
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
          best = max(best, overlap(q.wordSet, t.wordSet))
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
    var forms: [TitleKeys.Form] = []
    let full = Tokenizer.words(text)
    func add(_ words: [String]) {
      let normalized = normalizeNumbers(words).map { Self.homophones[$0] ?? $0 }
      if !forms.contains(where: { $0.words == normalized }) {
        var dropped = full
        for word in words {
          if let index = dropped.firstIndex(of: word) { dropped.remove(at: index) }
        }
        forms.append(TitleKeys.Form(words: normalized, dropped: dropped.sorted()))
      }
    }
    add(full)
    let withoutAsides = Tokenizer.words(Self.removingAsides(text))
    add(withoutAsides)
    let withoutCredits = Self.removingCredits(withoutAsides)
    add(withoutCredits)
    add(withoutCredits.filter { !Self.optionalWords.contains($0) })
    add(full.filter { !Self.optionalWords.contains($0) })
    return TitleKeys(forms: forms)
  }

  private func normalizeNumbers(_ words: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < words.count {
      if let span = recognizer.matches(.ordinal, in: words, from: index).first,
        case .ordinal(let value) = span.value, span.end > index
      {
        result.append("#\(value)")
        index = span.end
      } else if Self.numberStart(words[index]),
        let span = recognizer.matches(.number, in: words, from: index).first,
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

  /// Shared-word similarity: containment of the shorter in the longer, weighted by coverage.
  private func overlap(_ setA: Set<String>, _ setB: Set<String>) -> Double {
    let common = setA.intersection(setB).count
    guard common > 0 else { return 0 }
    let smaller = min(setA.count, setB.count)
    let larger = max(setA.count, setB.count)
    if common == setA.count {
      // Every word asked for is in the title: a good match, better when it covers more.
      return 0.6 + 0.3 * Double(common) / Double(larger)
    }
    if common == smaller { return 0.5 + 0.2 * Double(common) / Double(larger) }
    return 0.55 * Double(common) / Double(setA.union(setB).count)
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
    if let index = words.firstIndex(where: { ["feat", "ft", "featuring"].contains($0) }), index > 0 {
      return Array(words[..<index])
    }
    return words
  }

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
    /// `words` as a set, for overlap scores.
    var wordSet: Set<String>

    init(words: [String], dropped: [String]) {
      self.words = words
      self.dropped = dropped
      wordSet = Set(words)
    }
  }

  public var forms: [Form]
}
