import Foundation
import SiriTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `siri test` as users and CI run it: the built binary on transcripts kept in a folder
/// of their own, its output and its exit status.
struct TestCommandTests {
  /// Runs `siri test ARGUMENTS --grammars …` in `directory`.
  static func siriTest(_ arguments: [String], in directory: URL? = nil, grammars: String = TranscriptTests.grammars) throws
    -> CommandLineTests.Result
  {
    try SubcommandLineTests.run(["test"] + arguments + ["--grammars", grammars], in: directory)
  }

  /// A new folder holding `files` (path inside it → text); removed by the caller.
  static func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("siri-test-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
  }

  static let trace = "# Trace on and off.\n\n> :trace on\nTrace is on.\n\n> :trace off\nTrace is off.\n"
  static let traceWrong = trace.replacingOccurrences(of: "Trace is off.", with: "Trace is OFF.")
  static let missingApp = "# Mine.\n# app: Missing.json\n> :trace on\nTrace is on.\n"

  static let lighthouses = #"Siri: Here's "Lighthouses: Beacons of the Coast" from Stuff You Should Know, on AudioCast."#
  static let episode = "> play the latest episode of Stuff You Should Know\n\(lighthouses)\n"

  /// Sub-folders are searched, hidden ones and other files are not; paths are shown
  /// as given, sorted; all pass: status 0.
  @Test func aPassingFolder() throws {
    let root = try Self.folder([
      "transcripts/trace.transcript": Self.trace,
      "transcripts/nested/episode.transcript": Self.episode,
      "transcripts/.hidden/wrong.transcript": Self.traceWrong,
      "transcripts/notes.txt": "not a transcript",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try Self.siriTest(["transcripts"], in: root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout == """
        transcripts/nested/episode.transcript: passed
        transcripts/trace.transcript: passed
        2 transcripts: 2 passed, 0 failed

        """)
    #expect(result.stderr.isEmpty)
  }

  /// Transcripts replay side by side (`--jobs`), yet report in file order: with one job
  /// or eight, and however long each takes, the output is the same, byte for byte.
  @Test func jobsChangeNothingButTheTime() throws {
    var files: [String: String] = [:]
    for index in 0..<12 {
      let text = index % 4 == 0 ? Self.traceWrong : index % 3 == 0 ? Self.episode : Self.trace
      files[String(format: "t/%02d.transcript", index)] = text
    }
    let root = try Self.folder(files)
    defer { try? FileManager.default.removeItem(at: root) }
    let one = try Self.siriTest(["t", "--jobs", "1"], in: root)
    let eight = try Self.siriTest(["t", "--jobs", "8"], in: root)
    #expect(one.status == 1 && eight.status == 1)
    #expect(one.stdout == eight.stdout)
    #expect(one.stdout.hasPrefix("t/00.transcript:"), "\(one.stdout)")
    #expect(one.stdout.hasSuffix("12 transcripts: 9 passed, 3 failed\n"), "\(one.stdout)")
    let order = one.stdout.split(separator: "\n").compactMap { line in
      line.hasPrefix("t/") ? line.split(separator: ".").first.map(String.init) : nil
    }
    #expect(order == (0..<12).map { String(format: "t/%02d", $0) })
  }

  /// A difference: the path and line of the first difference, the unified diff with
  /// the file's line numbers, on standard output without colours; status 1.
  @Test func aFailingTranscriptShowsTheDiff() throws {
    let changed = Self.lighthouses.replacingOccurrences(of: "Lighthouses: Beacons of the Coast", with: "Lighthouses")
    let transcript = [
      "# A changed answer.", "> :trace on", "Trace is on.", "> :trace off", "Trace is off.",
      "> play the latest episode of Stuff You Should Know", changed,
      "> :trace on", "Trace is on.", "> :trace off", "Trace is off.",
    ].joined(separator: "\n")
    let root = try Self.folder(["episode.transcript": transcript])
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("episode.transcript").path
    let result = try Self.siriTest([path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(path):7: first difference
        --- expected
        +++ actual
        @@ -4,7 +4,7 @@
         > :trace off
         Trace is off.
         > play the latest episode of Stuff You Should Know
        -\(changed)
        +\(Self.lighthouses)
         > :trace on
         Trace is on.
         > :trace off

        1 transcript: 0 passed, 1 failed

        """)
    #expect(result.stderr.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == transcript)
  }

  /// `--update` shows the diff, rewrites the file (header comments and blank lines
  /// kept), says so, and exits 0; the next run passes.
  @Test func updateRewritesWhatDiffers() throws {
    let root = try Self.folder(["t/wrong.transcript": Self.traceWrong, "t/right.transcript": Self.trace])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try Self.siriTest(["--update", "t"], in: root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("t/wrong.transcript:7: first difference\n--- expected\n+++ actual\n"))
    #expect(result.stdout.contains("-Trace is OFF.\n+Trace is off.\nrewrote t/wrong.transcript\n"))
    #expect(result.stdout.hasSuffix("2 transcripts: 1 passed, 1 updated\n"))
    #expect(try String(contentsOf: root.appendingPathComponent("t/wrong.transcript"), encoding: .utf8) == Self.trace)
    let again = try Self.siriTest(["t/wrong.transcript"], in: root)
    #expect(again.status == 0)
    #expect(again.stdout == "t/wrong.transcript: passed\n1 transcript: 1 passed, 0 failed\n")
  }

  /// `--junit FILE`: one test case per transcript, the diff in a failure, the missing
  /// app file in an error; the run still fails (status 1).
  @Test func junitWritesAReport() throws {
    let root = try Self.folder([
      "a-right.transcript": Self.trace, "b-wrong.transcript": Self.traceWrong, "c-mine.transcript": Self.missingApp,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = root.appendingPathComponent("out/report.xml")
    try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
    let result = try Self.siriTest([".", "--junit", report.path], in: root)
    #expect(result.status == 1)
    #expect(result.stdout.contains("./c-mine.transcript:2: error: app file 'Missing.json' not found (looked for ./Missing.json)\n"))
    #expect(result.stdout.hasSuffix("3 transcripts: 1 passed, 2 failed\n"))
    let xml = try String(contentsOf: report, encoding: .utf8)
    #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(xml.contains(#"tests="3" failures="1" errors="1""#))
    #if canImport(FoundationXML) || os(macOS)
      let document = try XMLDocument(xmlString: xml, options: [])
      let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
      let cases = suite.elements(forName: "testcase")
      #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["a-right", "b-wrong", "c-mine"])
      let failure = try #require(cases[1].elements(forName: "failure").first)
      #expect(failure.attribute(forName: "message")?.stringValue == "./b-wrong.transcript:7: first difference")
      #expect(failure.stringValue?.contains("-Trace is OFF.\n+Trace is off.") == true)
      #expect(cases[2].elements(forName: "error").count == 1)
    #endif
  }

  @Test func aMissingAppFileFailsThatTranscript() throws {
    let root = try Self.folder(["mine.transcript": Self.missingApp])
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("mine.transcript").path
    let result = try Self.siriTest([path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(path):2: error: app file 'Missing.json' not found (looked for \(root.path)/Missing.json)
        1 transcript: 0 passed, 1 failed

        """)
  }

  @Test func pathsThatAreNotThereOrHoldNoTranscripts() throws {
    let root = try Self.folder(["empty/notes.txt": "nothing"])
    defer { try? FileManager.default.removeItem(at: root) }
    let missing = try Self.siriTest(["nowhere"], in: root)
    #expect(missing.status == 1)
    #expect(missing.stderr == "nowhere: error: no such file or folder\n")
    let empty = try Self.siriTest(["empty"], in: root)
    #expect(empty.status == 1)
    #expect(empty.stderr == "error: no *.transcript files in empty\n")
    let none = try Self.siriTest([], in: root)
    #expect(none.status == 2)
    #expect(none.stderr.hasPrefix("error: missing PATH for 'siri test'\n\nUsage: siri test [options] PATH…"))
  }

  /// Broken grammars stop the run once, with the compiler's message, not once per
  /// transcript.
  @Test func brokenGrammarsStopTheRun() throws {
    let root = try Self.folder([
      "grammars/en-US/broken.grammar": "intent PlayMedia\n  play (the | a {text:mediaName}\n",
      "grammars/en-US/responses.strings": "noMatch = Sorry.\n",
      "t/one.transcript": Self.trace, "t/two.transcript": Self.trace,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try Self.siriTest(["t"], in: root, grammars: root.appendingPathComponent("grammars").path)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.components(separatedBy: "broken.grammar:2:").count == 2, "\(result.stderr)")
  }

  @Test func helpListsTheCommandAndItsHeaderLines() throws {
    let help = try Self.siriTest(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: siri test [options] PATH…"))
    #expect(help.stdout.contains("# app: FILE"))
    #expect(help.stdout.contains("--junit FILE"))

    let process = Process()
    process.executableURL = CommandLineTests.executable
    process.arguments = ["--help"]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("  test ") }.count == 1)
  }
}
