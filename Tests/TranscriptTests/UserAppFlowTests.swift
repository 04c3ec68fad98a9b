import Foundation
import Testing

/// The README's path for a newcomer, on the built binary: an app file in a folder of
/// their own, a session recorded with `--app`, and `siri test` replaying the recording:
/// the recording names its app files itself, so it passes as recorded, and a changed
/// answer fails with a diff.
struct UserAppFlowTests {
  static let harbor = URL(fileURLWithPath: TranscriptTests.transcripts).appendingPathComponent("Apps/harbor.json")

  static func run(_ arguments: [String], in folder: URL) throws -> CommandLineTests.Result {
    var environment = CommandLineTests.neutralEnvironment
    environment["SIRI_GRAMMARS"] = TranscriptTests.grammars
    environment["NO_COLOR"] = "1"
    // The compiled grammar of this build is shared with the other tests (the app is too
    // small for the catalog cache).
    environment["XDG_CACHE_HOME"] = CommandLineTests.sharedCacheHome
    return try SubcommandLineTests.run(arguments, in: folder, environment: environment)
  }

  @Test func recordWithAnAppThenReplayWithSiriTest() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-user-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("apps"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.harbor, to: folder.appendingPathComponent("apps/harbor.json"))
    try "play Paper Lanterns on Harbor\n:apps\nadd this song to my evening ferry playlist\n"
      .write(to: folder.appendingPathComponent("talk.txt"), atomically: true, encoding: .utf8)

    let recorded = try Self.run(
      ["--app", "apps/harbor.json", "--no-sample-apps", "--script", "talk.txt", "--record", "tests/harbor.transcript"],
      in: folder)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let transcript = try String(contentsOf: folder.appendingPathComponent("tests/harbor.transcript"), encoding: .utf8)
    let lines = transcript.split(separator: "\n").map(String.init)
    #expect(lines.contains("# app: ../apps/harbor.json"), "\(transcript)")
    #expect(lines.contains("# no-sample-apps"), "\(transcript)")
    #expect(lines.contains(#"Siri: Here's "Paper Lanterns" by Quiet Lagoon, from Harbor Music."#), "\(transcript)")
    #expect(lines.contains("Harbor Music: media, 7 items, from harbor.json"), "\(transcript)")

    let replayed = try Self.run(["test", "tests"], in: folder)
    #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
    #expect(replayed.stdout.contains("1 passed"), "\(replayed.stdout)")

    // Harbor's answer changes: siri test says where and how, and fails.
    let changed = transcript.replacingOccurrences(of: "from Harbor Music.", with: "from Harbor.")
    try changed.write(to: folder.appendingPathComponent("tests/harbor.transcript"), atomically: true, encoding: .utf8)
    let failed = try Self.run(["test", "tests"], in: folder)
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("tests/harbor.transcript:"), "\(failed.stdout)")
    #expect(failed.stdout.contains(#"+Siri: Here's "Paper Lanterns" by Quiet Lagoon, from Harbor Music."#), "\(failed.stdout)")
  }
}
