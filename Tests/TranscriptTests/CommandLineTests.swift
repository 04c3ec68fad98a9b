import Foundation
import Testing

/// Runs the built `siri` binary the way users and CI do: piped input, --json,
/// --script, a broken grammar, and a flood of garbage.
struct CommandLineTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static var executable: URL {
    // Under `swift test` the test bundle sits in the build folder next to the executables.
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("siri")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL.appendingPathComponent("siri")
  }

  /// The cache folder of the user running the tests (`$XDG_CACHE_HOME`, else
  /// `~/.cache`): compiled grammars are keyed by the program that compiled them, so
  /// sharing it is safe, and spares each spawned `siri` compiling the grammar again.
  static var sharedCacheHome: String {
    let environment = ProcessInfo.processInfo.environment
    if let home = environment["XDG_CACHE_HOME"], !home.isEmpty { return home }
    return (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
  }

  /// This process's environment asking for no language (no LC_ALL or LC_MESSAGES, LANG
  /// C.UTF-8): `siri` follows LANG, and the tests that don't say a locale expect English
  /// whatever the machine running them speaks.
  static var neutralEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = nil
    environment["LC_MESSAGES"] = nil
    environment["LANG"] = "C.UTF-8"
    return environment
  }

  static func run(_ arguments: [String] = [], input: Data, environment: [String: String]? = nil) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.environment = environment ?? neutralEnvironment
    process.arguments = ["--grammars", TranscriptTests.grammars, "--ephemeral"] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Write from another thread so a full output pipe can't deadlock us.
    let writer = Thread {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// A script may be a pipe (`--script <(make-demo)`, /dev/stdin) or /dev/null; a folder
  /// is a clear error.
  @Test func scriptFromAPipeOrADevice() throws {
    let piped = try Self.run(["--script", "/dev/stdin"], input: Data("play khalid\n".utf8))
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout.contains("Siri: Here's music by Khalid, from Deezer."), "\(piped.stdout)")
    let empty = try Self.run(["--script", "/dev/null"], input: Data())
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect(empty.stdout.isEmpty)
    let folder = try Self.run(["--script", FileManager.default.temporaryDirectory.path], input: Data())
    #expect(folder.status == 1)
    #expect(folder.stderr.contains("cannot read the script"), "\(folder.stderr)")
  }

  @Test func pipedUtteranceGetsSirisAnswer() throws {
    let result = try Self.run(input: Data("play the latest episode of Stuff You Should Know\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("> play the latest episode of Stuff You Should Know"))
    #expect(result.stdout.contains(#"Siri: Here's "Lighthouses: Beacons of the Coast" from Stuff You Should Know, on AudioCast."#))
  }

  /// `--speak` without espeak-ng: one clear line on standard error, and the session goes
  /// on unchanged; output that is not a terminal carries no colour codes.
  @Test func speakWithoutEspeakSaysSoAndGoesOn() throws {
    var environment = Self.neutralEnvironment
    environment["PATH"] = "/nonexistent"
    let result = try Self.run(["--speak"], input: Data("play khalid on deezer\n".utf8), environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.split(separator: "\n").filter { $0.contains("--speak needs espeak-ng") }.count == 1)
    #expect(result.stdout.contains("Siri: Here's music by Khalid, from Deezer."))
    #expect(!result.stdout.contains("\u{1B}["))
  }

  @Test func jsonModePrintsOneParsableObjectPerTurn() throws {
    let result = try Self.run(["--json"], input: Data("play the latest episode of stuff you should know\nblorp\n".utf8))
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(first["intent"] as? String == "PlayMedia")
    #expect(first["app"] as? String == "AudioCast")
    #expect(first["code"] as? String == "handleInApp")
    #expect((first["slots"] as? [String: Any])?["sortOrder"] as? String == "newest")
    #expect((first["resolution"] as? [String: Any])?["mediaItems"] as? String != nil)
    #expect((first["speech"] as? String)?.hasPrefix("Here's") == true)
    let second = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    #expect(second["intent"] is NSNull)
    #expect(second["utterance"] as? String == "blorp")
  }

  @Test func brokenGrammarStopsWithItsLocation() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("siri-broken-\(UUID().uuidString)")
    let locale = directory.appendingPathComponent("en-US")
    try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "intent PlayMedia\n  play (the | a {text:mediaName}\n".write(
      to: locale.appendingPathComponent("broken.grammar"), atomically: true, encoding: .utf8)
    try "noMatch = Sorry.\n".write(to: locale.appendingPathComponent("responses.strings"), atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = Self.executable
    process.environment = Self.neutralEnvironment
    process.arguments = ["--grammars", directory.path]
    let stderr = Pipe()
    process.standardError = stderr
    process.standardInput = Pipe()
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.contains("broken.grammar:2:"), "\(message)")
    #expect(message.contains("error: expected ')'"), "\(message)")
  }

  /// 10,000 lines of garbage: random bytes, invalid UTF-8, 1 MB lines, emoji, control
  /// characters. The REPL must read them all and end normally.
  @Test func survivesTenThousandLinesOfGarbage() throws {
    var generator = SeededGenerator(seed: 2026)
    var input = Data()
    for index in 0..<10_000 {
      switch index % 6 {
      case 0: input.append(contentsOf: (0..<Int.random(in: 1...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }.filter { $0 != 10 })
      case 1: input.append(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0xE2, 0x82] + Array("play \u{1B}[31mred".utf8))
      case 2: input.append(contentsOf: Array("🎵🎧 play 😀 on 🚀 \u{200B}\u{202E}".utf8))
      case 3: input.append(contentsOf: (0..<40).map { _ in UInt8.random(in: 0...31, using: &generator) }.filter { $0 != 10 })
      case 4: input.append(contentsOf: Array(":trace \(index % 2 == 0 ? "on" : "off")".utf8))
      default: input.append(contentsOf: Array("play \(String(repeating: "x", count: index % 7 == 0 ? 20 : 3))".utf8))
      }
      if index == 5_000 { input.append(Data(repeating: 0x61, count: 1_048_576)) }
      if index == 7_000 { input.append(Data(repeating: 0x20, count: 1_048_576)); input.append(contentsOf: Array("play a".utf8)) }
      input.append(10)
    }
    let result = try Self.run(input: input)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}

/// A deterministic random source (SplitMix64), so the garbage is the same every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
