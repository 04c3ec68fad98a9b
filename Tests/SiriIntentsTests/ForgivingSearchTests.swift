import SiriIntents
import Testing

@testable import MediaAppKit

/// Typos and sound-alikes: what catalog search forgives, what it doesn't, and how a
/// forgiven match ranks against an exact one.
struct ForgivingSearchTests {
  let deezer = CatalogAppProfile.deezer.catalog
  let types: Set<MediaItemType> = [.song, .album, .artist, .playlist, .genre, .musicStation]

  // MARK: - Words

  /// (heard, catalog word, cost or nil when not near enough).
  @Test(arguments: [
    ("peeace", "peace", 1.0),  // a letter added
    ("khalidd", "khalid", 1.0),
    ("ocaen", "ocean", 1.0),  // two neighbours swapped
    ("ocen", "ocean", nil),  // 4 letters heard: must be exact
    ("frelance", "freelance", 1.0),  // a letter dropped
    ("freelanse", "freelance", 1.0),  // a letter changed
    ("fraelamce", "freelance", 2.0),  // two edits, 9 letters
    ("frealanse", "freelance", 1.5),  // two edits, and sounds the same
    ("ordinery", "ordinary", 1.0),
    ("orkinazy", "ordinary", nil),  // two edits, 8 letters
    ("ordonery", "ordinary", 1.5),  // two edits, but sounds the same
    ("songg", "song", nil),  // the catalog word has 4 letters
    ("tlak", "talk", nil),  // 4 letters
    ("helo", "hello", nil),
    ("plenture", "pleasure", nil),  // two edits, 8 letters
    ("hellooo", "hello", 1.5),  // two edits, but sounds the same
    ("eyelash", "eilish", 1.5),  // sounds the same
    ("billy", "billie", 1.5),
    ("kaleed", "khalid", 1.5),
    ("fonix", "phoenix", 1.5),
    ("nite", "night", nil),  // 4 letters: exactly, or a homophone of the matcher
    ("fone", "phone", nil),
    ("peace", "place", 1.0),
    ("outer", "otter", 1.0),
    ("zzzzzz", "peace", nil),
  ] as [(String, String, Double?)])
  func nearWords(heard: String, word: String, cost: Double?) {
    var vocabulary = ByteInterner()
    let id = vocabulary.intern(word).id
    _ = vocabulary.intern("unrelated")
    let near = NearWords(vocabulary: vocabulary) { _ in true }
    var heardCopy = heard
    let found = heardCopy.withUTF8 { near.alternatives(of: $0, in: vocabulary) }
    #expect(found.first { $0.id == id }?.cost == cost, "\(heard) → \(word)")
  }

  @Test(arguments: [
    ("eilish", "ALX"), ("eyelash", "ALX"), ("billie", "BL"), ("billy", "BL"), ("khalid", "KLT"), ("kaleed", "KLT"),
    ("night", "NT"), ("nite", "NT"), ("phone", "FN"), ("fone", "FN"), ("through", "0R"), ("thru", "0R"),
    ("knight", "NT"), ("wright", "RT"), ("xylophone", "SLFN"), ("church", "XRX"), ("science", "SNS"),
    ("judge", "JJ"), ("thumb", "0M"), ("ocean", "ASN"), ("a", nil), ("zz", nil), ("café", nil),
  ] as [(String, String?)])
  func phoneticCodes(word: String, code: String?) {
    #expect(Phonetics.spelled(word) == code, "\(word)")
  }

  // MARK: - Search

  /// Requests with a typo or a sound-alike that find what was meant.
  @Test(arguments: [
    (MediaSearch(mediaName: "outer peeace"), "dz.al.outerpeace"),
    (MediaSearch(mediaName: "khalidd"), "dz.a.khalid"),
    (MediaSearch(artistName: "khalidd"), "dz.a.khalid"),
    (MediaSearch(mediaName: "talk", artistName: "khalidd"), "dz.s.talk"),
    (MediaSearch(mediaName: "ocaen eyes"), "dz.s.ocean"),
    (MediaSearch(mediaName: "frelance"), "dz.s.freelance"),
    (MediaSearch(mediaName: "frealanse"), "dz.s.freelance"),
    (MediaSearch(mediaName: "ordinery pleasure"), "dz.s.ordinary"),
    (MediaSearch(artistName: "billie eyelash"), "dz.a.billie"),
    (MediaSearch(artistName: "billy eilish"), "dz.a.billie"),
    (MediaSearch(mediaType: .album, albumName: "amerikan teen"), "dz.al.americanteen"),
    (MediaSearch(mediaName: "rocketmann soundtrack"), "dz.al.rocketman"),
    (MediaSearch(mediaName: "hellooo"), "dz.s.hello"),
    (MediaSearch(artistName: "kalid"), "dz.a.khalid"),
  ])
  func typosFindWhatWasMeant(search: MediaSearch, id: String) {
    #expect(deezer.search(search, types: types).first?.item.id == id, "\(search.summary)")
  }

