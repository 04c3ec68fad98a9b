import Foundation
import LineEditing
import MediaAppKit
import SiriREPL
import UtteranceParsing

/// `siri bench robustness`: how the simulator copes with input far outside what people
/// type, in a release build. Each measurement is one JSON object; the README's
/// "Robustness" table comes from these.
///
/// - `parse_tokens`: the parser on utterances of 16 to 100,000 tokens. Time must grow at
///   most linearly with length: threads are grouped by what their future depends on, so
///   the work at each position is bounded by the grammar, and those of positions already
///   read are let go (the parser declines utterances over
///   ``CompiledGrammar/maximumTokenCount`` tokens or ``CompiledGrammar/maximumUTF8Length``
///   bytes after tokenizing them).
/// - `garbage_lines`: 10,000 lines of garbage through the REPL's read loop, the input of
///   the command-line test (random bytes, broken UTF-8, escape sequences, emoji, control
///   characters, meta-commands, two lines of 1 MB).
/// - `too_long_line`: a 4 MB line through the read loop.
/// - `grammar_long_line`, `grammar_garbage`: compiling 10 MB grammar files, one a single
///   template line of 2,000,000 words, the other random grammar characters (which gives
///   errors, reported in `errors`).
public enum RobustnessBenchmark {
  /// One measurement.
  public struct Measurement: Codable, JSONLineReport, Sendable, Equatable {
    public var name: String
    /// The size of the input: tokens, lines or bytes (see `unit`).
    public var size: Int
    public var unit: String
    /// Wall time of one run, in milliseconds.
    public var milliseconds: Double
    /// For repeated runs: microseconds per run.
    public var microsecondsPerRun: Double?
    /// For grammar files that don't compile: how many errors.
    public var errors: Int?

    enum CodingKeys: String, CodingKey {
      case name, size, unit, milliseconds = "ms", microsecondsPerRun = "us_per_run", errors
    }

  }

  /// What to measure; the defaults are the issue's sizes.
  public struct Sizes: Sendable {
    public var tokenCounts = [16, 64, 256, 1_000, 10_000, 100_000]
    public var garbageLines = 10_000
    public var longLineBytes = 4 << 20
    public var grammarBytes = 10_000_000

    public init() {}
  }

  /// Runs every measurement with the grammars in `grammarsDirectory`, calling `report`
  /// as each one finishes. The grammar is compiled once (or read from the cache in
  /// `grammarCacheDirectory`) and shared by the sessions: compiling is not measured here.
  @MainActor
  public static func run(
    grammarsDirectory: String, grammarCacheDirectory: String? = SessionConfiguration.userGrammarCacheDirectory(),
    sizes: Sizes = Sizes(), report: (Measurement) -> Void
  ) async throws {
    let configuration = SessionConfiguration(grammarsDirectory: grammarsDirectory, grammarCacheDirectory: grammarCacheDirectory)
    let resources = try SessionResources(configuration: configuration)
    for count in sizes.tokenCounts {
      report(parseTokens(count, grammar: resources.grammar))
    }
    report(try await garbageLines(sizes.garbageLines, configuration: configuration, resources: resources))
    report(try await tooLongLine(sizes.longLineBytes, configuration: configuration, resources: resources))
    report(grammarLongLine(bytes: sizes.grammarBytes))
    report(grammarGarbage(bytes: sizes.grammarBytes))
  }

  // MARK: - Measurements

  /// A request-like utterance of `count` tokens: words that keep many templates alive
  /// ("play … by … on …"), the parser's hardest case for its length.
  public static func utterance(tokens count: Int) -> String {
    let words = ["play", "the", "song", "by", "khalid", "on", "my", "chill", "playlist", "and", "some", "music"]
    var text = ""
    text.reserveCapacity(count * 6)
    for index in 0..<count {
      if index > 0 { text += " " }
      text += words[index % words.count]
    }
    return text
  }

  static func parseTokens(_ count: Int, grammar: CompiledGrammar) -> Measurement {
    let text = utterance(tokens: count)
    var runs = 0
    let start = ContinuousClock.now
    var elapsed = Duration.zero
    // At least 3 runs and 0.2 s, so short parses are timed over many runs.
    repeat {
      _ = grammar.parse(text)
      runs += 1
      elapsed = ContinuousClock.now - start
    } while runs < 3 || elapsed < .milliseconds(200)
    let perRun = seconds(elapsed) / Double(runs)
    return Measurement(
      name: "parse_tokens", size: count, unit: "tokens", milliseconds: perRun * 1_000,
      microsecondsPerRun: perRun * 1_000_000)
  }

