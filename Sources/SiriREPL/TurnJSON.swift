import Dialogue
import Foundation
import SiriIntents
import UtteranceParsing

/// The `--json` form of a turn: one object per line, for other tools.
///
/// Keys: `utterance`; `intent` (null when nothing matched; a grammar intent that is
/// not a SiriKit one, such as `MediaPause` or `OutOfScope`, is given by name); `slots` (name → value);
/// `app`; `resolution` (parameter → result, e.g. `success(podcastEpisode "…")`);
/// `code` (the response code's name); `speech` (what Siri said, lines joined by a
/// space); `awaiting` (what Siri waits for, or null); `screen` (what an opened app shows).
enum TurnJSON {
  static func encode(_ turn: Turn, speech: [String]) -> String {
    var object: [String: Any] = [
      "utterance": turn.utterance,
      "intent": turn.intent?.rawValue ?? turn.grammarIntent ?? NSNull(),
      "app": turn.app ?? NSNull(),
      "code": turn.code ?? NSNull(),
      "speech": speech.joined(separator: " "),
      "awaiting": turn.awaiting ?? NSNull(),
    ]
    var slots: [String: Any] = [:]
    for slot in turn.slots {
      let value: Any
      switch slot.value {
      case .number(let number), .speed(let number): value = number
      case .ordinal(let number): value = number
      case .duration(let seconds): value = seconds
      case .text(let text): value = text
      }
      slots[slot.name] = value
    }
    object["slots"] = slots
    var resolution: [String: Any] = [:]
    for item in turn.resolutions {
      resolution[item.parameter] = item.outcome.description
    }
    object["resolution"] = resolution
    if !turn.screen.isEmpty { object["screen"] = turn.screen }
    guard
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
      let text = String(data: data, encoding: .utf8)
    else {
      return #"{"error":"could not encode the turn"}"#
    }
    return text
  }
}
