import CommandLineParsing
import Foundation
import MediaAppKit
import SiriREPL

/// `siri bench MODE`: the benchmarks that back the figures in the README. Run them in
/// a release build (`swift run -c release siri bench …`); each prints one JSON object
/// per measurement.
public enum BenchCommand {
  static let mode = Positional<String>(
    "MODE",
    help:
      "what to measure: robustness (hostile input, long utterances, 10 MB grammars), app (an app of real size), search (catalog search at any size)",
    parser: .oneOf(["robustness", "app", "search"]))
  static let catalog = Option<String>(
    "--catalog", valueName: "FILE",
    help: "app: install an app made from a catalog of ../shared/peer/gen_catalog.py (catalog-N.json)")
  static let utterances = Option<String>(
    "--utterances", valueName: "FILE",
    help: "app: the utterances, one a line (or JSON Lines with \"text\"); default: made from the catalog")
  static let turns = Option<Int>(
    "--turns", valueName: "N", help: "app: how many turns to time (default 2000)", parser: .integer(in: 1...1_000_000))
  static let items = Option<Int>(
    "--items", valueName: "N", help: "search: a synthetic catalog of N items (repeatable; default 1,000 to 300,000)", repeatable: true,
    parser: .integer(in: 1...10_000_000))

  public static let command = Command(
    name: "siri bench",
    abstract: "benchmarks behind the README's figures (run in a release build)",
    discussion: """
      robustness: the parser on utterances of 16 to 100,000 tokens, 10,000 garbage lines
      and a 4 MB line through the REPL's read loop, and compiling two 10 MB grammar
      files. One JSON object per measurement, on standard output.

      app: what the apps --app (or --catalog) installs cost: start-up added with a cold
      and a warm catalog cache, each turn (parse, resolve, confirm, handle, render) as
      mean, p50 and p99, and peak memory, as one JSON line. Without an app: the sample
      apps alone, the baseline. Utterances are made from the app's catalog unless
      --utterances names a file. Scripts/bench-apps runs it at 1k, 10k and 100k items.

      search: MediaCatalog built from a synthetic catalog of each size (build time,
      memory) and searched by titles, typos, artists, albums, genres and rankings drawn
      from it (mean, p50 and p99 µs per kind). One JSON object per catalog size.
      """,
    arguments: [
      mode, CommandLineOptions.grammars, CommandLineOptions.app, CommandLineOptions.noSampleApps, catalog, utterances, turns,
      items,
    ],
    epilogue: """
      Examples:
        swift run -c release siri bench robustness
        swift run -c release siri bench app --app harbor.json --utterances requests.txt
        swift run -c release siri bench app --catalog catalog-100000.json
        swift run -c release siri bench search --items 100000 --items 300000
      """)

  /// Runs the benchmark `arguments` ask for; returns the exit status.
  /// - Throws: ``CommandLineError`` for a mistake on the command line.
  @MainActor
  public static func main(_ arguments: [String]) async throws(CommandLineError) -> Int32 {
    let parsed = try command.parse(arguments)
    if parsed.isHelpRequested {
      print(command.help)
      return 0
    }
    if parsed[mode].first == "search" {
      let sizes = parsed.all(items)
      for count in sizes.isEmpty ? [1_000, 10_000, 100_000, 300_000] : sizes {
        let catalog = SyntheticCatalog.items(count: count)
        let report = SearchBenchmark.run(items: catalog, queries: SearchBenchmark.queries(for: catalog))
        print(report.jsonLine)
        fflush(nil)
      }
      return 0
    }
    guard let grammars = parsed[CommandLineOptions.grammars] ?? GrammarLocator.defaultDirectory() else {
      FileHandle.standardError.write(Data((SessionError.grammarsNotFound.description + "\n").utf8))
      return 1
    }
    do {
      if parsed[mode].first == "app" {
        var appFiles = parsed.all(CommandLineOptions.app)
        var folder: String?
        var names = appFiles
        defer { if let folder { try? FileManager.default.removeItem(atPath: folder) } }
        if let catalog = parsed[catalog] {
          let made = FileManager.default.temporaryDirectory.appendingPathComponent("siri-bench-app-\(UUID().uuidString)").path
          folder = made
          appFiles.append(try AppBenchmark.writeApp(fromPeerCatalog: catalog, into: made))
          names.append((catalog as NSString).lastPathComponent)
        }
        let lines = try parsed[utterances].map { try AppBenchmark.readUtterances(path: $0) }
        let result = try await AppBenchmark.run(
          grammarsDirectory: grammars, appFiles: appFiles, sampleApps: !parsed.contains(CommandLineOptions.noSampleApps),
          utterances: lines, turns: parsed[turns] ?? 2_000, names: names.isEmpty ? nil : names)
        print(result.jsonLine)
        return 0
      }
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
