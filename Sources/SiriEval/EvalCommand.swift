import Foundation
import SiriREPL

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
  /// `-h` / `--help`: print ``EvalCommand/usage`` and do nothing else.
  public var showHelp = false

  public init(grammarsDirectory: String) {
    self.grammarsDirectory = grammarsDirectory
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
  case noFiles
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(String, String)

  public var description: String {
    switch self {
    case .fileNotFound(let path): return "error: no such file: \(path)"
    case .unreadableFile(let path, let reason): return "error: cannot read \(path): \(reason)"
    case .grammar(let locale, let message): return "error: the \(locale) grammar does not load:\n\(message)"
    case .grammarsNotFound:
      return "error: cannot find the Grammars folder; run siri from the project folder or pass --grammars DIR"
    case .noFiles: return "error: no evaluation files given"
    case .unknownOption(let option): return "error: unknown option '\(option)'"
    case .missingValue(let option): return "error: '\(option)' needs a value"
    case .invalidValue(let option, let value): return "error: '\(value)' is not a valid value for '\(option)'"
    }
  }

  /// `true` for mistakes on the command line, after which the usage helps.
  public var isUsageError: Bool {
    switch self {
    case .noFiles, .unknownOption, .missingValue, .invalidValue: return true
    default: return false
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
  public static let usage = """
    Usage: siri eval [options] FILE.jsonl…

    Parses every row of the evaluation files with the grammar of the row's locale and
    reports intent accuracy, false accepts and slot precision/recall/F1, by source,
    locale, intent and slot. The file format is described in the evaluation data's
    README (one JSON object a line: id, text, intent, slots, locale, …).
    Slots are scored on rows expecting a SiriKit intent (with annotated slots),
    whatever intent was predicted. The last line printed is a JSON object with the
    numbers.

    Options:
      --misses N        list the N worst misses (intent, then false accepts, then slots)
      --grammars DIR    load grammars from DIR/<locale> instead of ./Grammars
      --locale LOCALE   only rows of this locale (repeat for several)
      --rows FILE       also write each row's outcome to FILE, one JSON object a line
                        (expected and predicted intent and slots, errors), to compare runs
      -h, --help        show this help

    Example:
      siri eval --misses 30 ../shared/eval/*-dev.jsonl
    """

  /// Malformed lines reported one by one; the rest are only counted.
  public static let maximumWarnings = 50

  /// Parses the arguments after `eval`. When `--grammars` is not given, the `Grammars/`
  /// folder is found as the REPL finds it.
  public static func parseArguments(_ arguments: [String]) throws(EvalError) -> (files: [String], options: EvalOptions) {
    var files: [String] = []
    var misses = 0
    var grammars: String?
    var locales: [String] = []
    var showHelp = false
    var rowsFile: String?
    var index = 0
    var onlyFiles = false
    func value(for option: String, inline: String?) throws(EvalError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(option) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
        files.append(argument)
        index += 1
        continue
      }
      var option = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        option = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      switch option {
      case "--": onlyFiles = true
      case "--misses":
        let text = try value(for: option, inline: inline)
        guard let count = Int(text), count >= 0 else { throw .invalidValue(option, text) }
        misses = count
      case "--grammars": grammars = try value(for: option, inline: inline)
      case "--locale":
        let locale = try value(for: option, inline: inline)
        guard !locale.isEmpty else { throw .invalidValue(option, locale) }
        locales.append(locale)
      case "--rows":
        let path = try value(for: option, inline: inline)
        guard !path.isEmpty else { throw .invalidValue(option, path) }
        rowsFile = path
      case "-h", "--help": showHelp = true
      default: throw .unknownOption(argument)
      }
      index += 1
    }
    if showHelp {
      var options = EvalOptions(grammarsDirectory: grammars ?? "")
      options.showHelp = true
      return (files, options)
    }
    guard !files.isEmpty else { throw .noFiles }
    guard let directory = grammars ?? GrammarLocator.defaultDirectory() else { throw .grammarsNotFound }
    var options = EvalOptions(grammarsDirectory: directory)
    options.misses = misses
    options.locales = locales.isEmpty ? nil : locales
    options.rowsFile = rowsFile
    return (files, options)
  }

  /// Reads the files, parses every row and builds the report.
  ///
  /// - Throws: ``EvalError`` when a file is missing or unreadable, or a grammar does
  ///   not compile. Malformed lines are skipped and reported in ``EvalReport/warnings``.
  public static func run(files: [String], options: EvalOptions) throws(EvalError) -> EvalReport {
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
    let parsers = try GrammarParsers(grammarsDirectory: options.grammarsDirectory, locales: rows.map(\.locale))
    // Parsing is pure and the engines are values: the rows are shared out among the cores.
    let predictions = ParallelMap.map(rows) { parsers.predict($0.text, locale: $0.locale) }
    let results = EvalResults(
      outcomes: zip(rows, predictions).map { RowOutcome(row: $0, prediction: $1) }, problems: problems, filteredRows: filtered)
    return report(results: results, files: files, misses: options.misses)
  }

  /// The report of already scored results.
  public static func report(results: EvalResults, files: [String], misses: Int = 0) -> EvalReport {
    let summary = EvalSummary(results: results)
    var warnings = results.problems.prefix(maximumWarnings).map { "warning: \($0)" }
    if results.problems.count > maximumWarnings {
      warnings.append("warning: … and \(results.problems.count - maximumWarnings) more malformed lines")
    }
    let lines = ReportFormatter.lines(for: results, summary: summary, files: files, misses: misses)
    return EvalReport(lines: lines, summary: summary, warnings: warnings, results: results)
  }

  /// The whole subcommand: parses `arguments` (those after `eval`), runs, prints the
  /// report on standard output and warnings and errors on standard error, and returns
  /// the exit status (0 done, 1 failed, 2 bad command line).
  public static func main(_ arguments: [String]) -> Int32 {
    func printError(_ text: String) {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
    let files: [String]
    let options: EvalOptions
    do {
      (files, options) = try parseArguments(arguments)
    } catch {
      printError(error.isUsageError ? "\(error)\n\n\(usage)" : error.description)
      return error.isUsageError ? 2 : 1
    }
    if options.showHelp {
      print(usage)
      return 0
    }
    do {
      let report = try run(files: files, options: options)
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
      return 1
    }
  }
}

/// `map` over the cores, in order.
enum ParallelMap {
  static func map<T: Sendable, R: Sendable>(_ items: [T], minimumChunk: Int = 200, _ transform: @Sendable (T) -> R) -> [R] {
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count / minimumChunk))
    guard workers > 1 else { return items.map(transform) }
    // More chunks than cores, so a slow chunk does not leave a core idle.
    let chunkCount = min(items.count, workers * 8)
    let chunks = (0..<chunkCount).map { index in
      (items.count * index / chunkCount)..<(items.count * (index + 1) / chunkCount)
    }
    let boxes = chunks.map { _ in ResultBox<[R]>() }
    DispatchQueue.concurrentPerform(iterations: chunkCount) { index in
      boxes[index].value = items[chunks[index]].map(transform)
    }
    return boxes.flatMap { $0.value ?? [] }
  }

  /// Written by exactly one iteration, read after all of them have finished.
  final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
  }
}
