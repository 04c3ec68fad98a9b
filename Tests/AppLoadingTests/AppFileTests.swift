import AppLoading
import Foundation
import MediaAppKit
import SiriIntents
import Testing
import WorkoutAppKit

/// App definition files: what loads, and every kind of mistake with the exact message.
struct AppFileTests {
  static let harbor = """
    {"name": "Harbor Music", "spokenNames": ["harbor"], "intents": ["PlayMedia", "SearchForMedia"],
     "mediaTypes": ["song", "album", "artist", "playlist"],
     "items": [{"id": "s1", "type": "song", "title": "Maybe Sometime", "artist": "Special Disaster Team", "album": "Sometime Soon"}]}
    """

  static func check(_ text: String, path: String = "harbor.json") throws(AppFileError) -> AppBlueprint {
    try AppDefinitionChecker.check(try AppFileReader.read(data: Data(text.utf8), path: path))
  }

  static func problems(_ text: String) -> [String] {
    do {
      _ = try check(text)
      return []
    } catch {
      return error.problems.map(\.description)
    }
  }

  @Test func theIssuesMinimalExampleIsAWorkingMediaApp() throws {
    let blueprint = try Self.check(Self.harbor)
    #expect(blueprint.name == "Harbor Music")
    #expect(blueprint.kind == .media)
    #expect(blueprint.itemCount == 1)
    #expect(blueprint.warnings.isEmpty)
    let profile = try #require(blueprint.catalogProfile)
    #expect(profile.supportedIntents == [.playMedia, .searchForMedia])
    #expect(profile.mediaTypes == [.song, .album, .artist, .playlist])
    #expect(profile.catalog.item(id: "s1")?.artist == "Special Disaster Team")
    #expect(profile.vocabulary[.song] == .mediaSongTitle)
  }

  /// A definition with `items[0]` replaced, or with keys added, for the cases below.
  static func harbor(item: String = "", extra: String = "") -> String {
    let item = item.isEmpty ? #"{"id": "s1", "type": "song", "title": "Maybe Sometime"}"# : item
    return """
      {"name": "Harbor Music", "intents": ["PlayMedia", "AddMedia"], "mediaTypes": ["song", "album", "artist", "playlist"],\(extra)
       "items": [\(item), {"id": "a1", "type": "artist", "title": "Special Disaster Team", "children": ["s1"]}]}
      """
  }

