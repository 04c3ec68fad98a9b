import Foundation
import AppLoading

/// The locales a grammars folder holds, and the one a name or the user's environment
/// stands for.
///
/// A locale is a sub-folder of `Grammars/` with at least one `*.grammar` file
/// (`en-US/`, `zh-CN/`). Names are matched as people write them: `zh-CN`, `zh_CN`,
/// `zh-cn` and the POSIX `zh_CN.UTF-8` all name `zh-CN`.
public enum GrammarLocales {
  /// The locale every grammars folder of this package has, and the one a session gets
  /// when nothing asks for another.
  public static let fallback = "en-US"

  /// The locales of `grammarsDirectory`, sorted; empty when it can't be read.
  public static func available(in grammarsDirectory: String) -> [String] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: grammarsDirectory) else { return [] }
    return names.filter { name in
      guard !name.hasPrefix(".") else { return false }
      let folder = (grammarsDirectory as NSString).appendingPathComponent(name)
      let files = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
      return files.contains { $0.hasSuffix(".grammar") }
    }.sorted()
  }

  /// The locale of `available` that `name` stands for, ignoring case, `_` for `-`, and
  /// a POSIX encoding or modifier (`.UTF-8`, `@euro`); `nil` when there is none.
  public static func match(_ name: String, in available: [String]) -> String? {
    let key = normalized(name)
    guard !key.isEmpty else { return nil }
    return available.first { normalized($0) == key }
  }

  /// The locale the environment asks for, when `available` has it: the first of
  /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (POSIX's order for messages) decides;
  /// otherwise ``fallback``. `C` and `POSIX` ask for no language in particular.
  public static func fromEnvironment(_ environment: [String: String], available: [String]) -> String {
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      return match(value, in: available) ?? fallback
    }
    return fallback
  }

  /// The locale a command line asks for: `asked` (`--locale`) as the folder spells it,
  /// or, when it asks for none, the one the environment names (see
  /// ``fromEnvironment(_:available:)``).
  /// - Throws: ``UnknownLocale`` when the folder has no grammar for `asked`.
  public static func chosen(
    _ asked: String?, grammarsDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UnknownLocale) -> String {
    let available = available(in: grammarsDirectory)
    guard let asked else { return fromEnvironment(environment, available: available) }
    guard let locale = match(asked, in: available) else { throw UnknownLocale(name: asked, available: available) }
    return locale
  }

  /// `zh_CN.UTF-8@pinyin` → `zh-cn`.
  static func normalized(_ name: String) -> String {
    AppBlueprint.localeKey(name)
  }

  /// The message for a locale that is not among `available`.
  public static func unknownMessage(_ name: String, available: [String]) -> String {
    let list = available.isEmpty ? "none" : available.joined(separator: ", ")
    return "no grammar for the locale '\(Session.shown(name, limit: 40))' (available: \(list))"
  }
}

/// A locale asked for that the grammars folder has no grammar for.
public struct UnknownLocale: Error, Sendable, Equatable, CustomStringConvertible {
  public var name: String
  public var available: [String]

  public init(name: String, available: [String]) {
    self.name = name
    self.available = available
  }

  public var description: String {
    "error: " + GrammarLocales.unknownMessage(name, available: available)
  }
}
