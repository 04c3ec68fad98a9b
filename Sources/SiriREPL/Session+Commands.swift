import AppLoading
import Dialogue
import Foundation
import ResponseRendering
import SiriIntents

/// The REPL's meta-commands, the lines that start with ':'.
public enum MetaCommand: String, CaseIterable, Sendable {
  case help, reset, restart, state, trace, why, sample, device, set, now, advance, history
  case donations, shortcut, shortcuts, suggestions, suggestion, publish, subscribe, unsubscribe
  case deletePlaylist = "delete-playlist"
  case newPlaylist = "new-playlist"
  case apps, app, vocabulary
  case locale
  case quit, exit

  /// What `:help` says about each command.
  var usage: (syntax: String, summary: String) {
    switch self {
    case .help: return (":help", "show this list")
    case .reset: return (":reset", "forget the conversation and start every app afresh")
    case .restart: return (":restart", "quit and start again on the same data folder (what persists stays)")
    case .state: return (":state", "show the device, what Siri is waiting for and each app's state")
    case .trace: return (":trace on|off", "show the parse, each resolution, the codes and the app hand-off")
    case .device: return (":device phone|watch|homepod|carplay", "choose the device Siri runs on")
    case .set: return (":set [APP] SETTING VALUE", "change account or device settings (:set alone lists them)")
    case .now: return (":now", "show what is playing, where, and what is queued")
    case .advance: return (":advance DURATION", "let simulated time pass, e.g. :advance 25m")
    case .history: return (":history", "show past workouts")
    case .why: return (":why UTTERANCE", "why the grammar reads it that way, or where each template stopped")
    case .sample: return (":sample [INTENT] [N]", "example sentences the grammar understands, and how many it can produce")
    case .donations: return (":donations", "list donated interactions, by app and group")
    case .shortcut: return (":shortcut add [\"PHRASE\"] ID", "make a donation a voice shortcut (:shortcut remove \"PHRASE\")")
    case .shortcuts: return (":shortcuts", "list voice shortcuts")
    case .suggestions: return (":suggestions", "show what Siri would suggest from the podcast app")
    case .suggestion: return (":suggestion play|open N", "choose a suggestion (plays) or open it (shows it in the app)")
    case .publish: return (":publish [APP] SHOW", "a new episode of a podcast arrives")
    case .subscribe: return (":subscribe [APP] SHOW", "subscribe to a podcast")
    case .unsubscribe: return (":unsubscribe [APP] SHOW", "unsubscribe (deletes the show's donations)")
    case .deletePlaylist: return (":delete-playlist [APP] NAME", "delete a playlist (and its donations)")
    case .newPlaylist: return (":new-playlist [APP] NAME", "make a playlist in a music app (it tells Siri its name)")
    case .apps: return (":apps", "the installed apps, with their items and where they come from")
    case .app: return (":app load FILE", "install an app from its definition file (or replace the one of that name)")
    case .vocabulary: return (":vocabulary [APP]", "the vocabulary each app gave Siri, user vocabulary first")
    case .locale: return (":locale [LOCALE]", "hear and speak another language, e.g. :locale zh-CN (alone: the locales there are)")
    case .quit: return (":quit", "leave (also :exit or Ctrl-D)")
    case .exit: return (":exit", "leave")
    }
  }

  /// Every command as typed, for tab completion.
  public static var completions: [String] {
    allCases.map { ":\($0.rawValue)" }
  }
}