  @Test(arguments: [
    // Not JSON.
    ("{\"name\": \"Harbor\",\n \"intents\": [\"PlayMedia\"\n \"items\": []}", "harbor.json: error: line 3, column 2: unexpected character '\"'"),
    // Missing and wrong values, with their key path.
    (#"{"intents": ["PlayMedia"]}"#, "harbor.json: error: name: required, but missing"),
    (#"{"name": "H", "intents": "PlayMedia"}"#, "harbor.json: error: intents: expected an array, found a string"),
    (harbor(item: #"{"id": "s1", "type": "sng", "title": "T"}"#),
     #"harbor.json: error: items[0].type: "sng" is not a media type; did you mean "song"? (expected one of song, album, artist, genre, playlist, podcastShow, podcastEpisode, podcastPlaylist, …)"#),
    (harbor(item: #"{"id": "s1", "type": "song", "title": "T", "popularity": 140}"#),
     "harbor.json: error: items[0].popularity: 140 is out of range; expected 0 to 100"),
    (harbor(item: #"{"id": "s1", "type": "song", "title": "T", "year": "1999"}"#),
     "harbor.json: error: items[0].year: expected a whole number, found a string"),
    (harbor(item: #"{"id": "s1", "type": "song", "title": "T", "regions": ["USA"]}"#),
     #"harbor.json: error: items[0].regions[0]: "USA" is not a two-letter country code such as US or FR"#),
    (harbor(item: #"{"id": "s1", "type": "podcastEpisode", "title": "T"}"#),
     "harbor.json: error: items[0].type: podcastEpisode is not one of the app's mediaTypes (song, album, artist, playlist)"),
    // References.
    (harbor(item: #"{"id": "a1", "type": "song", "title": "T"}"#),
     #"harbor.json: error: items[1].id: "a1" is also the id of items[0]; ids must be unique"#),
    (harbor(item: #"{"id": "s2", "type": "song", "title": "T"}"#),
     #"harbor.json: error: items[1].children[0]: no item has the id "s1""#),
    (harbor(extra: #" "defaultItem": "nope","#), #"harbor.json: error: defaultItem: no item has the id "nope""#),
    (harbor(extra: #" "library": {"playlists": [{"id": "p1", "title": "Gym", "items": ["s9"]}]},"#),
     #"harbor.json: error: library.playlists[0].items[0]: no item has the id "s9""#),
    (harbor(extra: #" "specials": [{"phrases": ["flow"], "item": "zz"}],"#), #"harbor.json: error: specials[0].item: no item has the id "zz""#),
    // Intents.
    (#"{"name": "H", "intents": ["PlayMusic"], "mediaTypes": ["song"]}"#,
     #"harbor.json: error: intents[0]: "PlayMusic" is not an intent; did you mean "PlayMedia"?"#),
    (#"{"name": "H", "kind": "media", "intents": ["PlayMedia", "StartWorkout"], "mediaTypes": ["song"]}"#,
     "harbor.json: error: intents[1]: a media app can't serve StartWorkout; it serves PlayMedia, AddMedia, UpdateMediaAffinity, SearchForMedia"),
    (#"{"name": "Pods", "intents": ["PlayMedia", "AddMedia"], "mediaTypes": ["podcastShow", "podcastEpisode"]}"#,
     "harbor.json: error: intents[1]: a podcast app can't serve AddMedia; it serves PlayMedia, SearchForMedia"),
    (#"{"name": "H", "intents": ["PlayMedia"]}"#, "harbor.json: error: mediaTypes: a media app must declare the media types it carries"),
    // Workout apps.
    (#"{"name": "Stride", "intents": ["StartWorkout"], "workouts": [{"id": "run", "name": "run"}, {"id": "jog", "name": "jog", "synonyms": ["Run"]}]}"#,
     #"harbor.json: error: workouts[1].synonyms[0]: "Run" is also a name of the workout "run"; list it in ambiguousWorkoutNames to make Siri ask which one"#),
    (#"{"name": "Stride", "intents": ["StartWorkout"], "workouts": [{"id": "run", "name": "run"}], "goalUnits": ["lap"]}"#,
     #"harbor.json: error: goalUnits[0]: "lap" is not a goal unit; expected one of inch, meter, foot, mile, yard, second, minute, hour, joule, kiloCalorie"#),
    (#"{"name": "Stride", "intents": ["StartWorkout"]}"#, "harbor.json: error: workouts: a workout app must offer at least one workout"),
    // A key given twice loses nothing silently.
    (#"{"name": "A", "name": "B", "intents": ["PlayMedia"], "mediaTypes": ["song"]}"#,
     #"harbor.json: error: top level: the key "name" appears twice (line 1, column 15)"#),
  ] as [(String, String)])
  func aMistakeSaysWhereAndWhat(text: String, message: String) {
    let problems = Self.problems(text)
    #expect(problems.first == message, "\(problems)")
  }

  @Test func everyProblemIsReportedAtOnce() {
    let text = Self.harbor(item: #"{"id": "s1", "type": "sng", "title": "", "popularity": -1}"#, extra: #" "defaultItem": "x","#)
    #expect(Self.problems(text).count == 3)  // the type, the empty title, the default item
  }

  @Test func unknownKeysAreWarningsWithTheNearestKey() throws {
    let text = Self.harbor(item: #"{"id": "s1", "type": "song", "titel": "x", "title": "Maybe Sometime", "artsit": "SDT"}"#, extra: #" "spokenName": ["h"],"#)
    let blueprint = try Self.check(text)
    #expect(blueprint.warnings == [
      #"harbor.json: warning: spokenName: unknown key, ignored; did you mean "spokenNames"?"#,
      #"harbor.json: warning: items[0].artsit: unknown key, ignored; did you mean "artist"?"#,
      #"harbor.json: warning: items[0].titel: unknown key, ignored; did you mean "title"?"#,
    ])
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-apps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aJSONLinesItemsFileIsReadAndItsMistakesHaveLineNumbers() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let definition = folder.appendingPathComponent("big.json")
    try #"{"name": "Big", "intents": ["PlayMedia"], "mediaTypes": ["song"], "itemsFile": "big-items.jsonl"}"#
      .write(to: definition, atomically: true, encoding: .utf8)
    let lines = (1...5_000).map { #"{"id": "s\#($0)", "type": "song", "title": "Song \#($0)"}"# }
    try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("big-items.jsonl"), atomically: true, encoding: .utf8)
    let blueprint = try AppLoader.blueprint(path: definition.path)
    #expect(blueprint.itemCount == 5_000)
    #expect(blueprint.catalogProfile?.catalog.item(id: "s4321")?.title == "Song 4321")

    var broken = lines
    broken[4_100] = #"{"id": "s4101", "type": "sng", "title": "Song 4101"}"#
    broken[41] = #"{"id": "s42", "type": "song", "title": 42}"#
    try broken.joined(separator: "\n").write(to: folder.appendingPathComponent("big-items.jsonl"), atomically: true, encoding: .utf8)
    let items = folder.appendingPathComponent("big-items.jsonl").path
    #expect(throws: AppFileError.self) { try AppLoader.blueprint(path: definition.path) }
    do {
      _ = try AppLoader.blueprint(path: definition.path)
    } catch {
      #expect(error.problems.map(\.description) == ["\(items):42: error: title: expected a string, found a number"])
    }
    broken[41] = lines[41]
    try broken.joined(separator: "\n").write(to: folder.appendingPathComponent("big-items.jsonl"), atomically: true, encoding: .utf8)
    do {
      _ = try AppLoader.blueprint(path: definition.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.problems.first?.description.hasPrefix(#"\#(items):4101: error: type: "sng" is not a media type"#) == true)
    }
  }

  /// Lines the fast way can't take (a repeated key, an unknown one, a null) are still
  /// read the careful way, anywhere in a file of many batches.
  @Test func aLargeItemsFileStillFindsRepeatedAndUnknownKeys() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let definition = folder.appendingPathComponent("big.json")
    try #"{"name": "Big", "intents": ["PlayMedia"], "mediaTypes": ["song"], "itemsFile": "big-items.jsonl"}"#
      .write(to: definition, atomically: true, encoding: .utf8)
    var lines = (1...6_000).map { #"{"id": "s\#($0)", "type": "song", "title": "Song \#($0)"}"# }
    lines[2_999] = #"{"id": "s3000", "type": "song", "title": "Song 3000", "artist": null, "popularity": 7}"#
    lines[4_999] = #"{"id": "s5000", "type": "song", "title": "Song 5000", "titel": "Typo"}"#
    let items = folder.appendingPathComponent("big-items.jsonl")
    try lines.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
    let blueprint = try AppLoader.blueprint(path: definition.path)
    #expect(blueprint.itemCount == 6_000)
    #expect(blueprint.catalogProfile?.catalog.item(id: "s3000")?.popularity == 7)
    #expect(blueprint.catalogProfile?.catalog.item(id: "s3000")?.artist == nil)
    #expect(blueprint.warnings == [#"\#(items.path):5000: warning: titel: unknown key, ignored; did you mean "title"?"#])

    lines[1_233] = #"{"id": "s1234", "type": "song", "title": "Song 1234", "title": "Again"}"#
    try lines.joined(separator: "\n").write(to: items, atomically: true, encoding: .utf8)
    do {
      _ = try AppLoader.blueprint(path: definition.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.problems.map(\.description) == [#"\#(items.path):1234: error: the key "title" appears twice (line 1, column 55)"#])
    }
  }

  /// An item with two problems is reported for the same one every time, whatever order
  /// its keys come in (JSONDecoder gives them in no fixed order).
  @Test func anItemsProblemsAreFoundInAFixedOrder() {
    for item in [#"{"type": "song", "title": 5}"#, #"{"title": 5, "type": "song"}"#] {
      #expect(Self.problems(#"{"name": "X", "intents": ["PlayMedia"], "items": [\#(item)]}"#) == ["harbor.json: error: items[0].id: required, but missing"])
    }
  }

  @Test func missingFilesAndFoldersSaySo() throws {
    #expect(throws: AppFileError([.init(file: "/nonexistent/app.json", message: "no such file")])) {
      try AppLoader.blueprint(path: "/nonexistent/app.json")
    }
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: AppFileError([.init(file: folder.path, message: "this is a folder, not an app definition file")])) {
      try AppLoader.blueprint(path: folder.path)
    }
  }

  /// Nothing is half-installed: with one bad file among several, the load fails as a whole.
  @Test func oneBadFileInstallsNothing() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.json")
    let bad = folder.appendingPathComponent("bad.json")
    try Self.harbor.write(to: good, atomically: true, encoding: .utf8)
    try #"{"name": "Bad", "intents": ["PlayMedia"], "mediaTypes": ["sng"]}"#.write(to: bad, atomically: true, encoding: .utf8)
    #expect(throws: AppFileError.self) { try InstalledApps.load(sampleApps: false, files: [good.path, bad.path]) }
    let installed = try InstalledApps.load(sampleApps: true, files: [good.path])
    #expect(installed.blueprints.map(\.name) == ["Deezer", "AudioCast", "Chapters", "Tuner", "Ascent", "Harbor Music"])
  }

  @Test func anAppWithASampleAppsNameReplacesItInPlace() throws {
    var installed = try InstalledApps.load(sampleApps: true)
    let mine = try Self.check(#"{"name": "deezer", "intents": ["PlayMedia"], "mediaTypes": ["song"], "items": []}"#)
    let replaced = installed.install(mine)
    #expect(replaced?.name == "Deezer")
    #expect(installed.blueprints.map(\.name) == ["deezer", "AudioCast", "Chapters", "Tuner", "Ascent"])
  }
}

/// The sample apps load from their files as any app does, without a warning, and the
/// schema shipped beside them names exactly the keys the loader reads.
struct SampleAppFileTests {
  @Test func theSampleAppsLoad() throws {
    let blueprints = try SampleApps.blueprints()
    #expect(blueprints.map(\.name) == ["Deezer", "AudioCast", "Chapters", "Tuner", "Ascent"])
    #expect(blueprints.map(\.kind) == [.media, .podcast, .media, .media, .workout])
    #expect(blueprints.allSatisfy { $0.warnings.isEmpty })
    #expect(blueprints.first { $0.name == "Ascent" }?.workoutProfile?.kinds.map(\.id) == ["wall", "boulder"])
  }

  @Test func theSchemaNamesTheKeysTheLoaderReads() throws {
    let folder = try #require(SampleApps.folder)
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("app.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let top = try #require(schema["properties"] as? [String: Any])
    #expect(Set(top.keys) == Set(AppDefinitionKeys.definition + ["$schema"]))
    let item = try #require(((schema["$defs"] as? [String: Any])?["item"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(Set(item.keys) == Set(AppDefinitionKeys.item))
  }
}
