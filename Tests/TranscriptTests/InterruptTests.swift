import Foundation
import LineEditing
import SiriREPL
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C. At the prompt it cancels the line being typed and `siri` goes on, as a shell
/// does; during a script, piped input or `siri eval` it stops between two turns (rows)
/// with a note and exit status 130. Tested on the built binary: on a pseudo-terminal,
/// where Ctrl-C goes through the line discipline, and with SIGINT for the rest.
@Suite(.serialized) struct InterruptTests {
  static let utterance = "play the latest episode of Stuff You Should Know"
  static let answer = #"Siri: Here's "Lighthouses: Beacons of the Coast" from Stuff You Should Know, on AudioCast."#

  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("siri-interrupt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  // MARK: - The prompt, on a pseudo-terminal

  @Test(.timeLimit(.minutes(5)))
  func ctrlCAtThePromptCancelsTheLineAndCtrlDLeaves() throws {
    let home = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = [
      "TERM": "vt100", "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": home.path, "XDG_STATE_HOME": home.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      // The compiled grammar of this build, shared with the other tests (a grammar of
      // its own would be compiled afresh: a second of the run).
      "XDG_CACHE_HOME": CommandLineTests.sharedCacheHome,
    ]
    let terminal = try PseudoTerminal(
      executable: CommandLineTests.executable.path,
      arguments: ["--ephemeral", "--grammars", TranscriptTests.grammars], environment: environment)
    try #require(terminal.waitFor("Ctrl-D quits.", timeout: 120), "no banner:\n\(terminal.output)")
    try #require(terminal.waitFor("> "), "no prompt:\n\(terminal.output)")

    // What makes 0x03 a SIGINT to siri: siri's group is the terminal's foreground
    // one, and the line discipline turns the interrupt character into a signal.
    #expect(terminal.foregroundProcessGroup == terminal.pid)
    #expect(terminal.interruptCharacter == 0x03)

    // Half a line, then Ctrl-C.
    var mark = terminal.end
    terminal.type("play the wrong thi")
    try #require(terminal.waitFor("wrong thi", after: mark), "no echo:\n\(terminal.output)")
    #expect(terminal.generatesSignals)  // ISIG stays on in libedit's raw mode
    try interrupt(terminal)

    // A real utterance: Siri answers it, so the cancelled words are gone.
    mark = terminal.end
    terminal.type(Self.utterance + "\r")
    try #require(terminal.waitFor(Self.answer, after: mark), "no answer:\n\(terminal.output(after: mark))")
    try #require(terminal.waitFor("\n> ", after: mark), "no prompt after the answer:\n\(terminal.output(after: mark))")

    // Ctrl-C twice more: on half a line and on an empty one. siri stays.
    mark = terminal.end
    terminal.type("add this so")
    try #require(terminal.waitFor("add this so", after: mark))
    try interrupt(terminal)
    try interrupt(terminal)

    // Ctrl-D on the empty line leaves, with status 0.
    usleep(200_000)
    terminal.type("\u{04}")
    let (code, signal) = terminal.waitForExit()
    #expect(!terminal.isRunning, "siri did not leave:\n\(terminal.output)")
    #expect(signal == nil, "ended by signal \(signal ?? 0)")
    // Other tests start processes with Foundation's Process, which may reap this one
    // first: then the status is unknown, and only its ending is checked.
    if !terminal.endedWithoutStatus { #expect(code == 0) }

    // History: the line entered, not the cancelled ones (libedit writes a space as \040).
    let history = try String(contentsOf: home.appendingPathComponent("siri/history"), encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
    let entries = history.split(separator: "\n").map(String.init)
    #expect(entries.contains(Self.utterance), "\(entries)")
    #expect(!history.contains("wrong thi"))
    #expect(!history.contains("add this so"))
  }

  /// Types Ctrl-C and expects `^C`, a fresh prompt, and siri still running.
  func interrupt(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let mark = terminal.end
    terminal.type("\u{03}")
    try #require(
      terminal.waitFor("^C", after: mark, timeout: 30), "no ^C:\n\(terminal.output(after: mark))",
      sourceLocation: sourceLocation)
    try #require(
      terminal.waitFor("\n> ", after: mark, timeout: 30), "no fresh prompt:\n\(terminal.output(after: mark))",
      sourceLocation: sourceLocation)
    #expect(terminal.isRunning, "siri ended:\n\(terminal.output)", sourceLocation: sourceLocation)
  }

  // MARK: - Long runs, with SIGINT

  /// `--script` of a long file: SIGINT stops it after the turn under way; what was
  /// answered is printed and recorded, then one note on standard error, status 130.
  @Test(.timeLimit(.minutes(5)))
  func sigintDuringAScriptStopsAfterTheCurrentLine() throws {
    let folder = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("demo.txt")
    let lineCount = 5_000
    let lines = ["# a long demo"] + Array(repeating: Self.utterance, count: lineCount - 1)
    try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
    let transcript = folder.appendingPathComponent("demo.transcript")

    let process = Process()
    process.executableURL = CommandLineTests.executable
    process.arguments = ["--grammars", TranscriptTests.grammars, "--ephemeral", "--script", script.path, "--record", transcript.path]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let errors = ErrorCollector(stderr.fileHandleForReading)

    // Answers are coming: the loop runs, and Ctrl-C is handled.
    var out = Data()
    while !String(decoding: out, as: UTF8.self).contains("Siri: ") {
      let chunk = stdout.fileHandleForReading.availableData
      try #require(!chunk.isEmpty, "siri ended before answering")
      out += chunk
    }
    kill(process.processIdentifier, SIGINT)
    out += stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    let note = String(decoding: errors.wait(), as: UTF8.self)
    let match = try #require(note.wholeMatch(of: /siri: interrupted after line (\d+) of (.+)\n/), "\(note)")
    #expect(match.2 == script.path)
    let stoppedAfter = try #require(Int(match.1))
    #expect(stoppedAfter > 1 && stoppedAfter < lineCount, "stopped after \(stoppedAfter)")

    // Every line up to the one named was answered, and none after it.
    let printed = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(printed.first == "# a long demo")
    #expect(printed.filter { $0 == "> " + Self.utterance }.count == stoppedAfter - 1)
    #expect(printed.filter { $0 == Self.answer }.count == stoppedAfter - 1)
    #expect(printed.last == Self.answer)

    // The transcript holds the same turns, whole.
    let recorded = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(recorded.filter { $0 == "> " + Self.utterance }.count == stoppedAfter - 1)
    #expect(recorded.last == Self.answer)
  }

  /// Piped input that stays open: SIGINT ends the wait for more.
  @Test(.timeLimit(.minutes(5)))
  func sigintWhileWaitingForPipedInputStops() throws {
    let process = Process()
    process.executableURL = CommandLineTests.executable
    process.arguments = ["--grammars", TranscriptTests.grammars, "--ephemeral"]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = ErrorCollector(stdout.fileHandleForReading)
    let errors = ErrorCollector(stderr.fileHandleForReading)
    defer { try? stdin.fileHandleForWriting.close() }
    stdin.fileHandleForWriting.write(Data((Self.utterance + "\nplay khalid on deezer\n").utf8))

    try Self.waitUntilCatching(SIGINT, process: process)
    kill(process.processIdentifier, SIGINT)
    try Self.waitForExit(process, timeout: 60)

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    let note = String(decoding: errors.wait(), as: UTF8.self)
    #expect(
      note.wholeMatch(of: /siri: interrupted (after line [12]|before the first line) of standard input\n/) != nil,
      "\(note)")
    _ = output.wait()
  }

