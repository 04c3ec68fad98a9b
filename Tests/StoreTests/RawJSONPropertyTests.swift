import Foundation
import Testing

@testable import SiriIntents

/// What the hand-written RawJSON does with what JSONEncoder writes and with damaged text.
struct RawJSONPropertyTests {
  @Test func encoderOutputSurvivesParsingAndPrettyPrinting() throws {
    var generator = SeededGenerator(seed: 1)
    for round in 0..<2_000 {
      let data = RandomJSON.random(using: &generator).encoded
      let text = String(decoding: data, as: UTF8.self)
      let parsed = try RawJSON.parse(data)
      #expect(parsed.compact == text, "round \(round)")
      #expect(try RawJSON.parse(Data(parsed.pretty().utf8)).compact == text, "round \(round)")
    }
  }

  @Test func damagedTextNeverCrashes() {
    var generator = SeededGenerator(seed: 2)
    var accepted = 0
    for _ in 0..<5_000 {
      let data = RandomJSON.random(using: &generator).encoded
      let damaged = mutate(Array(data), using: &generator)
      if let parsed = try? RawJSON.parse(damaged) {
        accepted += 1
        // Whatever it accepts, it prints back as something it accepts again.
        #expect((try? RawJSON.parse(Data(parsed.compact.utf8))) == parsed)
      }
    }
    print("RawJSON accepted \(accepted) of 5000 damaged texts")
  }
}
