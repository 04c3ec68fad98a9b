import Dialogue
import Foundation
import SiriIntents
import UtteranceParsing

/// `:set`: account and device settings, so each error dialogue can be shown.
enum SettingCommand {
  static let usage = [
    "Usage: :set [APP] SETTING VALUE — APP is an app name; without it the setting applies to every app.",
    "  account: login on|off, subscription on|off, explicit on|off, cellular on|off, region CODE,",
    "           service up|down, streams N (other devices streaming), kids on|off, setup needed|done",
    "  device:  network wifi|cellular|offline, restrictions on|off",
  ]

  static let accountSettings = ["login", "subscription", "explicit", "cellular", "region", "service", "streams", "kids", "setup"]
  static let systemSettings = ["network", "restrictions"]

  /// Applies `arguments` to `store`; returns what to print. A mistake changes nothing
  /// and says which word is wrong.
  static func apply(_ arguments: [String], store: AppGroupStore, appNames: [String]) -> [String] {
    var arguments = arguments
    var targets = appNames
    if let first = arguments.first, let app = appNames.first(where: { $0.lowercased() == first.lowercased() }) {
      targets = [app]
      arguments.removeFirst()
    }
    guard !arguments.isEmpty else { return usage }
    let setting = arguments[0].lowercased()
    let known = accountSettings + systemSettings
    guard known.contains(setting) else {
      if arguments.count == 3 {
        return ["There is no app called '\(Session.shown(arguments[0]))'. Apps: \(appNames.joined(separator: ", "))."]
      }
      var message = "Unknown setting '\(Session.shown(setting))'."
      if let suggestion = Session.closest(to: setting, in: known) {
        message += " Did you mean '\(suggestion)'?"
      }
      return [message] + usage
    }
    guard arguments.count == 2 else {
      return ["'\(setting)' takes one value: \(expected[setting] ?? "")."] + usage
    }
    let value = arguments[1]
    let flag: Bool? = ["on", "yes", "true", "up", "needed"].contains(value.lowercased())
      ? true : (["off", "no", "false", "down", "done"].contains(value.lowercased()) ? false : nil)
    let wrongValue = ["'\(Session.shown(value))' is not a value for \(setting): use \(expected[setting] ?? "")."]

    if systemSettings.contains(setting) {
      var system = store.systemSettings
      switch setting {
      case "network":
        guard let network = SystemSettings.Network(rawValue: value.lowercased()) else { return wrongValue }
        system.network = network
      default:
        guard let flag else { return wrongValue }
        system.contentRestrictions = flag
      }
      store.set(system, forKey: SystemSettings.storeKey)
      return ["Device: \(setting) is \(value.lowercased())."]
    }

    // Checked once, before any app changes: a bad value changes nothing.
    switch setting {
    case "region": guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else { return wrongValue }
    case "streams": guard let count = Int(value), (0...maximumStreams).contains(count) else { return wrongValue }
    default: guard flag != nil else { return wrongValue }
    }
    for app in targets {
      var account = store.accountSettings(app: app)
      switch setting {
      case "login": account.loggedIn = flag ?? account.loggedIn
      case "subscription": account.subscribed = flag ?? account.subscribed
      case "explicit": account.allowsExplicit = flag ?? account.allowsExplicit
      case "cellular": account.allowsCellular = flag ?? account.allowsCellular
      case "service": account.serviceAvailable = flag ?? account.serviceAvailable
      case "kids": account.kidsProfile = flag ?? account.kidsProfile
      case "setup": account.needsSetup = flag ?? account.needsSetup
      case "region": account.region = value.uppercased()
      default: account.streamsElsewhere = Int(value) ?? account.streamsElsewhere
      }
      store.set(account, forKey: AccountSettings.storeKey(app: app))
    }
    let scope = targets.count == 1 ? targets[0] : "every app"
    let shown = setting == "region" ? value.uppercased() : value.lowercased()
    return ["\(scope): \(setting) is \(shown)."]
  }

  /// The most other devices `:set streams` can say are streaming.
  static let maximumStreams = 100

  /// What each setting takes, for messages.
  static let expected: [String: String] = [
    "login": "on or off", "subscription": "on or off", "explicit": "on or off", "cellular": "on or off",
    "kids": "on or off", "service": "up or down", "setup": "needed or done",
    "region": "a two-letter country code such as US or FR",
    "streams": "a whole number from 0 to \(maximumStreams)",
    "network": "wifi, cellular or offline", "restrictions": "on or off",
  ]
}

extension Session {
  /// `:now`: what each app is playing, where, and what comes next.
  func nowPlayingLines() -> [String] {
    var lines: [String] = []
    for case let app as any PlaybackControlling & SimulatedApp in engine.apps {
      guard let now = app.nowPlaying() else { continue }
      var line = "\(app.name): \(now.isPlaying ? "▶ playing" : "❚❚ paused") \"\(now.item.title)\""
      if let artist = now.item.artist { line += " by \(artist)" }
      line += " at \(Self.clockText(now.position))"
      if store.nowPlayingApp == app.name { line += " (the app Siri controls)" }
      lines.append(line)
      lines += app.playbackDetails().map { "  " + $0 }
    }
    return lines.isEmpty ? ["Nothing is playing."] : lines
  }

  /// `:advance DURATION`: moves simulated time on.
  mutating func advance(_ arguments: [String]) -> [String] {
    let usage = "Usage: :advance DURATION, e.g. :advance 25m, :advance 1h30, :advance 90 seconds"
    let text = arguments.joined(separator: " ")
    guard !text.isEmpty else { return [usage] }
    guard text.utf8.count <= 100 else { return ["'\(Self.shown(text))' is not a duration.", usage] }
    let words = Tokenizer.words(text)
    if text.hasPrefix("-") || text.hasPrefix("\u{2212}") || ["minus", "negative"].contains(words.first ?? "") {
      return ["Time only moves forward: give a duration after :advance, e.g. :advance 25m."]
    }
    // In the session's language, or in English as the usage shows (":advance 90 seconds"
    // works whatever Siri speaks).
    let recognizers = [EntityRecognizer(locale: configuration.locale), EntityRecognizer(locale: GrammarLocales.fallback)]
    let spans = recognizers.lazy.compactMap { $0.matches(.duration, in: words, from: 0).first }
    guard !words.isEmpty,
      let span = spans.first(where: { $0.end == words.count }),
      case .duration(let seconds) = span.value
    else {
      return ["'\(Self.shown(text))' is not a duration.", usage]
    }
    guard seconds.isFinite, seconds <= Self.maximumAdvance else {
      return ["Time can move on at most 10 years at once."]
    }
    guard seconds > 0 else { return ["Time stays where it is: the duration is zero."] }
    store.advanceClock(by: seconds)
    return ["Time moves on \(Self.clockText(seconds)); it is now \(store.clock.formatted) into the session."]
  }

  /// Ten years, in seconds: more than any demo needs, and far from overflowing.
  static let maximumAdvance: Double = 10 * 365 * 24 * 3600

  static func clockText(_ seconds: Double) -> String {
    let total = Int(min(max(seconds, 0), 1e15).rounded())
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let secs = total % 60
    let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
  }
}
