import CommandLineParsing
import Foundation
import SiriREPL
import UtteranceParsing

/// What `siri eval` was asked to do.
public struct EvalOptions: Sendable, Equatable {
  /// `--misses N`: list the N worst misses.
  public var misses: Int = 0
  /// `--grammars DIR`: the folder with one sub-folder per locale.
  public var grammarsDirectory: String
  /// `--locale L` (repeatable): evaluate only rows of these locales; `nil` for all.
  public var locales: [String]?
  /// `--rows FILE`: write every row's outcome there as JSON lines (``RowDump``).
  public var rowsFile: String?
  /// `--split tune|check`: only the rows of that half (see ``EvalSplit``); `nil` for all.
  public var split: EvalSplit?
  /// `--variants`: also say every row read right in other ways (``PhrasingVariants``) and
  /// report how many read the same.
  public var variants = false
  /// `-h` / `--help`: print ``EvalCommand/usage`` and do nothing else.
  public var showHelp = false

  public init(grammarsDirectory: String) {
    self.grammarsDirectory = grammarsDirectory
  }
}

/// The two halves of an evaluation file, for growing grammars by patterns and not by
/// sentences: read the misses of the `tune` half only, and keep a grammar change only if
/// the `check` half improves too.
///
/// A row's half depends on its `id` alone (the top bit of its 64-bit FNV-1a hash, mixed), never on
/// the other rows or their order: a row stays in its half as files grow, and each source is
/// divided about half and half.
public enum EvalSplit: String, CaseIterable, Sendable, Equatable {
  case tune
  case check

  public static func of(id: String) -> EvalSplit {
    hash(id) >> 63 == 0 ? .tune : .check
  }

  /// The 64-bit FNV-1a hash of `text`, mixed.
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    // FNV-1a alone leaves its top bits poorly mixed for ids that differ in their last
    // characters ("…-17", "…-18"); a splitmix64 finalizer spreads every bit.
    hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
    hash ^= hash >> 31
    return hash
  }
}

/// The report: the lines to print and the numbers.
public struct EvalReport: Sendable {
  /// The human report; the last line is the summary as one JSON object.
  public var lines: [String]
  public var summary: EvalSummary
  /// One message per malformed line (`file:line: …; line skipped`), at most
  /// ``EvalCommand/maximumWarnings`` and a count of the rest, for standard error.
  public var warnings: [String]
  /// Everything behind the numbers, row by row.
  public var results: EvalResults
}

/// Why `siri eval` could not run.
public enum EvalError: Error, Sendable, Equatable, CustomStringConvertible {
  case fileNotFound(String)
  case unreadableFile(String, reason: String)
  case grammar(locale: String, message: String)
  case grammarsNotFound
  case apps(String)
  case noFiles
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(String, String)
  /// Any other mistake on the command line (an option given twice…).
  case commandLine(CommandLineError)
  /// Stopped on request (Ctrl-C) after parsing `parsedRows` of `totalRows` rows.
  case interrupted(parsedRows: Int, totalRows: Int)

  public var description: String {
    switch self {
    case .fileNotFound(let path): return "error: no such file: \(path)"
    case .unreadableFile(let path, let reason): return "error: cannot read \(path): \(reason)"
    case .grammar(let locale, let message): return "error: the \(locale) grammar does not load:\n\(message)"
    case .apps(let message): return "error: the apps do not load:\n\(message)"
    case .grammarsNotFound:
      return "error: cannot find the Grammars folder; run siri from the project folder or pass --grammars DIR"
    case .noFiles: return "error: no evaluation files given"
    case .unknownOption(let option): return "error: unknown option '\(option)'"
    case .missingValue(let option): return "error: '\(option)' needs a value"
    case .invalidValue(let option, let value): return "error: '\(value)' is not a valid value for '\(option)'"
    case .commandLine(let error): return error.description
    case .interrupted(let parsed, let total):
      return "siri: interrupted; stopped after \(Self.grouped(parsed)) of \(Self.grouped(total)) rows"
    }
  }

  /// `8,577`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }

  /// `true` for mistakes on the command line, after which the usage helps.
  public var isUsageError: Bool {
    switch self {
    case .noFiles, .unknownOption, .missingValue, .invalidValue, .commandLine: return true
    default: return false
    }
  }

  /// The shared parser's `error` in the cases `parseArguments` has always thrown.
  init(_ error: CommandLineError) {
    switch error.kind {
    case .unknownOption(let option, _): self = .unknownOption(option)
    case .missingValue(let option, _): self = .missingValue(option)
    case .invalidValue(let option, let value, _) where option.hasPrefix("-"): self = .invalidValue(option, value)
    case .missingArgument: self = .noFiles
    default: self = .commandLine(error)
    }
  }
}

