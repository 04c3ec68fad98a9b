import SiriIntents

extension CatalogAppProfile {
  /// A music-streaming app in the spirit of Deezer's SiriKit write-up: a catalog of
  /// songs, albums, artists, genres and editorial playlists; the user's own playlists
  /// ("Chill", "Road Trip", "lockdown") and library; "Flow", the personal mix that
  /// the word "flow" always selects; Siri's fixed phrases "my favorites" and
  /// "new releases". On-demand songs need a subscription; Flow does not.
  public static let deezer = CatalogAppProfile(
    name: "Deezer",
    spokenNames: ["deezer", "dezer", "the deezer app"],
    catalog: MediaCatalog(deezerCatalog),
    mediaTypes: [.song, .album, .artist, .playlist, .genre, .musicStation, .music],
    supportedIntents: [.playMedia, .addMedia, .updateMediaAffinity, .searchForMedia],
    specials: [
      SpecialMedia(phrases: ["flow"], kind: .item("dz.flow"), matchesAnywhere: true),
      SpecialMedia(phrases: ["favorites", "favourites", "my favorites", "favorite mix", "favorite songs", "favorite music", "my favorite mix"], kind: .favorites),
      SpecialMedia(phrases: ["new releases", "new music", "the new releases"], kind: .newReleases),
    ],
    defaultItemID: "dz.flow",
    initialLibrary: LibraryState(playlists: [
      UserPlaylist(id: "dz.pl.chill", title: "Chill", itemIDs: ["dz.s.sunday", "dz.s.maybe"]),
      UserPlaylist(id: "dz.pl.roadtrip", title: "Road Trip", itemIDs: ["dz.s.talk", "dz.s.rocketman"]),
      UserPlaylist(id: "dz.pl.lockdown", title: "lockdown", itemIDs: ["dz.s.hello"]),
      UserPlaylist(id: "dz.pl.hits", title: "Deezer Hits", isEditable: false, itemIDs: ["dz.s.badguy", "dz.s.talk", "dz.s.awesome"]),
    ]),
    vocabulary: [.artist: .mediaMusicArtistName, .song: .mediaSongTitle, .album: .mediaAlbumTitle, .genre: .genreName, .musicStation: .mediaStationName],
    speedRange: 0.5...2
  )

