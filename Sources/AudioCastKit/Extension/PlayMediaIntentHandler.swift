import MediaAppKit
import SiriIntents

/// AudioCast's extension-side handling of play requests.
///
/// Resolution searches the podcast library the way the user would expect:
/// an episode title plays that episode; a show plays its newest unplayed episode
/// ("the latest episode of" plays the newest, heard or not); a playlist plays its
/// first unheard episode; nothing specified resumes what was playing. Handling never
/// plays anything itself: the extension lives too briefly, so it answers handleInApp
/// and the main app plays in the background (continueInApp for video, or on a watch).
public struct PlayMediaIntentHandler: PlayMediaIntentHandling {
  let library: PodcastLibrary
  let store: AppGroupStore
  let storage: PodcastStorage
  let device: Device

  public init(library: PodcastLibrary, store: AppGroupStore, storage: PodcastStorage, device: Device) {
    self.library = library
    self.store = store
    self.storage = storage
    self.device = device
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>] {
    if !intent.mediaItems.isEmpty {
      // Chosen by the user (a disambiguation answer, a shortcut): a show or playlist
      // still becomes the episode to play.
      let heard = store.heardEpisodes(storage)
      return intent.mediaItems.map { .success(expand($0, sortOrder: intent.mediaSearch.sortOrder, heard: heard)) }
    }
    let search = intent.mediaSearch
    if !Self.playableTypes.contains(search.mediaType) {
      return [.unsupported(.mediaItem(.unsupportedMediaType))]
    }
    // "Play it at one point five x", "play this episode again": the episode playing now,
    // and with none, nothing to point at.
    if search.reference == .currentlyPlaying, search.mediaName == nil, search.artistName == nil {
      guard let now = store.podcastPlayback(storage).nowPlaying, let episode = library.episode(id: now.itemID) else {
        return [.unsupported(.note("nothingPlaying"))]
      }
      return [.success(library.mediaItem(for: episode))]
    }
    let heard = store.heardEpisodes(storage)
    if search.isEmpty {
      return [resolveUnspecified(search, heard: heard)]
    }
    // "Yesterday's episode", "the episode of serial that aired on monday": by the day it
    // came out, on the simulation's calendar.
    if let phrase = search.releaseDate,
      let days = SimulatedCalendar.days(of: phrase, today: SimulatedCalendar.day(secondsIntoSession: store.clock.elapsed))
    {
      return [resolveAired(search, days: days)]
    }
    if Self.asksForAnEpisodeOnly(search) {
      return [search.sortOrder == .newest ? resolveLatestEpisode() : resolveNextEpisode(heard: heard)]
    }
    guard let name = search.mediaName ?? search.artistName, !name.isEmpty else {
      // Genres, moods, years: AudioCast's library is searched by title and host only.
      return [.unsupported(.notFound)]
    }
    var types: Set<MediaItemType> = []
    if search.mediaType == .unknown || search.mediaType == .podcastEpisode { types.insert(.podcastEpisode) }
    // "The latest episode of Stuff You Should Know" names the show: shows count too.
    if search.mediaType == .unknown || search.mediaType == .podcastShow || search.mediaType == .podcastEpisode {
      types.insert(.podcastShow)
    }
    if search.mediaType == .unknown || search.mediaType == .podcastPlaylist || search.mediaType == .playlist {
      types.insert(.podcastPlaylist)
    }
    // A host's name counts only when the request names a person ("play Josh and Chuck").
    let found = Self.ranked(library.search(name, types: types, byHost: search.mediaName == nil))
      .map { (item: library.mediaItem(for: $0.item), score: $0.score) }
    guard let best = found.first else { return [.unsupported(.notFound)] }
    // Several titles fit about as well: ask which one rather than guess.
    let exact = found.filter { $0.score >= 0.95 }
    let contenders = exact.isEmpty ? found.filter { $0.score >= best.score - 0.1 } : exact
    if contenders.count > 1 {
      return [.disambiguation(contenders.prefix(3).map(\.item))]
    }
    return [.success(expand(best.item, sortOrder: search.sortOrder, heard: heard))]
  }

