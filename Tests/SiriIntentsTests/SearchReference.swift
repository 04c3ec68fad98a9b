import MediaAppKit
import SiriIntents
import UtteranceParsing

/// The catalog search as it was before the index (every item scored, keys computed the
/// slow way, scores through sets of strings): the reference the indexed search must
/// give the same answers as, wherever it doesn't forgive.
struct SearchReference {
  let items: [CatalogItem]
  let recognizer = EntityRecognizer(locale: "en-US")
  /// Numbers that start at a Chinese character are Chinese numerals ("八十九点一").
  let chineseRecognizer = EntityRecognizer(locale: "zh-CN")
  /// The keys of names, computed once across searches (as the catalog kept them).
  private let cache = KeyCache()

  private final class KeyCache {
    var keys: [String: [Form]] = [:]
  }

  struct Form: Equatable {
    var words: [String]
    var dropped: [String]
    var set: Set<String>
  }

  // MARK: - TitleMatcher before

  func keys(_ text: String) -> [Form] {
    var forms: [Form] = []
    let full = Tokenizer.words(text)
    func add(_ words: [String]) {
      let normalized = normalizeNumbers(words).map { Self.homophones[$0] ?? $0 }
      if !forms.contains(where: { $0.words == normalized }) {
        var dropped = full
        for word in words {
          if let index = dropped.firstIndex(of: word) { dropped.remove(at: index) }
        }
        forms.append(Form(words: normalized, dropped: dropped.sorted(), set: Set(normalized)))
      }
    }
    add(full)
    let withoutAsides = Tokenizer.words(Self.removingAsides(text))
    add(withoutAsides)
    let withoutCredits = Self.removingCredits(withoutAsides)
    add(withoutCredits)
    add(withoutCredits.filter { !Self.optionalWords.contains($0) })
    add(full.filter { !Self.optionalWords.contains($0) })
    return forms
  }

