import Foundation
import SiriBench
import Testing

/// The robustness benchmark runs end to end at small sizes (the figures come from a
/// release build: `siri bench robustness`).
struct RobustnessBenchmarkTests {
  @MainActor
  @Test func reportsEveryMeasurementAsJSON() async throws {
    var sizes = RobustnessBenchmark.Sizes()
    sizes.tokenCounts = [16, 1_000]
    sizes.garbageLines = 30
    sizes.longLineBytes = 10_000
    sizes.grammarBytes = 20_000
    var measurements: [RobustnessBenchmark.Measurement] = []
    try await RobustnessBenchmark.run(grammarsDirectory: EvalCommandTests.grammars, sizes: sizes) {
      measurements.append($0)
    }
    #expect(measurements.map(\.name) == [
      "parse_tokens", "parse_tokens", "garbage_lines", "too_long_line", "grammar_long_line", "grammar_garbage",
    ])
    #expect(measurements.map(\.size) == [16, 1_000, 30, 10_000, 20_012, 20_000])
    #expect(measurements[4].errors == nil)
    #expect((measurements[5].errors ?? 0) > 0)
    for measurement in measurements {
      let decoded = try JSONDecoder().decode(RobustnessBenchmark.Measurement.self, from: Data(measurement.jsonLine.utf8))
      #expect(decoded == measurement)
    }
  }

  @Test func utterancesHaveTheTokensAskedFor() {
    #expect(RobustnessBenchmark.utterance(tokens: 5) == "play the song by khalid")
    #expect(RobustnessBenchmark.utterance(tokens: 1_000).split(separator: " ").count == 1_000)
  }

  @Test func garbageIsTheSameEveryTime() {
    #expect(GarbageLines.make(count: 50) == GarbageLines.make(count: 50))
    #expect(GarbageLines.make(count: 50).count == 50)
  }
}
