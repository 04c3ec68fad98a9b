import SiriIntents

/// Where the conversation is: idle, or waiting for the answer to a question.
public enum DialogueState: Sendable, Equatable {
  case idle
  case awaiting(PendingQuestion)

  public var pendingQuestion: PendingQuestion? {
    if case .awaiting(let question) = self { return question }
    return nil
  }
}

/// A question Siri asked and the request that waits on the answer.
public struct PendingQuestion: Sendable, Equatable {
  /// What kind of answer Siri needs.
  public enum Kind: Sendable, Equatable {
    /// Pick one of these media items (disambiguation of `mediaItems`).
    case chooseMediaItem([MediaItem])
    /// Name what to play (needsValue for `mediaItems`).
    case mediaName
    /// Pick the app that should do it.
    case chooseApp([String])
    /// Pick one of these values for a parameter (disambiguation).
    case chooseValue(parameter: String, options: [String])
    /// Say yes or no to this value for a parameter (confirmationRequired).
    case confirmValue(parameter: String, value: String)
    /// Give a value for a parameter (needsValue).
    case provideValue(parameter: String)
  }

  public var kind: Kind
  /// The request to continue once answered.
  public var intent: Intent
  /// The app it is routed to (`nil` while choosing the app).
  public var app: String?
  /// The parse slots the request came from, kept for the JSON output of later turns.
  public var question: Reply
  /// Answers given so far that did not settle the question.
  public var failedAnswers: Int = 0

  public init(kind: Kind, intent: Intent, app: String?, question: Reply) {
    self.kind = kind
    self.intent = intent
    self.app = app
    self.question = question
  }

  /// A short name for traces: what Siri is waiting for.
  public var summary: String {
    switch kind {
    case .chooseMediaItem(let items): return "a choice between \(items.map { "\"\($0.title)\"" }.joined(separator: ", "))"
    case .mediaName: return "what to play"
    case .chooseApp(let apps): return "which app: \(apps.joined(separator: ", "))"
    case .chooseValue(let parameter, let options): return "a choice of \(parameter): \(options.joined(separator: ", "))"
    case .confirmValue(let parameter, let value): return "a yes or no to \(parameter) \"\(value)\""
    case .provideValue(let parameter): return "a value for \(parameter)"
    }
  }
}
