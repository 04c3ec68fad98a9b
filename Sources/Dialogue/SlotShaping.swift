import UtteranceParsing

/// Settles what a free-text name is when the rest of the request says so.
///
/// Whether a bare name is an artist or a title is the grammar's business (`{name:artist}`
/// takes names shaped like a person's or band's, `{text:mediaName}` the rest; see
/// `Grammars/README.md`). What is left here is what a template can't see on its own:
/// "play the playlist Introspective" or "play Funky Jams playlist" names a playlist, not
/// a song or an artist (when nothing else is named).
public enum SlotShaping {
  /// `candidate` with its free-text name slot relabelled when the request says what it is.
  public static func refine(_ candidate: ParseCandidate) -> ParseCandidate {
    guard candidate.intent == "PlayMedia",
      candidate.slots.contains(where: { $0.name == "mediaType" && $0.value == .text("playlist") }),
      candidate.slots.filter({ ["mediaName", "artist", "album"].contains($0.name) }).count == 1,
      let index = candidate.slots.firstIndex(where: { ($0.name == "mediaName" || $0.name == "artist") && $0.source == .freeText })
    else { return candidate }
    var renamed = candidate
    renamed.slots[index].name = "playlist"
    renamed.slots.removeAll { $0.name == "mediaType" }
    return renamed
  }
}
