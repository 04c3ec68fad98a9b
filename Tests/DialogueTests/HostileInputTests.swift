import Foundation
import LineEditing
import SiriIntents
import SiriREPL
import Testing

/// Hostile input, line by line, through the same read loop `siri` runs (so the REPL's
/// sanitizing is part of it): each gets one clear answer, and a line that is refused
/// changes nothing in the store or in what Siri is waiting for.
///
/// One session per test: compiling the grammar is the expensive part.
struct HostileInputTests {
  static let grammars = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Grammars").path

  static let resources = try? SessionResources(
    configuration: SessionConfiguration(
      grammarsDirectory: grammars, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory()))

  static func session() throws -> Session {
    try Session(configuration: SessionConfiguration(grammarsDirectory: grammars), resources: resources)
  }

  /// What the REPL prints for `line` (transcript form, without the echoed input).
  @MainActor
  static func answer(_ line: String, in session: inout Session) async -> [String] {
    var reader = ScriptedLineReader([line])
    var printed: [String] = []
    await REPL(echo: false, json: false).run(session: &session, reader: &reader, write: { printed.append($0) })
    return printed
  }

  static let fourMegabytes = String(repeating: "a", count: 4 << 20)
  static let tooLong =
    "Siri: Sorry, that's too long for me. Try asking in fewer words (at most 1,000 characters)."
  static let khalid = "Siri: Here's music by Khalid, from Deezer."
  static let noMatch =
    "Siri: Sorry, I didn't get that. You can say something like \"play the latest episode of Stuff You Should Know on AudioCast\"."

  /// Utterances: (why, line, exactly what is printed).
  static let utterances: [(String, String, [String])] = [
    ("empty", "", []),
    ("whitespace only", " \t   \t", []),
    ("4 MB on one line", fourMegabytes, [tooLong]),
    ("100,000 repetitions of one word", String(repeating: "play ", count: 100_000), [tooLong]),
    ("1,001 characters", "play " + String(repeating: "x", count: 996), [tooLong]),
    (
      "invalid UTF-8", String(decoding: [0xC3, 0x28, 0xFF, 0xFE] + Array(" play khalid on deezer".utf8), as: UTF8.self),
      [khalid]
    ),
    ("NUL and control characters", "play\u{0} khalid\u{7}\u{8} on\u{1B} deezer", [khalid]),
    ("only control characters", "\u{1}\u{2}\u{3}\u{7F}\u{9B}", [noMatch]),
    ("right-to-left and left-to-right marks", "\u{200F}play khalid\u{200E} on deezer\u{202E}", [khalid]),
    ("a zero-width space inside a name", "play kha\u{200B}lid on deezer", [khalid]),
    ("combining characters", "play Kha\u{0301}li\u{0308}d on deezer", [khalid]),
    ("a pile of combining marks", "play khalid\u{0301}\u{0302}\u{0303}\u{0304}\u{0305} on deezer", [khalid]),
    ("emoji around and between the words", "🎵 play 👩‍👩‍👧‍👦 khalid 🇫🇷 on deezer 🎧", [khalid]),
    ("full-width letters", "ｐｌａｙ ｋｈａｌｉｄ on deezer", [khalid]),
  ]

  @MainActor
  @Test func utterancesGetOneClearAnswer() async throws {
    var session = try Self.session()
    for (why, line, expected) in Self.utterances {
      let printed = await Self.answer(line, in: &session)
      #expect(printed == expected, "\(why)")
      #expect(printed.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } }, "\(why): no control characters printed")
    }
  }

  @MainActor
  @Test func aRefusedLineLeavesTheQuestionAndTheStoreAlone() async throws {
    var session = try Self.session()
    let question = await Self.answer("play coffee on audiocast", in: &session)
    #expect(question.first?.hasPrefix("Siri: Which one:") == true)
    let before = session.store.snapshot()
    for line in [Self.fourMegabytes, String(repeating: "coffee ", count: 20_000)] {
      #expect(await Self.answer(line, in: &session) == [Self.tooLong])
    }
    #expect(session.store.snapshot() == before)
    #expect(await Self.answer("the first one", in: &session) == [#"Siri: Here's "Cold Brew Season" from Coffee Break, on AudioCast."#])
  }

  /// Meta-commands with bad arguments: (line, exactly what is printed). None of them
  /// changes the store.
  static let setUsage = [
    "Usage: :set [APP] SETTING VALUE — APP is an app name; without it the setting applies to every app.",
    "  account: login on|off, subscription on|off, explicit on|off, cellular on|off, region CODE,",
    "           service up|down, streams N (other devices streaming), kids on|off, setup needed|done",
    "  device:  network wifi|cellular|offline, restrictions on|off",
  ]
  static let advanceUsage = "Usage: :advance DURATION, e.g. :advance 25m, :advance 1h30, :advance 90 seconds"
  static let sampleUsage = "Usage: :sample [INTENT] [N] — N from 1 to 200, 10 when left out"
  static let cut = String(repeating: "x", count: 60) + "…"
  static let hugeName = String(repeating: "x", count: 1 << 20)

