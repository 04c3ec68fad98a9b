import Dialogue
import Foundation
import SiriREPL
import Testing

/// `:restart` opens the store again from disk: the apps and the dialogue engine both
/// run over the reopened store afterwards, not one of them over the old one.
struct RestartTests {
  @Test func theEngineRunsOverTheReopenedStore() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siri-restart-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var configuration = SessionConfiguration(grammarsDirectory: HostileInputTests.grammars)
    configuration.dataDirectory = folder
    var session = try Session(configuration: configuration, resources: HostileInputTests.resources)
    let before = session.store
    #expect(session.engine.store === before)
    _ = await session.handle("play Khalid")
    let output = await session.handle(":restart")
    #expect(output.lines.first?.hasPrefix("Restarted") == true, "\(output.lines)")
    #expect(session.store !== before)
    #expect(session.engine.store === session.store)
    // What was playing was kept in the store, and is found through the reopened one.
    let now = await session.handle(":now")
    #expect(now.lines.joined().contains("Khalid"), "\(now.lines)")
  }
}
