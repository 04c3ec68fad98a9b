import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  /// The voice shortcut whose phrase is exactly what was said (case and punctuation aside).
  func shortcut(matching utterance: String) -> Shortcut? {
    let said = Tokenizer.normalize(utterance)
    guard !said.isEmpty else { return nil }
    return store?.shortcuts.first { Tokenizer.normalize($0.phrase) == said }
  }

  /// Runs an intent that did not come from the grammar (a shortcut phrase, a Siri
  /// suggestion) in its app: resolve, confirm, handle and the hand-off, as usual.
  public mutating func runDirect(_ intent: Intent, appName: String, source: String, utterance: String) async -> Turn {
    var turn = Turn(utterance: utterance)
    state = .idle
    turn.events.append(.shortcut(source: source))
    turn.intent = intent.name
    guard let app = apps.first(where: { $0.name == appName }) else {
      turn.replies.append(Reply("appNotFound", ["app": .text(appName)]))
      return turn
    }
    turn.events.append(.intent(intent.name, fields: intent.traceFields))
    turn.events.append(.routed(app: app.name, reason: "it owns \(source)"))
    await run(intent, in: app, turn: &turn)
    return turn
  }

  /// Opens a Siri suggestion instead of playing it: the app comes to the foreground
  /// with a user activity carrying the intent, and shows the content.
  public mutating func openDirect(_ intent: Intent, appName: String, source: String, utterance: String) async -> Turn {
    var turn = Turn(utterance: utterance)
    state = .idle
    turn.events.append(.shortcut(source: source))
    turn.intent = intent.name
    guard let app = apps.first(where: { $0.name == appName }) else {
      turn.replies.append(Reply("appNotFound", ["app": .text(appName)]))
      return turn
    }
    turn.app = app.name
    var userInfo = ["restoration": "display"]
    if case .playMedia(let play) = intent, let container = play.mediaContainer { userInfo["containerID"] = container.identifier }
    await launch(app, foreground: true, turn: &turn)
    turn.screen = await app.mainApp.application(
      continue: UserActivity(activityType: "\(intent.name.rawValue)Intent", userInfo: userInfo), intent: intent)
    turn.code = "continueUserActivity"
    turn.replies.append(Reply("suggestion.opened", ["app": .text(app.name)]))
    return turn
  }
}
