import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  /// Resolve → confirm → handle for a play request, then the main app's part.
  mutating func runPlayMedia(
    _ intent: PlayMediaIntent, handler: any PlayMediaIntentHandling, app: any SimulatedApp, turn: inout Turn
  ) async {
    var intent = intent

    // MARK: Resolve
    let itemResults = await handler.resolveMediaItems(for: intent)
    guard
      let items = mediaItems(
        from: itemResults, for: .playMedia(intent), search: intent.mediaSearch, app: app, turn: &turn)
    else { return }
    intent.mediaItems = items

    if let value = await resolved("playShuffled", handler.resolvePlayShuffled(for: intent), { String($0) }, app: app, turn: &turn) {
      intent.playShuffled = value
    }
    if let value = await resolved("playbackRepeatMode", handler.resolvePlaybackRepeatMode(for: intent), \.name, app: app, turn: &turn) {
      intent.playbackRepeatMode = value
    }
    if let value = await resolved("resumePlayback", handler.resolveResumePlayback(for: intent), { String($0) }, app: app, turn: &turn) {
      intent.resumePlayback = value
    }
    if let value = await resolved("playbackQueueLocation", handler.resolvePlaybackQueueLocation(for: intent), \.name, app: app, turn: &turn) {
      intent.playbackQueueLocation = value
    }
    let speed = await handler.resolvePlaybackSpeed(for: intent)
    record("playbackSpeed", speed.erased { SlotValue.speed($0).description }, app: app, turn: &turn)
    switch speed {
    case .success(let rate): intent.playbackSpeed = rate
    case .unsupported(let reason):
      turn.replies.append(unsupportedReply(.playMedia, reason: reason, search: intent.mediaSearch, app: app))
      return
    default: break
    }
    if turn.resolutions.contains(where: { if case .unsupported = $0.outcome { return true }; return false }) {
      return
    }

    // MARK: Confirm
    let confirmation = await handler.confirm(intent: intent)
    turn.events.append(.confirmed(app: app.name, code: confirmation.code.name))
    guard confirmation.code == .ready || confirmation.code == .success else {
      turn.code = confirmation.code.name
      turn.replies.append(playReply(code: confirmation.code, intent: intent, item: items.first, app: app))
      return
    }

    // MARK: Handle
    let response = await handler.handle(intent: intent)
    turn.events.append(.handled(app: app.name, code: response.code.name))
    turn.code = response.code.name
    switch response.code {
    case .handleInApp:
      await launch(app, foreground: false, turn: &turn)
      let appResponse = await app.mainApp.application(handle: .playMedia(intent))
      guard case .playMedia(let played) = appResponse else { return }
      let detail = played.nowPlayingItems.first.map { "now playing \($0.traceDescription)" } ?? ""
      turn.events.append(.appHandled(app: app.name, code: played.code.name, detail: detail))
      let code: PlayMediaIntentResponse.Code = played.code == .success ? .handleInApp : played.code
      turn.replies.append(playReply(code: code, intent: intent, item: played.nowPlayingItems.first ?? items.first, app: app))
    case .continueInApp where device == .homepod || (device == .carplay && items.first?.isVideo == true):
      // No screen to open the app on (HomePod), or video while driving (CarPlay).
      var reply = playReply(code: .continueInApp, intent: intent, item: items.first, app: app)
      reply = Reply("PlayMedia.continueInApp.\(device.rawValue)", fallbacks: reply.keys, reply.arguments)
      turn.replies.append(reply)
    case .continueInApp:
      await launch(app, foreground: true, turn: &turn)
      turn.screen = await app.mainApp.application(
        continue: response.userActivity ?? UserActivity(activityType: "PlayMediaIntent"), intent: .playMedia(intent))
      turn.replies.append(playReply(code: .continueInApp, intent: intent, item: items.first, app: app))
    default:
      turn.replies.append(playReply(code: response.code, intent: intent, item: items.first, app: app))
    }
  }

  // MARK: - Helpers

  /// Records the media-item resolution results and turns them into the items to use;
  /// `nil` when the turn ends here (Siri asked a question, or something is unsupported).
  mutating func mediaItems(
    from results: [ResolutionResult<MediaItem>], for intent: Intent, search: MediaSearch,
    app: any SimulatedApp, turn: inout Turn
  ) -> [MediaItem]? {
    var items: [MediaItem] = []
    for result in results {
      record("mediaItems", result.erased(\.traceDescription), app: app, turn: &turn)
    }
    for result in results {
      switch result {
      case .success(let item), .confirmationRequired(let item):
        items.append(item)
      case .notRequired:
        continue
      case .disambiguation(let options):
        let labels = options.map { ReplyValue.phrase(Self.optionPhrase(for: $0)) }
        ask(
          PendingQuestion(
            kind: .chooseMediaItem(options), intent: intent, app: app.name,
            question: Reply("ask.disambiguation.media", fallbacks: ["ask.disambiguation"], ["options": .list(labels)])),
          turn: &turn)
        return nil
      case .needsValue:
        ask(
          PendingQuestion(
            kind: .mediaName, intent: intent, app: app.name,
            question: Reply("ask.mediaName.\(intent.name.rawValue)", fallbacks: ["ask.mediaName"], ["app": .text(app.name)])),
          turn: &turn)
        return nil
      case .unsupported(let reason):
        turn.replies.append(unsupportedReply(intent.name, reason: reason, search: search, app: app))
        return nil
      }
    }
    return items
  }

  /// Hands control to the main app: it becomes active (and may act on flags its
  /// extension left), then handles the intent.
  func launch(_ app: any SimulatedApp, foreground: Bool, turn: inout Turn) async {
    turn.events.append(.launched(app: app.name, foreground: foreground))
    for note in await app.mainApp.applicationDidBecomeActive() {
      turn.events.append(.appNote(app: app.name, note: note))
    }
  }

  /// Records one parameter's resolution in the turn and its trace.
  func record(_ parameter: String, _ outcome: ResolutionOutcome, app: any SimulatedApp, turn: inout Turn) {
    let resolution = ParameterResolution(parameter: parameter, outcome: outcome)
    turn.resolutions.append(resolution)
    turn.events.append(.resolved(app: app.name, resolution))
  }

  /// Records a scalar parameter's resolution and returns its value on success.
  func resolved<Value>(
    _ parameter: String, _ result: ResolutionResult<Value>, _ describe: (Value) -> String,
    app: any SimulatedApp, turn: inout Turn
  ) -> Value? {
    record(parameter, result.erased(describe), app: app, turn: &turn)
    if case .success(let value) = result { return value }
    return nil
  }

  /// What Siri says for a play response code.
  func playReply(code: PlayMediaIntentResponse.Code, intent: PlayMediaIntent, item: MediaItem?, app: any SimulatedApp) -> Reply {
    var arguments: [String: ReplyValue] = ["app": .text(app.name)]
    var keys: [String] = []
    if let item {
      arguments.merge(Self.itemArguments(item)) { $1 }
    }
    // `speed` as English writes it ("1.5x"), `rate` the number alone for other
    // languages' words around it ("1.5倍速").
    let speedArguments: [String: ReplyValue]? = intent.playbackSpeed.flatMap { speed in
      speed == 1 ? nil : ["speed": .text(SlotValue.speed(speed).description), "rate": .text(SlotValue.number(speed).description)]
    }
    if let speedArguments { arguments.merge(speedArguments) { $1 } }
    var options: [ReplyValue] = []
    if intent.playShuffled == true { options.append(.phrase(Reply("option.shuffle"))) }
    if intent.playbackRepeatMode == .one { options.append(.phrase(Reply("option.repeatOne"))) }
    if intent.playbackRepeatMode == .all { options.append(.phrase(Reply("option.repeatAll"))) }
    if let speedArguments { options.append(.phrase(Reply("option.speed", speedArguments))) }
    if !options.isEmpty { arguments["options"] = .list(options) }
    let type = item?.type.name ?? "unknown"
    switch code {
    case .handleInApp, .success, .continueInApp:
      if intent.playbackQueueLocation == .next || intent.playbackQueueLocation == .later {
        keys += ["PlayMedia.queued.\(intent.playbackQueueLocation.name)"]
      }
      if code == .continueInApp { keys += ["PlayMedia.continueInApp.\(type)", "PlayMedia.continueInApp"] }
      if intent.mediaSearch.reference == .currentlyPlaying, intent.playbackRepeatMode == .one {
        keys += ["PlayMedia.repeatCurrent"]
      }
      if intent.resumePlayback == true { keys += ["PlayMedia.resume.\(type)", "PlayMedia.resume"] }
      keys += ["PlayMedia.success.\(type)", "PlayMedia.success"]
    default:
      keys += ["PlayMedia.\(code.name).\(type)", "PlayMedia.\(code.name)", "failure.\(code.name)", "failure"]
    }
    return Reply(keys[0], fallbacks: Array(keys.dropFirst()), arguments)
  }

  /// What Siri says when a parameter is unsupported, from the reason.
  func unsupportedReply(_ intent: IntentName, reason: UnsupportedReason?, search: MediaSearch, app: any SimulatedApp) -> Reply {
    let name = reason?.name ?? "generic"
    var arguments: [String: ReplyValue] = ["app": .text(app.name)]
    if let query = search.mediaName ?? search.artistName ?? search.albumName ?? search.genreNames.first {
      arguments["query"] = .text(Self.shortened(query))
    }
    if search.mediaType != .unknown {
      arguments["mediaType"] = .text(search.mediaType.name)
      arguments["kind"] = .phrase(Reply("kind.\(search.mediaType.name)", fallbacks: ["kind.unknown"]))
    }
    if let query = search.spokenQuery { arguments["query"] = .text(Self.shortened(query)) }
    var keys = ["\(intent.rawValue).unsupported.\(name)", "unsupported.\(name)"]
    if name == "notFound", arguments["query"] == nil { keys.insert("unsupported.notFound.nothing", at: 0) }
    // Nothing from the day asked for: "Sorry, AudioCast has no podcast episodes from yesterday."
    if name == "notFound", let phrase = search.releaseDate, SimulatedCalendar.isRelative(phrase) {
      arguments["when"] = .phrase(Reply("aired.\(phrase.lowercased().split(separator: " ").joined(separator: "_"))"))
      let aired = arguments["query"] != nil ? "unsupported.notFound.aired" : search.mediaType != .unknown ? "unsupported.notFound.aired.kind" : "unsupported.notFound.aired.nothing"
      keys.insert(aired, at: 0)
    }
    if name == "notFound", device == .watch { keys.insert("\(intent.rawValue).unsupported.notFound.watch", at: 0) }
    keys.append("unsupported.generic")
    return Reply(keys[0], fallbacks: Array(keys.dropFirst()), arguments)
  }

  /// What Siri repeats of a long request: the first 80 characters, then "…".
  static func shortened(_ text: String) -> String {
    text.count > 80 ? String(text.prefix(80)) + "…" : text
  }

  /// The arguments a media item gives a reply: its title, artist and type.
  static func itemArguments(_ item: MediaItem) -> [String: ReplyValue] {
    var arguments: [String: ReplyValue] = ["title": .text(item.title), "mediaType": .text(item.type.name)]
    if let artist = item.artist { arguments["artist"] = .text(artist) }
    return arguments
  }

  /// How an option is spoken in a "which one" question.
  static func optionPhrase(for item: MediaItem) -> Reply {
    Reply("option.\(item.type.name)", fallbacks: ["option"], itemArguments(item))
  }
}