  public func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    if let resume = intent.resumePlayback { return .success(resume) }
    // Nothing specified and something was playing: pick up where the user left off.
    if intent.mediaSearch.isEmpty, let now = store.podcastPlayback(storage).nowPlaying,
      intent.mediaItems.isEmpty || intent.mediaItems.first?.identifier == now.itemID
    {
      return .success(true)
    }
    if let item = intent.mediaItems.first, (store.podcastPlayback(storage).positions[item.identifier] ?? 0) > 0 {
      return .success(true)
    }
    return .notRequired
  }

  // MARK: Confirmation

  public func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    // Media requests are not confirmed with the user; only check they can be met.
    guard let item = intent.mediaItems.first else { return PlayMediaIntentResponse(code: .failure) }
    if item.type == .podcastShow || item.type == .podcastPlaylist {
      return PlayMediaIntentResponse(code: .failureNoUnplayedContent)
    }
    return PlayMediaIntentResponse(code: .ready)
  }

  // MARK: Handling

  public func handle(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    let isVideo = intent.mediaItems.first?.isVideo ?? false
    if isVideo || device == .watch {
      let activity = UserActivity(
        activityType: "PlayMediaIntent",
        userInfo: ["containerID": intent.mediaContainer?.identifier ?? ""])
      return PlayMediaIntentResponse(code: .continueInApp, userActivity: activity)
    }
    return PlayMediaIntentResponse(code: .handleInApp)
  }

  // MARK: - Search helpers

  static let playableTypes: Set<MediaItemType> = [.unknown, .podcastShow, .podcastEpisode, .podcastPlaylist, .playlist]

  /// Best first; among equal scores an episode before a show before a playlist (the
  /// most specific thing said), then the catalog's order.
  static func ranked(_ matches: [MediaCatalog.Match]) -> [MediaCatalog.Match] {
    func rank(_ type: MediaItemType) -> Int {
      switch type {
      case .podcastEpisode: return 0
      case .podcastShow: return 1
      default: return 2
      }
    }
    return matches.enumerated().sorted { a, b in
      if a.element.score != b.element.score { return a.element.score > b.element.score }
      if rank(a.element.item.type) != rank(b.element.item.type) { return rank(a.element.item.type) < rank(b.element.item.type) }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// Turns a show or playlist into the episode to play; episodes stay as they are.
  /// A container with nothing left to hear stays a container, and confirm says so.
  private func expand(_ item: MediaItem, sortOrder: MediaSortOrder, heard: Set<String>) -> MediaItem {
    switch item.type {
    case .podcastShow:
      let episodes = library.episodes(ofShow: item.identifier)
      let pick: CatalogItem?
      switch sortOrder {
      case .newest: pick = episodes.first
      case .oldest: pick = episodes.last
      default: pick = episodes.first { !heard.contains($0.id) }
      }
      return pick.map(library.mediaItem(for:)) ?? item
    case .podcastPlaylist:
      let episodes = library.playlist(id: item.identifier).map(library.episodes(inPlaylist:)) ?? []
      let pick = episodes.first { !heard.contains($0.id) }
      return pick.map(library.mediaItem(for:)) ?? item
    default:
      return item
    }
  }

  /// "Play the next episode", "an episode": nothing but the kind asked for.
  static func asksForAnEpisodeOnly(_ search: MediaSearch) -> Bool {
    search.mediaType == .podcastEpisode && search.mediaName == nil && search.artistName == nil && search.albumName == nil
      && search.genreNames.isEmpty && search.moodNames.isEmpty && search.releaseDate == nil
      && (search.sortOrder == .unknown || search.sortOrder == .newest)
  }

  /// The newest episode that came out within `days`, of the show (or host) the search
  /// names, else of any show (audio before video); not found when none did.
  private func resolveAired(_ search: MediaSearch, days: ClosedRange<String>) -> ResolutionResult<MediaItem> {
    var episodes = library.episodes
    if let name = search.mediaName ?? search.artistName, !name.isEmpty {
      guard let show = library.show(named: name, byHost: search.mediaName == nil) else { return .unsupported(.notFound) }
      episodes = library.episodes(ofShow: show.id)
    }
    // Audio first; a video episode (the app opens to play it) only when no audio one aired.
    let aired = episodes.filter { $0.published.map(days.contains) == true }
    let pick = PodcastLibrary.newest(aired.lazy.filter { !$0.isVideo }) ?? PodcastLibrary.newest(aired)
    return pick.map { .success(library.mediaItem(for: $0)) } ?? .unsupported(.notFound)
  }

  /// "Play the latest episode" with no show named: the newest episode of the show being
  /// heard, else the newest episode of all, heard or not.
  private func resolveLatestEpisode() -> ResolutionResult<MediaItem> {
    if let now = store.podcastPlayback(storage).nowPlaying, let current = library.episode(id: now.itemID),
      let show = current.show, let newest = library.episodes(ofShow: show).first(where: { !$0.isVideo })
    {
      return .success(library.mediaItem(for: newest))
    }
    let newest = PodcastLibrary.newest(library.episodes.lazy.filter { !$0.isVideo })
    return newest.map { .success(library.mediaItem(for: $0)) } ?? .unsupported(.notFound)
  }

  /// "Play the next episode": the episode of the show being heard that came out after
  /// the one playing, else its newest one not yet heard; with nothing playing, the
  /// newest episode not yet heard. A show heard to its end has nothing unplayed left.
  private func resolveNextEpisode(heard: Set<String>) -> ResolutionResult<MediaItem> {
    guard let now = store.podcastPlayback(storage).nowPlaying, let current = library.episode(id: now.itemID),
      let show = current.show
    else {
      return resolveUnspecified(MediaSearch(), heard: heard)
    }
    // Newest first: the next one is the one before the current in this order.
    let episodes = library.episodes(ofShow: show).filter { !$0.isVideo }
    if let index = episodes.firstIndex(where: { $0.id == current.id }), index > 0 {
      return .success(library.mediaItem(for: episodes[index - 1]))
    }
    if let unheard = episodes.first(where: { !heard.contains($0.id) && $0.id != current.id }) {
      return .success(library.mediaItem(for: unheard))
    }
    return .success(library.mediaItem(for: library.show(id: show) ?? current))
  }

  /// "Play AudioCast": resume what was playing, else the newest episode not yet heard.
  private func resolveUnspecified(_ search: MediaSearch, heard: Set<String>) -> ResolutionResult<MediaItem> {
    if let now = store.podcastPlayback(storage).nowPlaying, let episode = library.episode(id: now.itemID) {
      return .success(library.mediaItem(for: episode))
    }
    let unheard = library.episodes
      .filter { !heard.contains($0.id) && !$0.isVideo }
      .sorted(by: PodcastLibrary.isNewer)
    if let newest = unheard.first { return .success(library.mediaItem(for: newest)) }
    return .unsupported(.notFound)
  }
}
