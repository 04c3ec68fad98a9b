import CommandLineParsing
import Foundation
import LineEditing
import SiriREPL

/// `siri test PATH…`: replays golden transcripts (a user's regression tests for their own
/// app, or this package's) and reports what differs, as a unified diff, a summary, an
/// exit status and, for CI, JUnit XML.
public enum TestCommand {
  static let paths = Positional<String>(
    "PATH", help: "a transcript file, or a folder searched (sub-folders too) for *.transcript",
    count: .oneOrMore)
  static let junit = Option<String>(
    "--junit", valueName: "FILE", help: "also write the results to FILE as JUnit XML, for CI")
  static let update = Flag(
    "--update", help: "rewrite the transcripts that differ with what siri says now\n(after showing the diff)")
  static let jobs = Option<Int>(
    "--jobs", valueName: "N",
    help: "replay N transcripts at a time (default: one per core); results are\nreported in file order whatever N is",
    parser: .integer(in: 1...256))

  public static let command = Command(
    name: "siri test",
    abstract: "replay golden transcripts (your app's regression tests); show what differs",
    discussion: """
      Replays each transcript in a fresh session, with an empty data folder of its own,
      and compares what siri prints with the file (blank lines and trailing spaces
      aside). A difference is shown as a unified diff headed by the transcript's path
      and the line of the first difference. Exit status: 0 when every transcript
      passes (or was rewritten by --update), 1 when one differs or cannot be replayed,
      2 for a mistake on the command line.

      Comment lines before a transcript's first '> ' line set up its session:
        # locale: LOCALE   replay it in LOCALE (zh-CN); en-US without one
        # app: FILE        install the app definition in FILE (relative to the
                           transcript's folder, or absolute); one line per app
        # no-sample-apps   leave out the sample apps (AudioCast, Deezer, …)
      """,
    arguments: [paths, junit, update, jobs, CommandLineOptions.grammars],
    epilogue: """
      Environment:
        NO_COLOR=1   no colours (there are none when output is not a terminal)

      Examples:
        siri test Transcripts
        siri test path/to/transcripts --junit report.xml
        siri test --update path/to/transcripts/playlists.transcript
      """)

  /// What the command line asked for.
  public struct Options: Sendable, Equatable {
    public var paths: [String]
    public var junitPath: String?
    public var update = false
    public var grammarsDirectory: String
    /// How many transcripts replay at once (each in its own session and data folder).
    public var jobs: Int

    public init(
      paths: [String], junitPath: String? = nil, update: Bool = false, grammarsDirectory: String,
      jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
      self.paths = paths
      self.junitPath = junitPath
      self.update = update
      self.grammarsDirectory = grammarsDirectory
      self.jobs = jobs
    }
  }

  /// Runs `siri test` with `arguments` (those after `test`); returns the exit status.
  /// - Throws: ``CommandLineError`` for a mistake on the command line.
  @MainActor
  public static func main(_ arguments: [String]) async throws(CommandLineError) -> Int32 {
    let parsed = try command.parse(arguments)
    if parsed.isHelpRequested {
      print(command.help)
      return 0
    }
    guard let grammars = parsed[CommandLineOptions.grammars] ?? GrammarLocator.defaultDirectory() else {
      printError(SessionError.grammarsNotFound.description)
      return 1
    }
    let options = Options(
      paths: parsed[paths], junitPath: parsed[junit], update: parsed.contains(update), grammarsDirectory: grammars,
      jobs: parsed[jobs] ?? ProcessInfo.processInfo.activeProcessorCount)
    return await run(
      options, colors: Terminal.supportsColor,
      write: { line in
        print(line)
        fflush(nil)
      },
      writeError: printError)
  }