  static let deezerCatalog: [CatalogItem] = [
    // Artists
    CatalogItem(id: "dz.a.khalid", title: "Khalid", type: .artist, genres: ["R&B", "pop"], popularity: 90, children: ["dz.s.talk", "dz.s.young", "dz.s.better"]),
    CatalogItem(id: "dz.a.billie", title: "Billie Eilish", type: .artist, genres: ["pop"], popularity: 95, children: ["dz.s.badguy", "dz.s.ocean"]),
    CatalogItem(id: "dz.a.sdt", title: "Special Disaster Team", type: .artist, genres: ["indie"], popularity: 40, children: ["dz.s.maybe", "dz.s.moodring"]),
    CatalogItem(id: "dz.a.toro", title: "Toro y Moi", type: .artist, genres: ["indie", "electronic"], popularity: 60, children: ["dz.s.ordinary", "dz.s.freelance"]),
    CatalogItem(id: "dz.a.elton", title: "Elton John", type: .artist, genres: ["rock", "pop"], popularity: 85, children: ["dz.s.rocketman", "dz.s.tiny"]),
    CatalogItem(id: "dz.a.miles", title: "Miles Davis", type: .artist, genres: ["jazz"], popularity: 70, children: ["dz.s.sowhat"]),
    // Albums
    CatalogItem(id: "dz.al.outerpeace", title: "Outer Peace (Deluxe)", type: .album, artist: "Toro y Moi", genres: ["indie"], year: 2019, popularity: 65, rating: 4.2, requiresSubscription: true, children: ["dz.s.ordinary", "dz.s.freelance"]),
    CatalogItem(id: "dz.al.freespirit", title: "Free Spirit", type: .album, artist: "Khalid", genres: ["R&B"], year: 2019, popularity: 80, rating: 3.9, requiresSubscription: true, children: ["dz.s.talk", "dz.s.better"]),
    CatalogItem(id: "dz.al.americanteen", title: "American Teen", type: .album, artist: "Khalid", genres: ["R&B"], year: 2017, popularity: 75, rating: 4.4, requiresSubscription: true, children: ["dz.s.young"]),
    CatalogItem(id: "dz.al.rocketman", title: "Rocketman (Music From The Motion Picture)", type: .album, artist: "Elton John", genres: ["soundtrack", "rock"], year: 2019, popularity: 70, rating: 4.0, requiresSubscription: true, spokenForms: ["rocket man soundtrack", "the rocketman soundtrack"], children: ["dz.s.rocketman", "dz.s.tiny"]),
    CatalogItem(id: "dz.al.kindofblue", title: "Kind of Blue", type: .album, artist: "Miles Davis", genres: ["jazz"], year: 1959, popularity: 72, rating: 4.9, requiresSubscription: true, children: ["dz.s.sowhat"]),
    CatalogItem(id: "dz.al.sometime", title: "Sometime Soon", type: .album, artist: "Special Disaster Team", genres: ["indie"], year: 2026, popularity: 35, rating: 3.5, requiresSubscription: true, children: ["dz.s.maybe", "dz.s.moodring"]),
    // Songs
    CatalogItem(id: "dz.s.talk", title: "Talk", type: .song, artist: "Khalid", album: "Free Spirit", genres: ["R&B"], moods: ["chill"], year: 2019, popularity: 88, rating: 4.1, requiresSubscription: true, duration: 197),
    CatalogItem(id: "dz.s.better", title: "Better", type: .song, artist: "Khalid", album: "Free Spirit", genres: ["R&B"], moods: ["chill", "romantic"], year: 2019, popularity: 82, rating: 4.0, requiresSubscription: true, duration: 229),
    CatalogItem(id: "dz.s.young", title: "Young Dumb & Broke", type: .song, artist: "Khalid", album: "American Teen", genres: ["R&B"], moods: ["happy"], year: 2017, popularity: 86, rating: 4.3, requiresSubscription: true, duration: 202),
    CatalogItem(id: "dz.s.badguy", title: "bad guy", type: .song, artist: "Billie Eilish", genres: ["pop"], moods: ["dark"], year: 2019, popularity: 97, rating: 4.5, requiresSubscription: true, duration: 194),
    CatalogItem(id: "dz.s.ocean", title: "ocean eyes", type: .song, artist: "Billie Eilish", genres: ["pop"], moods: ["sad", "chill"], year: 2016, popularity: 84, rating: 4.2, requiresSubscription: true, duration: 200),
    CatalogItem(id: "dz.s.maybe", title: "Maybe Sometime", type: .song, artist: "Special Disaster Team", album: "Sometime Soon", genres: ["indie"], moods: ["chill"], year: 2026, popularity: 38, rating: 3.6, requiresSubscription: true, duration: 215),
    CatalogItem(id: "dz.s.moodring", title: "Mood Ring (feat. Special Disaster Team)", type: .song, artist: "Lia Park", album: "Sometime Soon", genres: ["indie", "pop"], moods: ["happy"], year: 2026, popularity: 41, requiresSubscription: true, duration: 188),
    CatalogItem(id: "dz.s.ordinary", title: "Ordinary Pleasure", type: .song, artist: "Toro y Moi", album: "Outer Peace (Deluxe)", genres: ["indie", "electronic"], moods: ["happy"], year: 2019, popularity: 60, requiresSubscription: true, duration: 224),
    CatalogItem(id: "dz.s.freelance", title: "Freelance", type: .song, artist: "Toro y Moi", album: "Outer Peace (Deluxe)", genres: ["electronic"], year: 2019, popularity: 58, requiresSubscription: true, duration: 201),
    CatalogItem(id: "dz.s.rocketman", title: "Rocket Man", type: .song, artist: "Elton John", album: "Rocketman (Music From The Motion Picture)", genres: ["rock"], year: 2019, popularity: 79, requiresSubscription: true, duration: 281),
    CatalogItem(id: "dz.s.tiny", title: "Tiny Dancer", type: .song, artist: "Elton John", album: "Rocketman (Music From The Motion Picture)", genres: ["rock"], year: 1999, popularity: 76, requiresSubscription: true, duration: 377),
    CatalogItem(id: "dz.s.sowhat", title: "So What", type: .song, artist: "Miles Davis", album: "Kind of Blue", genres: ["jazz"], moods: ["chill"], year: 1959, popularity: 70, rating: 4.9, requiresSubscription: true, duration: 562),
    CatalogItem(id: "dz.s.hello", title: "HELLO!", type: .song, artist: "The Exclamations", genres: ["pop"], moods: ["happy", "energetic"], year: 1999, popularity: 55, requiresSubscription: true, duration: 180),
    CatalogItem(id: "dz.s.awesome", title: "Awesome Song", type: .song, artist: "The Demo Band", genres: ["pop"], moods: ["happy"], year: 2025, popularity: 66, requiresSubscription: true, duration: 190),
    CatalogItem(id: "dz.s.sun", title: "I Love You Sun", type: .song, artist: "Morning Choir", genres: ["folk"], moods: ["happy"], year: 2024, popularity: 44, requiresSubscription: true, duration: 205),
    CatalogItem(id: "dz.s.81st", title: "81st Street", type: .song, artist: "Harbor Lights", genres: ["jazz"], moods: ["chill"], year: 1999, popularity: 30, requiresSubscription: true, duration: 240),
    CatalogItem(id: "dz.s.sunday", title: "Slow Sunday", type: .song, artist: "Harbor Lights", genres: ["jazz"], moods: ["chill"], year: 2021, popularity: 33, requiresSubscription: true, duration: 260),
    CatalogItem(id: "dz.s.habit", title: "Nasty Habit", type: .song, artist: "The Sharp Edges", genres: ["rock"], moods: ["energetic"], year: 2025, popularity: 50, isExplicit: true, requiresSubscription: true, isRestricted: true, duration: 176),
    CatalogItem(id: "dz.s.paris", title: "Only in Paris", type: .song, artist: "Les Voisins", genres: ["pop"], year: 2023, popularity: 45, requiresSubscription: true, regions: ["FR", "BE"], duration: 201),
    // Editorial playlists for moods
    CatalogItem(id: "dz.p.chillvibes", title: "Chill Vibes", type: .playlist, moods: ["chill", "relaxing", "calm", "mellow"], popularity: 85, children: ["dz.s.sunday", "dz.s.sowhat", "dz.s.ocean"]),
    CatalogItem(id: "dz.p.feelgood", title: "Feel Good Hits", type: .playlist, moods: ["happy", "upbeat", "energetic", "feel good", "party"], popularity: 88, children: ["dz.s.young", "dz.s.hello", "dz.s.awesome"]),
    // Genres and the personal mix
    CatalogItem(id: "dz.g.jazz", title: "Jazz", type: .genre, genres: ["jazz"], popularity: 60, children: ["dz.s.sowhat", "dz.s.81st", "dz.s.sunday"]),
    CatalogItem(id: "dz.g.pop", title: "Pop", type: .genre, genres: ["pop"], popularity: 80, children: ["dz.s.badguy", "dz.s.hello", "dz.s.awesome"]),
    CatalogItem(id: "dz.g.rock", title: "Rock", type: .genre, genres: ["rock"], popularity: 70, children: ["dz.s.rocketman", "dz.s.tiny", "dz.s.habit"]),
    CatalogItem(id: "dz.g.rnb", title: "R&B", type: .genre, genres: ["R&B"], popularity: 65, spokenForms: ["r and b", "rnb"], children: ["dz.s.talk", "dz.s.better", "dz.s.young"]),
    CatalogItem(id: "dz.flow", title: "Flow", type: .musicStation, popularity: 99, spokenForms: ["my flow"], children: ["dz.s.talk", "dz.s.maybe", "dz.s.sowhat", "dz.s.ordinary"]),
  ]
}
