import SiriIntents
import UtteranceParsing

/// A simulated media app built from a ``CatalogAppProfile``: its extension
/// (play, add, like, search handlers behind `handler(for:)`), its main app, its
/// vocabulary, and the system's playback commands.
public struct CatalogApp: SimulatedApp, PlaybackControlling {
  public let context: CatalogAppContext
  public let intentsExtension: any IntentHandlerProviding
  public let mainApp: any AppDelegate

  public init(profile: CatalogAppProfile, store: AppGroupStore, device: Device) {
    context = CatalogAppContext(profile: profile, store: store, device: device)
    intentsExtension = CatalogIntentsExtension(context: context)
    mainApp = CatalogMainApp(context: context)
  }

  public var name: String { context.profile.name }
  public var supportedIntents: Set<IntentName> { context.profile.supportedIntents }
  public var supportedMediaTypes: Set<MediaItemType> { context.profile.mediaTypes }

  public func vocabulary() -> [VocabularyTerm] {
    let profile = context.profile
    var terms = [VocabularyTerm(type: .appName, phrases: [profile.name] + profile.spokenNames, value: profile.name)]
    for item in profile.catalog.items {
      guard let type = profile.vocabulary[item.type] else { continue }
      terms.append(VocabularyTerm(type: type, phrases: item.titles, value: item.title))
    }
    return terms
  }

  /// What the app told Siri with `INVocabulary`; until it has said anything, the
  /// definition's starting vocabulary and the titles of the user's playlists (what the
  /// app sets when it first runs).
  public func userVocabulary() -> UserVocabulary {
    if let stored = context.store.userVocabulary(app: name) { return stored }
    var vocabulary = UserVocabulary(context.profile.userVocabulary)
    if vocabulary.strings(of: .mediaPlaylistTitle).isEmpty, !context.profile.initialLibrary.playlists.isEmpty {
      vocabulary.set(context.profile.initialLibrary.playlists.map(\.title), of: .mediaPlaylistTitle)
    }
    return vocabulary
  }

  public func stateDescription() -> [String] {
    var lines: [String] = []
    if let now = nowPlaying() {
      lines.append("now playing: \"\(now.item.title)\"\(now.item.artist.map { " by \($0)" } ?? "")\(now.isPlaying ? "" : " (paused)")")
    } else {
      lines.append("now playing: nothing")
    }
    let playback = context.playback
    if !playback.queue.isEmpty {
      lines.append("up next: " + playback.queue.prefix(5).compactMap { context.item(id: $0)?.title }.map { "\"\($0)\"" }.joined(separator: ", "))
    }
    let account = context.account
    var settings = [
      "login \(account.loggedIn ? "on" : "off")", "subscription \(account.subscribed ? "on" : "off")",
      "explicit \(account.allowsExplicit ? "on" : "off")", "cellular \(account.allowsCellular ? "on" : "off")",
      "region \(account.region)",
    ]
    if !account.serviceAvailable { settings.append("service down") }
    if account.streamsElsewhere > 0 { settings.append("streams elsewhere \(account.streamsElsewhere)") }
    if account.kidsProfile { settings.append("kids profile") }
    if account.needsSetup { settings.append("needs setup") }
    lines.append("account: " + settings.joined(separator: ", "))
    if context.profile.supportedIntents.contains(.addMedia) {
      let library = context.library
      lines.append("library: \(library.savedItemIDs.count) saved, \(library.likedIDs.count) liked\(library.likesNeedRefresh ? " (app refresh pending)" : "")")
      for playlist in library.playlists {
        let titles = playlist.itemIDs.compactMap { context.item(id: $0)?.title }
        lines.append("  playlist \"\(playlist.title)\"\(playlist.isEditable ? "" : " (not editable)"): \(titles.isEmpty ? "empty" : titles.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
    }
    return lines
  }

  // MARK: - Playback commands

  public func nowPlaying() -> (item: MediaItem, isPlaying: Bool, position: Double)? {
    guard let now = context.playback.nowPlaying, let item = context.item(id: now.itemID) else { return nil }
    return (item.mediaItem, now.isPlaying, now.position(at: context.now))
  }

  public func playbackDetails() -> [String] {
    let playback = context.playback
    var lines: [String] = []
    var options: [String] = []
    if playback.shuffle { options.append("shuffle on") }
    if playback.repeatMode != .none, playback.repeatMode != .unknown { options.append("repeat \(playback.repeatMode.name)") }
    if let rate = playback.nowPlaying?.rate, rate != 1 { options.append("speed \(SlotValue.speed(rate))") }
    if !options.isEmpty { lines.append(options.joined(separator: ", ")) }
    let upcoming = playback.queue.prefix(5).compactMap { context.item(id: $0)?.title }
    if !upcoming.isEmpty { lines.append("up next: " + upcoming.map { "\"\($0)\"" }.joined(separator: ", ")) }
    return lines
  }

  public func perform(_ command: PlaybackCommand) -> PlaybackCommandResult {
    let now = context.now
    guard let current = context.playback.nowPlaying else { return .nothingPlaying }
    switch command {
    case .nowPlaying:
      return .done(nowPlaying()?.item)
    case .pause:
      guard current.isPlaying else { return .notApplicable("alreadyPaused") }
      context.store.updatePlayback(app: name) { $0.pause(at: now) }
    case .resume:
      guard !current.isPlaying else { return .notApplicable("alreadyPlaying") }
      context.store.updatePlayback(app: name) { $0.resume(at: now) }
    case .next:
      let next: String? = context.store.updatePlayback(app: name) { $0.skipToNext(at: now) }
      guard next != nil else { return .notApplicable("queueEmpty") }
    case .previous:
      context.store.updatePlayback(app: name) { state in
        if let id = state.nowPlaying?.itemID { state.play(id, container: state.nowPlaying?.containerID, at: now) }
      }
    }
    return .done(nowPlaying()?.item)
  }
}

/// The extension's principal object: one handler per supported intent.
public struct CatalogIntentsExtension: IntentHandlerProviding {
  let context: CatalogAppContext

  public init(context: CatalogAppContext) {
    self.context = context
  }

  public func handler(for intent: Intent) -> IntentHandler? {
    guard context.profile.supportedIntents.contains(intent.name) else { return nil }
    switch intent {
    case .playMedia: return .playMedia(CatalogPlayMediaHandler(context: context))
    case .addMedia: return .addMedia(CatalogAddMediaHandler(context: context))
    case .updateMediaAffinity: return .updateMediaAffinity(CatalogAffinityHandler(context: context))
    case .searchForMedia: return .searchForMedia(CatalogSearchHandler(context: context))
    default: return nil
    }
  }
}
