import MediaAppKit
import SiriIntents

extension AudioCastApp {
  /// Donates a play request after the user played an episode, grouped by the show or
  /// playlist it came from, so unsubscribing from the show (or deleting the playlist)
  /// can delete exactly that group.
  func donatePlayRequest(episode: CatalogItem, containerID: String) {
    let container = (library.show(id: containerID) ?? library.playlist(id: containerID)).map(library.mediaItem(for:))
    let intent = PlayMediaIntent(mediaItems: [library.mediaItem(for: episode)], mediaContainer: container)
    store.donate(
      Interaction(
        app: storage.appName, intent: .playMedia(intent), responseCode: nil, groupIdentifier: containerID,
        donatedAt: store.clock.elapsed, suggestedPhrase: "Play \(episode.title)"))
  }

  /// Gives Siri one play intent per unheard episode of a subscribed show, most useful
  /// first, with prediction mode "only predict suggested intents" for episodes so heard
  /// ones are never suggested.
  ///
  /// The order: shows the user listens to most come first (a new episode of a show
  /// they keep up with is the likeliest next listen), newest episode first within a
  /// show, then title. Apple's sample sorts by title, which puts "A…" first whatever
  /// the user likes.
  func updateSystemUpcomingContentSuggestions() {
    let heard = store.heardEpisodes(storage)
    let changes = store.podcastLibraryChanges(storage)
    let listens = Dictionary(grouping: library.episodes.filter { heard.contains($0.id) }) { $0.show ?? "" }.mapValues(\.count)
    let unheard = library.episodes.filter {
      !heard.contains($0.id) && !changes.unsubscribedShowIDs.contains($0.show ?? "")
    }
    let ordered = unheard.sorted { a, b in
      let (la, lb) = (listens[a.show ?? ""] ?? 0, listens[b.show ?? ""] ?? 0)
      if la != lb { return la > lb }
      if a.published != b.published { return (a.published ?? "") > (b.published ?? "") }
      return a.title < b.title
    }
    var upcoming = UpcomingMedia()
    upcoming.suggestedIntents = ordered.map { episode in
      PlayMediaIntent(
        mediaItems: [library.mediaItem(for: episode)], mediaContainer: episode.show.flatMap(library.show(id:)).map(library.mediaItem(for:)),
        playShuffled: false, playbackRepeatMode: .none, resumePlayback: false)
    }
    upcoming.predictionModes[MediaItemType.podcastEpisode.rawValue] = .onlyPredictSuggestedIntents
    store.setUpcomingMedia(upcoming, app: storage.appName)
  }
}
