import Dialogue
import Testing
import UtteranceParsing

/// Free-text names settled as artist or title from their shape.
struct SlotShapingTests {
  static func candidate(_ intent: String, _ slots: [(String, String, SlotMatch.Source)]) -> ParseCandidate {
    ParseCandidate(
      intent: intent,
      slots: slots.map { SlotMatch(name: $0.0, value: .text($0.1), text: $0.1, tokenRange: 0..<1, source: $0.2) },
      score: 0.5, template: TemplateReference(location: SourceLocation(file: "t", line: 1, column: 1), text: ""), parts: [])
  }

  @Test(arguments: [
    ("artist", "Roots of the Outsiders", "mediaName"),
    ("artist", "take it back", "mediaName"),
    ("artist", "Mike Mantler", "artist"),
    ("mediaName", "ron sexsmith", "artist"),
    ("mediaName", "I Will Always Love You", "mediaName"),
    ("mediaName", "Shinedown", "mediaName"),
    ("mediaName", "Sun, Vol. 6", "mediaName"),
  ])
  func renamesByShape(slot: String, text: String, expected: String) {
    let refined = SlotShaping.refine(Self.candidate("PlayMedia", [(slot, text, .freeText)]))
    #expect(refined.slots.map(\.name) == [expected])
  }

  @Test func namesFromACatalogListAreKept() {
    let refined = SlotShaping.refine(Self.candidate("PlayMedia", [("mediaName", "Outer Peace", .list("mediaAlbumTitle"))]))
    #expect(refined.slots.map(\.name) == ["mediaName"])
  }

  @Test func aTitleWithItsArtistIsKept() {
    let refined = SlotShaping.refine(
      Self.candidate("PlayMedia", [("mediaName", "maybe sometime", .freeText), ("artist", "special disaster team", .freeText)]))
    #expect(refined.slots.map(\.name) == ["mediaName", "artist"])
  }

  @Test func otherIntentsAreLeftAlone() {
    let refined = SlotShaping.refine(Self.candidate("SearchForMedia", [("mediaName", "ron sexsmith", .freeText)]))
    #expect(refined.slots.map(\.name) == ["mediaName"])
  }
}