/// `siri eval FILE.jsonl…`: the grammar's understanding (intent and slots) measured
/// against labelled utterances. NLU only: nothing is resolved or handled.
///
/// Wiring: `exit(EvalCommand.main(arguments after "eval"))`, or ``parseArguments(_:)``,
/// ``run(files:options:)`` and print ``EvalReport/warnings`` (standard error) and
/// ``EvalReport/lines`` (standard output; the last line is the JSON summary).
///
/// How rows are scored:
/// - Each row is parsed with the grammar of its `locale` (the best candidate of
///   `DialogueEngine.parse`, the REPL's own parser and vocabulary). A row whose locale
///   has no grammar folder counts as unparsed: predicted `none`.
/// - The predicted intent is the best candidate's intent when it is one of the nine
///   SiriKit intents (``EvalIntents/siriKit``); any other grammar intent (`MediaPause`,
///   `MediaNext`, `OutOfScope`…) or no parse is `none`.
/// - Intent accuracy is over all rows, in-domain accuracy over rows expecting a SiriKit
///   intent, the false-accept rate over `none` rows predicted as a SiriKit intent.
/// - Slots are scored on rows expecting a SiriKit intent whose `slots_annotated` is not
///   `false`, **whatever intent was predicted**: a missed intent loses its slots as false
///   negatives, so slot recall also measures coverage. A prediction of `none` brings no
///   slots. `slot_f1_intent_correct` gives the score on the rows whose intent is right.
/// - Only the data's slot names are scored (``SlotVocabulary``). Grammar-only slots
///   (`mood`, `releaseDate`, `destination`, `resume`, workout slots…) and enumeration
///   values the data cannot hold (`reference = my`, `mediaType = movie`,
///   `sortOrder = trending`) are listed but never false positives.
/// - Spans compare after `Tokenizer.normalize` on both sides, matching the predicted
///   slot's utterance text or its value (an app's display name). Enumerations compare
///   as values; `shuffle` / `repeat` as booleans (`repeat = all | one` is true).
/// - A slot in `implied` (and not annotated) is not scored at all: neither a true
///   positive when found nor a false negative when missing (the report counts how often
///   the parse agreed). `derived` slots are scored like any other.
/// - List-valued annotations match element by element (each span one TP or FN); each
///   predicted value matches at most one expected value.
/// - A rate with nothing to measure is 0 at the top level of the JSON and `null` in the
///   per-locale and per-source objects.
public enum EvalCommand {
  static let misses = Option<Int>(
    "--misses", valueName: "N", help: "list the N worst misses (intent, then false accepts, then slots)",
    parser: .integer(in: 0...Int.max))
  static let grammars = Option<String>(
    "--grammars", valueName: "DIR", help: "load grammars from DIR/<locale> instead of ./Grammars")
  static let locale = Option<String>(
    "--locale", valueName: "LOCALE", help: "only rows of this locale (repeat for several)", repeatable: true)
  static let rows = Option<String>(
    "--rows", valueName: "FILE",
    help: """
      also write each row's outcome to FILE, one JSON object a line
      (expected and predicted intent and slots, errors), to compare runs
      """)
  static let split = Option<EvalSplit>(
    "--split", valueName: "HALF",
    help: "only the tune or the check half of every file (by a hash of each row's id): read misses on tune, confirm on check",
    parser: .cases)
  static let variants = Flag(
    "--variants",
    help: """
      also say each row read right in other ways (a hesitation before it, a tag or a
      circumstance after it, asked in other words) and report, by kind, how many read
      the same (same intent and slots)
      """)
  static let files = Positional<String>("FILE.jsonl", help: "", count: .oneOrMore)

  /// `siri eval`'s command line, for the shared parser and `siri --help`.
  public static let command = Command(
    name: "siri eval",
    abstract: "score the parser on labelled utterances: intent accuracy, slot F1",
    discussion: """
      Parses every row of the evaluation files with the grammar of the row's locale and
      reports intent accuracy, false accepts and slot precision/recall/F1, by source,
      locale, intent and slot. The file format is described in the evaluation data's
      README (one JSON object a line: id, text, intent, slots, locale, …).
      Slots are scored on rows expecting a SiriKit intent (with annotated slots),
      whatever intent was predicted. The last line printed is a JSON object with the
      numbers. Ctrl-C stops after the rows being parsed (exit status 130).
      """,
    arguments: [misses, grammars, locale, split, variants, rows, files],
    epilogue: "Example:\n  siri eval --misses 30 ../shared/eval/*-dev.jsonl")

  public static var usage: String { command.help }