extension Session {
  mutating func runCommand(_ line: String) async -> SessionOutput {
    let words = line.dropFirst().split(separator: " ").map(String.init)
    guard let name = words.first?.lowercased() else { return SessionOutput(lines: help()) }
    let arguments = Array(words.dropFirst())
    guard let command = MetaCommand(rawValue: name) else {
      var message = "Unknown command ':\(Self.shown(name, limit: 40))'."
      if let suggestion = Self.closest(to: name, in: MetaCommand.allCases.map(\.rawValue)) {
        message += " Did you mean ':\(suggestion)'?"
      }
      return SessionOutput(lines: [message + " Type :help for the list."])
    }
    switch command {
    case .help:
      return SessionOutput(lines: help())
    case .quit, .exit:
      isFinishedFlag()
      return SessionOutput(quit: true)
    case .reset:
      store.replaceAll(with: [:])
      engine.replaceApps(makeApps())
      return SessionOutput(lines: ["Reset: the conversation and every app's data start afresh."])
    case .state:
      return SessionOutput(lines: stateLines())
    case .restart:
      return SessionOutput(lines: restart())
    case .trace:
      switch arguments.first?.lowercased() {
      case "on": configuration.trace = true
      case "off": configuration.trace = false
      case nil: configuration.trace.toggle()
      default: return SessionOutput(lines: ["Usage: :trace on|off"])
      }
      return SessionOutput(lines: ["Trace is \(configuration.trace ? "on" : "off")."])
    case .set:
      return SessionOutput(lines: SettingCommand.apply(arguments, store: store, appNames: engine.apps.map(\.name)))
    case .now:
      return SessionOutput(lines: nowPlayingLines())
    case .advance:
      return SessionOutput(lines: advance(arguments))
    case .why:
      return SessionOutput(lines: why(line.dropFirst(":why".count).trimmingWhitespace()))
    case .sample:
      return SessionOutput(lines: sampleCommand(arguments))
    case .donations:
      return SessionOutput(lines: donationLines())
    case .shortcut:
      return SessionOutput(lines: shortcutCommand(String(line.dropFirst(":shortcut".count))))
    case .shortcuts:
      return SessionOutput(lines: shortcutLines())
    case .suggestions:
      let suggesting = engine.apps.compactMap { $0 as? any MediaSuggesting }
      return SessionOutput(lines: suggesting.isEmpty ? ["No app suggests media to Siri."] : suggesting.flatMap { $0.suggestionLines() })
    case .suggestion:
      return await suggestionCommand(arguments, line: line)
    case .publish, .subscribe, .unsubscribe, .deletePlaylist, .newPlaylist:
      return SessionOutput(lines: appActionCommand(command, arguments))
    case .apps:
      return SessionOutput(lines: installedApps.descriptions(device: configuration.device))
    case .app:
      return SessionOutput(lines: appCommand(arguments))
    case .vocabulary:
      return SessionOutput(lines: vocabularyLines(arguments))
    case .locale:
      return SessionOutput(lines: localeCommand(arguments))
    case .history:
      let reporters = engine.apps.compactMap { $0 as? any SimulatedApp & WorkoutReporting }
      let lines = reporters.flatMap { app in ["\(app.name):"] + app.historyLines().map { "  \($0)" } }
      return SessionOutput(lines: lines.isEmpty ? ["No app keeps a workout history."] : lines)
    case .device:
      guard let value = arguments.first?.lowercased(), let device = Device(rawValue: value) else {
        return SessionOutput(lines: ["Usage: :device phone|watch|homepod|carplay (now: \(configuration.device.rawValue))"])
      }
      configuration.device = device
      engine.replaceApps(makeApps(), device: device)
      return SessionOutput(lines: ["Siri now runs on: \(device.rawValue)."])
    }
  }

  private mutating func isFinishedFlag() {
    markFinished()
  }

  func help() -> [String] {
    var lines = [
      "Say what you would say to Siri, e.g. \"\(renderer.render(engine.exampleRequest()))\".",
      "Commands:",
    ]
    let commands = MetaCommand.allCases.filter { $0 != .exit }
    let width = commands.map { $0.usage.syntax.count }.max() ?? 0
    for command in commands {
      let usage = command.usage
      lines.append("  " + usage.syntax.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + usage.summary)
    }
    return lines
  }

  func stateLines() -> [String] {
    let system = store.systemSettings
    var lines = [
      "device: \(configuration.device.rawValue), network \(system.network.rawValue), restrictions \(system.contentRestrictions ? "on" : "off")",
      "time: \(store.clock.formatted) into the session",
      "trace: \(configuration.trace ? "on" : "off")",
    ]
    if let question = engine.state.pendingQuestion {
      lines.append("Siri is waiting for \(question.summary)")
    } else {
      lines.append("Siri is not waiting for an answer")
    }
    for app in engine.apps {
      lines.append("\(app.name):")
      lines += app.stateDescription().map { "  \($0)" }
    }
    return lines
  }

  /// `:sample [INTENT] [N]`, N from 1 to ``maximumSamples``.
  func sampleCommand(_ arguments: [String]) -> [String] {
    let usage = "Usage: :sample [INTENT] [N] — N from 1 to \(Self.maximumSamples), 10 when left out"
    var intent: String?
    var count = 10
    for argument in arguments {
      if argument.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true {
        guard let number = Int(argument), (1...Self.maximumSamples).contains(number) else {
          return ["'\(Self.shown(argument))' is not a number of samples.", usage]
        }
        count = number
      } else if intent == nil {
        intent = argument
      } else {
        return [usage]
      }
    }
    return sampleLines(intent: intent, count: count)
  }

  /// The most sentences `:sample` prints at once.
  static let maximumSamples = 200

  /// User text quoted back in a message: cut after `limit` characters, so that a line
  /// of megabytes gives a message of one line.
  static func shown(_ text: String, limit: Int = 60) -> String {
    var count = 0
    var end = text.startIndex
    while end < text.endIndex, count < limit {
      end = text.index(after: end)
      count += 1
    }
    return end == text.endIndex ? text : text[..<end] + "…"
  }

  /// The closest name within an edit distance that makes a typo plausible. Words much
  /// longer than every name are no typo of one (and would cost a long comparison).
  static func closest(to word: String, in names: [String]) -> String? {
    guard word.count <= (names.map(\.count).max() ?? 0) + 3 else { return nil }
    let scored = names.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
