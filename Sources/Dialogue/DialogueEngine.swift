import SiriIntents
import UtteranceParsing

/// The conversation: utterance → parse → route → resolve → confirm → handle → reply,
/// keeping what Siri asked so the next line can answer it.
///
/// A value type with no hidden state: the grammar, the apps (which hold the
/// app-group store) and the device come in through `init`, and everything the engine
/// remembers between lines is `state`. Nothing reads the clock or a random source.
public struct DialogueEngine: Sendable {
  /// The locale's grammar; ``replaceGrammar(_:apps:)`` changes it (`:locale`).
  public private(set) var grammar: CompiledGrammar
  public internal(set) var apps: [any SimulatedApp]
  public internal(set) var state: DialogueState = .idle
  /// The external grammar lists, filled from the apps' vocabulary.
  public private(set) var lists = ListValues()
  /// What each list holds now, to index again only the lists that change.
  private var listEntries: [String: [ListEntry]] = [:]
  /// Each list's entries from the apps themselves (names, catalogs), set with the apps.
  private var appVocabulary: [String: [ListEntry]] = [:]
  /// The apps' user vocabulary when the lists were last built, in app order.
  private var userVocabulary: [UserVocabulary] = []
  /// The device Siri runs on; some wording depends on it.
  public var device: Device = .phone
  /// How many unhelpful answers to a question Siri takes before giving up.
  public var maximumFailedAnswers = 2

  /// The shared store, for system-wide state such as which app is playing.
  public private(set) var store: AppGroupStore?

  public init(grammar: CompiledGrammar, apps: [any SimulatedApp], store: AppGroupStore? = nil) {
    self.grammar = grammar
    self.apps = apps
    self.store = store
    refreshVocabulary()
  }

  /// Replaces the apps (after `:device`, `:reset`) and forgets any pending question.
  /// `store`: the store the new apps run over, when it is a new one (`:restart` opens
  /// it again from disk); the engine then reads system-wide state from it too.
  public mutating func replaceApps(_ apps: [any SimulatedApp], device: Device? = nil, store: AppGroupStore? = nil) {
    self.apps = apps
    if let device { self.device = device }
    if let store { self.store = store }
    state = .idle
    refreshVocabulary()
  }

  /// Speaks another language: `grammar` (of another locale) hears from now on, over
  /// `apps` (the same apps, speaking that language). A pending question is dropped.
  public mutating func replaceGrammar(_ grammar: CompiledGrammar, apps: [any SimulatedApp]) {
    self.grammar = grammar
    replaceApps(apps)
  }

  /// Drops any pending question.
  public mutating func reset() {
    state = .idle
  }

  /// Rebuilds the grammar's external lists from every app's vocabulary: first the
  /// user vocabulary each app gave Siri (app by app, each in its order of importance,
  /// so the more important of two equal readings wins), then what the apps bring
  /// themselves (names, catalogs).
  public mutating func refreshVocabulary() {
    appVocabulary = [:]
    for app in apps {
      for term in app.vocabulary() {
        appVocabulary[term.type.rawValue, default: []].append(ListEntry(phrases: term.phrases, value: term.value))
      }
    }
    userVocabulary = apps.map { $0.userVocabulary() }
    lists = ListValues()
    listEntries = [:]
    rebuildLists()
  }

  /// Re-reads the apps' user vocabulary, which they may change at any time (a playlist
  /// made a moment ago), and rebuilds the lists it changed.
  mutating func refreshUserVocabulary() {
    let current = apps.map { $0.userVocabulary() }
    guard current != userVocabulary else { return }
    userVocabulary = current
    rebuildLists()
  }

  private mutating func rebuildLists() {
    var userEntries: [String: [ListEntry]] = [:]
    for (app, vocabulary) in zip(apps, userVocabulary) {
      for term in vocabulary.terms {
        userEntries[term.type.rawValue, default: []].append(
          ListEntry(phrases: term.phrases, value: term.value, note: "user vocabulary of \(app.name)", owner: app.name))
      }
    }
    var changed: [(name: String, entries: [ListEntry])] = []
    for name in grammar.externalLists {
      let entries = (userEntries[name] ?? []) + (appVocabulary[name] ?? [])
      // Only the lists that changed are indexed again: a catalog of 100,000 names is
      // not re-read because a playlist was added.
      if listEntries[name] != entries {
        changed.append((name, entries))
        listEntries[name] = entries
      }
    }
    lists.set(changed)
  }

  /// Ranked readings of `utterance` among the app intents (follow-up answers left out);
  /// a request said with a clause of chatter is read from its clause (see
  /// ``readings(of:)``).
  public func parse(_ utterance: String) -> [ParseCandidate] {
    readings(of: utterance).all.filter { !$0.intent.hasPrefix("_") }
  }

  /// The longest utterance Siri takes, in characters: far more than anyone says in one
  /// request, and short enough that parsing it stays instant.
  public static let maximumUtteranceLength = 1_000  // said as "1,000" in the tooLong reply

