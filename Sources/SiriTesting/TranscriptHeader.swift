import Foundation
import SiriREPL

/// What a transcript's first comment lines ask of the session it replays in:
///
/// ```
/// # Harbor's playlists.
/// # app: ../harbor.json
/// # no-sample-apps
/// > play my road trip playlist on Harbor
/// ```
///
/// - `# locale: LOCALE` replays it in that locale (`zh-CN`); en-US without one.
/// - `# app: FILE` installs the app definition in FILE (relative to the transcript's
///   folder, or absolute); there may be several.
/// - `# no-sample-apps` leaves out the sample apps (AudioCast, Deezer, …).
///
/// Only comment lines before the first `> ` line count. They stay ordinary comments:
/// they replay, and are recorded, as they are.
public struct TranscriptHeader: Sendable, Equatable {
  /// An app file the header names.
  public struct AppFile: Sendable, Equatable {
    /// As written after `# app:`.
    public var name: String
    /// Where it is: `name` when absolute, else in the transcript's folder.
    public var path: String
    /// The header line that names it (1-based).
    public var line: Int

    public init(name: String, path: String, line: Int) {
      self.name = name
      self.path = path
      self.line = line
    }
  }

  public var appFiles: [AppFile] = []
  public var includesSampleApps = true
  /// The locale `# locale:` names, as written; `nil` without one (en-US).
  public var locale: String?
  /// The line of `# locale:` (1-based), 0 without one.
  public var localeLine = 0

  public init(appFiles: [AppFile] = [], includesSampleApps: Bool = true, locale: String? = nil) {
    self.appFiles = appFiles
    self.includesSampleApps = includesSampleApps
    self.locale = locale
  }

  /// The locale the transcript replays in.
  public var effectiveLocale: String { locale ?? GrammarLocales.fallback }

  /// Reads the header of the transcript whose text is `text` and whose file is at
  /// `transcriptPath`.
  /// - Throws: ``TranscriptError`` for a `# app:` line that names no file.
  public static func parse(_ text: String, transcriptPath: String) throws(TranscriptError) -> TranscriptHeader {
    let folder = (transcriptPath as NSString).deletingLastPathComponent
    var header = TranscriptHeader()
    for (index, rawLine) in TextFile.lines(text).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix(">") { break }
      guard line.hasPrefix("#") else { continue }
      let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
      if body == "no-sample-apps" {
        header.includesSampleApps = false
      } else if body.hasPrefix("locale:") {
        let name = body.dropFirst("locale:".count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, header.locale == nil else {
          let problem = name.isEmpty ? "'# locale:' names no locale (# locale: zh-CN)" : "a second '# locale:' line; a transcript has one locale"
          throw TranscriptError(path: transcriptPath, line: index + 1, message: problem)
        }
        header.locale = name
        header.localeLine = index + 1
      } else if body.hasPrefix("app:") {
        let name = body.dropFirst("app:".count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
          throw TranscriptError(path: transcriptPath, line: index + 1, message: "'# app:' names no file (# app: FILE)")
        }
        let path = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
        header.appFiles.append(AppFile(name: name, path: path, line: index + 1))
      }
    }
    return header
  }

  /// Checks that the grammars folder has the locale the header names.
  /// - Throws: ``TranscriptError`` at the `# locale:` line, listing the locales there are.
  public func checkLocale(grammarsDirectory: String, transcriptPath: String) throws(TranscriptError) {
    guard let locale else { return }
    let available = GrammarLocales.available(in: grammarsDirectory)
    guard GrammarLocales.match(locale, in: available) == nil else { return }
    throw TranscriptError(path: transcriptPath, line: localeLine, message: GrammarLocales.unknownMessage(locale, available: available))
  }

  /// Checks that every app file is there.
  /// - Throws: ``TranscriptError`` at the line of the first one that is missing.
  public func checkAppFiles(transcriptPath: String) throws(TranscriptError) {
    for file in appFiles {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        continue
      }
      let looked = file.path == file.name ? "" : " (looked for \(file.path))"
      let what = isDirectory.boolValue ? "is a folder, not an app file" : "not found"
      throw TranscriptError(path: transcriptPath, line: file.line, message: "app file '\(file.name)' \(what)\(looked)")
    }
  }

  /// `configuration` with this header's locale, app files and sample apps; relative
  /// files (there and in `:app load`) are found in `transcriptFolder`, and named as
  /// written. A locale is taken as the grammars folder spells it (`zh_cn` → `zh-CN`).
  public func applied(to configuration: SessionConfiguration, transcriptFolder: String) -> SessionConfiguration {
    var configuration = configuration
    if let locale {
      configuration.locale = GrammarLocales.match(locale, in: GrammarLocales.available(in: configuration.grammarsDirectory)) ?? locale
    }
    configuration.appFiles += appFiles.map(\.name)
    configuration.baseDirectory = transcriptFolder
    configuration.includesSampleApps = configuration.includesSampleApps && includesSampleApps
    return configuration
  }
}

extension Transcript {
  /// The transcript's header (see ``TranscriptHeader``).
  public func header() throws(TranscriptError) -> TranscriptHeader {
    try TranscriptHeader.parse(text, transcriptPath: path)
  }
}
