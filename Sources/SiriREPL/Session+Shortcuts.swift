import Dialogue
import Foundation
import SiriIntents

/// Donations, voice shortcuts, Siri suggestions and what the user does in the apps.
extension Session {
  /// `:donations`: every donated interaction, grouped by app and group identifier.
  func donationLines() -> [String] {
    let interactions = store.interactions
    guard !interactions.isEmpty else { return ["No donations yet. Playing something in a podcast app (AudioCast) donates it."] }
    var lines: [String] = []
    let byApp = Dictionary(grouping: interactions, by: \.app)
    for app in byApp.keys.sorted() {
      lines.append("\(app):")
      let groups = Dictionary(grouping: byApp[app] ?? [], by: { $0.groupIdentifier ?? "(no group)" })
      for group in groups.keys.sorted() {
        lines.append("  group \(group):")
        for interaction in groups[group] ?? [] {
          lines.append("    \(interaction.id): \(Self.describe(interaction.intent)) — suggested phrase \"\(interaction.suggestedPhrase)\"")
        }
      }
    }
    return lines
  }

  /// `:shortcut add "PHRASE" ID`, `:shortcut add ID`, `:shortcut remove "PHRASE"`.
  mutating func shortcutCommand(_ rest: String) -> [String] {
    let usage = ["Usage: :shortcut add [\"PHRASE\"] DONATION-ID | :shortcut remove \"PHRASE\""]
    var text = rest.trimmingCharacters(in: .whitespaces)
    guard let verb = text.split(separator: " ").first.map(String.init) else { return usage }
    text = String(text.dropFirst(verb.count)).trimmingCharacters(in: .whitespaces)
    var phrase: String?
    if text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") {
      phrase = String(text[text.index(after: text.startIndex)..<close])
      text = String(text[text.index(after: close)...]).trimmingCharacters(in: .whitespaces)
    }
    switch verb {
    case "add":
      guard !text.isEmpty else { return usage }
      guard let interaction = store.interactions.first(where: { $0.id == text }) else {
        return ["There is no donation \"\(Self.shown(text))\". :donations lists them."] + usage
      }
      let chosen = (phrase ?? interaction.suggestedPhrase).trimmingCharacters(in: .whitespaces)
      guard !chosen.isEmpty else { return usage }
      var shortcuts = store.shortcuts.filter { $0.phrase.lowercased() != chosen.lowercased() }
      shortcuts.append(Shortcut(phrase: chosen, app: interaction.app, intent: interaction.intent, interactionID: interaction.id))
      store.setShortcuts(shortcuts)
      return ["Added the shortcut \"\(chosen)\": \(Self.describe(interaction.intent)) in \(interaction.app)."]
    case "remove":
      guard let phrase else { return usage }
      let before = store.shortcuts
      store.setShortcuts(before.filter { $0.phrase.lowercased() != phrase.lowercased() })
      return before.count == store.shortcuts.count
        ? ["There is no shortcut \"\(Self.shown(phrase))\"."] : ["Removed the shortcut \"\(phrase)\"."]
    default:
      return usage
    }
  }

  /// `:shortcuts`: the user's voice shortcuts.
  func shortcutLines() -> [String] {
    let shortcuts = store.shortcuts
    guard !shortcuts.isEmpty else { return ["No shortcuts. Add one with :shortcut add \"PHRASE\" DONATION-ID."] }
    return shortcuts.map { "\"\($0.phrase)\" → \(Self.describe($0.intent)) in \($0.app) (from \($0.interactionID))" }
  }

  /// `:suggestion play N` / `:suggestion open N`: choose or open what Siri suggests.
  mutating func suggestionCommand(_ arguments: [String], line: String) async -> SessionOutput {
    let usage = SessionOutput(lines: ["Usage: :suggestion play N | :suggestion open N (N from :suggestions)"])
    guard arguments.count == 2, let index = Int(arguments[1]), index >= 1 else { return usage }
    guard let app = engine.apps.first(where: { $0 is any MediaSuggesting }) else {
      return SessionOutput(lines: ["No app suggests media to Siri."])
    }
    let suggestions = store.upcomingMedia(app: app.name).suggestedIntents
    guard index <= suggestions.count else {
      return SessionOutput(lines: ["There are \(suggestions.count) suggestions; :suggestions lists them."])
    }
    let intent = Intent.playMedia(suggestions[index - 1])
    let source = "Siri suggestion \(index)"
    let turn: Turn
    switch arguments[0] {
    case "play": turn = await engine.runDirect(intent, appName: app.name, source: source, utterance: line)
    case "open": turn = await engine.openDirect(intent, appName: app.name, source: source, utterance: line)
    default: return usage
    }
    return output(for: turn)
  }

  /// What the user does in an app outside Siri: `:publish`, `:subscribe`,
  /// `:unsubscribe`, `:delete-playlist`, `:new-playlist`, each optionally starting with
  /// the app's name. Without one, the first app that has such a show or playlist does it.
  mutating func appActionCommand(_ command: MetaCommand, _ arguments: [String]) -> [String] {
    var arguments = arguments
    var apps = engine.apps.compactMap { $0 as? any SimulatedApp & UserActionHandling }
    // The app's name may take several words ("Harbor Music"): the longest that names one.
    for count in stride(from: arguments.count - 1, through: 1, by: -1) {
      let name = arguments.prefix(count).joined(separator: " ").lowercased()
      if let named = apps.first(where: { $0.name.lowercased() == name }) {
        apps = [named]
        arguments.removeFirst(count)
        break
      }
    }
    var name = arguments.joined(separator: " ")
    // A name may be typed in quotes, as in :shortcut.
    if name.count >= 2, let first = name.first, let last = name.last, first == last, first == "\"" || first == "'" {
      name = String(name.dropFirst().dropLast()).trimmingWhitespace()
    }
    guard !name.isEmpty else { return ["Usage: :\(command.rawValue) [APP] NAME"] }
    guard name.count <= Self.maximumNameLength else {
      return ["That name is too long (\(name.count) characters); names have at most \(Self.maximumNameLength)."]
    }
    let action: AppAction =
      switch command {
      case .publish: .publishEpisode(show: name)
      case .subscribe: .subscribe(show: name)
      case .unsubscribe: .unsubscribe(show: name)
      case .newPlaylist: .createPlaylist(name)
      default: .deletePlaylist(name)
      }
    var notFound: String?
    for app in apps {
      switch app.perform(action) {
      case .done(let message)?:
        // The app changed: the apps and Siri's vocabulary are rebuilt from the store.
        engine.replaceApps(makeApps(), device: configuration.device)
        return [message]
      case .notFound(let message)?:
        notFound = notFound ?? message
      case nil:
        continue
      }
    }
    return [notFound ?? "No app can do that: none has shows or editable playlists."]
  }

  /// The longest show or playlist name the app commands look up.
  static let maximumNameLength = 200

  static func describe(_ intent: Intent) -> String {
    switch intent {
    case .playMedia(let play):
      let item = play.mediaItems.first.map { "\"\($0.title)\"" } ?? "something"
      return "PlayMedia \(item)\(play.mediaContainer.map { " from \($0.title)" } ?? "")"
    default:
      return intent.name.rawValue
    }
  }
}