  /// Whether `utterance` has more than ``maximumUtteranceLength`` characters; looks at
  /// no more than that many, so a line of megabytes is turned down at once.
  public static func isTooLong(_ utterance: String) -> Bool {
    guard utterance.utf8.count > maximumUtteranceLength else { return false }
    var count = 0
    for _ in utterance {
      count += 1
      if count > maximumUtteranceLength { return true }
    }
    return false
  }

  /// Answers one line.
  ///
  /// A line longer than ``maximumUtteranceLength`` characters gets one short answer and
  /// changes nothing (a pending question stays pending).
  public mutating func respond(to utterance: String) async -> Turn {
    refreshUserVocabulary()
    if Self.isTooLong(utterance) {
      var turn = Turn(utterance: String(utterance.prefix(80)) + "…")
      turn.events.append(.tooLong(characters: Self.maximumUtteranceLength))
      turn.replies.append(Reply("tooLong", ["limit": .text("1,000")]))
      return turn
    }
    if let shortcut = shortcut(matching: utterance) {
      return await runDirect(shortcut.intent, appName: shortcut.app, source: "the shortcut \"\(shortcut.phrase)\"", utterance: utterance)
    }
    var turn = Turn(utterance: utterance)
    let (all, clause) = readings(of: utterance)
    let requests = preferringCompatible(preferringApplicable(all.filter { !$0.intent.hasPrefix("_") }))

    if let question = state.pendingQuestion {
      let answers = all.filter { $0.intent.hasPrefix("_") }
      if await handleAnswer(to: question, answers: answers, requests: requests, turn: &turn) {
        return turn
      }
    }

    guard let best = requests.first else {
      turn.events.append(.noParse)
      turn.replies.append(Reply("noMatch", ["example": .phrase(exampleRequest())]))
      return turn
    }
    if let clause { turn.events.append(.clause(clause)) }
    turn.events.append(.parsed(best, alternatives: Array(requests.dropFirst().prefix(8))))
    turn.intent = IntentName(rawValue: best.intent)
    turn.grammarIntent = best.intent
    turn.slots = best.slots
    if let command = Self.playbackCommands[best.intent] {
      runPlaybackCommand(command, appName: best[slot: "app"]?.value.description, turn: &turn)
      return turn
    }
    guard let intent = IntentBuilder.intent(from: best) else {
      turn.replies.append(Reply("intentNotSupported", ["intent": .text(best.intent)]))
      return turn
    }
    let domain = best[slot: "domain"].flatMap { MediaItemType(name: $0.value.description) }
    let owner = best.slots.lazy.compactMap(\.owner).first
    await start(intent, appName: best[slot: "app"]?.value.description, domain: domain, vocabularyOwner: owner, turn: &turn)
    return turn
  }

  // MARK: - Routing

  /// Picks the app for `intent` and runs it there. `domain` is the kind of media the
  /// words name when the intent carries no type ("songs": music); `vocabularyOwner` the
  /// app whose user vocabulary gave a value ("play my Night Swim playlist": the app
  /// that told Siri about Night Swim).
  mutating func start(
    _ intent: Intent, appName: String?, domain: MediaItemType? = nil, vocabularyOwner: String? = nil, turn: inout Turn
  ) async {
    turn.intent = intent.name
    turn.events.append(.intent(intent.name, fields: intent.traceFields))
    if appName == nil, let vocabularyOwner,
      let app = apps.first(where: { $0.name == vocabularyOwner && $0.supportedIntents.contains(intent.name) })
    {
      turn.events.append(.routed(app: app.name, reason: "its user vocabulary has the name"))
      await run(intent, in: app, turn: &turn)
      return
    }
    if let appName {
      guard let app = apps.first(where: { $0.name.lowercased() == appName.lowercased() }) else {
        turn.replies.append(Reply("appNotFound", ["app": .text(appName)]))
        return
      }
      guard app.supportedIntents.contains(intent.name) else {
        turn.replies.append(Reply("appCantDo", fallbacks: [], ["app": .text(app.name)]))
        return
      }
      turn.events.append(.routed(app: app.name, reason: "named in the request"))
      await run(intent, in: app, turn: &turn)
      return
    }
    let capable = apps.filter { $0.supportedIntents.contains(intent.name) }
    switch capable.count {
    case 0:
      turn.replies.append(Reply("noAppForIntent"))
    case 1:
      turn.events.append(.routed(app: capable[0].name, reason: "the only app that supports \(intent.name.rawValue)"))
      await run(intent, in: capable[0], turn: &turn)
    default:
      let decision = await route(intent, among: capable, domain: domain)
      for probe in decision.probes {
        turn.events.append(.probed(app: probe.app, outcome: probe.outcome))
      }
      switch decision.routing {
      case .app(let app, let reason):
        turn.events.append(.routed(app: app.name, reason: reason))
        await run(intent, in: app, turn: &turn)
      case .ask(let names):
        ask(
          PendingQuestion(
            kind: .chooseApp(names), intent: intent, app: nil,
            question: Reply("ask.app", ["options": .list(names.map { .text($0) })])),
          turn: &turn)
      }
    }
  }

