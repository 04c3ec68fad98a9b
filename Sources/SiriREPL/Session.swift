import AppLoading
import Dialogue
import Foundation
import ResponseRendering
import SiriIntents
import UtteranceParsing

/// One conversation with the simulator: the dialogue engine, the simulated apps and
/// their shared store, and the REPL's settings. Everything the `siri` command does with a
/// line happens here, so tests drive it exactly as a user would, without a terminal.
public struct Session: Sendable {
  public internal(set) var configuration: SessionConfiguration
  public internal(set) var engine: DialogueEngine
  /// What Siri's words are made from: the locale's response table.
  public internal(set) var renderer: ResponseRenderer
  /// The grammars and responses this session has loaded or was given, by locale, so
  /// that `:locale` back and forth loads each once.
  var loadedResources: [String: SessionResources] = [:]
  /// The app-group store the simulated apps share.
  public internal(set) var store: AppGroupStore
  /// The apps installed on the simulated device: the sample apps (unless left out) and
  /// the user's app files.
  public internal(set) var installedApps: InstalledApps
  /// Set by `:quit`.
  public private(set) var isFinished = false
  /// What opening the store had to say (a corrupt file moved aside, a migration),
  /// for the command line to show on standard error.
  public internal(set) var notices: [String] = []

  /// The shared identifier of the app group the simulated apps and Siri use.
  public static let storeIdentifier = "group.simulator.shared"

  /// Opens the store in the data folder, or an in-memory one when there is none.
  static func openStore(_ configuration: SessionConfiguration) throws(SessionError) -> (AppGroupStore, [String]) {
    guard let directory = configuration.dataDirectory else {
      return (AppGroupStore(identifier: storeIdentifier), [])
    }
    do {
      let (store, notices) = try AppGroupStore.open(
        directory: URL(fileURLWithPath: directory, isDirectory: true), identifier: storeIdentifier,
        durable: configuration.durableStore)
      return (store, notices.map(\.description))
    } catch {
      throw SessionError.store(error.description)
    }
  }

  /// Store notices raised since the last call (a save that failed), to show the user.
  public mutating func takeStoreNotices() -> [String] {
    let pending = notices + store.takeNotices().map(\.description)
    notices = []
    return pending
  }

  /// Loads the grammar and the response table and builds the apps.
  ///
  /// - Throws: ``SessionError`` with a compiler-style message when a grammar, response
  ///   or app definition file is broken or missing.
  ///
  /// - Parameter resources: the compiled grammar and responses of the configuration's
  ///   grammars folder and locale, when already loaded (sessions of one run share them:
  ///   compiling the grammar is most of a session's start-up). Resources of another
  ///   folder or locale are not used for this one.
  public init(configuration: SessionConfiguration, resources: SessionResources? = nil) throws(SessionError) {
    try self.init(configuration: configuration, sharing: resources.map { [$0] } ?? [])
  }

