import Foundation
import Testing

@testable import SiriEval

/// `siri eval` end to end, on the project's real grammar. The rows use phrasings the
/// grammar is built around, so tuning it should not change these outcomes.
struct EvalCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let grammars = root.appendingPathComponent("Grammars").path

  /// Writes `text` to a new file in a fresh temporary folder.
  static func write(_ text: String, name: String = "fixture.jsonl") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-eval-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static let fixture = """
    {"id": "t-1", "text": "play some jazz", "intent": "PlayMedia", "slots": {"genre": "jazz"}, "locale": "en-US"}
    {"id": "t-2", "text": "thumbs up", "intent": "UpdateMediaAffinity", "slots": {"affinity": "like", "reference": "currentlyPlaying"}, "locale": "en-US"}
    {"id": "t-3", "text": "what is the weather like in paris tomorrow", "intent": "none", "slots": {}, "locale": "en-US"}
    {"id": "t-4", "text": "play some jazz", "intent": "none", "slots": {}, "locale": "en-US", "note": "labelled none on purpose: a false accept"}
    {"id": "t-5", "text": "this line is broken", "intent": "PlayMedia",
    {"id": "t-6", "text": "播放爵士乐", "intent": "PlayMedia", "slots": {"genre": "爵士乐"}, "locale": "xx-XX"}
    """

  @Test func runsOnTheRealGrammar() throws {
    let path = try Self.write(Self.fixture, name: "mini-dev.jsonl")
    let report = try EvalCommand.run(files: [path], options: EvalOptions(grammarsDirectory: Self.grammars))
    let summary = report.summary
    #expect(summary.rows == 5)
    #expect(summary.skippedRows == 1)
    #expect(summary.noGrammarRows == 1)
    #expect(summary.inDomainRows == 3)
    #expect(summary.noneRows == 2)
    #expect(summary.inDomainCorrect == 2)
    #expect(summary.falseAccepts == 1)
    #expect(summary.falseAcceptRate == 0.5)
    #expect(summary.intentAccuracy == 0.6)
    #expect(summary.slots["genre"]?.tp == 1)
    #expect(summary.slots["affinity"]?.tp == 1)
    #expect(summary.slots["reference"]?.tp == 1)
    #expect(summary.sources.keys.sorted() == ["mini-dev"])
    #expect(summary.locales.keys.sorted() == ["en-US", "xx-XX"])
    #expect(report.warnings.count == 1)
    #expect(report.warnings[0].hasPrefix("warning: \(path):5: not valid JSON"))
    #expect(report.lines.contains { $0.hasPrefix("No grammar for 1 rows (xx-XX 1)") })

    let last = try #require(report.lines.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(object["rows"] as? Int == 5)
    #expect(object["skipped_rows"] as? Int == 1)
    #expect(try JSONDecoder().decode(EvalSummary.self, from: Data(last.utf8)) == summary)
  }

  /// `--rows`: one JSON object a row, in input order, with what was expected and parsed.
  @Test func rowDumpHasEveryRow() throws {
    let path = try Self.write(Self.fixture, name: "rows-dev.jsonl")
    let report = try EvalCommand.run(files: [path], options: EvalOptions(grammarsDirectory: Self.grammars))
    let lines = RowDump.lines(for: report.results)
    #expect(lines.count == 5)
    let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    #expect(objects.map { $0["id"] as? String } == ["t-1", "t-2", "t-3", "t-4", "t-6"])
    let falseAccept = try #require(objects.first { $0["id"] as? String == "t-4" })
    #expect(falseAccept["intent"] as? String == "none")
    #expect(falseAccept["predicted"] as? String == "PlayMedia")
    #expect(falseAccept["tp"] == nil)  // slots of a `none` row are not scored
    let noGrammar = try #require(objects.last)
    #expect(noGrammar["grammar_intent"] is NSNull)
    #expect((noGrammar["predicted_slots"] as? [Any])?.isEmpty == true)
    for object in objects where object["tp"] != nil {
      #expect(object["errors"] is [[String: String]])
    }
  }

  @Test func localeFilterDropsOtherRows() throws {
    let path = try Self.write(Self.fixture)
    var options = EvalOptions(grammarsDirectory: Self.grammars)
    options.locales = ["xx-XX"]
    options.misses = 5
    let report = try EvalCommand.run(files: [path], options: options)
    #expect(report.summary.rows == 1)
    #expect(report.summary.filteredRows == 4)
    #expect(report.summary.noGrammarRows == 1)
    #expect(report.lines.contains { $0.contains("[intent] fixture:6 t-6") })
  }

  @Test func missingFileIsAnError() {
    #expect(throws: EvalError.fileNotFound("/nonexistent/dev.jsonl")) {
      try EvalCommand.run(files: ["/nonexistent/dev.jsonl"], options: EvalOptions(grammarsDirectory: Self.grammars))
    }
  }

  @Test func brokenGrammarIsAnError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-eval-grammar-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("en-US"), withIntermediateDirectories: true)
    try Data("intent PlayMedia\n  play (jazz\n".utf8).write(to: folder.appendingPathComponent("en-US/media.grammar"))
    let path = try Self.write(Self.fixture)
    do {
      _ = try EvalCommand.run(files: [path], options: EvalOptions(grammarsDirectory: folder.path))
      Issue.record("expected an error")
    } catch {
      guard case .grammar(let locale, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(locale == "en-US")
      #expect(message.contains("media.grammar:2:"))
    }
  }

  @Test func arguments() throws {
    let (files, options) = try EvalCommand.parseArguments(
      ["a.jsonl", "--misses", "20", "--grammars", "/g", "--locale", "en-US", "b.jsonl", "--locale=zh-CN", "--rows", "out.jsonl"])
    #expect(files == ["a.jsonl", "b.jsonl"])
    #expect(options.misses == 20)
    #expect(options.rowsFile == "out.jsonl")
    #expect(options.grammarsDirectory == "/g")
    #expect(options.locales == ["en-US", "zh-CN"])
    #expect(options.showHelp == false)

    let (_, defaults) = try EvalCommand.parseArguments(["a.jsonl", "--grammars=/g"])
    #expect(defaults.misses == 0)
    #expect(defaults.locales == nil)

    #expect(try EvalCommand.parseArguments(["--help"]).options.showHelp)
    #expect(try EvalCommand.parseArguments(["-h", "x.jsonl"]).options.showHelp)
    #expect(throws: EvalError.noFiles) { try EvalCommand.parseArguments(["--grammars", "/g"]) }
    #expect(throws: EvalError.invalidValue("--misses", "lots")) { try EvalCommand.parseArguments(["a", "--misses", "lots"]) }
    #expect(throws: EvalError.missingValue("--misses")) { try EvalCommand.parseArguments(["a", "--misses"]) }
    #expect(throws: EvalError.unknownOption("--verbose")) { try EvalCommand.parseArguments(["a", "--verbose", "--grammars", "/g"]) }
    #expect(try EvalCommand.parseArguments(["--grammars", "/g", "--", "--odd-name.jsonl"]).files == ["--odd-name.jsonl"])
    #expect(EvalCommand.usage.contains("--misses N"))
  }

  /// `main`'s exit statuses (it prints; the report itself is tested through `run`).
  @Test func exitStatus() {
    #expect(EvalCommand.main(["--grammars", Self.grammars]) == 2)
    #expect(EvalCommand.main(["--bogus", "a.jsonl"]) == 2)
    #expect(EvalCommand.main(["--grammars", Self.grammars, "/nonexistent/dev.jsonl"]) == 1)
  }

  /// The real dev set, when asked for: `SIRI_EVAL_FILES="/work/shared/eval/*.jsonl"`
  /// (a space-separated list of files) `swift test --filter SiriEval`. Prints the report.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SIRI_EVAL_FILES"] != nil))
  func devSet() throws {
    let files = ProcessInfo.processInfo.environment["SIRI_EVAL_FILES"]!.split(separator: " ").map(String.init)
    var options = EvalOptions(grammarsDirectory: Self.grammars)
    options.misses = Int(ProcessInfo.processInfo.environment["SIRI_EVAL_MISSES"] ?? "") ?? 0
    let start = Date()
    let report = try EvalCommand.run(files: files, options: options)
    for warning in report.warnings { print(warning) }
    for line in report.lines { print(line) }
    print("evaluated in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
  }
}
