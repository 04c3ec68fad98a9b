import SiriIntents

/// A deterministic made-up music catalog of any size, for search tests and benchmarks:
/// a third artists, a third albums (each by one of the artists), a third songs (each on
/// one of the albums, by its artist). Names come from word lists in the patterns real
/// catalogs use ("Velvet Harbor", "The Restless Rockets", "Chasing Comets (feat. Mila
/// Storm)", "Harbor Sessions, Vol. 3", "Twenty One Lanterns"), so some carry asides,
/// credits, numbers and words people leave out. The same `count` and `seed` always give
/// the same items, and the items of a smaller catalog are not a prefix of a larger one's.
public enum SyntheticCatalog {
  /// `count` items: `count / 3` artists, `count / 3` albums and the rest songs, in that
  /// order (artists first, so an artist's position is below its albums' and songs').
  public static func items(count: Int, seed: UInt64 = 2024) -> [CatalogItem] {
    var random = SplitMix64(seed: seed)
    let artistCount = max(1, count / 3)
    let albumCount = max(1, count / 3)
    let songCount = max(0, count - artistCount - albumCount)
    var items: [CatalogItem] = []
    items.reserveCapacity(artistCount + albumCount + songCount)

    var artists: [String] = []
    artists.reserveCapacity(artistCount)
    for index in 0..<artistCount {
      let name = artistName(&random)
      artists.append(name)
      let genre = genres[random.below(genres.count)]
      items.append(
        CatalogItem(
          id: "ar\(index)", title: name, type: .artist, genres: [genre], popularity: random.below(101),
          rating: Double(random.below(51)) / 10))
    }
    var albums: [(title: String, artist: Int, year: Int, genre: String)] = []
    albums.reserveCapacity(albumCount)
    for index in 0..<albumCount {
      let title = albumTitle(&random)
      let artist = random.below(artistCount)
      let year = 1950 + random.below(76)
      let genre = genres[random.below(genres.count)]
      albums.append((title, artist, year, genre))
      items.append(
        CatalogItem(
          id: "al\(index)", title: title, type: .album, artist: artists[artist], genres: [genre], year: year,
          popularity: random.below(101), rating: Double(random.below(51)) / 10))
    }
    for index in 0..<songCount {
      let album = albums[random.below(albumCount)]
      var title = songTitle(&random)
      if random.below(40) == 0 { title += " (feat. \(artists[random.below(artistCount)]))" }
      var item = CatalogItem(
        id: "s\(index)", title: title, type: .song, artist: artists[album.artist], album: album.title,
        genres: [album.genre], year: album.year, popularity: random.below(101),
        rating: Double(random.below(51)) / 10, duration: Double(120 + random.below(300)))
      if random.below(3) == 0 { item.moods = [moods[random.below(moods.count)]] }
      items.append(item)
    }
    return items
  }

  // MARK: - Names

  static func artistName(_ random: inout SplitMix64) -> String {
    switch random.below(100) {
    case 0..<40: return "\(random.pick(firstNames)) \(random.pick(lastNames))"
    case 40..<58: return "The \(random.pick(adjectives).capitalizedWord) \(random.pick(plurals).capitalizedWord)"
    case 58..<66: return "\(random.pick(["DJ", "MC", "Lil", "Young", "Big"])) \(random.pick(nouns).capitalizedWord)"
    case 66..<74: return "\(random.pick(firstNames)) & the \(random.pick(plurals).capitalizedWord)"
    case 74..<84:
      let kind = random.pick(["Collective", "Orchestra", "Trio", "Quartet", "Club", "Society", "Project", "Ensemble"])
      return "\(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord) \(kind)"
    case 84..<92: return "\(random.pick(firstNames)) \(random.pick(firstNames)) \(random.pick(lastNames))"
    case 92..<95: return "\(random.pick(accented)) \(random.pick(lastNames))"
    default: return "\(random.pick(firstNames)) \(random.pick(lastNames))-\(random.pick(lastNames))"
    }
  }

  static func albumTitle(_ random: inout SplitMix64) -> String {
    let title: String
    switch random.below(100) {
    case 0..<28: title = "\(random.pick(adjectives).capitalizedWord) \(random.pick(plurals).capitalizedWord)"
    case 28..<40: title = "\(random.pick(nouns).capitalizedWord) & \(random.pick(nouns).capitalizedWord)"
    case 40..<50: title = "\(random.pick(places)) \(random.pick(["Sessions", "Nights", "Tapes", "Diaries", "Blues", "Suite"]))"
    case 50..<60:
      let kind = random.pick(["Sessions", "Tapes", "Years", "Chronicles", "Suite", "EP", "LP"])
      title = "The \(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord) \(kind)"
    case 60..<72: title = "\(random.pick(nouns).capitalizedWord) \(random.pick(nouns).capitalizedWord)"
    case 72..<82:
      title = "\(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord) \(random.pick(plurals).capitalizedWord)"
    case 82..<88: title = "\(random.pick(nouns).capitalizedWord), Vol. \(1 + random.below(9))"
    case 88..<91: title = "\(random.pick(numberWords).capitalizedWord) \(random.pick(plurals).capitalizedWord)"
    default: title = "\(random.pick(gerunds).capitalizedWord) the \(random.pick(nouns).capitalizedWord)"
    }
    switch random.below(100) {
    case 0..<4: return title + " (Deluxe)"
    case 4..<6: return title + " (Deluxe Edition)"
    case 6..<8: return title + " [Remastered]"
    case 8..<9: return title + " (Original Motion Picture Soundtrack)"
    default: return title
    }
  }

