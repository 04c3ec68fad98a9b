import SiriIntents

extension AudioCastApp {
  /// Donates a play request after the user played an episode, grouped by the show or
  /// playlist it came from, so unsubscribing from the show (or deleting the playlist)
  /// can delete exactly that group.
  func donatePlayRequest(episode: PodcastEpisode, containerID: String) {
    let container = library.show(id: containerID)?.mediaItem ?? library.playlist(id: containerID)?.mediaItem
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
    let listens = Dictionary(grouping: library.episodes.filter { heard.contains($0.id) }, by: \.showID).mapValues(\.count)
    let unheard = library.episodes.filter {
      !heard.contains($0.id) && !changes.unsubscribedShowIDs.contains($0.showID)
    }
    let ordered = unheard.sorted { a, b in
      let (la, lb) = (listens[a.showID] ?? 0, listens[b.showID] ?? 0)
      if la != lb { return la > lb }
      if a.published != b.published { return a.published > b.published }
      return a.title < b.title
    }
    var upcoming = UpcomingMedia()
    upcoming.suggestedIntents = ordered.map { episode in
      PlayMediaIntent(
        mediaItems: [library.mediaItem(for: episode)], mediaContainer: library.show(id: episode.showID)?.mediaItem,
        playShuffled: false, playbackRepeatMode: .none, resumePlayback: false)
    }
    upcoming.predictionModes[MediaItemType.podcastEpisode.rawValue] = .onlyPredictSuggestedIntents
    store.setUpcomingMedia(upcoming, app: storage.appName)
  }
}
