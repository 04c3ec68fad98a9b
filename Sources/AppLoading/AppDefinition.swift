import Foundation
import SiriIntents

/// An app as its definition file describes it: what a developer writes to simulate
/// their own app (`siri --app harbor.json`), and what the sample apps are made of.
///
/// Read with `JSONDecoder` by ``AppFileReader``, which adds the file's path to every
/// message. The keys follow the simulator's own types (`CatalogAppProfile`,
/// `CatalogItem`); `Sources/AppLoading/SampleApps/app.schema.json` describes them for
/// editors, and the README has a complete example.
///
/// Values are kept as written (strings for media types, intents, units…) and checked
/// by ``AppDefinitionChecker``, so that a wrong one is reported with its key path and
/// the values it could have been, rather than as a decoding failure.
public struct AppDefinition: Sendable, Equatable {
  public var name: String
  /// `media`, `podcast` or `workout`; when left out, `workout` for an app whose intents
  /// are workout intents, `podcast` for one whose media types are all podcast types,
  /// `media` otherwise.
  public var kind: String?
  public var spokenNames: [String]
  public var intents: [String]
  /// The devices the app is installed on (`phone`, `watch`, `homepod`, `carplay`); all
  /// when left out.
  public var devices: [String]?

  // Media and podcast apps.
  public var mediaTypes: [String]
  public var items: [ItemDefinition]
  /// A JSON Lines file (one item a line) with more items, relative to this file.
  public var itemsFile: String?
  public var specials: [SpecialDefinition]
  public var defaultItem: String?
  public var resumableTypes: [String]
  public var library: LibraryDefinition?
  public var speedRange: SpeedRangeDefinition?
  /// Which item types the app gives Siri as which vocabulary type, e.g.
  /// `{"artist": "mediaMusicArtistName"}`; a default for every media type when left out.
  public var vocabulary: [String: String]?
  /// The app's user-specific vocabulary (`INVocabulary`) at start: ordered sets of
  /// strings by vocabulary type, most important first.
  public var userVocabulary: [String: [String]]?

  // Workout apps.
  public var workouts: [WorkoutDefinition]
  /// Names that fit several workouts ("climb"): Siri is asked which one.
  public var ambiguousWorkoutNames: [String]
  public var goalUnits: [String]?
  public var locations: [String]?
  public var openEnded: Bool?

  /// What the app says and hears differently in another language, by locale
  /// (`{"zh-CN": {…}}`), as an iOS app localizes its vocabulary per `.lproj`.
  public var localizations: [String: LocalizationDefinition]

  public init(name: String, intents: [String]) {
    self.name = name
    self.intents = intents
    spokenNames = []
    mediaTypes = []
    items = []
    specials = []
    resumableTypes = []
    workouts = []
    ambiguousWorkoutNames = []
    localizations = [:]
  }
}

/// An app in one more language: what people call it and its workouts there, and the
/// titles of its special playlists. What it leaves out stays as in the definition.
public struct LocalizationDefinition: Sendable, Equatable {
  /// More ways to say the app's name in this language.
  public var spokenNames: [String]
  /// A workout app's workouts by `id`: the name Siri says in this language and what
  /// people say for it. The definition's own names are still understood.
  public var workouts: [WorkoutDefinition]
  /// Names in this language that fit several workouts ("攀岩").
  public var ambiguousWorkoutNames: [String]
  /// A media app's special playlists by kind (`favorites`, `newReleases`): their titles
  /// in this language.
  public var specialTitles: [String: String]

  public init(
    spokenNames: [String] = [], workouts: [WorkoutDefinition] = [], ambiguousWorkoutNames: [String] = [],
    specialTitles: [String: String] = [:]
  ) {
    self.spokenNames = spokenNames
    self.workouts = workouts
    self.ambiguousWorkoutNames = ambiguousWorkoutNames
    self.specialTitles = specialTitles
  }
}

/// One catalog item: a song, album, artist, playlist, station, audiobook, podcast show
/// or episode…
public struct ItemDefinition: Sendable, Equatable {
  public var id: String
  /// SiriKit's `INMediaItemType` case name: `song`, `album`, `podcastEpisode`…
  public var type: String
  public var title: String
  public var artist: String?
  public var album: String?
  public var genres: [String]?
  public var moods: [String]?
  public var year: Int?
  /// 0–100.
  public var popularity: Int?
  /// 0–5.
  public var rating: Double?
  public var explicit: Bool?
  /// Needs a paid subscription to play on demand.
  public var subscription: Bool?
  /// Region codes where it may be played; everywhere when left out.
  public var regions: [String]?
  public var video: Bool?
  /// Age-restricted content.
  public var restricted: Bool?
  public var spokenForms: [String]?
  /// Ids of the items inside it (an album's tracks, a playlist's songs, an artist's top songs).
  public var children: [String]?
  /// Seconds.
  public var duration: Double?
  /// For a podcast episode: the id of its show.
  public var show: String?
  /// For a podcast episode: `YYYY-MM-DD`.
  public var published: String?
  /// For a podcast episode: already heard when the app starts.
  public var played: Bool?

