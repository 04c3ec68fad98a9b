import CommandLineParsing
import Foundation
import SiriREPL

/// `siri bench MODE`: the benchmarks that back the figures in the README. Run them in
/// a release build (`swift run -c release siri bench …`); each prints one JSON object
/// per measurement.
public enum BenchCommand {
  static let mode = Positional<String>(
    "MODE", help: "what to measure: robustness (hostile input, long utterances, 10 MB grammars)",
    parser: .oneOf(["robustness"]))

  public static let command = Command(
    name: "siri bench",
    abstract: "benchmarks behind the README's figures (run in a release build)",
    discussion: """
      robustness: the parser on utterances of 16 to 100,000 tokens, 10,000 garbage lines
      and a 4 MB line through the REPL's read loop, and compiling two 10 MB grammar
      files. One JSON object per measurement, on standard output.
      """,
    arguments: [mode, CommandLineOptions.grammars],
    epilogue: "Example:\n  swift run -c release siri bench robustness")

  /// Runs the benchmark `arguments` ask for; returns the exit status.
  /// - Throws: ``CommandLineError`` for a mistake on the command line.
  @MainActor
  public static func main(_ arguments: [String]) async throws(CommandLineError) -> Int32 {
    let parsed = try command.parse(arguments)
    if parsed.isHelpRequested {
      print(command.help)
      return 0
    }
    guard let grammars = parsed[CommandLineOptions.grammars] ?? GrammarLocator.defaultDirectory() else {
      FileHandle.standardError.write(Data((SessionError.grammarsNotFound.description + "\n").utf8))
      return 1
    }
    do {
      try await RobustnessBenchmark.run(grammarsDirectory: grammars) { measurement in
        print(measurement.jsonLine)
        fflush(nil)
      }
    } catch {
      FileHandle.standardError.write(Data(("error: \(error)\n").utf8))
      return 1
    }
    return 0
  }
}
