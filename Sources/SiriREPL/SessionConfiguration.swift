import Foundation
import SiriIntents
import UtteranceParsing

/// Everything that shapes a session, gathered from the command line.
public struct SessionConfiguration: Sendable, Equatable {
  /// The folder holding one sub-folder per locale (`Grammars/`).
  public var grammarsDirectory: String
  public var locale: String = "en-US"
  public var device: Device = .phone
  public var trace: Bool = false
  public var json: Bool = false
  /// Where the app-group store lives; `nil` keeps nothing (ephemeral).
  public var dataDirectory: String?
  /// App definition files to install (`--app FILE`, a transcript's `# app: FILE`
  /// header), after the sample apps; one with a sample app's name replaces it.
  public var appFiles: [String] = []
  /// Whether the sample apps (AudioCast, Deezer, Chapters, Tuner, Ascent) are installed;
  /// `--no-sample-apps` leaves them out.
  public var includesSampleApps = true
  /// The folder relative app files (``appFiles``, `:app load`) are in: a transcript's
  /// own folder when one is replayed; the current folder when `nil`. Messages name files
  /// as they are written, so transcripts read the same on every machine.
  public var baseDirectory: String?
  /// Where checked catalogs of real size are kept between runs (see `AppCache`); `nil`
  /// reads every app file in full each time (tests, transcripts).
  public var appCacheDirectory: String?
  /// Where compiled grammars are kept between runs (see `GrammarCache`); `nil` compiles
  /// the grammar from its files every time.
  public var grammarCacheDirectory: String?
  /// Whether the store's saves wait for the disk (see `AppGroupStore.open`); a replay
  /// in a throwaway folder doesn't need them to.
  public var durableStore = true
  /// Whether the grammar loads on one core while the responses and sample apps load on
  /// another (about 11 ms off a start-up). The fuzz targets load one after the other, on
  /// the thread that makes their session global, where LeakSanitizer's suppression of
  /// what globals hold applies (Swift's tagged enum payloads look like leaks to it).
  public var loadsInParallel = true

  public init(
    grammarsDirectory: String, locale: String = "en-US", device: Device = .phone, trace: Bool = false,
    json: Bool = false, dataDirectory: String? = nil, appFiles: [String] = [], includesSampleApps: Bool = true,
    appCacheDirectory: String? = nil, grammarCacheDirectory: String? = nil
  ) {
    self.appCacheDirectory = appCacheDirectory
    self.grammarCacheDirectory = grammarCacheDirectory
    self.grammarsDirectory = grammarsDirectory
    self.locale = locale
    self.device = device
    self.trace = trace
    self.json = json
    self.dataDirectory = dataDirectory
    self.appFiles = appFiles
    self.includesSampleApps = includesSampleApps
  }

  /// The per-user data folder: `$XDG_DATA_HOME/siri`, else `~/.local/share/siri`.
  public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
    return (base as NSString).appendingPathComponent("siri")
  }

  /// The per-user folder of compiled grammars (see `GrammarCache`), for the command line.
  public static func userGrammarCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    GrammarCache.userDefault(environment: environment).directory
  }

  /// The locale's own folder, `Grammars/en-US`.
  public var localeDirectory: String {
    (grammarsDirectory as NSString).appendingPathComponent(locale)
  }
}

/// Finds the `Grammars/` folder when `--grammars` is not given.
public enum GrammarLocator {
  /// `$SIRI_GRAMMARS`, then `Grammars/` in the current folder or any folder above it,
  /// then above the executable, then the package this binary was built from.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    executablePath: String = CommandLine.arguments.first ?? ""
  ) -> String? {
    if let configured = environment["SIRI_GRAMMARS"], !configured.isEmpty { return configured }
    let executableDirectory = URL(fileURLWithPath: executablePath).deletingLastPathComponent().path
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    for start in [currentDirectory, executableDirectory, packageRoot] {
      var directory = URL(fileURLWithPath: start).standardizedFileURL
      while true {
        let candidate = directory.appendingPathComponent("Grammars")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
          return candidate.path
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { break }
        directory = parent
      }
    }
    return nil
  }
}
