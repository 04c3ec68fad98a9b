import Dialogue
import SiriIntents
import UtteranceParsing

/// Prints a turn's trace: the parse, the routing, each resolution result, the
/// response codes and the hand-off between extension and app. Lines start with
/// `  · ` so transcripts tell them apart from what Siri says.
public enum TraceFormatter {
  public static let prefix = "  · "

  /// The trace of `turn`. Parameters the app did not need (`notRequired`) are left
  /// out to keep it short; the JSON output lists every parameter.
  public static func lines(for turn: Turn) -> [String] {
    turn.events.compactMap { event in
      if case .resolved(_, let resolution) = event, resolution.outcome == .notRequired { return nil }
      return prefix + line(for: event)
    }
  }

  static func line(for event: TraceEvent) -> String {
    switch event {
    case .parsed(let candidate, let alternatives):
      var text = "parse: \(candidate.intent) score \(format(candidate.score))"
      let slots = candidate.slots.map { "\($0.name)=\(quoted($0.value.description))" }
      if !slots.isEmpty { text += " " + slots.joined(separator: " ") }
      // Say when an app's user vocabulary decided a value ("play my lockdown playlist").
      let notes = candidate.slots.compactMap { slot in slot.note.map { "\(slot.name) from the \($0)" } }
      if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
      // Typing slips read through (SlipRules): "plkay" as "play".
      let slips = candidate.slips.map { "\(quoted($0.written)) read as \(quoted($0.readAs))" }
      if !slips.isEmpty { text += " (typing slip: " + slips.joined(separator: ", ") + ")" }
      // The file, not the line: goldens then change only when the parse does, not when
      // a grammar line moves. `:why` shows the exact template.
      text += " [\(fileName(candidate.template.location))]"
      // Only readings of other intents: they say why this intent won; `:why` has the rest.
      let others = alternatives.filter { $0.intent != candidate.intent }
      if !others.isEmpty {
        text += "; also " + others.map { "\($0.intent) \(format($0.score))" }.joined(separator: ", ")
      }
      return text
    case .clause(let text):
      return "clause: \(quoted(text)) (the rest of the line is chatter)"
    case .noParse:
      return "parse: no template matched"
    case .tooLong(let characters):
      return "parse: not tried, the line is longer than \(characters) characters"
    case .answered(let question, let answer):
      return "answer: \(answer), for \(question)"
    case .replacedQuestion(let question):
      return "new request replaces the question (\(question))"
    case .routed(let app, let reason):
      return "route: \(app) (\(reason))"
    case .intent(let name, let fields):
      let text = fields.map { "\($0.0)=\(quoted($0.1))" }.joined(separator: " ")
      return "intent: \(name.rawValue)\(text.isEmpty ? "" : " " + text)"
    case .resolved(let app, let resolution):
      return "\(app) extension: resolve \(resolution.parameter) → \(resolution.outcome)"
    case .confirmed(let app, let code):
      return "\(app) extension: confirm → \(code)"
    case .handled(let app, let code):
      return "\(app) extension: handle → \(code)"
    case .launched(let app, let foreground):
      return foreground
        ? "\(app) app: opened in the foreground, application(_:continue:restorationHandler:)"
        : "\(app) app: launched in the background, application(_:handle:completionHandler:)"
    case .appHandled(let app, let code, let detail):
      return "\(app) app: → \(code)\(detail.isEmpty ? "" : ", \(detail)")"
    case .awaiting(let what):
      return "waiting for \(what)"
    case .appNote(let app, let note):
      return "\(app) app: \(note)"
    case .probed(let app, let outcome):
      return "route: asked \(app) to resolve → \(outcome)"
    case .shortcut(let source):
      return "from \(source), not the grammar"
    case .playbackCommand(let app, let command, let result):
      return "playback: \(command) → \(app) → \(result)"
    }
  }

  static func quoted(_ text: String) -> String {
    text.contains(" ") ? "\"\(text)\"" : text
  }

  static func format(_ score: Double) -> String {
    let hundredths = Int((score * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
  }

  static func fileName(_ location: SourceLocation) -> String {
    location.file.split(separator: "/").last.map(String.init) ?? location.file
  }
}
