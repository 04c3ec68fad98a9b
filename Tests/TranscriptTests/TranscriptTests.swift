import Foundation
import SiriREPL
import SiriTesting
import Testing

/// The golden transcripts: the end-to-end truth of what Siri says.
///
/// Each file in `Transcripts/` (and the folders in it) is replayed by the runner
/// `siri test` uses, in a fresh session, and a difference fails its test with the same
/// unified diff `siri test` prints. Set `RECORD_TRANSCRIPTS=1` to rewrite the files
/// that differ from the current behaviour, as `siri test --update` does (the test then
/// fails anyway, so a re-record is never silent); never on CI.
struct TranscriptTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let grammars = root.appendingPathComponent("Grammars").path
  static let transcripts = root.appendingPathComponent("Transcripts").path

  /// The grammar and responses of each locale, compiled once and shared by every
  /// transcript (a transcript says which it replays in, and may switch with `:locale`).
  static let resources: [SessionResources] = GrammarLocales.available(in: grammars).compactMap { locale in
    try? SessionResources(
      configuration: SessionConfiguration(
        grammarsDirectory: grammars, locale: locale, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory()))
  }

  static func all() throws -> [Transcript] {
    try Transcript.all(in: transcripts)
  }

  /// `RECORD_TRANSCRIPTS=1`, and not on CI (`CI` set).
  static var isRecording: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["RECORD_TRANSCRIPTS"] == "1" && environment["CI"] == nil
  }

  @Test(arguments: try all())
  func replays(_ transcript: Transcript) async throws {
    let result = await TranscriptRunner.run(transcript, grammarsDirectory: Self.grammars, resources: Self.resources)
    guard let report = result.report()?.joined(separator: "\n") else { return }
    if Self.isRecording, try TranscriptRunner.update(result) {
      Issue.record("Re-recorded \(transcript.name).transcript; review the change with git diff:\n\(report)")
    } else {
      Issue.record("\(report)")
    }
  }

  @Test func thereAreEnoughTranscripts() throws {
    #expect(try Self.all().count >= 10)
  }
}
