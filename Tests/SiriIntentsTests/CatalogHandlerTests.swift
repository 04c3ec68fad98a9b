import MediaAppKit
import SiriIntents
import Testing

/// Resolution, confirmation and handling in the catalog apps (Deezer, Chapters, Tuner),
/// one intent at a time, without the dialogue.
struct CatalogHandlerTests {
  let store = AppGroupStore(identifier: "test")

  func context(_ profile: CatalogAppProfile = .deezer, device: Device = .phone) -> CatalogAppContext {
    CatalogAppContext(profile: profile, store: store, device: device)
  }

  func play(_ search: MediaSearch, profile: CatalogAppProfile = .deezer, device: Device = .phone) async -> [ResolutionResult<MediaItem>] {
    await CatalogPlayMediaHandler(context: context(profile, device: device)).resolveMediaItems(for: PlayMediaIntent(mediaSearch: search))
  }

  func item(_ id: String, _ profile: CatalogAppProfile = .deezer) -> MediaItem {
    profile.catalog.item(id: id)!.mediaItem
  }

  /// Starts playing `id` in Deezer, as the main app would.
  func nowPlaying(_ id: String) {
    store.updatePlayback(app: "Deezer") { $0.play(id, container: nil, at: 0) }
    store.setNowPlayingApp("Deezer")
  }

  // MARK: PlayMedia

  @Test(arguments: [
    (MediaSearch(mediaName: "maybe sometime", artistName: "special disaster team"), "dz.s.maybe"),
    (MediaSearch(mediaType: .album, albumName: "outer peace"), "dz.al.outerpeace"),
    (MediaSearch(artistName: "khalid"), "dz.a.khalid"),
    (MediaSearch(mediaType: .album, sortOrder: .best, artistName: "khalid"), "dz.al.americanteen"),
    (MediaSearch(mediaType: .album, sortOrder: .oldest, artistName: "khalid"), "dz.al.americanteen"),
    (MediaSearch(mediaType: .album, sortOrder: .newest, artistName: "khalid"), "dz.al.freespirit"),
    (MediaSearch(genreNames: ["jazz"]), "dz.g.jazz"),
    // A ranking and nothing else is the chart: a song, not the Flow playlist.
    (MediaSearch(sortOrder: .popular), "dz.s.badguy"),
    (MediaSearch(sortOrder: .trending), "dz.s.badguy"),
    (MediaSearch(moodNames: ["chill"]), "dz.p.chillvibes"),
    (MediaSearch(mediaName: "my flow"), "dz.flow"),
    (MediaSearch(mediaName: "flow"), "dz.flow"),
    (MediaSearch(mediaName: "the rocket man soundtrack"), "dz.al.rocketman"),
    (MediaSearch(mediaName: "eighty first street"), "dz.s.81st"),
  ])
  func playResolvesSearchesToCatalogItems(search: MediaSearch, id: String) async {
    #expect(await play(search) == [.success(item(id))])
  }

  @Test func nothingSpecifiedPlaysFlowThenResumes() async {
    #expect(await play(MediaSearch()) == [.success(item("dz.flow"))])
    nowPlaying("dz.s.talk")
    #expect(await play(MediaSearch()) == [.success(item("dz.s.talk"))])
  }

