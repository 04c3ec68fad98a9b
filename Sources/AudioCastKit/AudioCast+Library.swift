import Foundation
import MediaAppKit
import SiriIntents

/// What the user does in the AudioCast app itself, outside Siri: new episodes
/// arriving, subscribing and unsubscribing, deleting playlists. Each keeps donations
/// and suggestions in step, as the seed's app does.
extension AudioCast {
  /// The show a spoken name means, if any.
  public func show(named query: String) -> CatalogItem? {
    library.show(named: query)
  }

  /// A new episode arrives for a show (`:publish`). The app then suggests it to Siri.
  public func publishEpisode(showNamed query: String) -> AppActionOutcome {
    guard let show = show(named: query) else { return .notFound("\(name) has no show called \"\(query)\".") }
    let published = store.podcastLibraryChanges(storage).publishedEpisodes.filter { $0.showID == show.id }.count
    let number = published + 1
    let episode = PublishedEpisode(
      id: "\(show.id).new\(number)", showID: show.id, title: "\(show.title): New Episode \(number)",
      published: Self.publicationDate(secondsIntoSession: store.clock.elapsed), duration: 1800)
    store.updatePodcastLibraryChanges(storage) { $0.publishedEpisodes.append(episode) }
    var changes = AudioCastLibraryChanges()
    changes.publishedEpisodes = [episode]
    AudioCastApp(library: library.applying(changes), store: store, storage: storage).updateSystemUpcomingContentSuggestions()
    return .done("\(name) received \"\(episode.title)\" (\(episode.published)) and updated its suggestions to Siri.")
  }

  /// Unsubscribing deletes every donation grouped under the show, and only those.
  public func unsubscribe(showNamed query: String) -> AppActionOutcome {
    guard let show = show(named: query) else { return .notFound("\(name) has no show called \"\(query)\".") }
    store.updatePodcastLibraryChanges(storage) { changes in
      if !changes.unsubscribedShowIDs.contains(show.id) { changes.unsubscribedShowIDs.append(show.id) }
    }
    let deleted = store.deleteInteractions(groupIdentifier: show.id, app: name)
    AudioCastApp(library: library, store: store, storage: storage).updateSystemUpcomingContentSuggestions()
    return .done("Unsubscribed from \(show.title); deleted \(deleted) donation\(deleted == 1 ? "" : "s") in its group (\(show.id)).")
  }

  public func subscribe(showNamed query: String) -> AppActionOutcome {
    guard let show = show(named: query) else { return .notFound("\(name) has no show called \"\(query)\".") }
    store.updatePodcastLibraryChanges(storage) { $0.unsubscribedShowIDs.removeAll { $0 == show.id } }
    AudioCastApp(library: library, store: store, storage: storage).updateSystemUpcomingContentSuggestions()
    return .done("Subscribed to \(show.title).")
  }

  /// Deleting a playlist deletes every donation grouped under it, and only those.
  public func deletePlaylist(named query: String) -> AppActionOutcome {
    guard let playlist = library.search(query, types: [.podcastPlaylist]).first(where: { $0.score >= 0.75 })?.item
    else { return .notFound("\(name) has no playlist called \"\(query)\".") }
    store.updatePodcastLibraryChanges(storage) { $0.deletedPlaylistIDs.append(playlist.id) }
    let deleted = store.deleteInteractions(groupIdentifier: playlist.id, app: name)
    return .done("Deleted the playlist \"\(playlist.title)\"; deleted \(deleted) donation\(deleted == 1 ? "" : "s") in its group (\(playlist.id)).")
  }

  /// What Siri would suggest from AudioCast, in order.
  public func suggestionLines() -> [String] {
    let upcoming = store.upcomingMedia(app: name)
    let mode = upcoming.predictionModes[MediaItemType.podcastEpisode.rawValue] ?? .default
    var lines = ["\(name) suggestions (prediction mode for podcast episodes: \(mode.name)):"]
    if upcoming.suggestedIntents.isEmpty {
      lines.append("  none yet: \(name) suggests episodes after it plays something or when new ones arrive")
    }
    for (index, intent) in upcoming.suggestedIntents.enumerated() {
      let item = intent.mediaItems.first
      lines.append("  \(index + 1). Play \"\(item?.title ?? "?")\"\(intent.mediaContainer.map { " from \($0.title)" } ?? "")")
    }
    return lines
  }

  /// The date a show's new episode carries: the session's start date plus the days
  /// simulated so far.
  static func publicationDate(secondsIntoSession seconds: Double) -> String {
    SimulatedCalendar.day(secondsIntoSession: seconds)
  }
}

extension AudioCast: UserActionHandling, MediaSuggesting {
  public func perform(_ action: AppAction) -> AppActionOutcome? {
    switch action {
    case .publishEpisode(let show): return publishEpisode(showNamed: show)
    case .subscribe(let show): return subscribe(showNamed: show)
    case .unsubscribe(let show): return unsubscribe(showNamed: show)
    case .deletePlaylist(let name): return deletePlaylist(named: name)
    case .createPlaylist: return nil
    }
  }
}
