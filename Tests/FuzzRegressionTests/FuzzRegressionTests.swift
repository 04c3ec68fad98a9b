import Foundation
import SiriFuzzing
import Testing

/// Every input saved in `Inputs/<target>/` (crashes and hangs the fuzzers found, once
/// fixed, and hand-made hostile inputs) replayed through the same function `siri-fuzz`
/// fuzzes, without sanitizers. A crash stops the test process; a hang shows as a test
/// that takes too long. See `.ci/fuzz` for how inputs get here.
struct FuzzRegressionTests {
  static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

  struct Input: CustomStringConvertible, Sendable {
    var target: FuzzTarget
    var path: String
    var description: String { "\(target.rawValue)/\((path as NSString).lastPathComponent)" }
  }

  static func all() -> [Input] {
    FuzzTarget.allCases.flatMap { target in
      files(of: target).map { Input(target: target, path: $0) }
    }
  }

  static func files(of target: FuzzTarget) -> [String] {
    let folder = inputs.appendingPathComponent(target.rawValue).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { (folder as NSString).appendingPathComponent($0) }
  }

  /// One at a time: the `session` target reuses one session's store between inputs.
  @Test(.serialized, .timeLimit(.minutes(2)), arguments: all())
  func replays(_ input: Input) async throws {
    let data = try #require(FileManager.default.contents(atPath: input.path))
    await input.target.run([UInt8](data))
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyTargetHasInputs(_ target: FuzzTarget) {
    #expect(Self.files(of: target).count >= 3, "Tests/FuzzRegressionTests/Inputs/\(target.rawValue)/ needs hostile inputs")
  }
}