  @Test(arguments: [
    ("login", MediaItemUnsupportedReason.loginRequired),
    ("subscription", .subscriptionRequired),
    ("service", .serviceUnavailable),
  ])
  func accountSettingsBecomeUnsupportedReasons(setting: String, reason: MediaItemUnsupportedReason) async {
    var account = AccountSettings()
    switch setting {
    case "login": account.loggedIn = false
    case "subscription": account.subscribed = false
    default: account.serviceAvailable = false
    }
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await play(MediaSearch(mediaName: "talk")) == [.unsupported(.mediaItem(reason))])
  }

  @Test func itemRulesBecomeUnsupportedReasons() async {
    var account = AccountSettings()
    account.allowsExplicit = false
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await play(MediaSearch(mediaName: "nasty habit")) == [.unsupported(.mediaItem(.explicitContentSettings))])
    #expect(await play(MediaSearch(mediaName: "only in paris")) == [.unsupported(.mediaItem(.regionRestriction))])
    var system = SystemSettings()
    system.contentRestrictions = true
    store.set(system, forKey: SystemSettings.storeKey)
    #expect(await play(MediaSearch(mediaName: "the shining"), profile: .chapters) == [.unsupported(.mediaItem(.restrictedContent))])
    system = SystemSettings()
    system.network = .cellular
    store.set(system, forKey: SystemSettings.storeKey)
    account = AccountSettings()
    account.allowsCellular = false
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await play(MediaSearch(mediaName: "so what")) == [.unsupported(.mediaItem(.cellularDataSettings))])
  }

  @Test func mediaTypesTheAppDoesNotCarryAreUnsupported() async {
    #expect(await play(MediaSearch(mediaType: .podcastShow, mediaName: "stuff you should know")) == [.unsupported(.mediaItem(.unsupportedMediaType))])
    #expect(await play(MediaSearch(mediaType: .audioBook, mediaName: "becoming"), profile: .tuner) == [.unsupported(.mediaItem(.unsupportedMediaType))])
  }

  @Test func unknownTitlesAreNotFound() async {
    #expect(await play(MediaSearch(mediaName: "awsome songg")) == [.unsupported(.notFound)])
  }

  @Test func onAWatchOnlyCachedItemsResolve() async {
    #expect(await play(MediaSearch(mediaName: "ocean eyes"), device: .watch) == [.unsupported(.notFound)])
    nowPlaying("dz.s.ocean")
    #expect(await play(MediaSearch(mediaName: "ocean eyes"), device: .watch) == [.success(item("dz.s.ocean"))])
  }

  @Test func speedOutsideTheAppsRangeIsUnsupported() async {
    let handler = CatalogPlayMediaHandler(context: context(.chapters))
    #expect(await handler.resolvePlaybackSpeed(for: PlayMediaIntent(playbackSpeed: 4)) == .unsupported(.playbackSpeed(.aboveMaximum)))
    #expect(await handler.resolvePlaybackSpeed(for: PlayMediaIntent(playbackSpeed: 0.25)) == .unsupported(.playbackSpeed(.belowMinimum)))
    #expect(await handler.resolvePlaybackSpeed(for: PlayMediaIntent(playbackSpeed: 1.5)) == .success(1.5))
  }

  @Test func confirmCatchesLastMomentFailures() async {
    let handler = CatalogPlayMediaHandler(context: context())
    let intent = PlayMediaIntent(mediaItems: [item("dz.s.habit")])
    var account = AccountSettings()
    account.kidsProfile = true
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await handler.confirm(intent: intent).code == .failureRestrictedContent)
    account = AccountSettings()
    account.streamsElsewhere = 1
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await handler.confirm(intent: intent).code == .failureMaxStreamLimitReached)
    account = AccountSettings()
    account.needsSetup = true
    store.set(account, forKey: AccountSettings.storeKey(app: "Deezer"))
    #expect(await handler.confirm(intent: intent).code == .failureRequiringAppLaunch)
    #expect(await handler.confirm(intent: PlayMediaIntent(mediaItems: [item("dz.s.talk")], mediaSearch: MediaSearch(mediaType: .musicVideo))).code == .failureUnknownMediaType)
  }

  @Test func audioIsHandledInTheBackgroundExceptOnAWatch() async {
    let intent = PlayMediaIntent(mediaItems: [item("dz.s.talk")])
    #expect(await CatalogPlayMediaHandler(context: context()).handle(intent: intent).code == .handleInApp)
    #expect(await CatalogPlayMediaHandler(context: context(device: .watch)).handle(intent: intent).code == .continueInApp)
  }

  @Test func mainAppQueuesNextAndLater() async {
    let app = CatalogMainApp(context: context())
    _ = await app.application(handle: .playMedia(PlayMediaIntent(mediaItems: [item("dz.s.talk")])))
    _ = await app.application(handle: .playMedia(PlayMediaIntent(mediaItems: [item("dz.s.sowhat")], playbackQueueLocation: .later)))
    _ = await app.application(handle: .playMedia(PlayMediaIntent(mediaItems: [item("dz.s.hello")], playbackQueueLocation: .next)))
    let playback = store.playbackState(app: "Deezer")
    #expect(playback.nowPlaying?.itemID == "dz.s.talk")
    #expect(playback.queue == ["dz.s.hello", "dz.s.sowhat"])
  }

  // MARK: AddMedia

  @Test func addResolvesOnlyWhatIsPlaying() async {
    let handler = CatalogAddMediaHandler(context: context())
    #expect(await handler.resolveMediaItems(for: AddMediaIntent(mediaSearch: MediaSearch(reference: .currentlyPlaying))) == [.unsupported(.note("nothingPlaying"))])
    nowPlaying("dz.s.badguy")
    #expect(await handler.resolveMediaItems(for: AddMediaIntent(mediaSearch: MediaSearch(reference: .currentlyPlaying))) == [.success(item("dz.s.badguy"))])
    #expect(await handler.resolveMediaItems(for: AddMediaIntent(mediaSearch: MediaSearch(mediaName: "talk"))) == [.unsupported(.note("onlyCurrentlyPlaying"))])
    // A genre names something else too ("add some jazz to my chill playlist"), not what is playing.
    #expect(await handler.resolveMediaItems(for: AddMediaIntent(mediaSearch: MediaSearch(genreNames: ["jazz"]))) == [.unsupported(.note("onlyCurrentlyPlaying"))])
  }

  @Test(arguments: [
    (MediaDestination?.none, ResolutionResult<MediaDestination>.success(.library)),
    (.playlist(name: "chill"), .success(.playlist(name: "Chill"))),
    (.playlist(name: "gym"), .unsupported(.mediaDestination(.playlistNameNotFound))),
    (.playlist(name: "deezer hits"), .unsupported(.mediaDestination(.playlistNotEditable))),
  ])
  func addResolvesTheDestination(destination: MediaDestination?, expected: ResolutionResult<MediaDestination>) async {
    let handler = CatalogAddMediaHandler(context: context())
    #expect(await handler.resolveMediaDestination(for: AddMediaIntent(mediaDestination: destination)) == expected)
  }

  @Test func addIsHandledInTheExtensionAndPersists() async {
    let handler = CatalogAddMediaHandler(context: context())
    let response = await handler.handle(intent: AddMediaIntent(mediaItems: [item("dz.s.badguy")], mediaDestination: .playlist(name: "Chill")))
    #expect(response.code == .success)
    #expect(context().library.playlists.first { $0.title == "Chill" }?.itemIDs.last == "dz.s.badguy")
  }

  // MARK: UpdateMediaAffinity

  @Test func likesAreRecordedWithAFlagTheMainAppClears() async {
    nowPlaying("dz.s.ocean")
    let handler = CatalogAffinityHandler(context: context())
    let items = await handler.resolveMediaItems(for: UpdateMediaAffinityIntent(mediaSearch: MediaSearch(reference: .currentlyPlaying)))
    #expect(items == [.success(item("dz.s.ocean"))])
    #expect(await handler.resolveAffinityType(for: UpdateMediaAffinityIntent(affinityType: .unknown)) == .needsValue)
    let response = await handler.handle(intent: UpdateMediaAffinityIntent(mediaItems: [item("dz.s.ocean")], affinityType: .like))
    #expect(response.code == .success)
    #expect(context().library.likesNeedRefresh)
    let notes = await CatalogMainApp(context: context()).applicationDidBecomeActive()
    #expect(notes.count == 1)
    #expect(!context().library.likesNeedRefresh)
    #expect(context().library.cachedLikedIDs == ["dz.s.ocean"])
  }

  // MARK: SearchForMedia

  @Test func searchReturnsSeveralItemsAndContinuesInTheApp() async {
    let handler = CatalogSearchHandler(context: context())
    let results = await handler.resolveMediaItems(for: SearchForMediaIntent(mediaSearch: MediaSearch(artistName: "billie eilish")))
    #expect(results.count == 3)
    #expect(results.first == .success(item("dz.a.billie")))
    #expect(await handler.handle(intent: SearchForMediaIntent()).code == .continueInApp)
  }
}
