import Foundation
import SiriIntents
import UtteranceParsing

/// Turns a parse's slots into a SiriKit-shaped intent.
///
/// Slot names are the ones the grammars use (and the evaluation data uses):
/// `mediaName`, `artist`, `album`, `playlist`, `genre`, `mood`, `mediaType`,
/// `sortOrder`, `reference`, `releaseDate`, `shuffle`, `repeat`, `queueLocation`,
/// `playbackSpeed`, `resume`, `app`.
public enum IntentBuilder {
  /// The intent `candidate` describes, or `nil` when its intent name is not one the
  /// simulator knows.
  public static func intent(from candidate: ParseCandidate) -> Intent? {
    guard let name = IntentName(rawValue: candidate.intent) else { return nil }
    let slots = SlotReader(candidate.slots)
    switch name {
    case .playMedia:
      return .playMedia(playMedia(slots))
    case .addMedia:
      var intent = AddMediaIntent(mediaSearch: mediaSearch(slots))
      if let playlist = slots.text("destinationPlaylist") {
        intent.mediaDestination = .playlist(name: playlist)
      } else if slots.text("destination") == "library" {
        intent.mediaDestination = .library
      }
      return .addMedia(intent)
    case .updateMediaAffinity:
      let affinity = slots.text("affinity").flatMap(MediaAffinityType.init(name:)) ?? .unknown
      return .updateMediaAffinity(UpdateMediaAffinityIntent(mediaSearch: mediaSearch(slots), affinityType: affinity))
    case .searchForMedia:
      return .searchForMedia(SearchForMediaIntent(mediaSearch: mediaSearch(slots)))
    case .startWorkout:
      return .startWorkout(startWorkout(slots))
    case .pauseWorkout:
      return .workoutControl(WorkoutControlIntent(action: .pause, workoutName: slots.text("workoutName")))
    case .resumeWorkout:
      return .workoutControl(WorkoutControlIntent(action: .resume, workoutName: slots.text("workoutName")))
    case .cancelWorkout:
      return .workoutControl(WorkoutControlIntent(action: .cancel, workoutName: slots.text("workoutName")))
    case .endWorkout:
      return .workoutControl(WorkoutControlIntent(action: .end, workoutName: slots.text("workoutName")))
    }
  }

  static func mediaSearch(_ slots: SlotReader) -> MediaSearch {
    var search = MediaSearch()
    if let type = slots.text("mediaType").flatMap(MediaItemType.init(name:)) { search.mediaType = type }
    if let order = slots.text("sortOrder").flatMap(MediaSortOrder.init(name:)) { search.sortOrder = order }
    if let reference = slots.text("reference").flatMap(MediaReference.init(name:)) { search.reference = reference }
    search.mediaName = slots.text("mediaName")
    // A playlist played; a song named out of one ("dancing queen from my abba playlist")
    // is that song: `INMediaSearch` has no place for the playlist it is in.
    if let playlist = slots.text("playlist"), search.mediaName == nil {
      search.mediaName = playlist
      if search.mediaType == .unknown { search.mediaType = .playlist }
    }
    // What it is about ("a podcast about cooking"): `INMediaSearch` has no topic, so the
    // words are what the app searches for.
    if let topic = slots.text("topic"), search.mediaName == nil { search.mediaName = topic }
    if let frequency = slots.slots.first(where: { $0.name == "frequency" }) {
      // A station by its frequency: the words as said ("ninety nine point five").
      search.mediaName = search.mediaName ?? (frequency.text.isEmpty ? frequency.value.description : frequency.text)
    }
    search.artistName = slots.text("artist")
    search.albumName = slots.text("album")
    search.genreNames = slots.all("genre")
    if slots.text("mediaType") == "soundtrack" {
      // SiriKit has no soundtrack type: an album in the Soundtrack genre, as Apple Music files them.
      search.mediaType = .album
      if !search.genreNames.contains("soundtrack") { search.genreNames.append("soundtrack") }
    }
    search.moodNames = slots.all("mood")
    search.releaseDate = slots.text("releaseDate") ?? slots.text("releaseYear")
    return search
  }

  /// "a 30 minute outdoor wall climb": name, goal (a duration becomes minutes or
  /// hours as said), location; open-ended when there is no goal.
  static func startWorkout(_ slots: SlotReader) -> StartWorkoutIntent {
    var intent = StartWorkoutIntent(workoutName: slots.text("workoutName"))
    if case .duration(let seconds)? = slots.value("goalDuration") {
      if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 1800) == 0 {
        intent.goalValue = seconds / 3600
        intent.workoutGoalUnitType = .hour
      } else if seconds >= 60 {
        intent.goalValue = seconds / 60
        intent.workoutGoalUnitType = .minute
      } else {
        intent.goalValue = seconds
        intent.workoutGoalUnitType = .second
      }
    }
    if case .number(let value)? = slots.value("goalValue") {
      let unit = slots.text("goalUnit") ?? ""
      if unit == "kilometer" {
        intent.goalValue = value * 1000
        intent.workoutGoalUnitType = .meter
      } else {
        intent.goalValue = value
        intent.workoutGoalUnitType = WorkoutGoalUnitType(name: unit) ?? .unknown
      }
    }
    if let location = slots.text("locationType").flatMap(WorkoutLocationType.init(name:)) {
      intent.workoutLocationType = location
    }
    intent.isOpenEnded = intent.goalValue == nil
    return intent
  }

  static func playMedia(_ slots: SlotReader) -> PlayMediaIntent {
    var intent = PlayMediaIntent(mediaSearch: mediaSearch(slots))
    if let shuffle = slots.text("shuffle") { intent.playShuffled = shuffle != "false" }
    if let repeatMode = slots.text("repeat") {
      intent.playbackRepeatMode = PlaybackRepeatMode(name: repeatMode) ?? (repeatMode == "false" ? .none : .all)
    }
    if let location = slots.text("queueLocation").flatMap(PlaybackQueueLocation.init(name:)) {
      intent.playbackQueueLocation = location
    }
    if let resume = slots.text("resume") { intent.resumePlayback = resume != "false" }
    if case .speed(let rate)? = slots.value("playbackSpeed") { intent.playbackSpeed = rate }
    if case .number(let rate)? = slots.value("playbackSpeed") { intent.playbackSpeed = rate }
    return intent
  }
}

/// Reads slot values by name.
struct SlotReader {
  let slots: [SlotMatch]

  init(_ slots: [SlotMatch]) { self.slots = slots }

  func value(_ name: String) -> SlotValue? {
    slots.first { $0.name == name }?.value
  }

  func text(_ name: String) -> String? {
    guard let value = value(name) else { return nil }
    let text = value.description.trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : text
  }

  func all(_ name: String) -> [String] {
    slots.filter { $0.name == name }.map(\.value.description)
  }
}