  public init(id: String, type: String, title: String) {
    self.id = id
    self.type = type
    self.title = title
  }
}

/// A phrase the app resolves to one of its own items before searching (Deezer's
/// "Flow", Siri's fixed strings "my favorites" and "new releases").
public struct SpecialDefinition: Sendable, Equatable {
  public var phrases: [String]
  /// `item` (the default when `item` is given), `favorites` or `newReleases`.
  public var kind: String?
  public var item: String?
  /// The phrase wins wherever it appears in a name (Deezer's "flow").
  public var matchesAnywhere: Bool?

  public init(phrases: [String]) {
    self.phrases = phrases
  }
}

/// The user's library when the app starts.
public struct LibraryDefinition: Sendable, Equatable {
  public var playlists: [PlaylistDefinition]
  public var saved: [String]
  public var liked: [String]

  public init(playlists: [PlaylistDefinition] = [], saved: [String] = [], liked: [String] = []) {
    self.playlists = playlists
    self.saved = saved
    self.liked = liked
  }
}

public struct PlaylistDefinition: Sendable, Equatable {
  public var id: String
  public var title: String
  public var items: [String]
  /// Whether AddMedia may add to it (an editorial playlist in the library is not).
  public var editable: Bool?

  public init(id: String, title: String, items: [String] = []) {
    self.id = id
    self.title = title
    self.items = items
  }
}

public struct SpeedRangeDefinition: Sendable, Equatable {
  public var min: Double
  public var max: Double
}

/// One kind of workout a workout app offers.
public struct WorkoutDefinition: Sendable, Equatable {
  /// A stable id, kept in the app's history.
  public var id: String
  /// The name the app gives Siri and expects back ("wall climb").
  public var name: String
  /// Other things people say for it ("top rope", "lead climbing").
  public var synonyms: [String]

  public init(id: String, name: String, synonyms: [String] = []) {
    self.id = id
    self.name = name
    self.synonyms = synonyms
  }
}

// MARK: - Decoding

/// A key of any name, to see every key an object has.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    self.stringValue = "\(intValue)"
    self.intValue = intValue
  }
}

/// Collects what decoding notices without failing: keys the format doesn't have (most
/// likely typos), each with its key path and the nearest known key.
final class DecodingNotes: @unchecked Sendable {
  private let lock = NSLock()
  private var warnings: [String] = []

  static let key = CodingUserInfoKey(rawValue: "siri.decodingNotes")!

  func add(_ warning: String) {
    lock.lock()
    warnings.append(warning)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return warnings
  }

  /// Notes the keys of the object `decoder` is at that are not in `known`.
  static func checkKeys(_ decoder: any Decoder, known: [String]) throws {
    guard decoder.userInfo[key] is DecodingNotes else { return }
    try checkKeys(decoder.container(keyedBy: AnyKey.self), of: decoder, known: known)
  }

  /// Notes the keys of `container` (of the object `decoder` is at) that are not in `known`.
  static func checkKeys(_ container: KeyedDecodingContainer<AnyKey>, of decoder: any Decoder, known: [String]) throws {
    guard decoder.userInfo[key] is DecodingNotes else { return }
    note(unknown: container.allKeys.filter { !known.contains($0.stringValue) }, of: decoder, known: known)
  }

  /// Notes `unknown`, keys of the object `decoder` is at, with the nearest of `known`.
  static func note(unknown: [AnyKey], of decoder: any Decoder, known: [String]) {
    guard !unknown.isEmpty, let notes = decoder.userInfo[key] as? DecodingNotes else { return }
    // Sorted, as JSONDecoder gives an object's keys in no particular order.
    for key in unknown.filter({ $0.stringValue != "$schema" }).sorted(by: { $0.stringValue < $1.stringValue }) {
      let path = JSONDiagnostics.path(decoder.codingPath + [key])
      var warning = "\(path): unknown key, ignored"
      if let near = Suggestion.nearest(to: key.stringValue, in: known) { warning += "; did you mean \"\(near)\"?" }
      notes.add(warning)
    }
  }
}

extension AppDefinition {
  static let skipsItemsKey = CodingUserInfoKey(rawValue: "siri.skipsItems")!
}

