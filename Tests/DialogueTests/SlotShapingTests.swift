import Dialogue
import Testing
import UtteranceParsing

/// Free-text names: artist or title from their shape (the shipped grammar's `{name}`
/// templates), and a playlist when the request says so (``SlotShaping``).
struct SlotShapingTests {
  static func candidate(_ intent: String, _ slots: [(String, String, SlotMatch.Source)]) -> ParseCandidate {
    ParseCandidate(
      intent: intent,
      slots: slots.map { SlotMatch(name: $0.0, value: .text($0.1), text: $0.1, tokenRange: 0..<1, source: $0.2) },
      score: 0.5, template: TemplateReference(location: SourceLocation(file: "t", line: 1, column: 1), text: ""), parts: [])
  }

  /// The best reading's free-text names with the shipped en-US grammar and no catalog.
  static func names(_ utterance: String) -> [String] {
    let best = DialogueEngineTests.grammar.parse(utterance).first.map(SlotShaping.refine)
    return best?.slots.filter { $0.source == .freeText }.map { "\($0.name)=\($0.text)" } ?? []
  }

  @Test(arguments: [
    ("play ron sexsmith", ["artist=ron sexsmith"]),
    ("play Roots of the Outsiders", ["mediaName=Roots of the Outsiders"]),
    ("play I Will Always Wait For You", ["mediaName=I Will Always Wait For You"]),
    ("add Mike Mantler to my Road Trip playlist", ["artist=Mike Mantler", "destinationPlaylist=Road Trip"]),
    ("add take it back to my Road Trip playlist", ["mediaName=take it back", "destinationPlaylist=Road Trip"]),
    ("add Yellow to my Chill", ["mediaName=Yellow", "destinationPlaylist=Chill"]),
    ("add Moustapha Amar to my Chill", ["artist=Moustapha Amar", "destinationPlaylist=Chill"]),
    ("add a song to Joann's Party Mix playlist", ["owner=Joann", "destinationPlaylist=Party Mix"]),
  ])
  func artistOrTitleByShape(utterance: String, expected: [String]) {
    #expect(Self.names(utterance) == expected)
  }

  @Test func thePlaylistNamesAPlaylist() {
    let refined = SlotShaping.refine(
      Self.candidate("PlayMedia", [("mediaType", "playlist", .list("mediaType")), ("mediaName", "Introspective", .freeText)]))
    #expect(refined.slots.map(\.name) == ["playlist"])
  }

  @Test func aPlaylistIsNotAnArtist() {
    let refined = SlotShaping.refine(
      Self.candidate("PlayMedia", [("artist", "Funky Jams", .freeText), ("mediaType", "playlist", .list("mediaType"))]))
    #expect(refined.slots.map(\.name) == ["playlist"])
    // An artist with a title: the playlist word is about something else.
    let both = SlotShaping.refine(
      Self.candidate("PlayMedia", [("artist", "Adele", .freeText), ("mediaName", "Hello", .freeText), ("mediaType", "playlist", .list("mediaType"))]))
    #expect(both.slots.map(\.name) == ["artist", "mediaName", "mediaType"])
  }

  @Test func namesFromACatalogListAreKept() {
    let refined = SlotShaping.refine(
      Self.candidate("PlayMedia", [("mediaType", "playlist", .list("mediaType")), ("mediaName", "Outer Peace", .list("mediaAlbumTitle"))]))
    #expect(refined.slots.map(\.name) == ["mediaType", "mediaName"])
  }

  @Test func otherIntentsAreLeftAlone() {
    let refined = SlotShaping.refine(
      Self.candidate("SearchForMedia", [("mediaType", "playlist", .list("mediaType")), ("mediaName", "ron sexsmith", .freeText)]))
    #expect(refined.slots.map(\.name) == ["mediaType", "mediaName"])
  }
}
