import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  /// The grammar intents that are system playback commands, not SiriKit intents.
  static let playbackCommands: [String: PlaybackCommand] = [
    "MediaPause": .pause, "MediaResume": .resume, "MediaNext": .next, "MediaPrevious": .previous,
    "MediaNowPlaying": .nowPlaying,
  ]

  /// Sends a playback command to the app that is playing, as the system's remote
  /// controls do: no extension, no intent.
  mutating func runPlaybackCommand(_ command: PlaybackCommand, appName: String?, turn: inout Turn) {
    let players = apps.compactMap { $0 as? any PlaybackControlling & SimulatedApp }
    let target: (any PlaybackControlling & SimulatedApp)?
    if let appName {
      target = players.first { $0.name.lowercased() == appName.lowercased() }
    } else if let playing = store?.nowPlayingApp {
      target = players.first { $0.name == playing }
    } else {
      target = nil
    }
    guard let app = target else {
      turn.events.append(.playbackCommand(app: "none", command: command.rawValue, result: "nothing is playing"))
      turn.replies.append(Reply("playback.nothingPlaying"))
      return
    }
    turn.app = app.name
    let result = app.perform(command)
    var arguments: [String: ReplyValue] = ["app": .text(app.name)]
    switch result {
    case .done(let item):
      if let item { arguments.merge(Self.itemArguments(item)) { $1 } }
      turn.events.append(.playbackCommand(app: app.name, command: command.rawValue, result: item.map(\.traceDescription) ?? "done"))
      let type = item?.type.name ?? "unknown"
      turn.replies.append(
        Reply("playback.\(command.rawValue).\(type)", fallbacks: ["playback.\(command.rawValue)"], arguments))
    case .nothingPlaying:
      turn.events.append(.playbackCommand(app: app.name, command: command.rawValue, result: "nothing playing"))
      turn.replies.append(Reply("playback.nothingPlaying", arguments))
    case .notApplicable(let why):
      if let now = app.nowPlaying() { arguments.merge(Self.itemArguments(now.item)) { $1 } }
      turn.events.append(.playbackCommand(app: app.name, command: command.rawValue, result: why))
      turn.replies.append(Reply("playback.\(why)", fallbacks: ["playback.notApplicable"], arguments))
    }
  }

  /// "pause" and "resume" mean the workout or the music depending on what is going
  /// on: among equally good readings, the one that has something to act on wins.
  func preferringApplicable(_ candidates: [ParseCandidate]) -> [ParseCandidate] {
    guard let best = candidates.first else { return candidates }
    let tied = candidates.filter { $0.score >= best.score - 0.0001 }
    guard tied.count > 1 else { return candidates }
    let workout = apps.compactMap { ($0 as? any WorkoutReporting)?.currentWorkoutSummary() }.first
    let media: (isPlaying: Bool, Void)? = {
      guard let name = store?.nowPlayingApp,
        let app = apps.first(where: { $0.name == name }) as? any PlaybackControlling,
        let now = app.nowPlaying()
      else { return nil }
      return (now.isPlaying, ())
    }()
    func applicable(_ candidate: ParseCandidate) -> Bool {
      switch candidate.intent {
      case "PauseWorkout": return workout.map { !$0.isPaused } ?? false
      case "ResumeWorkout": return workout?.isPaused ?? false
      case "EndWorkout", "CancelWorkout": return workout != nil
      case "MediaPause": return media?.isPlaying ?? false
      case "MediaResume": return media.map { !$0.isPlaying } ?? false
      default: return true
      }
    }
    // Nothing applies: a workout that exists explains itself better ("already paused")
    // than "nothing is playing".
    let fallback = workout != nil ? tied.first { $0.intent.hasSuffix("Workout") } : nil
    guard let chosen = tied.first(where: applicable) ?? fallback, chosen != best else { return candidates }
    return [chosen] + candidates.filter { $0 != chosen }
  }

  /// A reading whose media type the named app can't serve loses to a close reading it
  /// can: "play I Love You Sun on AudioCast" is the episode, not Deezer's song.
  func preferringCompatible(_ candidates: [ParseCandidate]) -> [ParseCandidate] {
    guard let best = candidates.first, let appName = best[slot: "app"]?.value.description,
      let app = apps.first(where: { $0.name.lowercased() == appName.lowercased() })
    else { return candidates }
    // The app named can't do what the best reading asks, but another reading it can:
    // "start a workout with Ascent" is a workout, not workout music.
    if let name = IntentName(rawValue: best.intent), !app.supportedIntents.contains(name),
      let supported = candidates.first(where: { IntentName(rawValue: $0.intent).map(app.supportedIntents.contains) ?? false })
    {
      return [supported] + candidates.filter { $0 != supported }
    }
    guard !app.supportedMediaTypes.isEmpty else { return candidates }
    func compatible(_ candidate: ParseCandidate) -> Bool {
      guard let type = candidate[slot: "mediaType"].flatMap({ MediaItemType(name: $0.value.description) }),
        type != .unknown, type != .music
      else { return true }
      return !type.satisfyingTypes.isDisjoint(with: app.supportedMediaTypes)
    }
    // Video the app doesn't do is answered by the app itself (failureUnknownMediaType).
    let video: Set<String> = ["movie", "tvShow", "tvShowEpisode", "musicVideo"]
    if let type = best[slot: "mediaType"]?.value.description, video.contains(type) { return candidates }
    guard !compatible(best),
      let alternative = candidates.first(where: { $0.intent == best.intent && $0.score >= best.score - 0.15 && compatible($0) })
    else { return candidates }
    return [alternative] + candidates.filter { $0 != alternative }
  }
}
