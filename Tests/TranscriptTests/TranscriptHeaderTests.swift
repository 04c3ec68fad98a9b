import Foundation
import SiriREPL
import SiriTesting
import Testing

/// `# app: FILE` and `# no-sample-apps` at the top of a transcript.
struct TranscriptHeaderTests {
  @Test func readsAppFilesAndNoSampleApps() throws {
    let text = """
      # My app's playlists.
      # app: MyApp.json
      # app: /opt/apps/Other.json
      #app:   ../Shared/Third.json  \u{20}
      # no-sample-apps

      > play my road trip playlist
      Siri: OK.
      # app: Late.json
      """
    let header = try TranscriptHeader.parse(text, transcriptPath: "/repo/Tests/playlists.transcript")
    #expect(
      header.appFiles == [
        .init(name: "MyApp.json", path: "/repo/Tests/MyApp.json", line: 2),
        .init(name: "/opt/apps/Other.json", path: "/opt/apps/Other.json", line: 3),
        .init(name: "../Shared/Third.json", path: "/repo/Tests/../Shared/Third.json", line: 4),
      ])
    #expect(!header.includesSampleApps)
  }

  @Test(arguments: [
    ("Transcripts/t.transcript", "Transcripts/app.json"),
    ("t.transcript", "app.json"),
    ("/abs/t.transcript", "/abs/app.json"),
  ])
  func relativeAppFilesAreInTheTranscriptsFolder(transcript: String, expected: String) throws {
    let header = try TranscriptHeader.parse("# app: app.json\n> :trace on\n", transcriptPath: transcript)
    #expect(header.appFiles.map(\.path) == [expected])
  }

  @Test func noHeaderMeansTheSampleAppsAlone() throws {
    let header = try TranscriptHeader.parse("> play x\n# app: After.json\n# no-sample-apps\n", transcriptPath: "t.transcript")
    #expect(header == TranscriptHeader())
    #expect(header.includesSampleApps)
  }

  @Test func anAppLineWithoutAFileIsAnError() {
    #expect(throws: TranscriptError(path: "t.transcript", line: 2, message: "'# app:' names no file (# app: FILE)")) {
      try TranscriptHeader.parse("# Comment.\n# app:\n> :trace on\n", transcriptPath: "t.transcript")
    }
  }

  @Test func goesIntoTheSessionConfiguration() throws {
    let header = try TranscriptHeader.parse("# app: A.json\n# app: B.json\n# no-sample-apps\n", transcriptPath: "/t/x.transcript")
    let configuration = header.applied(to: SessionConfiguration(grammarsDirectory: "G", dataDirectory: "/d"), transcriptFolder: "/t")
    // Named as written, found in the transcript's folder: messages read the same everywhere.
    #expect(configuration.appFiles == ["A.json", "B.json"])
    #expect(configuration.baseDirectory == "/t")
    #expect(!configuration.includesSampleApps)
    #expect(configuration.dataDirectory == "/d")
    let plain = TranscriptHeader().applied(to: SessionConfiguration(grammarsDirectory: "G"), transcriptFolder: "/t")
    #expect(plain.appFiles.isEmpty && plain.includesSampleApps)
  }

  /// A missing app file fails that transcript, naming the line; it is not replayed.
  @MainActor
  @Test func aMissingAppFileIsAnErrorAtItsLine() async throws {
    let path = try TextFileTests.temporaryFile(Array("# Mine.\n# app: Missing.json\n> :trace on\nTrace is on.\n".utf8))
    let folder = (path as NSString).deletingLastPathComponent
    let result = await TranscriptRunner.run(path: path, grammarsDirectory: TranscriptTests.grammars)
    guard case .failed(let error) = result.outcome else {
      Issue.record("expected a failure, got \(result.outcome)")
      return
    }
    #expect(
      error.description
        == "\(path):2: error: app file 'Missing.json' not found (looked for \(folder)/Missing.json)")
    #expect(result.report() == [error.description])
    #expect(!result.stopsTheRun)
  }

  /// Header lines are comments like any other: replayed and recorded as they are.
  @MainActor
  @Test func headerLinesReplayAsComments() async throws {
    let text = "# no-sample-apps\n> :trace on\nTrace is on.\n"
    let transcript = Transcript(name: "t", path: "/nonexistent/t.transcript", text: text)
    #expect(transcript.inputLines == ["# no-sample-apps", ":trace on"])
    let result = await TranscriptRunner.run(transcript, grammarsDirectory: TranscriptTests.grammars)
    #expect(result.passed, "\(result.report() ?? [])")
  }
}