  /// Malformed lines reported one by one; the rest are only counted.
  public static let maximumWarnings = 50

  /// Parses the arguments after `eval`. When `--grammars` is not given, the `Grammars/`
  /// folder is found as the REPL finds it.
  public static func parseArguments(_ arguments: [String]) throws(EvalError) -> (files: [String], options: EvalOptions) {
    let parsed: ParsedArguments
    do {
      parsed = try command.parse(arguments)
    } catch {
      throw EvalError(error)
    }
    return try invocation(parsed)
  }

  /// The files and options `parsed` asks for.
  static func invocation(_ parsed: ParsedArguments) throws(EvalError) -> (files: [String], options: EvalOptions) {
    let files = parsed[Self.files]
    if parsed.isHelpRequested {
      var options = EvalOptions(grammarsDirectory: parsed[grammars] ?? "")
      options.showHelp = true
      return (files, options)
    }
    guard let directory = parsed[grammars] ?? GrammarLocator.defaultDirectory() else { throw .grammarsNotFound }
    var options = EvalOptions(grammarsDirectory: directory)
    options.misses = parsed[misses] ?? 0
    let locales = parsed.all(locale)
    options.locales = locales.isEmpty ? nil : locales
    options.rowsFile = parsed[rows]
    options.split = parsed[split]
    options.variants = parsed.contains(variants)
    return (files, options)
  }

  /// Reads the files, parses every row and builds the report.
  ///
  /// - Parameter isInterrupted: checked before each row (from any thread); once it
  ///   returns true no more rows are parsed and ``EvalError/interrupted(parsedRows:totalRows:)``
  ///   is thrown.
  /// - Throws: ``EvalError`` when a file is missing or unreadable, or a grammar does
  ///   not compile. Malformed lines are skipped and reported in ``EvalReport/warnings``.
  public static func run(
    files: [String], options: EvalOptions, isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) throws(EvalError) -> EvalReport {
    guard !files.isEmpty else { throw .noFiles }
    var rows: [EvalRow] = []
    var problems: [EvalProblem] = []
    for file in files {
      let (fileRows, fileProblems) = try EvalDataReader.read(file: file)
      rows += fileRows
      problems += fileProblems
    }
    var filtered = 0
    if let locales = options.locales {
      let wanted = Set(locales)
      let kept = rows.filter { wanted.contains($0.locale) }
      filtered = rows.count - kept.count
      rows = kept
    }
    if let split = options.split {
      let kept = rows.filter { EvalSplit.of(id: $0.id) == split }
      filtered += rows.count - kept.count
      rows = kept
    }
    if isInterrupted() { throw .interrupted(parsedRows: 0, totalRows: rows.count) }
    let parsers = try GrammarParsers(
      grammarsDirectory: options.grammarsDirectory, locales: rows.map(\.locale),
      grammarCache: GrammarCache(directory: SessionConfiguration.userGrammarCacheDirectory()))
    // Parsing is pure and the engines are values: the rows are shared out among the cores.
    let parsed = ParallelMap.map(rows, stopWhen: isInterrupted) { parsers.predict($0.text, locale: $0.locale) }
    let predictions = parsed.compactMap { $0 }
    guard predictions.count == rows.count else {
      throw .interrupted(parsedRows: predictions.count, totalRows: rows.count)
    }
    let results = EvalResults(
      outcomes: zip(rows, predictions).map { RowOutcome(row: $0, prediction: $1) }, problems: problems, filteredRows: filtered)
    let variants = options.variants ? try variantResults(results.outcomes, parsers: parsers, isInterrupted: isInterrupted) : nil
    return report(results: results, files: files, misses: options.misses, variants: variants)
  }

  /// Says each row read right in other ways (``PhrasingVariants``) and compares the
  /// readings with the row's own.
  static func variantResults(
    _ outcomes: [RowOutcome], parsers: GrammarParsers, isInterrupted: @escaping @Sendable () -> Bool
  ) throws(EvalError) -> VariantResults {
    var work: [(family: String, variant: String, locale: String, reading: EvalPrediction)] = []
    for outcome in outcomes where outcome.row.isInDomain && outcome.isIntentCorrect {
      guard let reading = outcome.prediction else { continue }
      for variant in PhrasingVariants.variants(of: outcome.row.text, id: outcome.row.id, locale: outcome.row.locale) {
        work.append((variant.family, variant.text, outcome.row.locale, reading))
      }
    }
    let items = work.map { ($0.variant, $0.locale) }
    let parsed = ParallelMap.map(items, stopWhen: isInterrupted) { parsers.predict($0.0, locale: $0.1) }
    let predictions = parsed.compactMap { $0 }
    guard predictions.count == work.count else { throw .interrupted(parsedRows: predictions.count, totalRows: work.count) }
    var held: [String: Int] = [:]
    var total: [String: Int] = [:]
    var examples: [ChangedVariant] = []
    var shown: [String: Int] = [:]
    for (item, prediction) in zip(work, predictions) {
      total[item.family, default: 0] += 1
      let reading = prediction ?? .noParse
      if VariantResults.holds(reading, as: item.reading) {
        held[item.family, default: 0] += 1
        continue
      }
      if shown[item.family, default: 0] < VariantResults.examplesPerFamily {
        shown[item.family, default: 0] += 1
        examples.append(ChangedVariant(
          family: item.family, variant: item.variant,
          before: VariantResults.describe(item.reading), after: VariantResults.describe(reading)))
      }
    }
    return VariantResults(
      families: Dictionary(uniqueKeysWithValues: total.map { ($0.key, VariantFigures(held: held[$0.key] ?? 0, total: $0.value)) }),
      examples: examples)
  }

