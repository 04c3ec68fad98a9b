import Foundation
import Testing

@testable import SiriEval

/// `siri eval --split tune|check`: every row in exactly one half, by its id alone, about
/// half and half, and the command keeps only the half asked for.
struct EvalSplitTests {
  @Test func aRowsHalfDependsOnItsIdAlone() {
    let ids = (0..<10_000).map { "snips-dev-\($0)" }
    let halves = ids.map(EvalSplit.of(id:))
    // Deterministic, whatever the order the rows come in.
    #expect(ids.reversed().map(EvalSplit.of(id:)) == halves.reversed())
    let tune = halves.filter { $0 == .tune }.count
    #expect((4_800...5_200).contains(tune), "\(tune) of 10,000 in the tune half")
  }

  @Test func eachSourceIsDividedAboutHalfAndHalf() {
    for source in ["slurp-devel", "massive-en-dev", "clinc150-val", "ood-dev"] {
      let tune = (0..<2_000).filter { EvalSplit.of(id: "\(source)-\($0)") == .tune }.count
      #expect((900...1_100).contains(tune), "\(source): \(tune) of 2,000")
    }
  }

  @Test func theCommandKeepsOnlyTheHalfAskedFor() throws {
    let lines = (0..<40).map { #"{"id": "r-\#($0)", "text": "play some jazz", "intent": "PlayMedia", "slots": {}, "locale": "en-US"}"# }
    let path = try EvalCommandTests.write(lines.joined(separator: "\n") + "\n")
    let tuneCount = (0..<40).filter { EvalSplit.of(id: "r-\($0)") == .tune }.count
    for (split, count) in [(EvalSplit.tune, tuneCount), (.check, 40 - tuneCount)] {
      var options = EvalOptions(grammarsDirectory: EvalCommandTests.grammars)
      options.split = split
      let report = try EvalCommand.run(files: [path], options: options)
      #expect(report.summary.rows == count)
      #expect(report.summary.filteredRows == 40 - count)
    }
  }

  @Test(arguments: [
    (["--split", "tune", "a.jsonl"], EvalSplit.tune), (["--split", "CHECK", "a.jsonl"], .check), (["a.jsonl"], nil),
  ])
  func theOptionIsParsed(arguments: [String], expected: EvalSplit?) throws {
    let (_, options) = try EvalCommand.parseArguments(arguments + ["--grammars", EvalCommandTests.grammars])
    #expect(options.split == expected)
  }

  @Test func aWrongHalfIsAMistake() {
    #expect(throws: EvalError.self) { try EvalCommand.parseArguments(["--split", "half", "a.jsonl"]) }
  }
}
