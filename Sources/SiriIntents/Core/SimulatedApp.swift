/// A kind of term an app teaches Siri, after SiriKit's `INVocabularyStringType`
/// plus the app-wide terms of `AppIntentVocabulary.plist`.
///
/// The raw value is also the name of the grammar's external list the terms fill
/// (`list mediaShowTitle external`).
public enum VocabularyType: String, Sendable, Codable, CaseIterable, Hashable {
  /// The app's own name and its spoken forms ("AudioCast", "audio cast").
  case appName
  case mediaShowTitle
  case mediaEpisodeTitle
  case mediaPlaylistTitle
  case mediaMusicArtistName
  case mediaAudiobookTitle
  case mediaAudiobookAuthorName
  case workoutActivityName
  /// Simulated Siri knowledge, not app vocabulary: Siri recognizes catalog song and
  /// album titles, genres and station names on its own (from Apple's catalog); the
  /// simulator has no such catalog, so apps lend theirs.
  case mediaSongTitle
  case mediaAlbumTitle
  case mediaStationName
  case genreName
}

/// One vocabulary term: what people say, and the value the app gets back.
public struct VocabularyTerm: Sendable, Equatable, Hashable, Codable {
  public var type: VocabularyType
  /// Spoken forms, the first being the canonical one.
  public var phrases: [String]
  /// The value handed to the app (usually the canonical title).
  public var value: String

  public init(type: VocabularyType, phrases: [String], value: String) {
    self.type = type
    self.phrases = phrases
    self.value = value
  }

  public init(type: VocabularyType, _ phrase: String) {
    self.init(type: type, phrases: [phrase], value: phrase)
  }
}

/// Where the request is made: the device changes what apps may answer.
public enum Device: String, Sendable, Codable, CaseIterable {
  case phone, watch, homepod, carplay
}

/// One simulated app: its Intents extension, its main app and the vocabulary it
/// gives Siri. Both halves share the app-group store they were built with.
public protocol SimulatedApp: Sendable {
  /// The app's display name, e.g. `AudioCast`.
  var name: String { get }
  /// The intents its extension declares support for.
  var supportedIntents: Set<IntentName> { get }
  /// The media types its extension declares (`INSupportedMediaCategories`); empty for
  /// apps without media.
  var supportedMediaTypes: Set<MediaItemType> { get }
  /// The extension's principal object.
  var intentsExtension: any IntentHandlerProviding { get }
  /// The main app, which finishes handleInApp / continueInApp hand-offs.
  var mainApp: any AppDelegate { get }
  /// The terms Siri knows for this app from the app itself: its name and spoken names,
  /// and the names in its catalog (simulated Siri knowledge: Siri recognizes song and
  /// album titles on its own; the simulator has no catalog of its own, so apps lend
  /// theirs). Asked for when the app is installed.
  func vocabulary() -> [VocabularyTerm]
  /// The user-specific vocabulary the app has given Siri (`INVocabulary`), which can
  /// change at any time; Siri reads it before every request.
  func userVocabulary() -> UserVocabulary
  /// A few lines on the app's state, for `:state`.
  func stateDescription() -> [String]
}

extension SimulatedApp {
  public func userVocabulary() -> UserVocabulary { UserVocabulary() }
}

/// Playback commands Siri sends to whatever app is playing, outside any intent
/// ("pause", "next", "what's playing?"), as the system's remote controls do.
public enum PlaybackCommand: String, Sendable, Codable, CaseIterable {
  case pause, resume, next, previous, nowPlaying
}

/// What a playback command did, for Siri to say.
public enum PlaybackCommandResult: Sendable, Equatable {
  /// Done; the item now playing (or paused), if any.
  case done(MediaItem?)
  /// Nothing is playing (or paused) in this app.
  case nothingPlaying
  /// The command does not apply now ("next" with an empty queue, "resume" while playing).
  case notApplicable(String)
}

/// An app that plays audio and takes the system's playback commands.
public protocol PlaybackControlling: Sendable {
  /// The item playing or paused, and whether it is playing.
  func nowPlaying() -> (item: MediaItem, isPlaying: Bool, position: Double)?
  func perform(_ command: PlaybackCommand) -> PlaybackCommandResult
  /// Options and what comes next, for `:now` (`shuffle on`, `up next: "Talk"`).
  func playbackDetails() -> [String]
}

/// A workout as Siri speaks of it: its name, goal, location and time so far.
public struct WorkoutSummary: Sendable, Equatable {
  public var name: String
  /// "30 min", "5 mi", or `nil` when open-ended.
  public var goal: String?
  /// "outdoor", "indoor", or `nil`.
  public var location: String?
  public var activeSeconds: Double
  public var isPaused: Bool

  public init(name: String, goal: String? = nil, location: String? = nil, activeSeconds: Double, isPaused: Bool) {
    self.name = name
    self.goal = goal
    self.location = location
    self.activeSeconds = activeSeconds
    self.isPaused = isPaused
  }
}

/// An app that tracks workouts and can say what is running: how Siri decides that
/// a bare "pause" means the workout, and what it says after "end my workout".
public protocol WorkoutReporting: Sendable {
  /// The workout running or paused now.
  func currentWorkoutSummary() -> WorkoutSummary?
  /// The most recently finished workout.
  func lastWorkoutSummary() -> WorkoutSummary?
  /// One line per past workout, for `:history`.
  func historyLines() -> [String]
}

extension PlaybackControlling {
  /// None by default.
  public func playbackDetails() -> [String] { [] }
}

/// Something the user does in an app itself, outside Siri, that the REPL's
/// meta-commands simulate: a new episode arriving, a playlist made or deleted…
public enum AppAction: Sendable, Equatable {
  /// A new episode of the show named arrives (`:publish`).
  case publishEpisode(show: String)
  case subscribe(show: String)
  /// Unsubscribing deletes the show's donations (`:unsubscribe`).
  case unsubscribe(show: String)
  /// The user deletes a playlist (`:delete-playlist`).
  case deletePlaylist(String)
  /// The user makes a new, empty playlist (`:new-playlist`); the app tells Siri its
  /// name through its user vocabulary.
  case createPlaylist(String)
}

/// What an app said about an ``AppAction``.
public enum AppActionOutcome: Sendable, Equatable {
  /// Done; what the app says it did.
  case done(String)
  /// The app has no such show or playlist; what it says.
  case notFound(String)
}

/// An app that simulates what its user does in it outside Siri (see ``AppAction``).
public protocol UserActionHandling: Sendable {
  /// Does `action`; `nil` when the app has no such action.
  func perform(_ action: AppAction) -> AppActionOutcome?
}

/// An app that suggests media to Siri (`INUpcomingMediaManager`), for `:suggestions`.
public protocol MediaSuggesting: Sendable {
  /// What the app suggests, in order, as lines to show.
  func suggestionLines() -> [String]
}

extension MediaItemType {
  /// The item types that satisfy a request for this type ("music" is any song, album,
  /// playlist…; a station request takes any kind of station).
  public var satisfyingTypes: Set<MediaItemType> {
    switch self {
    case .music: return [.song, .album, .artist, .playlist, .genre, .musicStation]
    case .station, .radioStation: return [.radioStation, .station]
    case .musicStation: return [.musicStation, .radioStation, .station]
    case .playlist: return [.playlist, .podcastPlaylist]
    case .podcastShow: return [.podcastShow]
    case .podcastEpisode: return [.podcastEpisode]
    default: return [self]
    }
  }
}