  /// The report of already scored results.
  public static func report(results: EvalResults, files: [String], misses: Int = 0, variants: VariantResults? = nil) -> EvalReport {
    var summary = EvalSummary(results: results)
    summary.variants = variants?.families
    var warnings = results.problems.prefix(maximumWarnings).map { "warning: \($0)" }
    if results.problems.count > maximumWarnings {
      warnings.append("warning: … and \(results.problems.count - maximumWarnings) more malformed lines")
    }
    let lines = ReportFormatter.lines(for: results, summary: summary, files: files, misses: misses, variants: variants)
    return EvalReport(lines: lines, summary: summary, warnings: warnings, results: results)
  }

  /// The whole subcommand: parses `arguments` (those after `eval`), runs, prints the
  /// report on standard output and warnings and errors on standard error, and returns
  /// the exit status (0 done, 1 failed, 2 bad command line, 130 interrupted: see
  /// ``run(files:options:isInterrupted:)``).
  public static func main(_ arguments: [String], isInterrupted: @escaping @Sendable () -> Bool = { false }) -> Int32 {
    func printError(_ text: String) {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
    let parsed: ParsedArguments
    do {
      // The shared parser's own errors, which name the command and suggest a spelling.
      parsed = try command.parse(arguments)
    } catch {
      printError("\(error)\n\n\(usage)")
      return CommandLineError.exitStatus
    }
    let files: [String]
    let options: EvalOptions
    do {
      (files, options) = try invocation(parsed)
    } catch {
      printError(error.isUsageError ? "\(error)\n\n\(usage)" : error.description)
      return error.isUsageError ? 2 : 1
    }
    if options.showHelp {
      print(usage)
      return 0
    }
    do {
      let report = try run(files: files, options: options, isInterrupted: isInterrupted)
      if let rowsFile = options.rowsFile {
        let text = RowDump.lines(for: report.results).map { $0 + "\n" }.joined()
        do {
          try Data(text.utf8).write(to: URL(fileURLWithPath: rowsFile), options: .atomic)
        } catch {
          printError("error: cannot write \(rowsFile): \(error.localizedDescription)")
          return 1
        }
      }
      for warning in report.warnings { printError(warning) }
      for line in report.lines { print(line) }
      return 0
    } catch {
      printError(error.description)
      if case .interrupted = error { return interruptedStatus }
      return 1
    }
  }

  /// 128 + SIGINT, as a shell reports a command that Ctrl-C ended.
  public static let interruptedStatus: Int32 = 130
}

/// `map` over the cores, in order.
enum ParallelMap {
  /// `transform` of each item, in order; nil for the items not transformed because
  /// `stopWhen` returned true before their turn.
  static func map<T: Sendable, R: Sendable>(
    _ items: [T], minimumChunk: Int = 200, stopWhen shouldStop: @Sendable () -> Bool = { false },
    _ transform: @Sendable (T) -> R
  ) -> [R?] {
    @Sendable func step(_ item: T) -> R? { shouldStop() ? nil : transform(item) }
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count / minimumChunk))
    guard workers > 1 else { return items.map(step) }
    // More chunks than cores, so a slow chunk does not leave a core idle.
    let chunkCount = min(items.count, workers * 8)
    let chunks = (0..<chunkCount).map { index in
      (items.count * index / chunkCount)..<(items.count * (index + 1) / chunkCount)
    }
    let boxes = chunks.map { _ in ResultBox<[R?]>() }
    DispatchQueue.concurrentPerform(iterations: chunkCount) { index in
      boxes[index].value = items[chunks[index]].map(step)
    }
    return boxes.flatMap { $0.value ?? [] }
  }

  /// Written by exactly one iteration, read after all of them have finished.
  final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
  }
}
