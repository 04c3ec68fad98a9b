import AppLoading
import CommandLineParsing
import Foundation
import LineEditing
import SiriBench
import SiriEval
import SiriREPL
import SiriTesting

/// Wiring only: command line → session → line reader → REPL. Everything else lives in
/// SiriREPL (and SiriEval for `siri eval`).
@main
@MainActor
struct SiriCommand {
  /// `siri` and its subcommands, as the shared parser reads them and `siri --help`
  /// lists them.
  static let commandLine = CommandLineOptions.command(
    subcommands: [
      EvalCommand.command, WhyOptions.command, SampleOptions.command, BenchCommand.command, TestCommand.command,
    ])

  /// Runs on the main thread, kept by the main run loop, and exits with ``run(_:)``'s
  /// status.
  ///
  /// Not an `async` main: on Linux that hands the main actor to a Dispatch worker
  /// thread at the first `await` (`dispatch_main` parks the main thread), and worker
  /// threads block signals, so Ctrl-C would no longer interrupt the read of the line
  /// being typed. With the run loop the main actor, and the reads, stay on the main
  /// thread, the one a SIGINT is delivered to.
  static func main() {
    Task { @MainActor in
      exit(await run(Array(CommandLine.arguments.dropFirst())))
    }
    RunLoop.main.run()
  }

  /// Runs the command `arguments` ask for and returns the exit status: 0 done, 1
  /// failed, 2 a mistake on the command line (after a message and the usage).
  static func run(_ arguments: [String]) async -> Int32 {
    do throws(CommandLineError) {
      let (command, rest) = try commandLine.route(arguments)
      switch command.name {
      case EvalCommand.command.name:
        // Ctrl-C stops the evaluation after the rows being parsed (status 130).
        let interruption = Interruption.interruptSignal()
        return EvalCommand.main(rest, isInterrupted: { interruption.isRequested })
      case WhyOptions.command.name:
        let options = try WhyOptions.parse(rest)
        return options.showHelp ? help(command) : why(options)
      case SampleOptions.command.name:
        let options = try SampleOptions.parse(rest)
        return options.showHelp ? help(command) : sample(options)
      case BenchCommand.command.name:
        return try await BenchCommand.main(rest)
      case TestCommand.command.name:
        return try await TestCommand.main(rest)
      default:
        let options = try CommandLineOptions.parse(rest, command: commandLine)
        return options.showHelp ? help(command) : await repl(options)
      }
    } catch {
      let command = commandLine.subcommands.first { $0.name == error.command } ?? commandLine
      printError("\(error)\n\n\(command.help)")
      return CommandLineError.exitStatus
    }
  }

  static func help(_ command: Command) -> Int32 {
    print(command.help)
    return 0
  }

  /// The REPL: on the terminal, over a script, or over piped input.
  static func repl(_ options: CommandLineOptions) async -> Int32 {
    guard let grammars = options.grammarsDirectory ?? GrammarLocator.defaultDirectory() else {
      return fail(SessionError.grammarsNotFound.description)
    }
    let locale: String
    do {
      locale = try GrammarLocales.chosen(options.locale, grammarsDirectory: grammars)
    } catch {
      return usageError(error.description)
    }

    var session: Session
    do {
      session = try Session(
        configuration: SessionConfiguration(
          grammarsDirectory: grammars, locale: locale, device: options.device,
          trace: options.trace, json: options.json, dataDirectory: options.effectiveDataDirectory,
          appFiles: options.appFiles, includesSampleApps: !options.noSampleApps,
          appCacheDirectory: AppCache.userDefault().directory, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory()))
    } catch {
      return fail(error.description)
    }
    for notice in session.takeStoreNotices() {
      FileHandle.standardError.write(Data(("siri: \(notice)\n").utf8))
    }

    var recorder: TranscriptRecorder?
    if let path = options.recordPath {
      do {
        recorder = try TranscriptRecorder(
          path: path, appFiles: options.appFiles, sampleApps: !options.noSampleApps, locale: locale)
      } catch {
        return fail("error: cannot write the transcript '\(path)': \(error.localizedDescription)")
      }
    }
    let styler = LineStyler(colors: Terminal.supportsColor && !options.json)
    var speaker: Speaker?
    if options.speak {
      speaker = Speaker()
      if speaker == nil { FileHandle.standardError.write(Data((Speaker.unavailableMessage + "\n").utf8)) }
    }
    let write: (String) -> Void = { line in
      print(styler.style(line))
      if let speaker {
        if options.json {
          if let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let speech = object["speech"] as? String, !speech.isEmpty
          {
            speaker.speak(speech)
          }
        } else if let speech = Speaker.speech(in: line) {
          speaker.speak(speech)
        }
      }
    }
    let record: (String) -> Void = { recorder?.append($0) }
    defer { recorder?.close() }

    // From here on Ctrl-C (SIGINT) no longer ends the process: at the prompt it cancels
    // the line being typed; over a script or piped input it stops after the current
    // turn, and `siri` ends with status 130 once the transcript is closed.
    if let script = options.scriptPath {
      guard var reader = ScriptReader(path: script) else {
        return fail("error: cannot read the script '\(script)'")
      }
      let ending = await REPL(echo: true, json: options.json).run(
        session: &session, reader: &reader, write: write, record: record,
        interruption: .interruptSignal())
      return status(ending, input: script)
    }
    if Terminal.isInteractive(), !options.json, var editor = makeEditor(session: session) {
      print("Siri simulator. Say something to Siri, or type :help. Ctrl-D quits.")
      // The editor handles Ctrl-C itself; the loop only ends with Ctrl-D or :quit.
      _ = Interruption.interruptSignal()
      await REPL(echo: false, json: false).run(session: &session, reader: &editor, write: write, record: record)
      return 0
    }
    let interruption = Interruption.interruptSignal()
    var input = StandardInputReader(interruption: interruption)
    let ending = await REPL(echo: true, json: options.json).run(
      session: &session, reader: &input, write: write, record: record, interruption: interruption)
    return status(ending, input: "standard input")
  }

