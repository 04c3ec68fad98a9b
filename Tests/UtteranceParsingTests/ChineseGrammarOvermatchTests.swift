import Foundation
import Testing
@testable import UtteranceParsing

/// ``GrammarOvermatchTests`` for `Grammars/zh-CN`: sentences sampled from each intent's
/// Chinese templates read back as that intent, with the same rules and the same overlaps
/// excused (a bare 暂停 is MediaPause or PauseWorkout by context).
struct ChineseGrammarOvermatchTests {
  static let grammarDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Grammars/zh-CN").path

  /// A few values for every external list, Chinese and Latin, as the apps would fill them.
  static let catalog: [String: [ListEntry]] = [
    "appName": [
      ListEntry(phrases: ["AudioCast", "Audio Cast"], value: "audiocast"), ListEntry("Deezer", value: "deezer"),
      ListEntry("Chapters", value: "chapters"), ListEntry("Tuner", value: "tuner"), ListEntry("Ascent", value: "ascent"),
    ],
    "mediaShowTitle": [ListEntry("Stuff You Should Know", value: "show-1"), ListEntry("罗辑思维", value: "show-2")],
    "mediaEpisodeTitle": [ListEntry("The Science of Sleep", value: "episode-1"), ListEntry("咖啡的故事", value: "episode-2")],
    "mediaPlaylistTitle": [ListEntry("公路旅行", value: "playlist-1"), ListEntry("Chill", value: "playlist-2")],
    "mediaMusicArtistName": [ListEntry("周杰伦", value: "artist-1"), ListEntry("Billie Eilish", value: "artist-2")],
    "mediaSongTitle": [ListEntry("晴天", value: "song-1"), ListEntry("Bad Guy", value: "song-2")],
    "mediaAlbumTitle": [ListEntry("叶惠美", value: "album-1"), ListEntry("Free Spirit", value: "album-2")],
    "mediaAudiobookTitle": [ListEntry("三体", value: "book-1"), ListEntry("The Hobbit", value: "book-2")],
    "mediaAudiobookAuthorName": [ListEntry("刘慈欣", value: "author-1"), ListEntry("Tolkien", value: "author-2")],
    "mediaStationName": [ListEntry("中国之声", value: "station-1"), ListEntry("KJAZ", value: "station-2")],
    "genreName": [ListEntry("民谣", value: "folk"), ListEntry("Synthwave", value: "synthwave")],
    "workoutActivityName": [
      ListEntry("墙面攀岩", value: "wall"), ListEntry("抱石", value: "boulder"), ListEntry("顶绳攀岩", value: "wall"),
    ],
  ]

  /// Samples per intent, on average (one draw over every intent).
  static let samplesPerIntent = 40

  static let grammar = Result { () throws(GrammarError) -> CompiledGrammar in
    try GrammarCompiler.load(directory: grammarDirectory, locale: "zh-CN", cache: .userDefault())
  }

  static var values: ListValues {
    var values = ListValues()
    for (list, entries) in catalog { values.set(list, to: entries) }
    return values
  }

  @Test func everyExternalListHasValues() throws {
    let grammar = try Self.grammar.get()
    let missing = grammar.externalLists.filter { Self.catalog[$0] == nil }
    #expect(missing.isEmpty, "add values for these external lists to the catalog: \(missing)")
  }

  @Test func sampledSentencesReadAsTheirIntent() throws {
    let grammar = try Self.grammar.get()
    let values = Self.values
    // One call for every intent: the sampler walks the whole grammar's graph each call.
    let intents = grammar.intentNames.filter { !$0.hasPrefix("_") }
    let samples = grammar.sample(
      intent: nil, count: Self.samplesPerIntent * intents.count, lists: values, seed: 7, including: { !$0.hasPrefix("_") })
    let sampled = Set(samples.map(\.intent))
    #expect(sampled == Set(intents), "no sentences were generated for \(Set(intents).subtracting(sampled).sorted())")
    let failures = samples.compactMap { GrammarOvermatchTests.check($0, grammar: grammar, values: values) }
    #expect(failures.isEmpty, "\(failures.count) of \(samples.count) sampled sentences read as another intent:\n\(failures.joined(separator: "\n"))")
  }
}
