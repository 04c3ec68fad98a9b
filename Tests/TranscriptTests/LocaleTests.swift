import Foundation
import SiriREPL
import SiriTesting
import Testing

/// A second locale: which one a session speaks (`--locale`, `LANG`, `:locale`, a
/// transcript's `# locale:`), and that a mistake about it says what there is and
/// changes nothing.
struct LocaleTests {
  static let grammars = TranscriptTests.grammars

  // MARK: - Names

  @Test func theGrammarsFolderHasEnglishAndChinese() {
    #expect(GrammarLocales.available(in: Self.grammars) == ["en-US", "zh-CN"])
    #expect(GrammarLocales.available(in: "/nonexistent").isEmpty)
  }

  @Test(arguments: [
    ("zh-CN", "zh-CN"), ("zh_CN", "zh-CN"), ("ZH-cn", "zh-CN"), ("zh_CN.UTF-8", "zh-CN"), ("en_US.UTF-8@euro", "en-US"),
  ])
  func namesAreReadAsPeopleWriteThem(name: String, locale: String) {
    #expect(GrammarLocales.match(name, in: ["en-US", "zh-CN"]) == locale)
  }

  @Test func otherNamesMatchNothing() {
    for name in ["zh", "zh-TW", "fr-FR", "", ".UTF-8", "C", "../en-US"] {
      #expect(GrammarLocales.match(name, in: ["en-US", "zh-CN"]) == nil, "\(name)")
    }
  }