  static func songTitle(_ random: inout SplitMix64) -> String {
    let title: String
    switch random.below(100) {
    case 0..<25: title = "\(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord)"
    case 25..<39: title = "\(random.pick(gerunds).capitalizedWord) \(random.pick(plurals).capitalizedWord)"
    case 39..<49: title = "\(random.pick(nouns).capitalizedWord) of \(random.pick(plurals).capitalizedWord)"
    case 49..<56: title = "Don't \(random.pick(verbs).capitalizedWord) \(random.pick(["Me", "Away", "Now", "Back", "Again", "Tonight"]))"
    case 56..<63: title = "\(random.pick(places)) \(random.pick(plurals).capitalizedWord)"
    case 63..<76:
      title = "\(random.pick(adjectives).capitalizedWord) \(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord)"
    case 76..<84: title = "\(random.pick(verbs).capitalizedWord) the \(random.pick(nouns).capitalizedWord)"
    case 84..<87: title = "\(random.pick(accented)) \(random.pick(nouns).capitalizedWord)"
    case 87..<89: title = "\(random.pick(ordinalWords).capitalizedWord) \(random.pick(nouns).capitalizedWord)"
    case 89..<90: title = "\(random.pick(nouns).capitalizedWord) \(2 + random.below(8))"
    case 90..<91: title = "\(random.pick(adjectives).capitalizedWord) \(random.pick(nouns).capitalizedWord)!"
    default:
      title = "\(random.pick(nouns).capitalizedWord) \(random.pick(nouns).capitalizedWord) \(random.pick(nouns).capitalizedWord)"
    }
    return random.below(50) == 0 ? title + " (Remastered)" : title
  }

  // MARK: - Word lists

  static let adjectives = """
    amber ancient arctic autumn azure bitter black blazing bright broken burning calm candy cardboard careless \
    celestial cherry chrome cinnamon clear cold copper cosmic crimson crystal dancing dark dazzling deep desert \
    distant dizzy double dreamy drifting dusty early electric emerald empty endless fading falling feral fierce \
    final floating foggy forgotten frozen fuzzy gentle ghost giant gilded glass glowing golden gravity green grey \
    hazy heavy hidden hollow honey hungry icy indigo infinite iron ivory jade jagged kind lazy lemon liquid \
    little lonely long lost loud lucky lunar magic marble mellow mercury midnight mighty minor misty modern \
    molten moonlit neon nervous northern obsidian odd open orange paper pastel perfect pink plastic polar \
    purple quiet radiant rainy rapid raw red restless rising roaring royal rusty sacred salty satin savage \
    scarlet secret shallow shimmering silent silver simple sleepy slow small smoky soft solar sonic southern \
    sparkling spinning stardust static steady steel stolen stormy strange sugar super sweet tangled tender \
    thunder tiny twilight twisted ultra velvet violet vivid wandering warm wild windy winter wired wooden young
    """.split(separator: " ").map(String.init)

  static let nouns = """
    anchor angel apple arrow atlas avenue balloon bandit beacon bear bell bird blossom bone bridge butterfly \
    cabin canyon carousel castle cathedral cave circle city cliff cloud comet compass coral cowboy crown dagger \
    daisy dancer diamond dragon dream drum eagle echo ember engine feather fever field fire firefly flame \
    flower forest fortune fountain fox galaxy garden glacier harbor harvest hawk heart highway hill horizon \
    horse island jungle kingdom kite lagoon lake lantern legend lighthouse lion machine meadow mirror monsoon \
    moon morning mountain nebula needle night ocean orchard palace paradise parade phoenix pilot planet pocket \
    prairie prism pyramid queen rain rainbow raven reef river robot rocket rose ruby sailor satellite season \
    shadow shark ship shore signal siren sky skyline smoke snake soldier sparrow spider spirit star storm \
    stranger stream summer sun sunrise sunset swan temple tide tiger tower train traveler tree tunnel valley \
    violin volcano voyage wave whale whisper wind window wolf wonder
    """.split(separator: " ").map(String.init)

  static let plurals = """
    angels anchors arrows bandits bears bells birds blossoms bones bridges butterflies castles circles cities \
    cliffs clouds comets cowboys crowns daisies dancers diamonds dragons dreams drums eagles echoes embers \
    engines feathers fields fires fireflies flames flowers forests foxes galaxies gardens ghosts giants \
    glaciers harbors hawks hearts highways hills horizons horses islands kites lanterns legends lions machines \
    meadows mirrors moons mountains nights oceans orchards palaces parades pilots planets pockets queens \
    rivers robots rockets roses sailors satellites seasons shadows sharks ships signals sirens skies soldiers \
    sparrows spiders spirits stars storms strangers streams suns swans temples tides tigers towers trains \
    travelers trees tunnels valleys violins volcanoes waves whales whispers wolves wonders
    """.split(separator: " ").map(String.init)

