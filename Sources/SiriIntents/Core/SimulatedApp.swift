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
  /// The terms Siri knows for this app right now, most important first.
  func vocabulary() -> [VocabularyTerm]
  /// A few lines on the app's state, for `:state`.
  func stateDescription() -> [String]
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