  /// Runs the three SiriKit phases of `intent` in `app`'s extension, then the hand-off.
  mutating func run(_ intent: Intent, in app: any SimulatedApp, turn: inout Turn) async {
    turn.app = app.name
    guard let handler = app.intentsExtension.handler(for: intent) else {
      turn.replies.append(Reply("appCantDo", ["app": .text(app.name)]))
      return
    }
    switch (handler, intent) {
    case (.playMedia(let handler), .playMedia(let intent)):
      await runPlayMedia(intent, handler: handler, app: app, turn: &turn)
    case (.addMedia(let handler), .addMedia(let intent)):
      await runAddMedia(intent, handler: handler, app: app, turn: &turn)
    case (.updateMediaAffinity(let handler), .updateMediaAffinity(let intent)):
      await runUpdateMediaAffinity(intent, handler: handler, app: app, turn: &turn)
    case (.searchForMedia(let handler), .searchForMedia(let intent)):
      await runSearchForMedia(intent, handler: handler, app: app, turn: &turn)
    case (.startWorkout(let handler), .startWorkout(let intent)):
      await runStartWorkout(intent, handler: handler, app: app, turn: &turn)
    case (.workoutControl(let handler), .workoutControl(let intent)):
      await runWorkoutControl(intent, handler: handler, app: app, turn: &turn)
    default:
      turn.replies.append(Reply("appCantDo", ["app": .text(app.name)]))
    }
  }

  // MARK: - Questions

  /// Asks `question` and waits for the next line.
  mutating func ask(_ question: PendingQuestion, turn: inout Turn) {
    state = .awaiting(question)
    turn.replies.append(question.question)
    turn.awaiting = question.summary
    turn.events.append(.awaiting(question.summary))
  }

  /// A request the grammar can hear, to suggest when nothing matched (and in `:help`),
  /// in the locale's words: `example.latestEpisode` with a show and its app, else
  /// `example.something` with the first app (`example.anyApp` when there is none).
  public func exampleRequest() -> Reply {
    for app in apps where app.supportedIntents.contains(.playMedia) {
      if let show = app.vocabulary().first(where: { $0.type == .mediaShowTitle }) {
        return Reply("example.latestEpisode", ["show": .text(show.value), "app": .text(app.name)])
      }
    }
    return Reply("example.something", ["app": apps.first.map { .text($0.name) } ?? .phrase(Reply("example.anyApp"))])
  }
}

extension Intent {
  /// The intent's set fields as name/value pairs, for the trace.
  public var traceFields: [(String, String)] {
    switch self {
    case .playMedia(let intent):
      var fields = intent.mediaSearch.summary
      if !intent.mediaItems.isEmpty { fields.append(("mediaItems", intent.mediaItems.map(\.traceDescription).joined(separator: ", "))) }
      if let shuffled = intent.playShuffled { fields.append(("playShuffled", String(shuffled))) }
      if intent.playbackRepeatMode != .unknown { fields.append(("playbackRepeatMode", intent.playbackRepeatMode.name)) }
      if let resume = intent.resumePlayback { fields.append(("resumePlayback", String(resume))) }
      if intent.playbackQueueLocation != .unknown { fields.append(("playbackQueueLocation", intent.playbackQueueLocation.name)) }
      if let speed = intent.playbackSpeed { fields.append(("playbackSpeed", SlotValue.speed(speed).description)) }
      return fields
    case .addMedia(let intent):
      var fields = intent.mediaSearch.summary
      switch intent.mediaDestination {
      case .library?: fields.append(("mediaDestination", "library"))
      case .playlist(let name)?: fields.append(("mediaDestination", "playlist \(name)"))
      case nil: break
      }
      return fields
    case .updateMediaAffinity(let intent):
      return intent.mediaSearch.summary + (intent.affinityType == .unknown ? [] : [("affinityType", intent.affinityType.name)])
    case .searchForMedia(let intent):
      return intent.mediaSearch.summary
    case .startWorkout(let intent):
      var fields: [(String, String)] = []
      if let name = intent.workoutName { fields.append(("workoutName", name)) }
      if let goal = intent.goalValue { fields.append(("goalValue", SlotValue.number(goal).description)) }
      if intent.workoutGoalUnitType != .unknown { fields.append(("workoutGoalUnitType", intent.workoutGoalUnitType.name)) }
      if intent.workoutLocationType != .unknown { fields.append(("workoutLocationType", intent.workoutLocationType.name)) }
      if let openEnded = intent.isOpenEnded { fields.append(("isOpenEnded", String(openEnded))) }
      return fields
    case .workoutControl(let intent):
      return intent.workoutName.map { [("workoutName", $0)] } ?? []
    }
  }
}
