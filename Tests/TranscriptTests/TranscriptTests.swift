import Foundation
import SiriTesting
import Testing

/// The golden transcripts: the end-to-end truth of what Siri says.
///
/// Each file in `Transcripts/` is replayed through a fresh session and compared line
/// by line. Set `RECORD_TRANSCRIPTS=1` to rewrite the files from the current
/// behaviour (the test then fails, so a re-record is never silent); never on CI.
struct TranscriptTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let grammars = root.appendingPathComponent("Grammars").path
  static let transcripts = root.appendingPathComponent("Transcripts").path

  static func all() throws -> [Transcript] {
    try Transcript.all(in: transcripts)
  }

  @Test(arguments: try all())
  func replays(_ transcript: Transcript) async throws {
    let actual = try await TranscriptRunner.replay(transcript, grammarsDirectory: Self.grammars)
    guard let diff = TranscriptRunner.difference(expected: transcript.text, actual: actual) else { return }
    let environment = ProcessInfo.processInfo.environment
    if environment["RECORD_TRANSCRIPTS"] == "1", environment["CI"] == nil {
      try actual.write(toFile: transcript.path, atomically: true, encoding: .utf8)
      Issue.record("Re-recorded \(transcript.name).transcript; review the change with git diff:\n\(diff)")
    } else {
      Issue.record("\(transcript.name).transcript differs (- expected, + actual):\n\(diff)")
    }
  }

  @Test func thereAreEnoughTranscripts() throws {
    #expect(try Self.all().count >= 10)
  }
}