extension AppDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, kind, spokenNames, intents, devices, mediaTypes, items, itemsFile, specials, defaultItem
    case resumableTypes, library, speedRange, vocabulary, userVocabulary
    case workouts, ambiguousWorkoutNames, goalUnits, locations, openEnded, localizations
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    name = try c.decode(String.self, forKey: .name)
    kind = try c.decodeIfPresent(String.self, forKey: .kind)
    spokenNames = try c.decodeIfPresent([String].self, forKey: .spokenNames) ?? []
    intents = try c.decode([String].self, forKey: .intents)
    devices = try c.decodeIfPresent([String].self, forKey: .devices)
    mediaTypes = try c.decodeIfPresent([String].self, forKey: .mediaTypes) ?? []
    // A cached catalog stands in for the items (see AppCache): don't decode them again.
    let skipsItems = decoder.userInfo[AppDefinition.skipsItemsKey] as? Bool ?? false
    items = skipsItems ? [] : try c.decodeIfPresent([ItemDefinition].self, forKey: .items) ?? []
    itemsFile = try c.decodeIfPresent(String.self, forKey: .itemsFile)
    specials = try c.decodeIfPresent([SpecialDefinition].self, forKey: .specials) ?? []
    defaultItem = try c.decodeIfPresent(String.self, forKey: .defaultItem)
    resumableTypes = try c.decodeIfPresent([String].self, forKey: .resumableTypes) ?? []
    library = try c.decodeIfPresent(LibraryDefinition.self, forKey: .library)
    speedRange = try c.decodeIfPresent(SpeedRangeDefinition.self, forKey: .speedRange)
    vocabulary = try c.decodeIfPresent([String: String].self, forKey: .vocabulary)
    userVocabulary = try c.decodeIfPresent([String: [String]].self, forKey: .userVocabulary)
    workouts = try c.decodeIfPresent([WorkoutDefinition].self, forKey: .workouts) ?? []
    ambiguousWorkoutNames = try c.decodeIfPresent([String].self, forKey: .ambiguousWorkoutNames) ?? []
    goalUnits = try c.decodeIfPresent([String].self, forKey: .goalUnits)
    locations = try c.decodeIfPresent([String].self, forKey: .locations)
    openEnded = try c.decodeIfPresent(Bool.self, forKey: .openEnded)
    localizations = try c.decodeIfPresent([String: LocalizationDefinition].self, forKey: .localizations) ?? [:]
  }
}

extension LocalizationDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case spokenNames, workouts, ambiguousWorkoutNames, specialTitles
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    spokenNames = try c.decodeIfPresent([String].self, forKey: .spokenNames) ?? []
    workouts = try c.decodeIfPresent([WorkoutDefinition].self, forKey: .workouts) ?? []
    ambiguousWorkoutNames = try c.decodeIfPresent([String].self, forKey: .ambiguousWorkoutNames) ?? []
    specialTitles = try c.decodeIfPresent([String: String].self, forKey: .specialTitles) ?? [:]
  }
}

