import Foundation

/// The fuzz targets: each takes any bytes and must neither crash nor hang on them.
///
/// The `siri-fuzz` executable hands libFuzzer's inputs to ``run(_:)`` (see `.ci/fuzz`),
/// and `FuzzRegressionTests` replays every saved input of every target through the same
/// function, without sanitizers, in the normal `swift test`. A target may also check a
/// documented property of what it calls; a broken one stops the process like a crash.
///
/// To add a target:
/// 1. add a case here and a file `<Name>Target.swift` with its `run` function, and call
///    it from ``run(_:)``; warm up what it loads once in ``prepare()``;
/// 2. add its name, `-max_len` and seed corpus to `.ci/fuzz` (the `max_len_of` and
///    `seed_*` functions);
/// 3. add a folder `Tests/FuzzRegressionTests/Inputs/<name>/` with a few hostile inputs:
///    the regression test fails while a target has none.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// An utterance through the real grammar (`Grammars/en-US`), with the apps' external
  /// lists: the grammar's readings and the dialogue engine's.
  case parser
  /// A grammar file: compile it; when it compiles, parse, explain, complete and sample.
  case grammar
  /// A golden transcript file: its lines, its inputs, comparing it with itself.
  case transcript
  /// A few lines (meta-commands included) typed into a fresh ephemeral session.
  case session

  /// The bytes of an app-group store file: decoded, and round-tripped when they decode.
  case store
  /// An app definition file (`--app`): read and checked.
  case appDefinition = "app-definition"
  /// The payload of a compiled-grammar cache file: read, and used when it reads.
  case grammarCache = "grammar-cache"

  /// Runs one input. Safe to call from any thread; never blocks on the caller's executor.
  public func run(_ input: [UInt8]) async {
    switch self {
    case .parser: ParserTarget.run(input)
    case .grammar: GrammarTarget.run(input)
    case .transcript: TranscriptTarget.run(input)
    case .session: await SessionTarget.run(input)
    case .store: StoreTarget.run(input)
    case .appDefinition: AppDefinitionTarget.run(input)
    case .grammarCache: GrammarCacheTarget.run(input)
    }
  }

  /// Runs one input from synchronous code that is not on Swift's cooperative thread pool
  /// (libFuzzer's callback): an async target runs on the pool while this thread waits.
  public func runBlocking(_ input: [UInt8]) {
    switch self {
    case .parser: ParserTarget.run(input)
    case .grammar: GrammarTarget.run(input)
    case .transcript: TranscriptTarget.run(input)
    case .session: Blocking.wait { await SessionTarget.run(input) }
    case .store: StoreTarget.run(input)
    case .appDefinition: AppDefinitionTarget.run(input)
    case .grammarCache: GrammarCacheTarget.run(input)
    }
  }

  /// Loads what the target needs once (the real grammar, a session), so the first input
  /// is not charged with it: libFuzzer's `-timeout` starts with the first input.
  public func prepare() {
    switch self {
    case .parser: _ = Fixtures.engine
    case .grammar, .transcript, .store, .grammarCache: break
    case .appDefinition: _ = AppDefinitionTarget.folder
    case .session: _ = Fixtures.session
    }
  }
}

/// How a target reads its bytes: leniently, as UTF-8 (invalid sequences become U+FFFD),
/// the way `String(contentsOfFile:)` users and the line reader end up seeing text.
enum FuzzInput {
  static func text(_ input: [UInt8]) -> String {
    String(decoding: input, as: UTF8.self)
  }
}

/// A broken property of the code under test: stops the process with a message, so
/// libFuzzer saves the input, like for a crash.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    let text = message()
    let shown = text.count > 300 ? "\(text.prefix(300))… (\(text.count) characters)" : text
    fatalError("fuzz property failed: \(shown)")
  }
}

/// Runs async work to completion from a thread outside the cooperative pool.
///
/// `Task.immediate` runs it on this thread up to its first suspension, which the dialogue
/// code never reaches (it has no actors and does not sleep), so the task is done, and freed
/// here, when it returns: libFuzzer counts the frees of the input's run, and a task freed
/// later on another thread would make every input look like a leak. Should the work
/// suspend after all, it finishes on the pool while this thread waits.
enum Blocking {
  static func wait(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
      await body()
      done.signal()
    }
    done.wait()
  }
}
