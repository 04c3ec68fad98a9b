/// A request Siri hands to an app, as one value: the typed intents in one enum.
public enum Intent: Sendable, Equatable, Codable {
  case playMedia(PlayMediaIntent)
  case addMedia(AddMediaIntent)
  case updateMediaAffinity(UpdateMediaAffinityIntent)
  case searchForMedia(SearchForMediaIntent)
  case startWorkout(StartWorkoutIntent)
  /// Pause, resume, cancel or end: one shape, told apart by its action.
  case workoutControl(WorkoutControlIntent)

  /// The intent's user-facing name.
  public var name: IntentName {
    switch self {
    case .playMedia: return .playMedia
    case .addMedia: return .addMedia
    case .updateMediaAffinity: return .updateMediaAffinity
    case .searchForMedia: return .searchForMedia
    case .startWorkout: return .startWorkout
    case .workoutControl(let intent): return intent.action.intentName
    }
  }
}

/// An app's answer to an ``Intent``, as one value.
public enum IntentResponse: Sendable, Equatable, Codable {
  case playMedia(PlayMediaIntentResponse)
  case addMedia(AddMediaIntentResponse)
  case updateMediaAffinity(UpdateMediaAffinityIntentResponse)
  case searchForMedia(SearchForMediaIntentResponse)
  case startWorkout(StartWorkoutIntentResponse)
  case workoutControl(WorkoutControlIntentResponse)

  /// The response code's SiriKit name (`handleInApp`, `failureNoUnplayedContent`, …).
  public var codeName: String {
    switch self {
    case .playMedia(let response): return response.code.name
    case .addMedia(let response): return response.code.name
    case .updateMediaAffinity(let response): return response.code.name
    case .searchForMedia(let response): return response.code.name
    case .startWorkout(let response): return response.code.name
    case .workoutControl(let response): return response.code.name
    }
  }
}

/// The handler an extension returns for one intent: the typed handling protocols in one enum.
public enum IntentHandler: Sendable {
  case playMedia(any PlayMediaIntentHandling)
  case addMedia(any AddMediaIntentHandling)
  case updateMediaAffinity(any UpdateMediaAffinityIntentHandling)
  case searchForMedia(any SearchForMediaIntentHandling)
  case startWorkout(any StartWorkoutIntentHandling)
  case workoutControl(any WorkoutControlIntentHandling)
}

/// An Intents extension's principal object: picks the handler for each intent,
/// like `INExtension.handler(for:)`.
public protocol IntentHandlerProviding: Sendable {
  /// The handler for `intent`, or `nil` when this extension does not support it.
  func handler(for intent: Intent) -> IntentHandler?
}

/// The main app's side of a hand-off: what `UIApplicationDelegate` does when the
/// extension answers handleInApp (background launch) or continueInApp (foreground).
public protocol AppDelegate: Sendable {
  /// `application(_:handle:completionHandler:)`: the app was launched in the
  /// background to finish the intent.
  func application(handle intent: Intent) async -> IntentResponse
  /// `application(_:continue:restorationHandler:)`: the app was opened in the
  /// foreground with this activity. Returns what the app now shows, as text lines.
  func application(continue activity: UserActivity, intent: Intent) async -> [String]
  /// The app became active (launched or brought forward), before it handles anything:
  /// the moment an app checks flags its extension left in shared storage. Returns what
  /// it did, for the trace.
  func applicationDidBecomeActive() async -> [String]
}

extension AppDelegate {
  public func applicationDidBecomeActive() async -> [String] { [] }
}

// MARK: - Media