extension ItemDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, type, title, artist, album, genres, moods, year, popularity, rating, explicit, subscription
    case regions, video, restricted, spokenForms, children, duration, show, published, played
  }

  static let knownKeys = CodingKeys.allCases.map(\.rawValue)
  private static let ordinals = Dictionary(uniqueKeysWithValues: CodingKeys.allCases.enumerated().map { ($1.rawValue, $0) })
  /// The keys (an ``ItemLineKeys`` mask) that the items being decoded may have, when
  /// every line was scanned and has only known keys, each once.
  static let keyMaskKey = CodingUserInfoKey(rawValue: "siri.itemKeyMask")!

  /// A catalog has 100,000 items, so this decodes the keys an item can have rather than
  /// asking for each of the 21 (most are absent), from one container (each container
  /// JSONDecoder makes costs a dictionary of the object). With a key mask, the keys are
  /// known already; otherwise they come from `allKeys`, which also gives the unknown
  /// ones. Keys are decoded in the order of ``CodingKeys``, whatever order the object
  /// has them in, so an item with two problems is always reported for the same one.
  public init(from decoder: any Decoder) throws {
    self.init(id: "", type: "", title: "")
    if let mask = decoder.userInfo[Self.keyMaskKey] as? UInt32 {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      for (ordinal, field) in CodingKeys.allCases.enumerated() where field.isRequired || mask & (1 << UInt32(ordinal)) != 0 {
        try decode(field, from: c, key: field)
      }
      return
    }
    let c = try decoder.container(keyedBy: AnyKey.self)
    var present = [AnyKey?](repeating: nil, count: CodingKeys.allCases.count)
    var unknown: [AnyKey] = []
    for key in c.allKeys {
      if let ordinal = Self.ordinals[key.stringValue] { present[ordinal] = key } else { unknown.append(key) }
    }
    DecodingNotes.note(unknown: unknown, of: decoder, known: Self.knownKeys)
    for (ordinal, field) in CodingKeys.allCases.enumerated() {
      if let key = present[ordinal] {
        try decode(field, from: c, key: key)
      } else if field.isRequired {
        throw DecodingError.keyNotFound(
          AnyKey(stringValue: field.rawValue),
          DecodingError.Context(codingPath: c.codingPath, debugDescription: "No value associated with key \(field.rawValue)"))
      }
    }
  }

  private mutating func decode<Key: CodingKey>(_ field: CodingKeys, from c: KeyedDecodingContainer<Key>, key: Key) throws {
    switch field {
    case .id: id = try c.decode(String.self, forKey: key)
    case .type: type = try c.decode(String.self, forKey: key)
    case .title: title = try c.decode(String.self, forKey: key)
    case .artist: artist = try c.decodeIfPresent(String.self, forKey: key)
    case .album: album = try c.decodeIfPresent(String.self, forKey: key)
    case .genres: genres = try c.decodeIfPresent([String].self, forKey: key)
    case .moods: moods = try c.decodeIfPresent([String].self, forKey: key)
    case .year: year = try c.decodeIfPresent(Int.self, forKey: key)
    case .popularity: popularity = try c.decodeIfPresent(Int.self, forKey: key)
    case .rating: rating = try c.decodeIfPresent(Double.self, forKey: key)
    case .explicit: explicit = try c.decodeIfPresent(Bool.self, forKey: key)
    case .subscription: subscription = try c.decodeIfPresent(Bool.self, forKey: key)
    case .regions: regions = try c.decodeIfPresent([String].self, forKey: key)
    case .video: video = try c.decodeIfPresent(Bool.self, forKey: key)
    case .restricted: restricted = try c.decodeIfPresent(Bool.self, forKey: key)
    case .spokenForms: spokenForms = try c.decodeIfPresent([String].self, forKey: key)
    case .children: children = try c.decodeIfPresent([String].self, forKey: key)
    case .duration: duration = try c.decodeIfPresent(Double.self, forKey: key)
    case .show: show = try c.decodeIfPresent(String.self, forKey: key)
    case .published: published = try c.decodeIfPresent(String.self, forKey: key)
    case .played: played = try c.decodeIfPresent(Bool.self, forKey: key)
    }
  }
}

extension ItemDefinition.CodingKeys {
  /// `id`, `type` and `title`: an item without one of them is refused.
  var isRequired: Bool { self == .id || self == .type || self == .title }
}

extension SpecialDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case phrases, kind, item, matchesAnywhere
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    phrases = try c.decode([String].self, forKey: .phrases)
    kind = try c.decodeIfPresent(String.self, forKey: .kind)
    item = try c.decodeIfPresent(String.self, forKey: .item)
    matchesAnywhere = try c.decodeIfPresent(Bool.self, forKey: .matchesAnywhere)
  }
}

extension LibraryDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case playlists, saved, liked
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    playlists = try c.decodeIfPresent([PlaylistDefinition].self, forKey: .playlists) ?? []
    saved = try c.decodeIfPresent([String].self, forKey: .saved) ?? []
    liked = try c.decodeIfPresent([String].self, forKey: .liked) ?? []
  }
}

extension PlaylistDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, title, items, editable
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    title = try c.decode(String.self, forKey: .title)
    items = try c.decodeIfPresent([String].self, forKey: .items) ?? []
    editable = try c.decodeIfPresent(Bool.self, forKey: .editable)
  }
}

extension SpeedRangeDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case min, max
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    min = try c.decode(Double.self, forKey: .min)
    max = try c.decode(Double.self, forKey: .max)
  }
}

extension WorkoutDefinition: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, synonyms
  }

  public init(from decoder: any Decoder) throws {
    try DecodingNotes.checkKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
  }
}

/// The nearest name to a misspelled one, for "did you mean" hints.
enum Suggestion {
  static func nearest(to word: String, in names: [String]) -> String? {
    guard word.count <= 40 else { return nil }
    let lowered = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = editDistance(lowered, Array(name.lowercased()))
      if distance <= max(1, min(3, lowered.count / 3)), distance < (best?.distance ?? .max) { best = (name, distance) }
    }
    return best?.name
  }

  /// Edits to turn `a` into `b`: insertions, deletions, substitutions, and swaps of two
  /// neighbouring characters (the commonest typo: "titel").
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}

/// The keys an app definition may have, for tools and tests (the JSON Schema beside the
/// sample apps names the same).
public enum AppDefinitionKeys {
  public static let definition = AppDefinition.CodingKeys.allCases.map(\.rawValue)
  public static let item = ItemDefinition.CodingKeys.allCases.map(\.rawValue)
}
