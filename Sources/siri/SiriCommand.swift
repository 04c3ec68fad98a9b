import Foundation
import LineEditing
import SiriEval
import SiriREPL

/// Wiring only: options → session → line reader → REPL. Everything else lives in SiriREPL.
@main
struct SiriCommand {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "eval" {
      exit(EvalCommand.main(Array(arguments.dropFirst())))
    }
    if arguments.first == "why" || arguments.first == "sample" {
      exit(designerTool(arguments))
    }
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      fail("\(error)\n\n\(CommandLineOptions.usage)", status: 2)
    }
    if options.showHelp {
      print(CommandLineOptions.usage)
      return
    }
    guard let grammars = options.grammarsDirectory ?? GrammarLocator.defaultDirectory() else {
      fail(SessionError.grammarsNotFound.description)
    }

    var session: Session
    do {
      session = try Session(
        configuration: SessionConfiguration(
          grammarsDirectory: grammars, locale: options.locale, device: options.device,
          trace: options.trace, json: options.json, dataDirectory: options.effectiveDataDirectory))
    } catch {
      fail(error.description)
    }
    for notice in session.takeStoreNotices() {
      FileHandle.standardError.write(Data(("siri: \(notice)\n").utf8))
    }

    var recorder: TranscriptRecorder?
    if let path = options.recordPath {
      do {
        recorder = try TranscriptRecorder(path: path)
      } catch {
        fail("error: cannot write the transcript '\(path)': \(error.localizedDescription)")
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

    if let script = options.scriptPath {
      guard var reader = ScriptReader(path: script) else {
        fail("error: cannot read the script '\(script)'")
      }
      await REPL(echo: true, json: options.json).run(session: &session, reader: &reader, write: write, record: record)
      return
    }
    if Terminal.isInteractive(), !options.json, var editor = makeEditor(session: session) {
      print("Siri simulator. Say something to Siri, or type :help. Ctrl-D quits.")
      await REPL(echo: false, json: false).run(session: &session, reader: &editor, write: write, record: record)
      return
    }
    var input = StandardInputReader()
    await REPL(echo: true, json: options.json).run(session: &session, reader: &input, write: write, record: record)
  }

  /// `siri why "UTTERANCE"` and `siri sample [--intent X] [-n N] [--seed S] [--grammars DIR]`.
  static func designerTool(_ arguments: [String]) -> Int32 {
    var rest = Array(arguments.dropFirst())
    var grammars: String?
    var intent: String?
    var count = 10
    var seed: UInt64 = 1
    var words: [String] = []
    while !rest.isEmpty {
      let argument = rest.removeFirst()
      switch argument {
      case "--grammars": grammars = rest.isEmpty ? nil : rest.removeFirst()
      case "--intent": intent = rest.isEmpty ? nil : rest.removeFirst()
      case "-n": count = Int(rest.isEmpty ? "" : rest.removeFirst()) ?? 10
      case "--seed": seed = UInt64(rest.isEmpty ? "" : rest.removeFirst()) ?? 1
      default: words.append(argument)
      }
    }
    guard let directory = grammars ?? GrammarLocator.defaultDirectory() else {
      fail(SessionError.grammarsNotFound.description)
    }
    let session: Session
    do {
      session = try Session(configuration: SessionConfiguration(grammarsDirectory: directory))
    } catch {
      fail(error.description)
    }
    let lines = arguments[0] == "why"
      ? session.why(words.joined(separator: " "))
      : session.sampleLines(intent: intent, count: min(max(count, 1), 1000), seed: seed)
    lines.forEach { print($0) }
    return 0
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

  static func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
  }
}