/// Handles ``PlayMediaIntent``: SiriKit's `INPlayMediaIntentHandling`.
///
/// Resolve each parameter, then confirm, then handle. Every method has a default
/// except `resolveMediaItems` and `handle`.
public protocol PlayMediaIntentHandling: Sendable {
  /// Searches the catalog for what `intent.mediaSearch` describes.
  func resolveMediaItems(for intent: PlayMediaIntent) async -> [ResolutionResult<MediaItem>]
  func resolvePlayShuffled(for intent: PlayMediaIntent) async -> ResolutionResult<Bool>
  func resolvePlaybackRepeatMode(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackRepeatMode>
  func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool>
  func resolvePlaybackQueueLocation(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackQueueLocation>
  func resolvePlaybackSpeed(for intent: PlayMediaIntent) async -> ResolutionResult<Double>
  /// Validates the resolved intent. Media apps should not ask the user to confirm.
  func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse
  /// Answers with handleInApp (audio) or continueInApp (video, watchOS), or a failure.
  func handle(intent: PlayMediaIntent) async -> PlayMediaIntentResponse
}

extension PlayMediaIntentHandling {
  public func resolvePlayShuffled(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    intent.playShuffled.map { .success($0) } ?? .notRequired
  }

  public func resolvePlaybackRepeatMode(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackRepeatMode> {
    intent.playbackRepeatMode == .unknown ? .notRequired : .success(intent.playbackRepeatMode)
  }

  public func resolveResumePlayback(for intent: PlayMediaIntent) async -> ResolutionResult<Bool> {
    intent.resumePlayback.map { .success($0) } ?? .notRequired
  }

  public func resolvePlaybackQueueLocation(for intent: PlayMediaIntent) async -> ResolutionResult<PlaybackQueueLocation> {
    intent.playbackQueueLocation == .unknown ? .notRequired : .success(intent.playbackQueueLocation)
  }

  public func resolvePlaybackSpeed(for intent: PlayMediaIntent) async -> ResolutionResult<Double> {
    intent.playbackSpeed.map { .success($0) } ?? .notRequired
  }

  public func confirm(intent: PlayMediaIntent) async -> PlayMediaIntentResponse {
    PlayMediaIntentResponse(code: .ready)
  }
}

// MARK: - Add, affinity, search

/// Handles ``AddMediaIntent``: SiriKit's `INAddMediaIntentHandling`.
public protocol AddMediaIntentHandling: Sendable {
  func resolveMediaItems(for intent: AddMediaIntent) async -> [ResolutionResult<MediaItem>]
  func resolveMediaDestination(for intent: AddMediaIntent) async -> ResolutionResult<MediaDestination>
  func confirm(intent: AddMediaIntent) async -> AddMediaIntentResponse
  func handle(intent: AddMediaIntent) async -> AddMediaIntentResponse
}

extension AddMediaIntentHandling {
  public func resolveMediaDestination(for intent: AddMediaIntent) async -> ResolutionResult<MediaDestination> {
    intent.mediaDestination.map { .success($0) } ?? .success(.library)
  }

  public func confirm(intent: AddMediaIntent) async -> AddMediaIntentResponse {
    AddMediaIntentResponse(code: .ready)
  }
}

/// Handles ``UpdateMediaAffinityIntent``: SiriKit's `INUpdateMediaAffinityIntentHandling`.
public protocol UpdateMediaAffinityIntentHandling: Sendable {
  func resolveMediaItems(for intent: UpdateMediaAffinityIntent) async -> [ResolutionResult<MediaItem>]
  func resolveAffinityType(for intent: UpdateMediaAffinityIntent) async -> ResolutionResult<MediaAffinityType>
  func confirm(intent: UpdateMediaAffinityIntent) async -> UpdateMediaAffinityIntentResponse
  func handle(intent: UpdateMediaAffinityIntent) async -> UpdateMediaAffinityIntentResponse
}

extension UpdateMediaAffinityIntentHandling {
  public func resolveAffinityType(for intent: UpdateMediaAffinityIntent) async -> ResolutionResult<MediaAffinityType> {
    intent.affinityType == .unknown ? .needsValue : .success(intent.affinityType)
  }

  public func confirm(intent: UpdateMediaAffinityIntent) async -> UpdateMediaAffinityIntentResponse {
    UpdateMediaAffinityIntentResponse(code: .ready)
  }
}

/// Handles ``SearchForMediaIntent``: SiriKit's `INSearchForMediaIntentHandling`.
public protocol SearchForMediaIntentHandling: Sendable {
  func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>]
  func confirm(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse
  func handle(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse
}

extension SearchForMediaIntentHandling {
  public func confirm(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse {
    SearchForMediaIntentResponse(code: .ready)
  }
}

// MARK: - Workouts

/// Handles ``StartWorkoutIntent``: SiriKit's `INStartWorkoutIntentHandling`.
///
/// Every resolver has a default that accepts what was said, so an app implements only
/// those that need logic (Ascent resolves the workout name and leaves the goal alone).
public protocol StartWorkoutIntentHandling: Sendable {
  func resolveWorkoutName(for intent: StartWorkoutIntent) async -> ResolutionResult<String>
  func resolveGoalValue(for intent: StartWorkoutIntent) async -> ResolutionResult<Double>
  func resolveWorkoutGoalUnitType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutGoalUnitType>
  func resolveWorkoutLocationType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutLocationType>
  func resolveIsOpenEnded(for intent: StartWorkoutIntent) async -> ResolutionResult<Bool>
  func confirm(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse
  func handle(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse
}

extension StartWorkoutIntentHandling {
  public func resolveWorkoutName(for intent: StartWorkoutIntent) async -> ResolutionResult<String> {
    intent.workoutName.map { .success($0) } ?? .needsValue
  }

  public func resolveGoalValue(for intent: StartWorkoutIntent) async -> ResolutionResult<Double> {
    intent.goalValue.map { .success($0) } ?? .notRequired
  }

  public func resolveWorkoutGoalUnitType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutGoalUnitType> {
    intent.workoutGoalUnitType == .unknown ? .notRequired : .success(intent.workoutGoalUnitType)
  }

  public func resolveWorkoutLocationType(for intent: StartWorkoutIntent) async -> ResolutionResult<WorkoutLocationType> {
    intent.workoutLocationType == .unknown ? .notRequired : .success(intent.workoutLocationType)
  }

  public func resolveIsOpenEnded(for intent: StartWorkoutIntent) async -> ResolutionResult<Bool> {
    .success(intent.isOpenEnded ?? (intent.goalValue == nil))
  }

  public func confirm(intent: StartWorkoutIntent) async -> StartWorkoutIntentResponse {
    StartWorkoutIntentResponse(code: .ready)
  }
}

/// Handles pause, resume, cancel and end: SiriKit's `INPauseWorkoutIntentHandling`,
/// `INResumeWorkoutIntentHandling`, `INCancelWorkoutIntentHandling` and
/// `INEndWorkoutIntentHandling`, which share one shape. One handler per action.
public protocol WorkoutControlIntentHandling: Sendable {
  /// The action this handler handles.
  var action: WorkoutControlAction { get }
  func resolveWorkoutName(for intent: WorkoutControlIntent) async -> ResolutionResult<String>
  func confirm(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse
  func handle(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse
}

extension WorkoutControlIntentHandling {
  public func resolveWorkoutName(for intent: WorkoutControlIntent) async -> ResolutionResult<String> {
    intent.workoutName.map { .success($0) } ?? .notRequired
  }

  public func confirm(intent: WorkoutControlIntent) async -> WorkoutControlIntentResponse {
    WorkoutControlIntentResponse(code: .ready)
  }
}

extension IntentResponse {
  /// A plain `failure` answer of the right type for `intent`: what an app returns for
  /// an intent it was handed but does not handle.
  public static func failure(for intent: Intent) -> IntentResponse {
    switch intent {
    case .playMedia: return .playMedia(PlayMediaIntentResponse(code: .failure))
    case .addMedia: return .addMedia(AddMediaIntentResponse(code: .failure))
    case .updateMediaAffinity: return .updateMediaAffinity(UpdateMediaAffinityIntentResponse(code: .failure))
    case .searchForMedia: return .searchForMedia(SearchForMediaIntentResponse(code: .failure))
    case .startWorkout: return .startWorkout(StartWorkoutIntentResponse(code: .failure))
    case .workoutControl: return .workoutControl(WorkoutControlIntentResponse(code: .failure))
    }
  }
}
