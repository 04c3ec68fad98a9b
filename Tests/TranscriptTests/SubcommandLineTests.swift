import Foundation
import Testing

/// The built `siri` binary's command line: `--help`, `help SUBCOMMAND`, and a mistake
/// for each subcommand (exit status 2, the message, then that command's usage, all on
/// standard error).
struct SubcommandLineTests {
  /// Runs `siri` with exactly `arguments` and no input, in `directory` (this process's
  /// folder when `nil`), with `environment` (this process's, asking for no language,
  /// when `nil`).
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> CommandLineTests.Result {
    let process = Process()
    process.executableURL = CommandLineTests.executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = environment ?? CommandLineTests.neutralEnvironment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both pipes at once, so a full one can't block the other.
    let errorData = ErrorCollector(stderr.fileHandleForReading)
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = errorData.wait()
    process.waitUntilExit()
    return CommandLineTests.Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  @Test func helpListsEverySubcommand() throws {
    let result = try Self.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("Usage: siri [options]\n"))
    for name in ["eval", "why", "sample", "bench", "test"] {
      let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  \(name) ") }
      #expect(lines.count == 1, "one line for \(name) in:\n\(result.stdout)")
    }
    #expect(result.stdout.contains("  help SUBCOMMAND "))
    for option in ["--script FILE", "--json", "--trace", "--record FILE", "--grammars DIR", "--locale LOCALE",
                   "--device DEVICE", "--data-dir DIR", "--ephemeral", "--speak", "-h, --help"] {
      #expect(result.stdout.contains("\n  \(option) "), "\(option)")
    }
    #expect(try Self.run(["help"]).stdout == result.stdout)
    #expect(try Self.run(["-h"]).stdout == result.stdout)
  }

  @Test(arguments: [
    ("sample", ["--intent INTENT", "-n, --count N", "--seed S", "--grammars DIR"]),
    ("why", ["UTTERANCE", "--grammars DIR"]),
    ("eval", ["--misses N", "--grammars DIR", "--locale LOCALE", "--rows FILE"]),
  ])
  func subcommandHelp(name: String, options: [String]) throws {
    let viaHelp = try Self.run(["help", name])
    let viaFlag = try Self.run([name, "--help"])
    #expect(viaHelp.status == 0)
    #expect(viaFlag.status == 0)
    #expect(viaHelp.stdout == viaFlag.stdout)
    #expect(viaHelp.stdout.hasPrefix("Usage: siri \(name) [options]"))
    for option in options + ["-h, --help"] {
      #expect(viaHelp.stdout.contains("\n  \(option)"), "\(option) in:\n\(viaHelp.stdout)")
    }
  }

  /// Each mistake: status 2, the message as the first line of standard error, then the
  /// usage of the command it was made on; nothing on standard output.
  @Test(arguments: [
    (["sample", "-n", "abc"], "error: invalid value 'abc' for option '-n' of 'siri sample': expected an integer from 1 to 1000", "siri sample"),
    (["sample", "-n", "1001"], "error: invalid value '1001' for option '-n' of 'siri sample': expected an integer from 1 to 1000", "siri sample"),
    (["sample", "-n"], "error: option '-n' of 'siri sample' needs a value: -n N", "siri sample"),
    (["sample", "--seeed", "3"], "error: unknown option '--seeed' for 'siri sample'; did you mean '--seed'?", "siri sample"),
    (["sample", "--seed", "x"], "error: invalid value 'x' for option '--seed' of 'siri sample': expected a whole number from 0 to 18446744073709551615", "siri sample"),
    (["sample", "PlayMedia"], "error: unexpected argument 'PlayMedia' for 'siri sample'", "siri sample"),
    (["why", "--grammar", "Grammars", "play", "jazz"], "error: unknown option '--grammar' for 'siri why'; did you mean '--grammars'?", "siri why"),
    (["why"], "error: missing UTTERANCE for 'siri why'", "siri why"),
    (["eval", "--misss", "3", "a.jsonl"], "error: unknown option '--misss' for 'siri eval'; did you mean '--misses'?", "siri eval"),
    (["eval", "--misses", "lots", "a.jsonl"], "error: invalid value 'lots' for option '--misses' of 'siri eval': expected a whole number (0 or more)", "siri eval"),
    (["eval"], "error: missing FILE.jsonl for 'siri eval'", "siri eval"),
    (["--jsn"], "error: unknown option '--jsn' for 'siri'; did you mean '--json'?", "siri"),
    (["--device", "tv"], "error: invalid value 'tv' for option '--device' of 'siri': expected one of phone, watch, homepod or carplay", "siri"),
    (["--script"], "error: option '--script' of 'siri' needs a value: --script FILE", "siri"),
    (["--json=yes"], "error: option '--json' of 'siri' takes no value, but was given 'yes'", "siri"),
    (["--script", "a.txt", "--script", "b.txt"], "error: option '--script' of 'siri' was given more than once", "siri"),
    (["evl"], "error: unknown subcommand 'evl' for 'siri'; did you mean 'eval'?", "siri"),
    (["help", "smaple"], "error: unknown subcommand 'smaple' for 'siri'; did you mean 'sample'?", "siri"),
  ] as [([String], String, String)])
  func mistakeExitsWithStatus2AndUsage(arguments: [String], message: String, command: String) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first.map(String.init) == message)
    #expect(lines.dropFirst().first == "")
    #expect(lines.dropFirst(2).first.map(String.init)?.hasPrefix("Usage: \(command) [options]") == true, "\(result.stderr)")
  }

  @Test func whyAndSampleStillWork() throws {
    let why = try Self.run(["why", "--grammars", TranscriptTests.grammars, "play", "the", "latest", "episode", "of", "Stuff", "You", "Should", "Know"])
    #expect(why.status == 0)
    #expect(why.stdout.hasPrefix(#"utterance: "play the latest episode of Stuff You Should Know""#))
    #expect(why.stdout.contains("1. PlayMedia"))

    let sample = try Self.run(["sample", "--grammars=\(TranscriptTests.grammars)", "--intent", "PlayMedia", "-n", "3", "--seed", "7"])
    #expect(sample.status == 0)
    let lines = sample.stdout.split(separator: "\n")
    #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("PlayMedia: ") }, "\(sample.stdout)")
    #expect(lines.dropFirst(3).first == "Sentences each intent's templates can produce:")
    #expect(try Self.run(["sample", "--grammars", TranscriptTests.grammars, "--intent", "PlayMedia", "-n", "3", "--seed", "7"]).stdout == sample.stdout)
  }
}

/// Reads a pipe to its end on another thread.
final class ErrorCollector: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  // Written once by the reading thread before `done` is signalled, read after.
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }.start()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
