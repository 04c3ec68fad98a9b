import SiriIntents

extension CatalogAppProfile {
  /// An audiobook app: books resume where you left off and play at any speed from
  /// half to triple.
  public static let chapters = CatalogAppProfile(
    name: "Chapters",
    spokenNames: ["chapters", "the chapters app"],
    catalog: MediaCatalog([
      CatalogItem(id: "ch.becoming", title: "Becoming", type: .audioBook, artist: "Michelle Obama", genres: ["memoir"], year: 2018, popularity: 95, rating: 4.8, requiresSubscription: true, duration: 68_400),
      CatalogItem(id: "ch.hobbit", title: "The Hobbit", type: .audioBook, artist: "J.R.R. Tolkien", genres: ["fantasy"], year: 1937, popularity: 88, rating: 4.7, requiresSubscription: true, duration: 39_600),
      CatalogItem(id: "ch.sapiens", title: "Sapiens: A Brief History of Humankind", type: .audioBook, artist: "Yuval Noah Harari", genres: ["history"], year: 2014, popularity: 85, rating: 4.5, requiresSubscription: true, spokenForms: ["sapiens"], duration: 55_200),
      CatalogItem(id: "ch.shining", title: "The Shining", type: .audioBook, artist: "Stephen King", genres: ["horror"], year: 1977, popularity: 70, rating: 4.4, requiresSubscription: true, isRestricted: true, duration: 57_600),
      CatalogItem(id: "ch.walden", title: "Walden", type: .audioBook, artist: "Henry David Thoreau", genres: ["classics"], year: 1854, popularity: 40, rating: 4.0, duration: 43_200),
    ]),
    mediaTypes: [.audioBook],
    supportedIntents: [.playMedia, .searchForMedia],
    resumableTypes: [.audioBook],
    vocabulary: [.audioBook: .mediaAudiobookTitle],
    speedRange: 0.5...3
  )

  /// A radio app: live stations by name or frequency ("play 89.1 FM").
  public static let tuner = CatalogAppProfile(
    name: "Tuner",
    spokenNames: ["tuner", "tuner radio", "the tuner app"],
    catalog: MediaCatalog([
      CatalogItem(id: "tu.891", title: "89.1 FM", type: .radioStation, artist: "Community Radio", genres: ["talk", "news"], popularity: 70, spokenForms: ["89.1", "eighty nine point one", "eighty nine one", "89.1 fm community radio"]),
      CatalogItem(id: "tu.kjaz", title: "KJAZ 88.1", type: .radioStation, artist: "San Francisco Jazz", genres: ["jazz"], popularity: 60, spokenForms: ["kjaz", "88.1", "jazz 88.1"]),
      CatalogItem(id: "tu.973", title: "Hits 97.3", type: .radioStation, artist: "Hits Radio", genres: ["pop"], popularity: 80, spokenForms: ["97.3", "hits radio"]),
      CatalogItem(id: "tu.1059", title: "Classical 105.9", type: .radioStation, artist: "WQXR", genres: ["classical"], popularity: 55, spokenForms: ["105.9", "wqxr"]),
      CatalogItem(id: "tu.bbc", title: "World Service", type: .radioStation, artist: "BBC", genres: ["news"], popularity: 65, regions: ["GB"], spokenForms: ["bbc world service"]),
    ]),
    mediaTypes: [.radioStation, .station, .musicStation],
    supportedIntents: [.playMedia],
    vocabulary: [.radioStation: .mediaStationName],
    speedRange: 1...1
  )
}