  /// A session that uses, for its locale and for `:locale`, whichever of `shared` were
  /// loaded from the configuration's grammars folder (see ``init(configuration:resources:)``).
  public init(configuration: SessionConfiguration, sharing shared: [SessionResources]) throws(SessionError) {
    self.configuration = configuration
    for resources in shared where resources.grammarsDirectory == configuration.grammarsDirectory {
      loadedResources[resources.locale] = resources
    }
    let loaded: SessionResources
    if let resources = loadedResources[configuration.locale] {
      loaded = resources
    } else {
      loaded = try SessionResources(configuration: configuration)
      loadedResources[configuration.locale] = loaded
    }
    do {
      installedApps = try InstalledApps.load(
        sampleApps: configuration.includesSampleApps, files: configuration.appFiles,
        baseDirectory: configuration.baseDirectory, cache: configuration.appCacheDirectory.map { AppCache(directory: $0) },
        samples: loaded.sampleApps)
    } catch {
      throw SessionError.apps(error.description)
    }
    let grammar = loaded.grammar
    renderer = ResponseRenderer(table: loaded.responses)
    (store, notices) = try Self.openStore(configuration)
    // What loading the app files noticed without refusing them (unknown keys).
    notices += installedApps.blueprints.filter { !$0.source.hasPrefix("sample app") }.flatMap(\.warnings)
    let apps = installedApps.makeApps(store: store, device: configuration.device, locale: configuration.locale)
    if configuration.loadsInParallel {
      // The catalogs' search indexes and the grammar's lists of the same names are the
      // two halves of installing a catalog of real size, and don't depend on each
      // other: one core each. Both are done before the session answers anything.
      // concurrentPerform runs the parts on the calling thread too: a session made on a
      // thread of Swift's cooperative pool (a test, `siri test` replaying side by side)
      // does both itself when no other thread is free, where waiting on a group for work
      // queued elsewhere starved for a thread (0.8 s at a time on 2 cores).
      let installed = installedApps
      let engineSlot = LoadSlot<DialogueEngine>()
      let store = store
      let parts: [@Sendable () -> Void] = [
        { installed.prepareCatalogIndexes() },
        { engineSlot.value = DialogueEngine(grammar: grammar, apps: apps, store: store) },
      ]
      DispatchQueue.concurrentPerform(iterations: parts.count) { parts[$0]() }
      engine = engineSlot.value ?? DialogueEngine(grammar: grammar, apps: apps, store: store)
    } else {
      engine = DialogueEngine(grammar: grammar, apps: apps, store: store)
    }
    engine.device = configuration.device
  }

  /// The installed apps, built anew over the store (after `:reset`, `:device`, a
  /// library change), in the order Siri prefers them when several could answer.
  /// Each app speaks the session's locale (its localized workout names, titles).
  func makeApps() -> [any SimulatedApp] {
    installedApps.makeApps(store: store, device: configuration.device, locale: configuration.locale)
  }

  /// Handles one line: a meta-command (`:help`) or something said to Siri.
  public mutating func handle(_ line: String) async -> SessionOutput {
    let trimmed = line.trimmingWhitespace()
    if trimmed.hasPrefix(":") {
      return await runCommand(trimmed)
    }
    if trimmed.isEmpty { return SessionOutput() }
    let turn = await engine.respond(to: trimmed)
    return output(for: turn)
  }

  /// `:restart`: a new process on the same data folder. The store is opened again
  /// from disk; the conversation, the settings of this run and anything not in the
  /// store are gone.
  mutating func restart() -> [String] {
    do {
      let (reopened, notices) = try Self.openStore(configuration)
      store = reopened
      engine.replaceApps(makeApps(), device: configuration.device, store: reopened)
      engine.reset()
      let kept = configuration.dataDirectory == nil
        ? "nothing was kept (no data folder)" : "the apps' shared store was read back from its data folder"
      return ["Restarted: \(kept)."] + notices.map { "Note: \($0)" }
    } catch {
      return ["Could not restart: \(error.description)"]
    }
  }

  mutating func markFinished() {
    isFinished = true
  }

  /// The printed form of a turn: trace lines (when on), what Siri says, and what an
  /// app shows; plus the turn as one JSON object for `--json`.
  public func output(for turn: Turn) -> SessionOutput {
    let speech = turn.replies.map(renderer.render)
    var lines: [String] = []
    if configuration.trace { lines += TraceFormatter.lines(for: turn) }
    lines += speech.map { "Siri: \($0)" }
    lines += turn.screen.map { "  [\(turn.app ?? "app")] \($0)" }
    // The JSON form costs as much as a parse: made only when it is printed.
    return SessionOutput(lines: lines, json: configuration.json ? TurnJSON.encode(turn, speech: speech) : nil)
  }
}

/// What sessions of one grammars folder and locale share: the compiled grammar and the
/// response table, loaded once. Immutable; pass the same value to every session.
public struct SessionResources: Sendable {
  /// The locale (`en-US`) and the grammars folder they were loaded from.
  public let locale: String
  public let grammarsDirectory: String
  public let grammar: CompiledGrammar
  public let responses: ResponseTable
  /// The sample apps, read once (a transcript run makes a session per transcript); `nil`
  /// when they can't be read, and each session then says why.
  public let sampleApps: [AppBlueprint]?

