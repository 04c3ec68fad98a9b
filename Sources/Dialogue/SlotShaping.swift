import UtteranceParsing

/// Settles whether a name heard as free text is an artist or a title, from its shape.
///
/// The grammar can't know names no catalog lists: "play X" and "add X to Y" are as
/// often an artist as a song. Titles are phrases and carry the small words of a
/// sentence ("Roots of the Outsiders", "take it back", "I Will Always Love You");
/// people's and bands' names mostly don't ("Mike Mantler", "Ron Sexsmith"). So a
/// free-text `artist` with such words becomes a `mediaName`, and a free-text
/// `mediaName` of two or three plain words, when the request names no artist,
/// becomes an `artist` (unless a media type says it is a title: "the music video bad
/// guy"). Names from a catalog list are never touched.
public enum SlotShaping {
  /// `candidate` with its free-text name slot relabelled when its shape says so.
  public static func refine(_ candidate: ParseCandidate) -> ParseCandidate {
    guard candidate.intent == "PlayMedia" || candidate.intent == "AddMedia" else { return candidate }
    // "play the playlist Introspective": the name is the playlist's.
    if candidate.intent == "PlayMedia", candidate.slots.contains(where: { $0.name == "mediaType" && $0.value == .text("playlist") }),
      let index = candidate.slots.firstIndex(where: { $0.name == "mediaName" && $0.source == .freeText })
    {
      var renamed = candidate
      renamed.slots[index].name = "playlist"
      renamed.slots.removeAll { $0.name == "mediaType" }
      return renamed
    }
    let named = Set(candidate.slots.map(\.name))
    guard !(named.contains("artist") && named.contains("mediaName")), !named.contains("album"),
      !named.contains("playlist"), !named.contains("genre")
    else { return candidate }
    var refined = candidate
    for index in refined.slots.indices where refined.slots[index].source == .freeText {
      let words = Tokenizer.words(refined.slots[index].text)
      switch refined.slots[index].name {
      case "artist" where looksLikeTitle(words):
        refined.slots[index].name = "mediaName"
      case "mediaName" where looksLikeName(words) && !named.contains("mediaType"):
        refined.slots[index].name = "artist"
      default:
        continue
      }
    }
    return refined
  }

  static func looksLikeTitle(_ words: [String]) -> Bool {
    words.count >= 2 && words.contains(where: titleWords.contains)
  }

  static func looksLikeName(_ words: [String]) -> Bool {
    (2...3).contains(words.count) && !words.contains(where: titleWords.contains)
      && words.allSatisfy { $0.count > 1 && $0.allSatisfy(\.isLetter) }
  }

  /// Words common in titles and rare in people's or bands' names.
  static let titleWords: Set<String> = [
    "the", "a", "an", "of", "to", "in", "on", "at", "for", "with", "from", "and", "or", "is", "are", "was",
    "be", "it", "its", "i", "im", "ill", "me", "my", "you", "youre", "your", "we", "our", "us", "he", "she",
    "his", "her", "they", "them", "their", "this", "that", "these", "those", "not", "no", "dont", "cant",
    "all", "what", "when", "where", "why", "how", "who", "do", "does", "did", "can", "will", "just", "so",
    "up", "down", "out", "over", "into", "love", "night", "time", "life", "heart", "baby", "dream", "day",
    "world", "if", "as", "than", "like", "got", "get", "let", "go", "come", "back", "away", "again",
  ]
}
