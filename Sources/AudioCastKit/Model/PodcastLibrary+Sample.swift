extension PodcastLibrary {
  /// The library every session starts with. Fixed data, so transcripts are stable.
  ///
  /// It holds the titles the seed documents talk about ("Stuff You Should Know", a
  /// show with "Podcast" in its name, a title with "81st") and near-collisions that
  /// make Siri ask which one ("How Coffee Works" and "Coffee Break").
  public static let sample = PodcastLibrary(
    shows: [
      PodcastShow(id: "show.sysk", title: "Stuff You Should Know", author: "Josh and Chuck", categories: ["education", "science"]),
      PodcastShow(
        id: "show.crag", title: "The Crag Podcast", author: "Ascent Media",
        spokenForms: ["the crag", "crag podcast"], categories: ["sports", "climbing"]),
      PodcastShow(id: "show.coffee", title: "Coffee Break", author: "Bean Counter Radio", categories: ["food"]),
      PodcastShow(id: "show.nightsky", title: "Night Sky Stories", author: "Vera Lindqvist", categories: ["science", "sleep"]),
      PodcastShow(id: "show.briefing", title: "Morning Briefing", author: "Daily Wire Desk", categories: ["news"]),
      PodcastShow(id: "show.jazz", title: "Late Night Jazz Talk", author: "Harbor Lights", categories: ["jazz", "music"]),
    ],
    episodes: [
      PodcastEpisode(id: "ep.sysk.coffee", showID: "show.sysk", title: "How Coffee Works", published: "2026-09-08", duration: 3120),
      PodcastEpisode(id: "ep.sysk.sleep", showID: "show.sysk", title: "How Sleep Works", published: "2026-09-22", duration: 2880),
      PodcastEpisode(id: "ep.sysk.oscars", showID: "show.sysk", title: "The 81st Academy Awards", published: "2026-10-06", duration: 3300),
      PodcastEpisode(id: "ep.sysk.lighthouses", showID: "show.sysk", title: "Lighthouses: Beacons of the Coast", published: "2026-10-20", duration: 2700),
      PodcastEpisode(id: "ep.crag.1", showID: "show.crag", title: "Finger Strength for Beginners", published: "2026-08-30", duration: 2400),
      PodcastEpisode(id: "ep.crag.2", showID: "show.crag", title: "Bouldering in the Rain", published: "2026-09-27", duration: 2100),
      PodcastEpisode(id: "ep.crag.3", showID: "show.crag", title: "Wall Climb Warmups", published: "2026-10-25", duration: 1800),
      PodcastEpisode(id: "ep.coffee.1", showID: "show.coffee", title: "Espresso Myths", published: "2026-10-01", duration: 900),
      PodcastEpisode(id: "ep.coffee.2", showID: "show.coffee", title: "Cold Brew Season", published: "2026-10-15", duration: 960),
      PodcastEpisode(id: "ep.nightsky.1", showID: "show.nightsky", title: "The Moon and the Tides", published: "2026-09-01", duration: 1500),
      PodcastEpisode(id: "ep.nightsky.2", showID: "show.nightsky", title: "I Love You Sun", published: "2026-09-15", duration: 1620),
      PodcastEpisode(id: "ep.jazz.1", showID: "show.jazz", title: "The Blue Notes of 1959", published: "2026-07-14", duration: 2520),
      PodcastEpisode(id: "ep.briefing.1", showID: "show.briefing", title: "Monday Headlines", published: "2026-11-16", duration: 600, isVideo: true),
      PodcastEpisode(id: "ep.briefing.2", showID: "show.briefing", title: "Tuesday Headlines", published: "2026-11-17", duration: 600, isVideo: true),
    ],
    playlists: [
      PodcastPlaylist(id: "pl.commute", title: "Commute", episodeIDs: ["ep.coffee.1", "ep.sysk.sleep", "ep.crag.2"]),
      PodcastPlaylist(id: "pl.bedtime", title: "Bedtime", episodeIDs: ["ep.nightsky.1", "ep.nightsky.2"]),
    ]
  )
}