  static let gerunds = """
    chasing dancing dreaming falling running burning breaking calling carrying crossing drifting driving \
    fading floating flying hiding holding hunting kissing leaving losing missing painting racing reaching \
    riding rolling sailing searching shining singing sleeping stealing swimming talking turning waiting \
    walking watching whispering wishing
    """.split(separator: " ").map(String.init)

  static let verbs = """
    hold break call carry chase count cross dance dream drive feel find follow forget hide keep kiss leave \
    lose love meet miss move paint pull push raise reach ride save see shake shine sing stay steal take tell \
    touch trust turn wait wake walk want watch
    """.split(separator: " ").map(String.init)

  static let firstNames = """
    Aaron Abigail Ada Adrian Aiden Alana Alex Alice Amara Amelia Ana Andre Angela Anya Aria Arlo Asher Audrey \
    Ava Axel Bella Ben Bianca Blake Bo Caleb Camila Carmen Cass Cecilia Chloe Clara Cole Cora Dalia Damon \
    Dante Daphne Dara Dev Diego Dina Eli Eliza Ella Elliot Elsa Emil Emma Enzo Eva Ezra Felix Fiona Flora \
    Frankie Gabe Gemma Gia Grace Hana Hank Harper Hazel Hugo Ian Ida Ines Iris Isla Ivan Jade Jamal Jasper \
    Jay Jenna Jett Joel Jonah Juno Kai Kara Kenji Kira Kofi Lana Lars Layla Leo Lena Levi Lila Lina Lior \
    Lola Luca Lucy Luna Mabel Maya Mei Mila Milo Mina Nadia Nico Nina Noah Nora Omar Opal Oscar Otis Paloma \
    Pia Quinn Rafa Raya Reid Remy Rhea Rio Rosa Ruby Rufus Sade Sam Sana Sasha Selma Silas Sofia Stella Tao \
    Tess Theo Uma Vera Vince Wade Willa Xavi Yara Yuki Zane Zara Zoe Zora
    """.split(separator: " ").map(String.init)

  static let lastNames = """
    Abbott Adler Alvarez Ambrose Archer Ashford Bailey Banks Barlow Bauer Bell Bishop Black Blake Bloom Bond \
    Brooks Burke Cairns Calder Campbell Carter Castle Chase Cho Clay Cole Collins Cross Dale Dalton Davies \
    Day Dean Diaz Drake Dunn Ellis Evans Farrow Fields Finch Fisher Flynn Ford Fox Frost Garcia Gill Gray \
    Greer Hale Hart Hayes Hill Holt Hughes Hunt Ivers Jensen Jones Kane Keller Kim Knight Lake Lane Lowe \
    Lynch Marsh Mason Meyer Miles Moon Moreno Nash Nguyen Noble North Novak Oakes Park Pearce Pike Price \
    Quinn Reed Reyes Rhodes Rivers Rowe Russo Ryder Santos Sato Shaw Silva Sloane Snow Stone Storm Sullivan \
    Tate Thorne Vance Vega Wade Walsh Ward Webb Wells West Wilde Wolfe Wren Young
    """.split(separator: " ").map(String.init)

  static let places = """
    Tokyo Paris Berlin Lisbon Havana Memphis Nashville Brooklyn Seoul Lagos Cairo Dublin Oslo Rio Austin \
    Detroit Kyoto Marrakesh Reno Vegas Tulsa Boston Denver Santiago Manila Mumbai Istanbul Athens Prague \
    Vienna Sydney Toronto Montreal
    """.split(separator: " ").map(String.init)

  static let accented = ["Café", "Señor", "Élan", "Niño", "Zoë", "Déjà", "Sólo", "Mañana", "Über", "Noël", "São"]
  static let numberWords = ["two", "three", "seven", "twenty one", "ninety nine", "a hundred"]
  static let ordinalWords = ["first", "second", "third", "twenty-first", "eighty-first", "hundredth"]

  static let genres = [
    "jazz", "soul", "funk", "disco", "indie", "folk", "blues", "rock", "punk", "metal", "techno", "house",
    "ambient", "lo-fi", "hip-hop", "R&B", "reggae", "country", "gospel", "latin", "afrobeat", "k-pop",
    "synthwave", "acoustic", "classical", "piano", "grunge", "bossa nova", "dancehall", "trap", "electro",
    "americana", "pop", "electronic",
  ]
  static let moods = [
    "chill", "happy", "sad", "energetic", "romantic", "dark", "calm", "upbeat", "mellow", "relaxing", "party",
    "focus", "dreamy", "angry", "hopeful",
  ]
}

extension String {
  /// The word with its first letter upper-cased ("velvet" → "Velvet").
  fileprivate var capitalizedWord: String { prefix(1).uppercased() + dropFirst() }
}

/// A small, fast, seedable random number generator (SplitMix64), so generated catalogs
/// are the same on every platform and run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  mutating func pick<T>(_ values: [T]) -> T {
    values[below(values.count)]
  }
}