  /// Loads the grammar and responses of the configuration's locale folder.
  /// - Throws: ``SessionError`` with a compiler-style message when one is broken or missing.
  public init(configuration: SessionConfiguration) throws(SessionError) {
    locale = configuration.locale
    grammarsDirectory = configuration.grammarsDirectory
    // A locale the folder doesn't have is the user's mistake, not a broken grammar (a
    // folder that is not there at all gets the compiler's message).
    if FileManager.default.fileExists(atPath: configuration.grammarsDirectory),
      !FileManager.default.fileExists(atPath: configuration.localeDirectory)
    {
      throw SessionError.unknownLocale(
        GrammarLocales.unknownMessage(configuration.locale, available: GrammarLocales.available(in: configuration.grammarsDirectory)))
    }
    let grammarSlot = LoadSlot<Result<CompiledGrammar, SessionError>>()
    let othersSlot = LoadSlot<(Result<ResponseTable, SessionError>, [AppBlueprint]?)>()
    let parts: [@Sendable () -> Void] = [
      { grammarSlot.value = Self.loadGrammar(configuration) },
      { othersSlot.value = (Self.loadResponses(configuration), Self.loadSampleApps(configuration)) },
    ]
    if configuration.loadsInParallel {
      // They don't depend on each other, and together they are most of a start-up.
      DispatchQueue.concurrentPerform(iterations: parts.count) { parts[$0]() }
    } else {
      parts.forEach { $0() }
    }
    guard let loadedGrammar = grammarSlot.value, let (loadedResponses, samples) = othersSlot.value else {
      throw SessionError.grammar("the grammar was not loaded")
    }
    grammar = try loadedGrammar.get()
    responses = try loadedResponses.get()
    sampleApps = samples
  }

  private static func loadGrammar(_ configuration: SessionConfiguration) -> Result<CompiledGrammar, SessionError> {
    do {
      return .success(
        try GrammarCompiler.load(
          directory: configuration.localeDirectory, locale: configuration.locale,
          cache: configuration.grammarCacheDirectory.map { GrammarCache(directory: $0) }))
    } catch {
      return .failure(.grammar(error.description))
    }
  }

  private static func loadResponses(_ configuration: SessionConfiguration) -> Result<ResponseTable, SessionError> {
    do {
      return .success(try ResponseTable.load(directory: configuration.localeDirectory))
    } catch {
      return .failure(.responses(error.description))
    }
  }

  /// Read once for every session of the run; not at all when they are left out.
  private static func loadSampleApps(_ configuration: SessionConfiguration) -> [AppBlueprint]? {
    configuration.includesSampleApps ? try? SampleApps.blueprints() : nil
  }
}

/// What one part of a `concurrentPerform` leaves for the code after it: written by that
/// part alone, read only once `concurrentPerform` has returned (which orders the two).
private final class LoadSlot<Value>: @unchecked Sendable {
  var value: Value?
}

/// What a line printed, and whether the session should end.
public struct SessionOutput: Sendable, Equatable {
  /// The text form: trace lines, "Siri: …" lines, app screens, command output.
  public var lines: [String]
  /// For a turn, the JSON object `--json` prints; `nil` for meta-commands, and when
  /// the session's configuration doesn't ask for JSON.
  public var json: String?
  public var quit: Bool

  public init(lines: [String] = [], json: String? = nil, quit: Bool = false) {
    self.lines = lines
    self.json = json
    self.quit = quit
  }
}

/// Why a session could not start.
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
  case grammar(String)
  case responses(String)
  case store(String)
  case apps(String)
  case grammarsNotFound
  /// No grammar for the locale asked for; the message lists those there are.
  case unknownLocale(String)

  public var description: String {
    switch self {
    case .grammar(let message), .responses(let message), .apps(let message): return message
    case .unknownLocale(let message): return "error: \(message)"
    case .store(let message): return "error: \(message)"
    case .grammarsNotFound:
      return "error: cannot find the Grammars folder; run siri from the project folder or pass --grammars DIR"
    }
  }
}
