import Foundation
import SiriREPL
import SiriTesting
import Testing

/// Scripts and transcripts as editors on any system save them: byte order marks,
/// Windows and old Mac line endings, files cut short, text that isn't UTF-8.
struct TextFileTests {
  @Test(arguments: [
    ("a\nb\n", ["a", "b"]),
    ("a\r\nb\r\n", ["a", "b"]),
    ("a\rb\r", ["a", "b"]),
    ("a\r\n\r\nb", ["a", "", "b"]),
    ("no final line break", ["no final line break"]),
    ("", []),
    ("\n", [""]),
  ])
  func splitsLines(text: String, expected: [String]) {
    #expect(TextFile.lines(text) == expected)
  }

  @Test func dropsAByteOrderMark() throws {
    let data = Data([0xEF, 0xBB, 0xBF] + Array("> :trace on\n".utf8))
    #expect(try TextFile.strictText(data) == "> :trace on\n")
    #expect(TextFile.lenientText(data) == "> :trace on\n")
  }

  @Test(arguments: [
    ([0x61, 0x0A, 0x62, 0x0A, 0x63, 0x63, 0xFF], 3, 3, 0xFF),
    ([0x61, 0xC3], 1, 2, 0xC3),  // cut in the middle of "é"
    ([0xED, 0xA0, 0x80], 1, 1, 0xED),  // an encoded surrogate
    ([0xEF, 0xBB, 0xBF, 0x0A, 0xC0, 0x80], 2, 1, 0xC0),  // overlong NUL, after a BOM
  ] as [([UInt8], Int, Int, UInt8)])
  func namesTheFirstByteThatIsNotUTF8(bytes: [UInt8], line: Int, column: Int, byte: UInt8) {
    #expect(throws: TextFile.InvalidText(line: line, column: column, byte: byte)) {
      try TextFile.strictText(Data(bytes))
    }
  }

  static func temporaryFile(_ bytes: [UInt8], name: String = "t.transcript") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-textfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static let transcript = """
    # A comment.
    > :trace on
    Trace is on.
    > :frobnicate
    Unknown command ':frobnicate'. Type :help for the list.
    > :trace off
    Trace is off.

    """

  /// The same transcript saved with a BOM and Windows line endings replays as the original.
  @MainActor
  @Test func aTranscriptWithABOMAndCRLFReplays() async throws {
    let windows = [0xEF, 0xBB, 0xBF] + Array(Self.transcript.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let transcript = try Transcript.load(path: try Self.temporaryFile(windows))
    #expect(transcript.inputLines == ["# A comment.", ":trace on", ":frobnicate", ":trace off"])
    let actual = try await TranscriptRunner.replay(transcript, grammarsDirectory: TranscriptTests.grammars)
    #expect(TranscriptRunner.difference(expected: transcript.text, actual: actual) == nil)
  }

  /// A transcript cut short is a difference to show, not a crash or a pass.
  @MainActor
  @Test func aTruncatedTranscriptShowsWhatIsMissing() async throws {
    let cut = String(Self.transcript.dropLast("off.\n".count))
    let transcript = try Transcript.load(path: try Self.temporaryFile(Array(cut.utf8)))
    let actual = try await TranscriptRunner.replay(transcript, grammarsDirectory: TranscriptTests.grammars)
    let difference = try #require(TranscriptRunner.difference(expected: transcript.text, actual: actual))
    #expect(difference.hasSuffix("-Trace is\n+Trace is off."))
  }

  @Test func aTranscriptThatIsNotUTF8IsAnErrorNamingTheLine() throws {
    let path = try Self.temporaryFile(Array("> :trace on\nTrace is \u{00E9}".utf8).dropLast())
    #expect(throws: TranscriptError(path: path, line: 2, column: 10, message: "byte 0xC3 is not UTF-8 text (save the file as UTF-8)")) {
      try Transcript.load(path: path)
    }
    let error = try #require(throws: TranscriptError.self) { try Transcript.load(path: path) }
    #expect(error.description == "\(path):2:10: error: byte 0xC3 is not UTF-8 text (save the file as UTF-8)")
  }

  /// A script takes every line, whatever the line endings, and repairs bad bytes as
  /// standard input does.
  @Test func scriptsReadEveryLine() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("play khalid\r\n:nonsense\rplay\u{0} music\n".utf8) + [0xFF] + Array("last".utf8)
    var reader = try #require(ScriptReader(path: try Self.temporaryFile(bytes, name: "demo.txt")))
    var lines: [String] = []
    while let line = reader.readLine(prompt: "> ") { lines.append(line) }
    #expect(lines == ["play khalid", ":nonsense", "play\u{0} music", "\u{FFFD}last"])
  }

  @Test func aMissingScriptIsNil() {
    #expect(ScriptReader(path: "/nonexistent/script.txt") == nil)
  }
}