  /// The exit status for how the loop ended: 0, or 130 (128 + SIGINT, as a shell
  /// reports a command Ctrl-C ended) after a note on standard error saying where it
  /// stopped. What was printed is flushed first, so the note comes after it.
  static func status(_ ending: REPL.Ending, input: String) -> Int32 {
    guard case .interrupted(let line) = ending else { return 0 }
    fflush(nil)
    let position = line == 0 ? "before the first line" : "after line \(line)"
    printError("siri: interrupted \(position) of \(input)")
    return interruptedStatus
  }

  /// 128 + SIGINT.
  static let interruptedStatus: Int32 = 130

  /// `siri why UTTERANCE…`.
  static func why(_ options: WhyOptions) -> Int32 {
    withDesignerSession(grammars: options.grammarsDirectory, locale: options.locale) { session in
      session.why(options.utterance).forEach { print($0) }
    }
  }

  /// `siri sample [--intent X] [-n N] [--seed S]`.
  static func sample(_ options: SampleOptions) -> Int32 {
    withDesignerSession(grammars: options.grammarsDirectory, locale: options.locale) { session in
      session.sampleLines(intent: options.intent, count: options.count, seed: options.seed).forEach { print($0) }
    }
  }

  /// Runs `body` with ``designerSession(grammars:locale:)``'s session and returns 0, or
  /// returns the exit status of the step that failed to make it.
  static func withDesignerSession(grammars: String?, locale: String?, _ body: (Session) -> Void) -> Int32 {
    switch designerSession(grammars: grammars, locale: locale) {
    case .success(let session):
      body(session)
      return 0
    case .failure(let status):
      return status.value
    }
  }

  /// A session for the grammar designer's tools, in the locale asked for (or LANG's);
  /// after saying why, exit status 1 when the grammars cannot be found or loaded, 2 for
  /// a locale they don't have.
  static func designerSession(grammars: String?, locale asked: String?) -> Result<Session, ExitStatus> {
    guard let directory = grammars ?? GrammarLocator.defaultDirectory() else {
      return .failure(ExitStatus(fail(SessionError.grammarsNotFound.description)))
    }
    let locale: String
    do {
      locale = try GrammarLocales.chosen(asked, grammarsDirectory: directory)
    } catch {
      return .failure(ExitStatus(usageError(error.description)))
    }
    do {
      return .success(
        try Session(
          configuration: SessionConfiguration(
            grammarsDirectory: directory, locale: locale, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory())))
    } catch {
      return .failure(ExitStatus(fail(error.description)))
    }
  }

  /// An exit status, as the failure of a step that ends the command.
  struct ExitStatus: Error {
    var value: Int32
    init(_ value: Int32) { self.value = value }
  }

  /// The libedit editor, with history in `$XDG_STATE_HOME/siri/history` and Tab
  /// completing meta-commands, then words the grammar and the catalogs allow next.
  static func makeEditor(session: Session) -> LineEditor? {
    let environment = ProcessInfo.processInfo.environment
    let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/state")
    let history = (stateHome as NSString).appendingPathComponent("siri/history")
    return LineEditor(programName: "siri", historyFile: history) { line in
      session.completions(forLine: line)
    }
  }

  /// Says what was asked for wrongly on the command line and returns exit status 2, as
  /// for any other mistake there.
  static func usageError(_ message: String) -> Int32 {
    printError(message)
    return CommandLineError.exitStatus
  }

  /// Says what failed and returns exit status 1.
  static func fail(_ message: String) -> Int32 {
    printError(message)
    return 1
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