  /// Runs the transcripts `options` name, writing the report line by line to `write`
  /// and problems with the run itself to `writeError`; returns the exit status.
  @MainActor
  public static func run(
    _ options: Options, colors: Bool = false, write: (String) -> Void, writeError: (String) -> Void
  ) async -> Int32 {
    func paint(_ text: String, _ code: String) -> String {
      colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    let files: [String]
    do {
      files = try Transcript.files(at: options.paths)
    } catch {
      writeError("\(error)")
      return 1
    }
    guard !files.isEmpty else {
      writeError("error: no *.transcript files in \(options.paths.joined(separator: ", "))")
      return 1
    }

    var results: [TranscriptResult] = []
    var updated = 0
    var failed = 0
    // Each file is read once: its header picks the resources, and the same text replays.
    let transcripts = files.map { (path: $0, loaded: Transcript.loaded(path: $0)) }
    // One grammar per locale for the whole run, loaded when a transcript first needs it:
    // compiling it is most of a session's start-up. When it doesn't load, the first
    // transcript says why (and stops the run).
    var resources = ResourceShelf(grammarsDirectory: options.grammarsDirectory)
    for case (_, .success(let transcript)) in transcripts { resources.load(for: transcript) }
    // Each transcript replays in a session of its own, so they replay side by side, one
    // per core; their results are reported (and rewritten) in file order as they come.
    let replays = ReplayQueue(
      transcripts: transcripts, grammarsDirectory: options.grammarsDirectory, resources: resources.all,
      width: options.jobs)
    for await result in replays.results() {
      let path = result.transcript.path
      if result.stopsTheRun, case .failed(let error) = result.outcome {
        // The grammars or responses are broken: every transcript would say so.
        writeError(error.message)
        return 1
      }
      results.append(result)
      switch result.outcome {
      case .passed:
        write("\(path): \(paint("passed", "32"))")
      case .differed:
        var report = result.report(colors: colors) ?? []
        if !report.isEmpty { report[0] = paint(report[0], "1;31") }
        report.forEach(write)
        if options.update {
          do {
            try TranscriptRunner.update(result)
            write("rewrote \(path)")
            updated += 1
          } catch {
            writeError("error: cannot rewrite \(path): \(error.localizedDescription)")
            failed += 1
          }
        } else {
          failed += 1
        }
        write("")
      case .failed:
        (result.report(colors: colors) ?? []).forEach { write(paint($0, "1;31")) }
        failed += 1
      }
    }

    var status: Int32 = failed == 0 ? 0 : 1
    if let junitPath = options.junitPath {
      do {
        try JUnitReport.xml(results).write(toFile: junitPath, atomically: true, encoding: .utf8)
      } catch {
        writeError("error: cannot write the JUnit report '\(junitPath)': \(error.localizedDescription)")
        status = 1
      }
    }
    write(summary(count: results.count, passed: results.count - updated - failed, updated: updated, failed: failed))
    return status
  }

  /// `12 transcripts: 11 passed, 1 failed`; `… 1 updated …` when some were rewritten.
  static func summary(count: Int, passed: Int, updated: Int, failed: Int) -> String {
    var parts = ["\(passed) passed"]
    if updated > 0 { parts.append("\(updated) updated") }
    if failed > 0 || updated == 0 { parts.append("\(failed) failed") }
    return "\(count) transcript\(count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// Replays transcripts `width` at a time, off the main actor, and hands the results
/// back in the order of `transcripts`, each as soon as it and those before it are done.
struct ReplayQueue: Sendable {
  /// Each transcript file's path and what reading it gave (``Transcript/loaded(path:)``).
  let transcripts: [(path: String, loaded: Result<Transcript, TranscriptError>)]
  let grammarsDirectory: String
  let resources: [SessionResources]
  let width: Int

  func results() -> AsyncStream<TranscriptResult> {
    let (stream, continuation) = AsyncStream.makeStream(of: TranscriptResult.self)
    let task = Task {
      await withTaskGroup(of: (Int, TranscriptResult).self) { group in
        var next = 0
        func start() {
          guard next < transcripts.count else { return }
          let index = next
          next += 1
          let (transcript, grammars, resources) = (transcripts[index], grammarsDirectory, resources)
          group.addTask {
            (
              index,
              await TranscriptRunner.run(
                transcript.loaded, path: transcript.path, grammarsDirectory: grammars, resources: resources,
                isolation: nil)
            )
          }
        }
        for _ in 0..<max(1, width) { start() }
        var finished: [Int: TranscriptResult] = [:]
        var reported = 0
        while let (index, result) = await group.next() {
          finished[index] = result
          while let ready = finished.removeValue(forKey: reported) {
            continuation.yield(ready)
            reported += 1
          }
          if Task.isCancelled { break }
          start()
        }
        group.cancelAll()
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

/// The grammars and responses of a transcript run, one per locale, each loaded once from
/// the user's grammar cache when a transcript first needs it.
struct ResourceShelf {
  let grammarsDirectory: String
  private(set) var all: [SessionResources] = []
  private var tried: Set<String> = []
  /// The grammar folder's locales and the base configuration: the same for every transcript.
  private let available: [String]
  private let base: SessionConfiguration

  init(grammarsDirectory: String) {
    self.grammarsDirectory = grammarsDirectory
    available = GrammarLocales.available(in: grammarsDirectory)
    base = SessionConfiguration(
      grammarsDirectory: grammarsDirectory, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory())
  }

  /// Loads the resources of the locales `transcript` speaks (the one it replays in, and
  /// those its `:locale` lines switch to), unless already loaded or tried (a broken
  /// grammar, a bad header, are then reported by the transcript's own replay).
  mutating func load(for transcript: Transcript) {
    guard let header = try? transcript.header() else { return }
    let switched = transcript.inputLines.compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard words.count == 2, words[0] == ":locale" else { return nil }
      return GrammarLocales.match(String(words[1]), in: available)
    }
    for locale in [header.applied(to: base, transcriptFolder: "").locale] + switched where tried.insert(locale).inserted {
      var configuration = base
      configuration.locale = locale
      if let resources = try? SessionResources(configuration: configuration) { all.append(resources) }
    }
  }
}
