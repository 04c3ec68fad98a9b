import Dialogue
import SiriIntents
import Testing
import UtteranceParsing

/// Parses with the shipped en-US grammar turned into SiriKit-shaped intents.
struct IntentBuilderTests {
  static func playSearch(_ utterance: String) -> MediaSearch? {
    guard let candidate = DialogueEngineTests.grammar.parse(utterance).first,
      case .playMedia(let intent)? = IntentBuilder.intent(from: SlotShaping.refine(candidate))
    else { return nil }
    return intent.mediaSearch
  }

  /// SiriKit has no soundtrack type: an album in the Soundtrack genre.
  @Test func aSoundtrackIsAnAlbumInTheSoundtrackGenre() throws {
    let search = try #require(Self.playSearch("play the soundtrack by Hans Zimmer"))
    #expect(search.mediaType == .album)
    #expect(search.genreNames == ["soundtrack"])
    #expect(search.artistName == "Hans Zimmer")
  }

  /// "play songs by Adele" asks for songs, as "a song" does.
  @Test func songWordsAskForSongs() throws {
    for utterance in ["play songs by Adele", "play a song by Adele"] {
      let search = try #require(Self.playSearch(utterance))
      #expect(search.mediaType == .song)
      #expect(search.artistName == "Adele")
    }
  }

  @Test func anAlbumStaysAnAlbum() throws {
    let search = try #require(Self.playSearch("play the album by Hans Zimmer"))
    #expect(search.mediaType == .album)
    #expect(search.genreNames.isEmpty)
  }
}
