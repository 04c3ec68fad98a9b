import Foundation
@testable import SiriBench
import Testing

/// `siri bench app`: the figures it prints are measured, not made up, and the app it
/// makes from a peer catalog is a valid app file. Small sizes: speed is the benchmark's
/// business in a release build, not a test's.
@MainActor
struct AppBenchmarkTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("siri-app-bench-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A catalog in the format of ../shared/peer/gen_catalog.py.
  static func peerCatalog(in folder: String, n: Int) throws -> String {
    let catalog: [String: Any] = [
      "n": n, "seed": 1,
      "tracks": (0..<n).map { "Lunar Track Number \($0)" },
      "albums": (0..<n).map { "Album of the Harbor \($0)" },
      "artists": (0..<n).map { "The Artist Collective \($0)" },
    ]
    let path = (folder as NSString).appendingPathComponent("catalog-\(n).json")
    try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func measuresAnAppMadeFromAPeerCatalog() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let catalog = try Self.peerCatalog(in: folder, n: 200)
    let app = try AppBenchmark.writeApp(fromPeerCatalog: catalog, into: (folder as NSString).appendingPathComponent("app"))
    let result = try await AppBenchmark.run(
      grammarsDirectory: EvalCommandTests.grammars, appFiles: [app], sampleApps: true, utterances: nil, turns: 30)
    // 200 songs, 20 albums and 20 artists, plus the sample apps' items.
    #expect(result.items > 240)
    #expect(result.turns == 30)
    #expect(result.mean_us > 0 && result.p50_us > 0)
    #expect(result.p50_us <= result.p99_us)
    #expect(result.peak_rss_mb > 1)
    #expect(result.baseline_startup_ms > 0)
    let line = result.jsonLine
    for key in ["load_ms", "load_cold_ms", "mean_us", "p50_us", "p99_us", "peak_rss_mb", "items", "turns"] {
      #expect(line.contains("\"\(key)\":"), "\(line)")
    }
  }

  /// `siri bench --app FILE --utterances FILE`, as the catalog issue writes it, is the
  /// app mode; `siri bench --catalog FILE --utterances FILE`, as the engine issue writes
  /// it, the peer mode; a mode said, or neither an app nor a catalog, is left as it is.
  @Test(arguments: [
    (["--app", "h.json", "--utterances", "u.txt"], ["app", "--app", "h.json", "--utterances", "u.txt"]),
    (["--catalog=c.json"], ["app", "--catalog=c.json"]),
    (["peer", "--catalog", "c.json"], ["peer", "--catalog", "c.json"]),
    (["--catalog", "c.json", "--utterances", "u.jsonl"], ["peer", "--catalog", "c.json", "--utterances", "u.jsonl"]),
    (["--app", "h.json", "--catalog", "c.json", "--utterances", "u.txt"], ["app", "--app", "h.json", "--catalog", "c.json", "--utterances", "u.txt"]),
    (["app", "--app", "h.json"], ["app", "--app", "h.json"]),
    (["--turns", "5"], ["--turns", "5"]),
    ([], []),
  ])
  func theAppModeIsTheDefaultWithAnApp(arguments: [String], expected: [String]) {
    #expect(BenchCommand.withDefaultMode(arguments) == expected)
  }

  @Test func aBrokenCatalogIsAClearError() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = (folder as NSString).appendingPathComponent("catalog.json")
    try Data(#"{"n": 3, "songs": []}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: AppBenchmark.Failure.self) { try AppBenchmark.writeApp(fromPeerCatalog: path, into: folder) }
  }

  @Test func utterancesFromTextAndJSONLines() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = (folder as NSString).appendingPathComponent("u.txt")
    try "# requests\nplay Outer Peace\n\n  play Khalid  \n".write(toFile: text, atomically: true, encoding: .utf8)
    #expect(try AppBenchmark.readUtterances(path: text) == ["play Outer Peace", "play Khalid"])
    let lines = (folder as NSString).appendingPathComponent("u.jsonl")
    try "{\"id\": 1, \"text\": \"play Flow\"}\nnot json\n".write(toFile: lines, atomically: true, encoding: .utf8)
    #expect(throws: AppBenchmark.Failure.self) { try AppBenchmark.readUtterances(path: lines) }
  }
}
