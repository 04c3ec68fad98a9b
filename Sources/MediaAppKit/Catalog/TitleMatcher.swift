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
    let queryKeys = keys(for: query)
    let titleKeys = keys(for: title)
    guard let first = queryKeys.first, !first.words.isEmpty else { return 0 }
    var best = 0.0
    for q in queryKeys where !q.words.isEmpty {
      for t in titleKeys where !t.words.isEmpty {
        if q.words == t.words {
          // Equal once some optional words are left out: words left out on only one
          // side cost a little ("the rocket man soundtrack" is closer to a title with
          // "soundtrack" in it than to one without).
          let cost = Self.symmetricDifference(q.dropped, t.dropped)
          best = max(best, max(0.9, 1.0 - 0.02 * Double(cost)))
        } else {
          best = max(best, overlap(q.words, t.words))
        }
      }
    }
    return best
  }

  /// Ranks `candidates` by how well `query` names them; only those scoring at least
  /// `threshold` are kept, best first.
  public func rank<T>(
    _ candidates: [T], query: String, threshold: Double = 0.6, titles: (T) -> [String]
  ) -> [(item: T, score: Double)] {
    var ranked: [(item: T, score: Double, index: Int)] = []
    for (index, candidate) in candidates.enumerated() {
      let score = titles(candidate).map { self.score(query: query, title: $0) }.max() ?? 0
      if score >= threshold { ranked.append((candidate, score, index)) }
    }
    ranked.sort { ($0.score, -$0.index) > ($1.score, -$1.index) }
    return ranked.map { ($0.item, $0.score) }
  }

  // MARK: - Keys

  /// The comparison keys of a text: the full folded form first, then relaxed forms,
  /// each with how many words were left out to get it.
  func keys(for text: String) -> [(words: [String], dropped: [String])] {
    var keys: [(words: [String], dropped: [String])] = []
    let full = Tokenizer.words(text)
    func add(_ words: [String]) {
      let normalized = normalizeNumbers(words).map { Self.homophones[$0] ?? $0 }
      if !keys.contains(where: { $0.words == normalized }) {
        var dropped = full
        for word in words {
          if let index = dropped.firstIndex(of: word) { dropped.remove(at: index) }
        }
        keys.append((normalized, dropped.sorted()))
      }
    }
    add(full)
    let withoutAsides = Tokenizer.words(Self.removingAsides(text))
    add(withoutAsides)
    let withoutCredits = Self.removingCredits(withoutAsides)
    add(withoutCredits)
    add(withoutCredits.filter { !Self.optionalWords.contains($0) })
    add(full.filter { !Self.optionalWords.contains($0) })
    return keys
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
  private func overlap(_ a: [String], _ b: [String]) -> Double {
    let setA = Set(a)
    let setB = Set(b)
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
