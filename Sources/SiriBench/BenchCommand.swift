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
      "what to measure: robustness (hostile input, long utterances, 10 MB grammars), app (an app of real size; the default with --app, or --catalog alone), search (catalog search at any size), peer (the hassil peer's workload; the default with --catalog and --utterances)",
    parser: .oneOf(["robustness", "app", "search", "peer"]))
  static let catalog = Option<String>(
    "--catalog", valueName: "FILE",
    help: "app: install an app made from a catalog of ../shared/peer/gen_catalog.py (catalog-N.json); peer: the lists to load")
  static let utterances = Option<String>(
    "--utterances", valueName: "FILE",
    help: "app: the utterances, one a line (or JSON Lines with \"text\"); default: made from the catalog; peer: utterances-N.jsonl")
  static let lists = Option<String>(
    "--lists", valueName: "FILE",
    help: "peer: the workload's fixed lists (default: lists.json beside the catalog, in its parent folder or in ../shared/peer)")
  static let repeats = Option<Int>(
    "--repeat", valueName: "K", help: "peer: timed passes over the utterances (default 5)", parser: .integer(in: 1...1_000))
  static let failures = Option<String>(
    "--failures", valueName: "FILE", help: "peer: write the lines not parsed right here (JSON Lines)")
  static let slowest = Option<Int>(
    "--slowest", valueName: "N",
    help: "peer: also list the N slowest lines (each one's least time over the passes) on standard error",
    parser: .integer(in: 1...100_000))
  static let writeApp = Option<String>(
    "--write-app", valueName: "DIR",
    help: "app: only write the app made from --catalog into DIR (its definition's path on standard output), to measure it with --app in a process of its own")
  static let projectGrammars = Flag(
    "--project-grammars",
    help: "peer: parse with the project's own grammars (--grammars) and the sample apps' lists instead of the translated peer grammar")
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

      peer: the parser on the workload of ../shared/peer (hassil's grammar translated,
      the catalog's names as lists, utterances-N.jsonl scored as hassil_bench.py scores
      them), as one JSON line: n, load_ms, utterances, utt_per_s, mean_us, p50_us,
      p99_us, intent_acc, slot_acc, oog_reject_rate, peak_rss_mb. With
      --project-grammars the same lines go through the project's own grammars and the
      sample apps instead (the slots mapped onto the project's; see PeerProjectGrammars).
      Scripts/bench-peer runs it next to hassil at N = 100 to 100,000.
      """,
    arguments: [
      mode, CommandLineOptions.grammars, CommandLineOptions.app, CommandLineOptions.noSampleApps, catalog, utterances, turns,
      items, lists, repeats, failures, slowest, writeApp, projectGrammars,
    ],
    epilogue: """
      Examples:
        swift run -c release siri bench robustness
        swift run -c release siri bench app --app harbor.json --utterances requests.txt
        swift run -c release siri bench app --catalog catalog-100000.json
        swift run -c release siri bench search --items 100000 --items 300000
        swift run -c release siri bench peer --catalog data/catalog-1000.json --utterances data/utterances-1000.jsonl
      """)

  /// `arguments` with a mode in front when they name none: `app` for an app or a catalog
  /// alone (`siri bench --app harbor.json --utterances requests.txt`, as the catalog issue
  /// writes it), `peer` for a catalog with its utterances and no app (`siri bench --catalog
  /// catalog-N.json --utterances utterances-N.jsonl`, as the engine issue writes it).
  static func withDefaultMode(_ arguments: [String]) -> [String] {
    let modes: Set<String> = ["robustness", "app", "search", "peer"]
    func names(_ option: String) -> Bool {
      arguments.contains { $0 == option || $0.hasPrefix(option + "=") }
    }
    guard !arguments.contains(where: modes.contains), names("--app") || names("--catalog") else { return arguments }
    return [!names("--app") && names("--catalog") && names("--utterances") ? "peer" : "app"] + arguments
  }

  /// Runs the benchmark `arguments` ask for; returns the exit status.
  /// - Throws: ``CommandLineError`` for a mistake on the command line.
  @MainActor
  public static func main(_ arguments: [String]) async throws(CommandLineError) -> Int32 {
    let parsed = try command.parse(withDefaultMode(arguments))
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
      if parsed[mode].first == "peer" {
        return try peer(parsed, grammars: grammars)
      }
      if parsed[mode].first == "app" {
        var appFiles = parsed.all(CommandLineOptions.app)
        var folder: String?
        var names = appFiles
        defer { if let folder { try? FileManager.default.removeItem(atPath: folder) } }
        if let folder = parsed[writeApp] {
          guard let catalog = parsed[catalog] else {
            FileHandle.standardError.write(Data("siri bench app: --write-app needs --catalog catalog-N.json\n".utf8))
            return 2
          }
          print(try AppBenchmark.writeApp(fromPeerCatalog: catalog, into: folder))
          return 0
        }
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

  /// `siri bench peer`: one JSON line on standard output; the misses to `--failures`.
  static func peer(_ parsed: ParsedArguments, grammars: String) throws -> Int32 {
    guard let catalogPath = parsed[catalog], let utterancesPath = parsed[utterances] else {
      FileHandle.standardError.write(Data("siri bench peer: needs --catalog catalog-N.json and --utterances utterances-N.jsonl\n".utf8))
      return 2
    }
    let repeatCount = parsed[repeats] ?? 5
    let (result, misses): (PeerBenchmark.Result, [PeerBenchmark.Miss])
    if parsed.contains(projectGrammars) {
      (result, misses) = try PeerProjectGrammars.run(
        grammarsDirectory: grammars, catalogPath: catalogPath, utterancesPath: utterancesPath, repeats: repeatCount)
    } else {
      let listsPath = try parsed[lists] ?? defaultListsPath(besides: catalogPath)
      let shown = parsed[slowest] ?? 0
      (result, misses) = try PeerBenchmark.run(
        catalogPath: catalogPath, utterancesPath: utterancesPath, listsPath: listsPath, repeats: repeatCount,
        lineTimes: shown == 0 ? nil : { times in
          let lines = times.prefix(shown).map { String(format: "%8.1f µs  ", $0.microseconds) + $0.text + "\n" }
          FileHandle.standardError.write(Data(lines.joined().utf8))
        })
    }
    if let path = parsed[failures] {
      let text = misses.map { PeerBenchmark.missLine($0) + "\n" }.joined()
      guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw PeerBenchmark.Failure("\(path): cannot write")
      }
    }
    print(result.jsonLine)
    return 0
  }

  /// lists.json beside the catalog (`--out` of gen_catalog.py), in the folder above it
  /// (where ../shared/peer keeps it, its data in data/), or in ../shared/peer itself.
  static func defaultListsPath(besides catalogPath: String) throws -> String {
    let folder = (catalogPath as NSString).deletingLastPathComponent
    let places = [folder, (folder as NSString).deletingLastPathComponent, "../shared/peer"]
    for place in places {
      let path = ((place.isEmpty ? "." : place) as NSString).appendingPathComponent("lists.json")
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    throw PeerBenchmark.Failure("no lists.json beside \(catalogPath), in the folder above nor in ../shared/peer: give --lists FILE")
  }
}
