import SiriIntents
import UtteranceParsing

/// A phrase an app resolves to one of its own items before searching, the way
/// Deezer resolves "Flow" to its personal mix and Siri's fixed strings "my favorites"
/// and "new releases" to the matching collections.
public struct SpecialMedia: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A fixed catalog item (Flow).
    case item(String)
    /// The songs the user likes.
    case favorites
    /// The newest albums.
    case newReleases
  }

  /// Words that select it, compared after folding ("flow", "favorites").
  public var phrases: [String] {
    didSet { phraseWords = phrases.map(Tokenizer.words) }
  }
  /// `phrases`, folded into words once.
  public private(set) var phraseWords: [[String]]
  public var kind: Kind
  /// When true, the phrase wins whenever it appears in the name (Deezer's "flow"):
  /// a title containing it can then never be found, the caveat the article accepts.
  public var matchesAnywhere: Bool
  /// The title of the playlist a `favorites` or `newReleases` special makes ("Your
  /// Favorites", "New Releases" when `nil`); an app localized gives its own.
  public var title: String?

  public init(phrases: [String], kind: Kind, matchesAnywhere: Bool = false, title: String? = nil) {
    self.phrases = phrases
    phraseWords = phrases.map(Tokenizer.words)
    self.kind = kind
    self.matchesAnywhere = matchesAnywhere
    self.title = title
  }
}

/// Everything that makes one catalog-based media app what it is: its name, catalog,
/// the media types and intents it supports, its special phrases and starting library.
public struct CatalogAppProfile: Sendable {
  public var name: String
  /// Other ways people say the app's name ("deezer", "audio cast").
  public var spokenNames: [String]
  public var catalog: MediaCatalog
  /// The media types it carries and declares to Siri.
  public var mediaTypes: Set<MediaItemType>
  public var supportedIntents: Set<IntentName>
  /// Types whose position is remembered and resumed (audiobooks, episodes).
  public var resumableTypes: Set<MediaItemType>
  public var specials: [SpecialMedia]
  /// What "play <app>" plays when nothing was playing before.
  public var defaultItemID: String?
  /// The library a new user starts with.
  public var initialLibrary: LibraryState
  /// Vocabulary types for the catalog's titles, by item type.
  public var vocabulary: [MediaItemType: VocabularyType]
  /// Playback speeds the app allows.
  public var speedRange: ClosedRange<Double>
  /// The user vocabulary the app gives Siri before it has set any (the definition's
  /// `userVocabulary`).
  public var userVocabulary: [VocabularyType: [String]] = [:]

  public init(
    name: String, spokenNames: [String], catalog: MediaCatalog, mediaTypes: Set<MediaItemType>,
    supportedIntents: Set<IntentName>, resumableTypes: Set<MediaItemType> = [], specials: [SpecialMedia] = [],
    defaultItemID: String? = nil, initialLibrary: LibraryState = LibraryState(playlists: []),
    vocabulary: [MediaItemType: VocabularyType] = [:], speedRange: ClosedRange<Double> = 0.5...3
  ) {
    self.name = name
    self.spokenNames = spokenNames
    // The starting playlists' titles get their match keys now, with the catalog's.
    var catalog = catalog
    catalog.prepareKeys(for: initialLibrary.playlists.map(\.title))
    self.catalog = catalog
    self.mediaTypes = mediaTypes
    self.supportedIntents = supportedIntents
    self.resumableTypes = resumableTypes
    self.specials = specials
    self.defaultItemID = defaultItemID
    self.initialLibrary = initialLibrary
    self.vocabulary = vocabulary
    self.speedRange = speedRange
  }
}
