import SiriIntents
import UtteranceParsing

/// Something Siri says, as data: a key into the locale's response table and the
/// values to fill in. Handlers and the engine never build sentences; the renderer does.
public struct Reply: Sendable, Equatable {
  public var key: String
  /// More specific keys first; the renderer uses the first one its table has.
  public var fallbacks: [String]
  public var arguments: [String: ReplyValue]

  public init(_ key: String, fallbacks: [String] = [], _ arguments: [String: ReplyValue] = [:]) {
    self.key = key
    self.fallbacks = fallbacks
    self.arguments = arguments
  }

  /// Every key to try, most specific first.
  public var keys: [String] { [key] + fallbacks }
}

/// A value filled into a reply template.
public indirect enum ReplyValue: Sendable, Equatable, ExpressibleByStringLiteral {
  case text(String)
  /// A list, joined the locale's way ("A, B or C").
  case list([ReplyValue])
  /// A nested phrase rendered from its own template (an option in a question).
  case phrase(Reply)

  public init(stringLiteral value: String) { self = .text(value) }
}

/// What happened inside one turn, in order: the trace `:trace on` prints.
public enum TraceEvent: Sendable, Equatable {
  /// The parse that won, and how many other readings there were.
  case parsed(ParseCandidate, alternatives: [ParseCandidate])
  /// The request was heard in this clause of the line; the rest was chatter.
  case clause(String)
  /// Nothing in the grammar matched.
  case noParse
  /// The line is longer than anything a person says in one breath; it was not parsed.
  case tooLong(characters: Int)
  /// The line was taken as the answer to Siri's question.
  case answered(question: String, answer: String)
  /// The pending question was dropped because the line was a new request.
  case replacedQuestion(question: String)
  /// Which app got the request, and why.
  case routed(app: String, reason: String)
  /// The intent as built from the slots.
  case intent(IntentName, fields: [(String, String)])
  /// One parameter's resolution by the extension.
  case resolved(app: String, ParameterResolution)
  /// The extension's confirm answer.
  case confirmed(app: String, code: String)
  /// The extension's handle answer.
  case handled(app: String, code: String)
  /// Control passed to the main app.
  case launched(app: String, foreground: Bool)
  /// Something the main app did on its own when it became active.
  case appNote(app: String, note: String)
  /// The main app finished the intent.
  case appHandled(app: String, code: String, detail: String)
  /// Siri is now waiting for an answer.
  case awaiting(String)
  /// The candidates considered for routing, and what each app's resolve said.
  case probed(app: String, outcome: String)
  /// The request came from a shortcut phrase or a Siri suggestion, not the grammar.
  case shortcut(source: String)
  /// A playback command sent to the app that is playing.
  case playbackCommand(app: String, command: String, result: String)

  public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
    String(describing: lhs) == String(describing: rhs)
  }
}

/// The result of one user line: what was understood, what each layer did, and what
/// Siri says. The REPL prints it, the JSON mode serializes it, transcripts compare it.
public struct Turn: Sendable {
  public var utterance: String
  /// The intent acted on, or `nil` when nothing matched (or the line answered a question
  /// about no intent).
  public var intent: IntentName?
  /// The grammar intent that matched, SiriKit's or not (`MediaPause`, `OutOfScope`).
  public var grammarIntent: String?
  /// The slots of the parse acted on.
  public var slots: [SlotMatch] = []
  /// The app that handled the request.
  public var app: String?
  /// Each parameter's resolution result, in the order they were resolved.
  public var resolutions: [ParameterResolution] = []
  /// The final response code's name (`handleInApp`, `success`, `failureNoUnplayedContent`).
  public var code: String?
  public var events: [TraceEvent] = []
  /// What Siri says, in order.
  public var replies: [Reply] = []
  /// What an app opened in the foreground shows, as text lines.
  public var screen: [String] = []
  /// What Siri waits for after this turn, if anything.
  public var awaiting: String?

  public init(utterance: String) {
    self.utterance = utterance
  }
}
