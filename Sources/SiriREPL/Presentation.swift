import Foundation
import UtteranceParsing

/// How printed lines look on a terminal: colours for Siri's lines, the trace, app
/// screens and echoed input. Only presentation: transcripts and JSON never get colours.
public struct LineStyler: Sendable {
  public var colors: Bool

  public init(colors: Bool) {
    self.colors = colors
  }

  public func style(_ line: String) -> String {
    guard colors else { return line }
    if line.hasPrefix("Siri: ") { return "\u{1B}[1;36mSiri:\u{1B}[0m " + line.dropFirst(6) }
    if line.hasPrefix("  · ") { return "\u{1B}[2m\(line)\u{1B}[0m" }
    if line.hasPrefix("  [") { return "\u{1B}[32m\(line)\u{1B}[0m" }
    if line.hasPrefix("> ") { return "\u{1B}[1m\(line)\u{1B}[0m" }
    if line.hasPrefix("#") { return "\u{1B}[2m\(line)\u{1B}[0m" }
    return line
  }
}

/// Reads Siri's lines aloud with espeak-ng (`--speak`), for presenters.
public struct Speaker: Sendable {
  /// The espeak-ng executable.
  public let executable: String

  /// A speaker when espeak-ng is on the PATH, else `nil`.
  public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/espeak-ng"
      if FileManager.default.isExecutableFile(atPath: candidate) {
        executable = candidate
        return
      }
    }
    return nil
  }

  /// The line to show when `--speak` is asked for and espeak-ng is missing.
  public static let unavailableMessage =
    "siri: --speak needs espeak-ng (on Debian: apt-get install espeak-ng); going on without speech."

  /// Speaks `text` and waits until it has been said. Failures are silent: speech is
  /// a nicety, never a reason to stop the demo.
  public func speak(_ text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = Self.arguments(for: text)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      return
    }
  }

  /// espeak-ng's arguments for `text`: its Mandarin voice (`cmn`) for Chinese text, the
  /// default voice for the rest (the line itself says which language Siri speaks, after
  /// `:locale` too).
  public static func arguments(for text: String) -> [String] {
    let chinese = text.unicodeScalars.contains(where: Tokenizer.isIdeographic)
    return (chinese ? ["-v", "cmn"] : []) + ["--", text]
  }

  /// What to say for a printed line: Siri's words without the prefix, else nothing.
  public static func speech(in line: String) -> String? {
    line.hasPrefix("Siri: ") ? String(line.dropFirst(6)) : nil
  }
}