  /// POSIX's order for messages: LC_ALL, then LC_MESSAGES, then LANG; the first one set
  /// decides, and a language the grammars don't have (or C) is English.
  @Test(arguments: [
    (["LANG": "zh_CN.UTF-8"], "zh-CN"),
    (["LANG": "en_US.UTF-8"], "en-US"),
    (["LANG": "fr_FR.UTF-8"], "en-US"),
    (["LANG": "C.UTF-8"], "en-US"),
    (["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], "zh-CN"),
    (["LC_ALL": "C", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"], "en-US"),
    (["LC_ALL": "", "LANG": "zh_CN.UTF-8"], "zh-CN"),
    ([:], "en-US"),
  ])
  func theEnvironmentChoosesTheDefault(environment: [String: String], locale: String) {
    #expect(GrammarLocales.fromEnvironment(environment, available: ["en-US", "zh-CN"]) == locale)
  }

  @Test func anAskedLocaleWinsOverTheEnvironmentAndMustExist() throws {
    let chinese = ["LANG": "zh_CN.UTF-8"]
    #expect(try GrammarLocales.chosen("en_us", grammarsDirectory: Self.grammars, environment: chinese) == "en-US")
    #expect(try GrammarLocales.chosen(nil, grammarsDirectory: Self.grammars, environment: chinese) == "zh-CN")
    #expect(throws: UnknownLocale(name: "xx-YY", available: ["en-US", "zh-CN"])) {
      try GrammarLocales.chosen("xx-YY", grammarsDirectory: Self.grammars, environment: chinese)
    }
    #expect(
      UnknownLocale(name: "xx-YY", available: ["en-US", "zh-CN"]).description
        == "error: no grammar for the locale 'xx-YY' (available: en-US, zh-CN)")
  }

  // MARK: - Sessions

  static func session(locale: String = "en-US") throws -> Session {
    try Session(
      configuration: SessionConfiguration(grammarsDirectory: Self.grammars, locale: locale), sharing: TranscriptTests.resources)
  }

  @Test func aSessionOfAnUnknownLocaleSaysWhichThereAre() {
    #expect(throws: SessionError.unknownLocale("no grammar for the locale 'fr-FR' (available: en-US, zh-CN)")) {
      try Session(configuration: SessionConfiguration(grammarsDirectory: Self.grammars, locale: "fr-FR"))
    }
  }

  /// `:locale` changes the language over the same apps and store: what plays goes on, a
  /// workout keeps its place and is named in the new language; a question is dropped.
  @Test func switchingKeepsTheAppsAndTheirState() async throws {
    var session = try Self.session()
    #expect(await session.handle("start a wall climb with ascent").lines.last?.contains("wall climb") == true)
    _ = await session.handle("play coffee")
    #expect(await session.handle(":state").lines.contains { $0.hasPrefix("Siri is waiting for") })
    #expect(await session.handle(":locale zh-CN").lines == ["Locale: zh-CN. Siri now hears and speaks it."])
    #expect(session.configuration.locale == "zh-CN")
    #expect(await session.handle(":state").lines.contains("Siri is not waiting for an answer"))
    #expect(await session.handle("暂停锻炼").lines == ["Siri: 好的，已暂停你的墙面攀岩，已进行0秒。"])
    #expect(await session.handle(":locale en-US").lines == ["Locale: en-US. Siri now hears and speaks it."])
    #expect(await session.handle("resume my workout").lines == ["Siri: OK, resuming your wall climb."])
  }

  @Test func aLocaleThereIsNoneOfChangesNothing() async throws {
    var session = try Self.session(locale: "zh-CN")
    let before = await session.handle("播放晴天").lines
    #expect(before == ["Siri: 好的，正在用Deezer播放周杰伦的《晴天》。"])
    for command in [":locale xx-YY", ":locale ../en-US", ":locale " + String(repeating: "z", count: 500)] {
      let lines = await session.handle(command).lines
      #expect(lines.count == 1 && lines[0].hasPrefix("No grammar for the locale '") && lines[0].hasSuffix("Available: en-US, zh-CN."), "\(lines)")
      #expect(lines[0].count < 120)
    }
    #expect(await session.handle(":locale en-US zh-CN").lines == ["Usage: :locale [LOCALE], e.g. :locale zh-CN"])
    #expect(session.configuration.locale == "zh-CN")
    #expect(await session.handle("这是什么歌").lines == ["Siri: 这是周杰伦的《晴天》，来自Deezer。"])
    #expect(await session.handle(":locale").lines == ["Locale: zh-CN. Available: en-US, zh-CN."])
  }

  // MARK: - Transcripts

  @Test func aTranscriptSaysItsLocale() throws {
    let header = try TranscriptHeader.parse("# Chinese.\n# locale: zh_CN\n> 播放晴天\n", transcriptPath: "t.transcript")
    #expect(header.locale == "zh_CN")
    #expect(header.localeLine == 2)
    let configuration = header.applied(to: SessionConfiguration(grammarsDirectory: Self.grammars), transcriptFolder: ".")
    #expect(configuration.locale == "zh-CN")
    #expect(try TranscriptHeader.parse("> play khalid\n# locale: zh-CN\n", transcriptPath: "t.transcript").effectiveLocale == "en-US")
  }

  @Test(arguments: [
    ("# locale:\n> x\n", "t.transcript:1: error: '# locale:' names no locale (# locale: zh-CN)"),
    ("# locale: zh-CN\n# locale: en-US\n> x\n", "t.transcript:2: error: a second '# locale:' line; a transcript has one locale"),
  ])
  func aWrongLocaleLineIsAnError(text: String, message: String) {
    #expect(throws: TranscriptError.self) { try TranscriptHeader.parse(text, transcriptPath: "t.transcript") }
    do {
      _ = try TranscriptHeader.parse(text, transcriptPath: "t.transcript")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aTranscriptInALocaleThereIsNoneOfFailsAtItsLine() async {
    let transcript = Transcript(name: "fr", path: "fr.transcript", text: "# French.\n# locale: fr-FR\n> joue Khalid\nSiri: …\n")
    let result = await TranscriptRunner.run(transcript, grammarsDirectory: Self.grammars, resources: TranscriptTests.resources)
    #expect(result.report() == ["fr.transcript:2: error: no grammar for the locale 'fr-FR' (available: en-US, zh-CN)"])
  }

  @Test func theRecorderWritesTheLocaleUnlessItIsEnglish() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-locale-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (locale, expected) in [("zh-CN", ["# locale: zh-CN"]), ("en-US", [])] {
      let path = folder.appendingPathComponent("\(locale).transcript").path
      let recorder = try TranscriptRecorder(path: path, locale: locale)
      recorder.close()
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
      #expect(lines == expected)
    }
  }

  /// `--speak` reads Chinese with espeak-ng's Mandarin voice, whichever locale said it.
  @Test func chineseIsSpokenInMandarin() {
    #expect(Speaker.arguments(for: "好的，正在用Deezer播放周杰伦的《晴天》。") == ["-v", "cmn", "--", "好的，正在用Deezer播放周杰伦的《晴天》。"])
    #expect(Speaker.arguments(for: "Here's music by Khalid, from Deezer.") == ["--", "Here's music by Khalid, from Deezer."])
  }

  // MARK: - The command line

  @Test func anUnknownLocaleStopsWithTheOnesThereAre() throws {
    let result = try CommandLineTests.run(["--locale", "xx-YY"], input: Data("play khalid\n".utf8))
    #expect(result.status == 2)
    #expect(result.stderr == "error: no grammar for the locale 'xx-YY' (available: en-US, zh-CN)\n")
    #expect(result.stdout.isEmpty)
    let why = try SubcommandLineTests.run(["why", "--grammars", Self.grammars, "--locale", "fr", "play"])
    #expect(why.status == 2)
    #expect(why.stderr.contains("no grammar for the locale 'fr' (available: en-US, zh-CN)"), "\(why.stderr)")
  }

  @Test func langChoosesChineseAndLocaleOverridesIt() throws {
    var chinese = CommandLineTests.neutralEnvironment
    chinese["LANG"] = "zh_CN.UTF-8"
    chinese["XDG_CACHE_HOME"] = CommandLineTests.sharedCacheHome
    let heard = try CommandLineTests.run([], input: Data("播放晴天\n".utf8), environment: chinese)
    #expect(heard.status == 0, "\(heard.stderr)")
    #expect(heard.stdout == "> 播放晴天\nSiri: 好的，正在用Deezer播放周杰伦的《晴天》。\n")
    let english = try CommandLineTests.run(["--locale", "en-US"], input: Data("play khalid\n".utf8), environment: chinese)
    #expect(english.stdout.contains("Siri: Here's music by Khalid, from Deezer."), "\(english.stdout)")
  }

  @Test func theDesignerToolsTakeALocale() throws {
    let why = try SubcommandLineTests.run(["why", "--grammars", Self.grammars, "--locale", "zh-CN", "播放周杰伦的晴天"])
    #expect(why.status == 0, "\(why.stderr)")
    #expect(why.stdout.contains("PlayMedia"), "\(why.stdout)")
    let sample = try SubcommandLineTests.run(["sample", "--grammars", Self.grammars, "--locale", "zh-CN", "--intent", "EndWorkout", "-n", "3"])
    #expect(sample.status == 0, "\(sample.stderr)")
    #expect(sample.stdout.split(separator: "\n").prefix(3).allSatisfy { $0.hasPrefix("EndWorkout: ") }, "\(sample.stdout)")
  }
}
