import AppLoading
import Dialogue
import Foundation
import SiriIntents

/// The installed apps: `:app load FILE`, `:vocabulary [APP]`.
extension Session {
  /// `:app load FILE`: installs the app defined in FILE next to the others, or in place
  /// of the one with its name. A file with problems changes nothing.
  mutating func appCommand(_ arguments: [String]) -> [String] {
    let usage = ["Usage: :app load FILE — install an app from its definition file"]
    guard arguments.first?.lowercased() == "load", arguments.count >= 2 else { return usage }
    let path = arguments.dropFirst().joined(separator: " ")
    let blueprint: AppBlueprint
    do {
      blueprint = try AppLoader.blueprint(
        path: path, baseDirectory: configuration.baseDirectory, cache: configuration.appCacheDirectory.map { AppCache(directory: $0) })
    } catch {
      return ["The app was not installed:"] + error.description.split(separator: "\n").map(String.init)
    }
    let replaced = installedApps.install(blueprint)
    configuration.appFiles.append(path)
    engine.replaceApps(makeApps(), device: configuration.device)
    let count = blueprint.kind == .workout ? "\(blueprint.itemCount) workouts" : "\(blueprint.itemCount) items"
    var lines = blueprint.warnings
    lines.append(
      replaced == nil
        ? "Installed \(blueprint.name) (\(blueprint.kind.rawValue), \(count)) from \(path)."
        : "Replaced \(blueprint.name) with the one in \(path) (\(blueprint.kind.rawValue), \(count)).")
    if !blueprint.devices.contains(configuration.device) {
      lines.append("Note: \(blueprint.name) is not installed on \(configuration.device.rawValue); it is on \(blueprint.devices.map(\.rawValue).sorted().joined(separator: ", ")).")
    }
    return lines
  }

  /// `:vocabulary [APP]`: what each app gave Siri: its user vocabulary (`INVocabulary`)
  /// in order of importance, then what comes from the app itself, counted by type.
  func vocabularyLines(_ arguments: [String]) -> [String] {
    var apps = engine.apps
    if !arguments.isEmpty {
      let name = arguments.joined(separator: " ").lowercased()
      apps = apps.filter { $0.name.lowercased() == name }
      if apps.isEmpty { return ["There is no app called '\(Self.shown(arguments.joined(separator: " ")))'. Apps: \(engine.apps.map(\.name).joined(separator: ", "))."] }
    }
    var lines: [String] = []
    for app in apps {
      lines.append("\(app.name):")
      let user = app.userVocabulary()
      if user.isEmpty {
        lines.append("  user vocabulary: none")
      } else {
        lines.append("  user vocabulary (most important first):")
        for type in UserVocabulary.userTypes where !user.strings(of: type).isEmpty {
          let strings = user.strings(of: type)
          lines.append("    \(type.rawValue): " + strings.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + (strings.count > 12 ? ", … (\(strings.count))" : ""))
        }
      }
      var byType: [VocabularyType: [String]] = [:]
      var order: [VocabularyType] = []
      for term in app.vocabulary() {
        if byType[term.type] == nil { order.append(term.type) }
        byType[term.type, default: []].append(term.phrases.first ?? term.value)
      }
      for type in order {
        let names = byType[type] ?? []
        let sample = names.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        lines.append("  \(type.rawValue): \(names.count == 1 ? sample : "\(names.count), e.g. \(sample)")")
      }
    }
    return lines
  }
}