  /// `siri eval` over many rows: SIGINT stops it between rows.
  @Test(.timeLimit(.minutes(5)))
  func sigintStopsEval() throws {
    let folder = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("many-dev.jsonl")
    let rows = (1...5_000).map { index in
      #"{"id": "r-\#(index)", "text": "play some jazz", "intent": "PlayMedia", "slots": {"genre": "jazz"}, "locale": "en-US"}"#
    }
    try (rows.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = CommandLineTests.executable
    process.arguments = ["eval", "--grammars", TranscriptTests.grammars, file.path]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = ErrorCollector(stdout.fileHandleForReading)
    let errors = ErrorCollector(stderr.fileHandleForReading)

    try Self.waitUntilCatching(SIGINT, process: process)
    kill(process.processIdentifier, SIGINT)
    try Self.waitForExit(process, timeout: 120)

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    #expect(output.wait().isEmpty)
    let note = String(decoding: errors.wait(), as: UTF8.self)
    let match = try #require(note.wholeMatch(of: /siri: interrupted; stopped after ([\d,]+) of 5,000 rows\n/), "\(note)")
    #expect((Int(match.1.replacingOccurrences(of: ",", with: "")) ?? .max) < 5_000)
  }

  // MARK: - The loop alone

  /// `REPL.run` takes the interruption as a value: no terminal, no signal.
  @MainActor @Test func theLoopStopsBetweenTurns() async throws {
    var session = try Session(configuration: SessionConfiguration(grammarsDirectory: TranscriptTests.grammars), sharing: TranscriptTests.resources)
    var reader = ScriptedLineReader(["# demo", "play khalid on deezer", Self.utterance, "play some jazz", ":quit"])
    let turns = Counter()
    var written: [String] = []
    let ending = await REPL(echo: true, json: false).run(
      session: &session, reader: &reader, write: { written.append($0) },
      record: { if $0.hasPrefix("> ") { turns.increment() } },
      interruption: Interruption { turns.value >= 2 })
    #expect(ending == .interrupted(afterLine: 3))
    #expect(reader.remainingLines == ["play some jazz", ":quit"])
    #expect(written.last == Self.answer)

    var untouched = ScriptedLineReader(["play some jazz"])
    let early = await REPL(echo: true, json: false).run(
      session: &session, reader: &untouched, write: { _ in }, interruption: Interruption { true })
    #expect(early == .interrupted(afterLine: 0))
    #expect(untouched.prompts.isEmpty)

    var quitting = ScriptedLineReader(["play some jazz", ":quit", "play khalid on deezer"])
    #expect(await REPL(echo: true, json: false).run(session: &session, reader: &quitting, write: { _ in }) == .finished)
  }

  // MARK: - Helpers

  /// Waits until `process` handles `signal` (Linux: its `SigCgt` mask in /proc), so a
  /// signal sent then is caught rather than fatal. Elsewhere, waits a few seconds.
  static func waitUntilCatching(_ signal: Int32, process: Process, timeout: Double = 120) throws {
    let path = "/proc/\(process.processIdentifier)/status"
    guard FileManager.default.fileExists(atPath: path) else {
      Thread.sleep(forTimeInterval: 5)
      return
    }
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      guard process.isRunning else { throw PseudoTerminal.Failure("siri ended before handling the signal") }
      if let status = try? String(contentsOfFile: path, encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
        let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
        mask & (1 << UInt64(signal - 1)) != 0
      {
        return
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw PseudoTerminal.Failure("siri never handled signal \(signal)")
  }

  static func waitForExit(_ process: Process, timeout: Double) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      throw PseudoTerminal.Failure("siri did not stop within \(Int(timeout)) s of SIGINT")
    }
  }
}

/// A count shared with `@Sendable` closures.
final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