  @MainActor
  static func garbageLines(_ count: Int, configuration: SessionConfiguration, resources: SessionResources) async throws -> Measurement {
    var session = try Session(configuration: configuration, resources: resources)
    let lines = GarbageLines.make(count: count)
    var reader = ScriptedLineReader(lines)
    let start = ContinuousClock.now
    await REPL(echo: true, json: false).run(session: &session, reader: &reader, write: { _ in })
    let elapsed = seconds(ContinuousClock.now - start)
    return Measurement(
      name: "garbage_lines", size: count, unit: "lines", milliseconds: elapsed * 1_000,
      microsecondsPerRun: elapsed * 1_000_000 / Double(max(count, 1)))
  }

  @MainActor
  static func tooLongLine(_ bytes: Int, configuration: SessionConfiguration, resources: SessionResources) async throws -> Measurement {
    var session = try Session(configuration: configuration, resources: resources)
    var reader = ScriptedLineReader([String(repeating: "a", count: bytes)])
    let start = ContinuousClock.now
    await REPL(echo: true, json: false).run(session: &session, reader: &reader, write: { _ in })
    let elapsed = seconds(ContinuousClock.now - start)
    return Measurement(name: "too_long_line", size: bytes, unit: "bytes", milliseconds: elapsed * 1_000)
  }

  static func grammarLongLine(bytes: Int) -> Measurement {
    let text = "intent A\n  " + String(repeating: "word ", count: bytes / 5) + "\n"
    return compile(name: "grammar_long_line", text: text)
  }

  static func grammarGarbage(bytes: Int) -> Measurement {
    var random = SplitMix(seed: 7)
    let alphabet = Array("()[]{}<>|=:abc \n#\\".utf8)
    var data = [UInt8](repeating: 0, count: bytes)
    for index in data.indices { data[index] = alphabet[Int(random.next() % UInt64(alphabet.count))] }
    return compile(name: "grammar_garbage", text: String(decoding: data, as: UTF8.self))
  }

  static func compile(name: String, text: String) -> Measurement {
    let start = ContinuousClock.now
    var errors: Int?
    do {
      _ = try GrammarCompiler.compile([GrammarSource(path: "bench.grammar", text: text)], locale: "en-US")
    } catch {
      errors = error.diagnostics.count
    }
    let elapsed = seconds(ContinuousClock.now - start)
    return Measurement(
      name: name, size: text.utf8.count, unit: "bytes", milliseconds: elapsed * 1_000, errors: errors)
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}

/// The garbage of the command-line test, as lines (a deterministic mix of random bytes,
/// broken UTF-8 with escape sequences, emoji with direction overrides, control
/// characters, meta-commands and short requests, with a 1 MB line of letters and one of
/// spaces).
public enum GarbageLines {
  public static func make(count: Int, seed: UInt64 = 2026) -> [String] {
    var random = SplitMix(seed: seed)
    func byte(_ range: ClosedRange<UInt8>) -> UInt8 {
      range.lowerBound &+ UInt8(truncatingIfNeeded: random.next() % (UInt64(range.upperBound - range.lowerBound) + 1))
    }
    var lines: [String] = []
    lines.reserveCapacity(count)
    for index in 0..<count {
      var bytes: [UInt8]
      switch index % 6 {
      case 0: bytes = (0..<Int(1 + random.next() % 200)).map { _ in byte(0...255) }.filter { $0 != 10 }
      case 1: bytes = [0xC3, 0x28, 0xFF, 0xFE, 0xE2, 0x82] + Array("play \u{1B}[31mred".utf8)
      case 2: bytes = Array("🎵🎧 play 😀 on 🚀 \u{200B}\u{202E}".utf8)
      case 3: bytes = (0..<40).map { _ in byte(0...31) }.filter { $0 != 10 }
      case 4: bytes = Array(":trace \(index % 2 == 0 ? "on" : "off")".utf8)
      default: bytes = Array("play \(String(repeating: "x", count: index % 7 == 0 ? 20 : 3))".utf8)
      }
      if index == count / 2 { bytes += [UInt8](repeating: 0x61, count: 1 << 20) }
      lines.append(String(decoding: bytes, as: UTF8.self))
    }
    return lines
  }
}

/// The benchmarks' deterministic random source: MediaAppKit's SplitMix64 (the synthetic catalogs' one).
typealias SplitMix = SplitMix64