  func normalizeNumbers(_ words: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < words.count {
      let isHan = words[index].unicodeScalars.first.map { $0.properties.isIdeographic } ?? false
      let recognizer = isHan ? chineseRecognizer : recognizer
      if let span = recognizer.matches(.ordinal, in: words, from: index).first,
        case .ordinal(let value) = span.value, span.end > index
      {
        result.append("#\(value)")
        index = span.end
      } else if words[index] != "a" && words[index] != "an",
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

  func score(_ query: [Form], _ title: [Form]) -> Double {
    guard let first = query.first, !first.words.isEmpty else { return 0 }
    var best = 0.0
    for q in query where !q.words.isEmpty {
      for t in title where !t.words.isEmpty {
        if q.words == t.words {
          var remaining = t.dropped
          var unmatched = 0
          for word in q.dropped {
            if let index = remaining.firstIndex(of: word) { remaining.remove(at: index) } else { unmatched += 1 }
          }
          let cost = unmatched + remaining.count
          best = max(best, max(0.9, 1.0 - 0.02 * Double(cost)))
        } else {
          best = max(best, overlap(q.set, t.set))
        }
      }
    }
    return best
  }

  func overlap(_ setA: Set<String>, _ setB: Set<String>) -> Double {
    let common = setA.intersection(setB).count
    guard common > 0 else { return 0 }
    let smaller = min(setA.count, setB.count)
    let larger = max(setA.count, setB.count)
    if common == setA.count { return 0.6 + 0.3 * Double(common) / Double(larger) }
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

  // MARK: - MediaCatalog.search before

  struct Match: Equatable {
    var id: String
    var score: Double
  }

  func search(_ search: MediaSearch, types: Set<MediaItemType>, artistMeansArtist: Bool = true) -> [Match] {
    func score(_ query: [Form], _ name: String) -> Double {
      if cache.keys[name] == nil { cache.keys[name] = keys(name) }
      return self.score(query, cache.keys[name]!)
    }
    var candidates = Array(items.enumerated()).filter { types.contains($0.element.type) }
    if search.mediaType != .unknown {
      let wanted = MediaCatalog.compatibleTypes(search.mediaType)
      candidates = candidates.filter { wanted.contains($0.element.type) }
    }
    if let year = search.releaseDate.flatMap(Self.year(in:)) {
      candidates = candidates.filter { $0.element.year.map { year.contains($0) } ?? false }
    }
    if !search.genreNames.isEmpty {
      let genres = search.genreNames.map(keys)
      candidates = candidates.filter { entry in
        let item = entry.element
        return genres.contains { genre in
          item.genres.contains { score(genre, $0) >= 0.9 } || (item.type == .genre && score(genre, item.title) >= 0.9)
        }
      }
    }
    if !search.moodNames.isEmpty {
      let moods = search.moodNames.map(keys)
      candidates = candidates.filter { entry in
        moods.contains { mood in entry.element.moods.contains { score(mood, $0) >= 0.9 } }
      }
    }
    if let artist = search.artistName.map(keys) {
      candidates = candidates.filter { entry in
        let item = entry.element
        return score(artist, item.type == .artist ? item.title : item.artist ?? "") >= 0.75
      }
    }
    if let album = search.albumName.map(keys) {
      candidates = candidates.filter { entry in
        let item = entry.element
        return item.type == .album
          ? item.titles.map { score(album, $0) }.max() ?? 0 >= 0.75 : score(album, item.album ?? "") >= 0.75
      }
    }
    var matches: [(offset: Int, item: CatalogItem, score: Double)]
    if let name = search.mediaName.map(keys) {
      matches = candidates.compactMap { entry in
        let best = entry.element.titles.map { score(name, $0) }.max() ?? 0
        return best >= 0.6 ? (entry.offset, entry.element, best) : nil
      }
    } else {
      matches = candidates.map { entry in
        let score: Double
        switch entry.element.type {
        case .genre: score = 0.9
        case .musicStation, .radioStation, .station, .playlist: score = 0.85
        case .artist where search.artistName == nil: score = 0.7
        default: score = 0.8
        }
        return (entry.offset, entry.element, score)
      }
    }
    if artistMeansArtist, search.mediaName == nil, search.artistName != nil, search.mediaType == .unknown {
      let artists = matches.filter { $0.item.type == .artist }
      if !artists.isEmpty { matches = artists }
    }
    if search.sortOrder != .unknown, search.mediaType == .unknown, search.mediaName == nil, search.artistName == nil,
      search.albumName == nil, search.genreNames.isEmpty, search.moodNames.isEmpty
    {
      let songs = matches.filter { $0.item.type == .song }
      if !songs.isEmpty { matches = songs }
    }
    let sorted = matches.sorted { a, b in
      switch search.sortOrder {
      case .newest:
        if (a.item.year ?? 0) != (b.item.year ?? 0) { return (a.item.year ?? 0) > (b.item.year ?? 0) }
      case .oldest:
        if (a.item.year ?? 9999) != (b.item.year ?? 9999) { return (a.item.year ?? 9999) < (b.item.year ?? 9999) }
      case .popular, .trending, .recommended:
        if a.item.popularity != b.item.popularity { return a.item.popularity > b.item.popularity }
      case .unpopular:
        if a.item.popularity != b.item.popularity { return a.item.popularity < b.item.popularity }
      case .best:
        if a.item.rating != b.item.rating { return a.item.rating > b.item.rating }
      case .worst:
        if a.item.rating != b.item.rating { return a.item.rating < b.item.rating }
      case .unknown:
        break
      }
      if a.score != b.score { return a.score > b.score }
      return a.offset < b.offset
    }
    return sorted.map { Match(id: $0.item.id, score: $0.score) }
  }

  static func year(in text: String) -> ClosedRange<Int>? {
    let digits = text.filter(\.isNumber)
    if digits.count == 4, let year = Int(digits) {
      // "1990s" (as the grammars write "the nineties") is the decade; "1999" the year.
      return text.hasSuffix("s") && year % 10 == 0 ? year...(year + 9) : year...year
    }
    if digits.count == 2, let decade = Int(digits), text.hasSuffix("s") {
      let century = decade < 30 ? 2000 : 1900
      return (century + decade)...(century + decade + 9)
    }
    for (word, start) in [("sixties", 1960), ("seventies", 1970), ("eighties", 1980), ("nineties", 1990)]
    where text.lowercased().contains(word) {
      return start...(start + 9)
    }
    return nil
  }
}
