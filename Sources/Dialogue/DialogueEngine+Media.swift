import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  // MARK: - AddMedia

  /// Resolve → confirm → handle for "add this song to my Chill playlist": all in the
  /// extension, no app launch.
  mutating func runAddMedia(
    _ intent: AddMediaIntent, handler: any AddMediaIntentHandling, app: any SimulatedApp, turn: inout Turn
  ) async {
    var intent = intent
    let results = await handler.resolveMediaItems(for: intent)
    guard let items = mediaItems(from: results, for: .addMedia(intent), search: intent.mediaSearch, app: app, turn: &turn)
    else { return }
    intent.mediaItems = items

    let destination = await handler.resolveMediaDestination(for: intent)
    record("mediaDestination", destination.erased(Self.describe), app: app, turn: &turn)
    switch destination {
    case .success(let value):
      intent.mediaDestination = value
    case .unsupported(let reason):
      var arguments: [String: ReplyValue] = ["app": .text(app.name)]
      if case .playlist(let name)? = intent.mediaDestination { arguments["playlist"] = .text(name) }
      let name = reason?.name ?? "generic"
      turn.replies.append(Reply("AddMedia.unsupported.\(name)", fallbacks: ["unsupported.\(name)", "unsupported.generic"], arguments))
      return
    default:
      break
    }

    let request = intent
    guard
      let code = await confirmAndHandle(
        .addMedia, item: items.first, app: app, turn: &turn,
        confirm: { await handler.confirm(intent: request).code.name },
        handle: { await handler.handle(intent: request).code.name })
    else { return }
    var reply = codeReply(.addMedia, code: code, item: items.first, app: app, variant: intent.mediaDestination?.typeName)
    if case .playlist(let name)? = intent.mediaDestination { reply.arguments["playlist"] = .text(name) }
    turn.replies.append(reply)
  }

  // MARK: - UpdateMediaAffinity

  /// "I like this song": resolved and handled in the extension, which sets a flag the
  /// main app reads when it next becomes active (handleInApp is not allowed here).
  mutating func runUpdateMediaAffinity(
    _ intent: UpdateMediaAffinityIntent, handler: any UpdateMediaAffinityIntentHandling, app: any SimulatedApp,
    turn: inout Turn
  ) async {
    var intent = intent
    let results = await handler.resolveMediaItems(for: intent)
    guard
      let items = mediaItems(
        from: results, for: .updateMediaAffinity(intent), search: intent.mediaSearch, app: app, turn: &turn)
    else { return }
    intent.mediaItems = items
    let affinity = await handler.resolveAffinityType(for: intent)
    record("affinityType", affinity.erased(\.name), app: app, turn: &turn)
    guard case .success(let type) = affinity else {
      turn.replies.append(Reply("UpdateMediaAffinity.unsupported.generic", fallbacks: ["unsupported.generic"], ["app": .text(app.name)]))
      return
    }
    intent.affinityType = type

    let request = intent
    guard
      let code = await confirmAndHandle(
        .updateMediaAffinity, item: items.first, app: app, turn: &turn,
        confirm: { await handler.confirm(intent: request).code.name },
        handle: { await handler.handle(intent: request).code.name })
    else { return }
    turn.replies.append(codeReply(.updateMediaAffinity, code: code, item: items.first, app: app, variant: type.name))
  }

  // MARK: - SearchForMedia

  /// "Find Billie Eilish in Deezer": the extension finds, the app opens on the results.
  mutating func runSearchForMedia(
    _ intent: SearchForMediaIntent, handler: any SearchForMediaIntentHandling, app: any SimulatedApp,
    turn: inout Turn
  ) async {
    var intent = intent
    let results = await handler.resolveMediaItems(for: intent)
    guard
      let items = mediaItems(from: results, for: .searchForMedia(intent), search: intent.mediaSearch, app: app, turn: &turn)
    else { return }
    intent.mediaItems = items

    let confirmation = await handler.confirm(intent: intent)
    turn.events.append(.confirmed(app: app.name, code: confirmation.code.name))
    guard Self.confirmed(confirmation.code.name) else {
      turn.code = confirmation.code.name
      turn.replies.append(codeReply(.searchForMedia, code: confirmation.code.name, item: items.first, app: app))
      return
    }
    let response = await handler.handle(intent: intent)
    turn.events.append(.handled(app: app.name, code: response.code.name))
    turn.code = response.code.name
    if response.code == .continueInApp {
      await launch(app, foreground: true, turn: &turn)
      turn.screen = await app.mainApp.application(
        continue: response.userActivity ?? UserActivity(activityType: "SearchForMediaIntent"), intent: .searchForMedia(intent))
    }
    var reply = codeReply(.searchForMedia, code: response.code.name, item: items.first, app: app)
    reply.arguments["count"] = .text(String(items.count))
    reply.arguments["query"] = intent.mediaSearch.spokenQuery.map(ReplyValue.text)
    turn.replies.append(reply)
  }

  // MARK: - Helpers

  /// Whether a confirm answer lets the request go on to handle.
  static func confirmed(_ code: String) -> Bool {
    code == "ready" || code == "success"
  }

  /// Confirm, then handle, recording both in the turn. When confirm refuses, Siri says
  /// why and the result is `nil`; otherwise it is handle's code name.
  mutating func confirmAndHandle(
    _ intent: IntentName, item: MediaItem?, app: any SimulatedApp, turn: inout Turn,
    confirm: () async -> String, handle: () async -> String
  ) async -> String? {
    let confirmation = await confirm()
    turn.events.append(.confirmed(app: app.name, code: confirmation))
    guard Self.confirmed(confirmation) else {
      turn.code = confirmation
      turn.replies.append(codeReply(intent, code: confirmation, item: item, app: app))
      return nil
    }
    let code = await handle()
    turn.events.append(.handled(app: app.name, code: code))
    turn.code = code
    return code
  }

  /// What Siri says for a response code of `intent`: keys from the most specific
  /// (`AddMedia.success.playlist`) to the generic (`failure`).
  func codeReply(_ intent: IntentName, code: String, item: MediaItem?, app: any SimulatedApp, variant: String? = nil) -> Reply {
    var arguments: [String: ReplyValue] = ["app": .text(app.name)]
    if let item { arguments.merge(Self.itemArguments(item)) { $1 } }
    var keys: [String] = []
    if let variant { keys.append("\(intent.rawValue).\(code).\(variant)") }
    keys += ["\(intent.rawValue).\(code)", "failure.\(code)", code.hasPrefix("failure") ? "failure" : "done"]
    return Reply(keys[0], fallbacks: Array(keys.dropFirst()), arguments)
  }

  static func describe(_ destination: MediaDestination) -> String {
    switch destination {
    case .library: return "library"
    case .playlist(let name): return "playlist \"\(name)\""
    }
  }
}

extension MediaSearch {
  /// The words the user asked for, to repeat back ("Billie Eilish", "jazz podcasts").
  public var spokenQuery: String? {
    mediaName ?? artistName ?? albumName ?? genreNames.first ?? moodNames.first
  }
}