  /// Requests that must find nothing: short words are said exactly, and a near word
  /// only forgives a match of the whole title.
  @Test(arguments: [
    MediaSearch(mediaName: "awsome songg"),
    MediaSearch(mediaName: "tlak"),
    MediaSearch(mediaName: "helo"),
    MediaSearch(mediaName: "the hobbit"),
    MediaSearch(mediaName: "zorblax quintessa"),
    MediaSearch(mediaName: "orkinazy plenture"),
    MediaSearch(artistName: "kal"),
    MediaSearch(genreNames: ["jaz"]),
  ])
  func nothingSpuriousIsFound(search: MediaSearch) {
    let found = deezer.search(search, types: types)
    #expect(found.isEmpty, "\(search.summary): \(found.map(\.item.title))")
  }

  @Test func aGenreWithATypoStillFilters() {
    let found = deezer.search(MediaSearch(genreNames: ["electronik"]), types: types)
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { $0.item.genres.contains("electronic") })
  }

  /// A forgiven match scores below the same title said right, and below 0.95.
  @Test func typosRankBelowExactMatches() {
    let catalog = MediaCatalog([
      CatalogItem(id: "a", title: "Outer Peace", type: .album),
      CatalogItem(id: "b", title: "Outer Peach", type: .song),
      CatalogItem(id: "c", title: "Quiet Harbor", type: .song),
    ])
    let exact = catalog.search(MediaSearch(mediaName: "outer peace"), types: types)
    #expect(exact.first?.item.id == "a")
    #expect(exact.first?.score == 1)
    // "peacw" is one edit from both: both forgiven, equally, below 0.95.
    let typo = catalog.search(MediaSearch(mediaName: "outer peacw"), types: types)
    #expect(Set(typo.map(\.item.id)) == ["a", "b"])
    #expect(typo.allSatisfy { $0.score < 0.95 && $0.score < exact[0].score })
    let harbor = catalog.search(MediaSearch(mediaName: "quiet harbour"), types: types)
    #expect(harbor.first?.item.id == "c")
    #expect(harbor.first.map { $0.score < 0.95 } == true)
    // A title said right is never outranked by one forgiven.
    #expect(catalog.search(MediaSearch(mediaName: "outer peach"), types: types).first?.item.id == "b")
  }

  /// Two titles tie on an exact request, so a lookup asks which one; a typo of them
  /// scores below the 0.95 of a tie, so the lookup takes the first rather than asking.
  @Test func aTypoDoesNotAskWhichOne() {
    let catalog = MediaCatalog([
      CatalogItem(id: "al", title: "Outer Peace", type: .album, artist: "Toro y Moi"),
      CatalogItem(id: "so", title: "Outer Peace", type: .song, artist: "Someone Else"),
    ])
    let profile = CatalogAppProfile(
      name: "Test", spokenNames: ["test"], catalog: catalog, mediaTypes: [.song, .album], supportedIntents: [.playMedia])
    let context = CatalogAppContext(profile: profile, store: AppGroupStore(identifier: "forgiving"), device: .phone)
    #expect(context.lookUp(MediaSearch(mediaName: "outer peace")) == .several([catalog.items[0], catalog.items[1]]))
    #expect(context.lookUp(MediaSearch(mediaName: "outer peeace")) == .found(catalog.items[0]))
  }

  /// An exact match, even a partial one of 0.9 or more, is never searched again with
  /// near words: "play talk" is Talk, not also every title one edit from "talk".
  @Test func exactMatchesAreNotForgivenFurther() {
    let catalog = MediaCatalog([
      CatalogItem(id: "1", title: "Harbor Lights", type: .song),
      CatalogItem(id: "2", title: "Harbour Lights", type: .song),
    ])
    #expect(catalog.search(MediaSearch(mediaName: "harbor lights"), types: types).map(\.item.id) == ["1"])
  }

  @Test func typosAtScale() {
    let items = SyntheticCatalog.items(count: 30_000, seed: 5)
    let catalog = MediaCatalog(items)
    var checked = 0
    for item in items.filter({ $0.type == .song }).prefix(3_000) where item.titles.count == 1 {
      let words = item.title.split(separator: " ").map(String.init)
      let matcher = TitleMatcher()
      guard words.count == 2,
        words.allSatisfy({ $0.count >= 6 && $0.allSatisfy { $0.isASCII && $0.isLetter } && !matcher.mayStartNumber($0.lowercased()) })
      else { continue }
      // Double the third letter of the first word.
      var first = Array(words[0].lowercased())
      first.insert(first[2], at: 2)
      let typo = String(first) + " " + words[1].lowercased()
      let found = catalog.search(MediaSearch(mediaName: typo), types: [.song, .album, .artist])
      let best = found.first?.score ?? 0
      #expect(found.contains { $0.item.id == item.id && $0.score == best }, "\(typo) → \(item.title)")
      #expect(best < 0.95)
      checked += 1
    }
    #expect(checked > 20)
  }
}
