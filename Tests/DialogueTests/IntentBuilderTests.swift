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

  /// "a song by Adele" asks for a song; "songs by Adele", like "music by Adele", asks for
  /// her music and names no type (the grammar keeps `domain = song` for routing).
  @Test(arguments: [
    ("play a song by Adele", MediaItemType.song), ("play a track by Adele", .song),
    ("play songs by Adele", .unknown), ("play some tunes by Adele", .unknown), ("play tracks by Adele", .unknown),
  ])
  func singularSongWordsAskForASong(utterance: String, type: MediaItemType) throws {
    let search = try #require(Self.playSearch(utterance))
    #expect(search.mediaType == type)
    #expect(search.artistName == "Adele")
  }

  @Test func pluralSongWordsNameTheDomain() throws {
    let candidate = try #require(DialogueEngineTests.grammar.parse("play the most popular songs").first)
    #expect(candidate[slot: "domain"]?.value.description == "song")
    #expect(candidate[slot: "mediaType"] == nil)
    #expect(candidate[slot: "sortOrder"]?.value.description == "popular")
  }

  /// A playlist alone is what is played; a song named out of one is the song.
  @Test func aSongFromAPlaylistIsTheSong() throws {
    let playlist = try #require(Self.playSearch("play my road trip playlist"))
    #expect(playlist.mediaName == "road trip")
    #expect(playlist.mediaType == .playlist)
    let song = try #require(Self.playSearch("play dancing queen from my road trip playlist"))
    #expect(song.mediaName == "dancing queen")
    #expect(song.mediaType == .unknown)
  }

  /// What it is about is what the app searches for: SiriKit has no topic.
  @Test func aTopicIsSearchedForByName() throws {
    let candidate = try #require(DialogueEngineTests.grammar.parse("play a podcast about beekeeping").first)
    #expect(candidate[slot: "topic"]?.text == "beekeeping")
    #expect(candidate[slot: "mediaName"] == nil)
    let search = try #require(Self.playSearch("play a podcast about beekeeping"))
    #expect(search.mediaName == "beekeeping")
    #expect(search.mediaType == .podcastShow)
  }

  @Test func anAlbumStaysAnAlbum() throws {
    let search = try #require(Self.playSearch("play the album by Hans Zimmer"))
    #expect(search.mediaType == .album)
    #expect(search.genreNames.isEmpty)
  }
}
