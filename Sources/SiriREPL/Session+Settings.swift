import Dialogue
import Foundation
import MediaAppKit
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

  /// Applies `arguments` to `store`; returns what to print.
  static func apply(_ arguments: [String], store: AppGroupStore, appNames: [String]) -> [String] {
    var arguments = arguments
    var targets = appNames
    if let first = arguments.first, let app = appNames.first(where: { $0.lowercased() == first.lowercased() }) {
      targets = [app]
      arguments.removeFirst()
    }
    guard arguments.count == 2 else { return usage }
    let setting = arguments[0].lowercased()
    let value = arguments[1]
    let flag: Bool? = ["on", "yes", "true", "up", "needed"].contains(value.lowercased())
      ? true : (["off", "no", "false", "down", "done"].contains(value.lowercased()) ? false : nil)

    if systemSettings.contains(setting) {
      var system = store.systemSettings
      switch setting {
      case "network":
        guard let network = SystemSettings.Network(rawValue: value.lowercased()) else { return usage }
        system.network = network
      default:
        guard let flag else { return usage }
        system.contentRestrictions = flag
      }
      store.set(system, forKey: SystemSettings.storeKey)
      return ["Device: \(setting) is \(value.lowercased())."]
    }

    guard accountSettings.contains(setting) else {
      var message = "Unknown setting '\(setting)'."
      if let suggestion = Session.closest(to: setting, in: accountSettings + systemSettings) {
        message += " Did you mean '\(suggestion)'?"
      }
      return [message] + usage
    }
    for app in targets {
      var account = store.accountSettings(app: app)
      switch setting {
      case "login": guard let flag else { return usage }; account.loggedIn = flag
      case "subscription": guard let flag else { return usage }; account.subscribed = flag
      case "explicit": guard let flag else { return usage }; account.allowsExplicit = flag
      case "cellular": guard let flag else { return usage }; account.allowsCellular = flag
      case "service": guard let flag else { return usage }; account.serviceAvailable = flag
      case "kids": guard let flag else { return usage }; account.kidsProfile = flag
      case "setup": guard let flag else { return usage }; account.needsSetup = flag
      case "region":
        guard value.count == 2, value.allSatisfy(\.isLetter) else { return usage }
        account.region = value.uppercased()
      case "streams":
        guard let count = Int(value), count >= 0 else { return usage }
        account.streamsElsewhere = count
      default: return usage
      }
      store.set(account, forKey: AccountSettings.storeKey(app: app))
    }
    let scope = targets.count == 1 ? targets[0] : "every app"
    let shown = setting == "region" ? value.uppercased() : value.lowercased()
    return ["\(scope): \(setting) is \(shown)."]
  }
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
      if let catalog = app as? CatalogApp {
        let playback = catalog.context.playback
        var options: [String] = []
        if playback.shuffle { options.append("shuffle on") }
        if playback.repeatMode != .none, playback.repeatMode != .unknown { options.append("repeat \(playback.repeatMode.name)") }
        if let rate = playback.nowPlaying?.rate, rate != 1 { options.append("speed \(SlotValue.speed(rate))") }
        if !options.isEmpty { lines.append("  " + options.joined(separator: ", ")) }
        let upcoming = playback.queue.prefix(5).compactMap { catalog.context.item(id: $0)?.title }
        if !upcoming.isEmpty { lines.append("  up next: " + upcoming.map { "\"\($0)\"" }.joined(separator: ", ")) }
      }
    }
    return lines.isEmpty ? ["Nothing is playing."] : lines
  }

  /// `:advance DURATION`: moves simulated time on.
  mutating func advance(_ arguments: [String]) -> [String] {
    let text = arguments.joined(separator: " ")
    let words = Tokenizer.words(text)
    let recognizer = EntityRecognizer(locale: configuration.locale)
    guard !words.isEmpty, let span = recognizer.matches(.duration, in: words, from: 0).first, span.end == words.count,
      case .duration(let seconds) = span.value
    else {
      return ["Usage: :advance DURATION, e.g. :advance 25m, :advance 1h30, :advance 90 seconds"]
    }
    guard seconds.isFinite, seconds <= Self.maximumAdvance else {
      return ["Time can move on at most 10 years at once."]
    }
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
