import AudioCastKit
import MediaAppKit
import SiriIntents
import Testing

/// Resolution, confirmation and handling of play requests in AudioCast's extension.
struct AudioCastResolutionTests {
  let store = AppGroupStore(identifier: "test")

  func handler(device: Device = .phone) -> PlayMediaIntentHandler {
    PlayMediaIntentHandler(library: .sample, store: store, storage: .audioCast, device: device)
  }

  func resolve(_ search: MediaSearch) async -> [ResolutionResult<MediaItem>] {
    await handler().resolveMediaItems(for: PlayMediaIntent(mediaSearch: search))
  }

  @Test func episodeTitleResolvesToThatEpisode() async {
    let results = await resolve(MediaSearch(mediaName: "how sleep works"))
    #expect(results == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.sysk.sleep")!)])
  }

  @Test func showResolvesToItsNewestUnheardEpisode() async {
    store.setHeardEpisodes(["ep.sysk.lighthouses"], .audioCast)
    let results = await resolve(MediaSearch(mediaType: .podcastShow, mediaName: "stuff you should know"))
    #expect(results.first == .success(PodcastLibrary.sample.mediaItem(identifier: "ep.sysk.oscars")!))
  }

  @Test func latestEpisodeIgnoresWhatWasHeard() async {
    store.setHeardEpisodes(["ep.sysk.lighthouses"], .audioCast)
    let results = await resolve(MediaSearch(mediaType: .podcastShow, sortOrder: .newest, mediaName: "Stuff You Should Know"))
    #expect(results.first == .success(PodcastLibrary.sample.mediaItem(identifier: "ep.sysk.lighthouses")!))
  }

  /// "Last tuesday's episode", "the episode that aired yesterday": the day an episode came
  /// out, on the simulation's calendar (Friday 2026-11-20 when the session starts).
  @Test func episodesAreFoundByTheDayTheyAired() async {
    let monday = await resolve(MediaSearch(mediaType: .podcastEpisode, releaseDate: "last monday"))
    #expect(monday == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.briefing.1")!)])
    // The newest of the week; a named show narrows it.
    let week = await resolve(MediaSearch(mediaType: .podcastEpisode, releaseDate: "this week"))
    #expect(week == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.briefing.2")!)])
    let crag = await resolve(MediaSearch(mediaType: .podcastEpisode, mediaName: "the crag podcast", releaseDate: "last month"))
    #expect(crag == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.crag.3")!)])
    #expect(await resolve(MediaSearch(mediaType: .podcastEpisode, releaseDate: "yesterday")) == [.unsupported(.notFound)])
    #expect(await resolve(MediaSearch(mediaName: "the crag podcast", releaseDate: "this week")) == [.unsupported(.notFound)])
    #expect(await resolve(MediaSearch(mediaName: "no such show", releaseDate: "this week")) == [.unsupported(.notFound)])
    // Four days on it is Tuesday 2026-11-24: "last tuesday" is the week before's.
    store.advanceClock(by: 4 * 86_400)
    let tuesday = await resolve(MediaSearch(mediaType: .podcastEpisode, releaseDate: "last tuesday"))
    #expect(tuesday == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.briefing.2")!)])
  }

  @Test func unknownTitleIsUnsupportedNotFound() async {
    #expect(await resolve(MediaSearch(mediaName: "awsome song")) == [.unsupported(.notFound)])
  }

  @Test func songsAreNotAPodcastAppsBusiness() async {
    #expect(await resolve(MediaSearch(mediaType: .song, mediaName: "HELLO")) == [.unsupported(.mediaItem(.unsupportedMediaType))])
  }

  @Test func ambiguousNameAsksWhichOne() async {
    let results = await resolve(MediaSearch(mediaName: "coffee"))
    guard case .disambiguation(let items)? = results.first else {
      Issue.record("expected a disambiguation, got \(results)")
      return
    }
    #expect(items.map(\.title) == ["Coffee Break", "How Coffee Works"])
  }

  @Test func nothingSpecifiedResumesWhatWasPlaying() async {
    store.updatePlayback(app: "AudioCast") { $0.play("ep.crag.1", container: "show.crag", at: 0) }
    let handler = handler()
    let intent = PlayMediaIntent()
    #expect(await handler.resolveMediaItems(for: intent) == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.crag.1")!)])
    #expect(await handler.resolveResumePlayback(for: intent) == .success(true))
  }

  @Test func nothingSpecifiedAndNothingPlayedPicksTheNewestAudioEpisode() async {
    let results = await resolve(MediaSearch())
    #expect(results == [.success(PodcastLibrary.sample.mediaItem(identifier: "ep.crag.3")!)])
  }

  @Test func audioIsHandledInTheBackgroundVideoInTheForeground() async {
    let audio = PodcastLibrary.sample.mediaItem(identifier: "ep.crag.3")!
    let video = PodcastLibrary.sample.mediaItem(identifier: "ep.briefing.1")!
    #expect(await handler().handle(intent: PlayMediaIntent(mediaItems: [audio])).code == .handleInApp)
    #expect(await handler().handle(intent: PlayMediaIntent(mediaItems: [video])).code == .continueInApp)
    #expect(await handler(device: .watch).handle(intent: PlayMediaIntent(mediaItems: [audio])).code == .continueInApp)
  }

  @Test func aShowWithNothingLeftFailsWithNoUnplayedContent() async {
    store.setHeardEpisodes(["ep.coffee.1", "ep.coffee.2"], .audioCast)
    let results = await resolve(MediaSearch(mediaType: .podcastShow, mediaName: "coffee break"))
    guard case .success(let item)? = results.first else {
      Issue.record("expected success, got \(results)")
      return
    }
    #expect(item.type == .podcastShow)
    #expect(await handler().confirm(intent: PlayMediaIntent(mediaItems: [item])).code == .failureNoUnplayedContent)
  }

  @Test func mainAppPlaysAndRemembersWhatWasHeard() async {
    let app = AudioCastApp(library: .sample, store: store, storage: .audioCast)
    let item = PodcastLibrary.sample.mediaItem(identifier: "ep.sysk.coffee")!
    let response = await app.application(handle: .playMedia(PlayMediaIntent(mediaItems: [item])))
    #expect(response == .playMedia(PlayMediaIntentResponse(code: .success, nowPlayingItems: [item])))
    #expect(store.podcastPlayback(.audioCast).nowPlaying?.itemID == "ep.sysk.coffee")
    #expect(store.heardEpisodes(.audioCast).contains("ep.sysk.coffee"))
    #expect(store.nowPlayingApp == "AudioCast")
  }

  /// "Play it at one point five x", "play this episode again": the episode playing now;
  /// with nothing playing, the request names nothing.
  @Test func whatIsPlayingIsTheEpisodePlayingNow() async {
    let pointed = MediaSearch(mediaType: .podcastEpisode, reference: .currentlyPlaying)
    #expect(await resolve(pointed) == [.unsupported(.note("nothingPlaying"))])
    let app = AudioCastApp(library: .sample, store: store, storage: .audioCast)
    let item = PodcastLibrary.sample.mediaItem(identifier: "ep.sysk.coffee")!
    _ = await app.application(handle: .playMedia(PlayMediaIntent(mediaItems: [item])))
    #expect(await resolve(pointed) == [.success(item)])
    #expect(await resolve(MediaSearch(reference: .currentlyPlaying)) == [.success(item)])
  }
}