  static let metaCommands: [(String, [String])] = [
    (":advance -5m", ["Time only moves forward: give a duration after :advance, e.g. :advance 25m."]),
    (":advance minus 3 hours", ["Time only moves forward: give a duration after :advance, e.g. :advance 25m."]),
    (":advance 0 minutes", ["Time stays where it is: the duration is zero."]),
    (":advance 99999999999999999999999 hours", ["Time can move on at most 10 years at once."]),
    (":advance 1e308 seconds", ["'1e308 seconds' is not a duration.", advanceUsage]),
    (":advance soon", ["'soon' is not a duration.", advanceUsage]),
    (":advance", [advanceUsage]),
    (":advance \(hugeName)", ["'\(cut)' is not a duration.", advanceUsage]),
    (":advance " + String(repeating: "1 ", count: 50_000) + "hours", ["'\(String(repeating: "1 ", count: 30))…' is not a duration.", advanceUsage]),
    (":set", setUsage),
    (":set deezer login maybe", ["'maybe' is not a value for login: use on or off."]),
    (":set deezer login", ["'login' takes one value: on or off."] + setUsage),
    (":set nonesuch login on", ["There is no app called 'nonesuch'. Apps: Deezer, AudioCast, Chapters, Tuner, Ascent."]),
    (":set region usa", ["'usa' is not a value for region: use a two-letter country code such as US or FR."]),
    (":set region ΕΛ", ["'ΕΛ' is not a value for region: use a two-letter country code such as US or FR."]),
    (":set streams -1", ["'-1' is not a value for streams: use a whole number from 0 to 100."]),
    (":set streams 99999999999999999999", ["'99999999999999999999' is not a value for streams: use a whole number from 0 to 100."]),
    (":set network 5g", ["'5g' is not a value for network: use wifi, cellular or offline."]),
    (":set \(hugeName) on", ["Unknown setting '\(cut)'."] + setUsage),
    (":set volume 11", ["Unknown setting 'volume'."] + setUsage),
    (":publish", ["Usage: :publish [APP] NAME"]),
    (":publish \(hugeName)", ["That name is too long (1048576 characters); names have at most 200."]),
    (":publish 🎵\u{200B}", ["AudioCast has no show called \"🎵\u{200B}\"."]),
    (":delete-playlist \"No Such Playlist\"", ["Deezer has no playlist called \"No Such Playlist\"."]),
    (":delete-playlist AudioCast \"No Such Playlist\"", ["AudioCast has no playlist called \"No Such Playlist\"."]),
    (":delete-playlist ''", ["Usage: :delete-playlist [APP] NAME"]),
    (":new-playlist Tuner Drive", ["No app can do that: none has shows or editable playlists."]),
    (":unsubscribe \(String(repeating: "ab ", count: 100))", ["That name is too long (299 characters); names have at most 200."]),
    (":\(hugeName)", ["Unknown command ':\(String(repeating: "x", count: 40))…'. Type :help for the list."]),
    (":sample PlayMedia 0", ["'0' is not a number of samples.", sampleUsage]),
    (":sample PlayMedia 99999999999999999999999", ["'99999999999999999999999' is not a number of samples.", sampleUsage]),
    (":sample -5", ["'-5' is not a number of samples.", sampleUsage]),
    (":sample PlayMedia AddMedia", [sampleUsage]),
    (":shortcut add", ["Usage: :shortcut add [\"PHRASE\"] DONATION-ID | :shortcut remove \"PHRASE\""]),
    (":why \(fourMegabytes)", ["not parsed: the line is longer than 1000 characters, so Siri answers that it is too long"]),
    (":suggestion play 99999999999999999999", ["Usage: :suggestion play N | :suggestion open N (N from :suggestions)"]),
    (":device \(hugeName)", ["Usage: :device phone|watch|homepod|carplay (now: phone)"]),
    (":trace \(hugeName)", ["Usage: :trace on|off"]),
  ]

  @MainActor
  @Test func metaCommandArgumentsAreCheckedAndChangeNothing() async throws {
    var session = try Self.session()
    let before = session.store.snapshot()
    for (line, expected) in Self.metaCommands {
      let printed = await Self.answer(line, in: &session)
      #expect(printed == expected, "\(Self.cut(line))")
      #expect(session.store.snapshot() == before, "\(Self.cut(line)) changed the store")
    }
  }

  static func cut(_ line: String) -> String {
    line.count > 80 ? String(line.prefix(80)) + "…" : line
  }
}
