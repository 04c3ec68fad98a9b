/// The intents the simulator understands, by the names users see everywhere:
/// in grammars, JSON output, traces and transcripts.
public enum IntentName: String, Sendable, Codable, CaseIterable, Hashable {
  case playMedia = "PlayMedia"
  case addMedia = "AddMedia"
  case updateMediaAffinity = "UpdateMediaAffinity"
  case searchForMedia = "SearchForMedia"
  case startWorkout = "StartWorkout"
  case pauseWorkout = "PauseWorkout"
  case resumeWorkout = "ResumeWorkout"
  case cancelWorkout = "CancelWorkout"
  case endWorkout = "EndWorkout"
}
