import SiriIntents

/// Where a request goes when the user names no app.
enum Routing {
  case app(any SimulatedApp, reason: String)
  /// Several apps can serve it: ask which.
  case ask([String])
}

/// A routing decision and the probes behind it, for the trace.
struct RoutingDecision {
  var routing: Routing
  var probes: [(app: String, outcome: String)] = []
}

extension DialogueEngine {
  /// Picks the app for a request that names none, among apps that support the intent.
  ///
  /// Requests about what is playing go to the app that is playing. A media type
  /// narrows the choice to apps that carry it, and so does the `domain` the words name
  /// when the intent has none ("the most popular songs": apps with songs). Otherwise each
  /// app's extension is asked to resolve the request (resolution has no side effects): one app that finds it
  /// gets it; when several do, Siri asks which app; when none does, the first app
  /// that carries the media type answers, so the user hears what was not found.
  func route(_ intent: Intent, among capable: [any SimulatedApp], domain: MediaItemType? = nil) async -> RoutingDecision {
    let search = intent.mediaSearch
    if intent.refersToNowPlaying, let playing = nowPlayingApp(among: capable) {
      return RoutingDecision(routing: .app(playing, reason: "it is playing now"))
    }
    var pool = capable
    let stated = search?.mediaType ?? .unknown
    if let type = stated != .unknown ? stated : domain, type != .unknown {
      let wanted = type.satisfyingTypes
      let narrowed = pool.filter { !$0.supportedMediaTypes.isDisjoint(with: wanted) }
      if narrowed.count == 1 {
        return RoutingDecision(routing: .app(narrowed[0], reason: "the only app with \(type.name) content"))
      }
      if !narrowed.isEmpty { pool = narrowed }
    }
    if search?.isEmpty ?? true {
      if let playing = nowPlayingApp(among: pool) { return RoutingDecision(routing: .app(playing, reason: "it played last")) }
      return RoutingDecision(routing: .app(pool[0], reason: "the default app for \(intent.name.rawValue)"))
    }
    var found: [any SimulatedApp] = []
    var probes: [(app: String, outcome: String)] = []
    for app in pool {
      let outcome = await probe(intent, in: app)
      probes.append((app.name, outcome.outcome))
      if outcome.found { found.append(app) }
    }
    switch found.count {
    case 0: return RoutingDecision(routing: .app(pool[0], reason: "no app found it; the default app answers"), probes: probes)
    case 1: return RoutingDecision(routing: .app(found[0], reason: "the only app that has it"), probes: probes)
    default: return RoutingDecision(routing: .ask(found.map(\.name)), probes: probes)
    }
  }

  /// Whether `app` can serve `intent`: its extension resolves the media to something
  /// (even something it then can't play, so the user hears why).
  func probe(_ intent: Intent, in app: any SimulatedApp) async -> (found: Bool, outcome: String) {
    guard let handler = app.intentsExtension.handler(for: intent) else { return (false, "no handler") }
    let results: [ResolutionResult<MediaItem>]
    switch (handler, intent) {
    case (.playMedia(let handler), .playMedia(let intent)): results = await handler.resolveMediaItems(for: intent)
    case (.searchForMedia(let handler), .searchForMedia(let intent)): results = await handler.resolveMediaItems(for: intent)
    case (.updateMediaAffinity(let handler), .updateMediaAffinity(let intent)): results = await handler.resolveMediaItems(for: intent)
    case (.addMedia(let handler), .addMedia(let intent)): results = await handler.resolveMediaItems(for: intent)
    default: return (true, "not a media request")
    }
    let found = results.contains { result in
      switch result {
      case .success, .disambiguation, .confirmationRequired: return true
      case .unsupported(.mediaItem(let reason)): return reason != .unsupportedMediaType
      // Found, with nothing in it to play yet (an empty playlist, no favorites).
      case .unsupported(.note): return true
      default: return false
      }
    }
    return (found, results.first.map { $0.erased(\.traceDescription).description } ?? "nothing")
  }

  /// The app whose audio is playing or paused, if it is among `apps`.
  func nowPlayingApp(among apps: [any SimulatedApp]) -> (any SimulatedApp)? {
    guard let name = store?.nowPlayingApp else { return nil }
    return apps.first { $0.name == name }
  }
}

extension Intent {
  /// The media search of a media intent.
  var mediaSearch: MediaSearch? {
    switch self {
    case .playMedia(let intent): return intent.mediaSearch
    case .addMedia(let intent): return intent.mediaSearch
    case .updateMediaAffinity(let intent): return intent.mediaSearch
    case .searchForMedia(let intent): return intent.mediaSearch
    default: return nil
    }
  }

  /// Whether the request is about what is playing ("add this song", "I like this").
  var refersToNowPlaying: Bool {
    guard let search = mediaSearch else { return false }
    if search.reference == .currentlyPlaying { return true }
    switch self {
    case .addMedia, .updateMediaAffinity:
      return search.mediaName == nil && search.artistName == nil && search.albumName == nil
    default:
      return false
    }
  }
}
