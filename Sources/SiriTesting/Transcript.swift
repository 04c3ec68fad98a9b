import Foundation
import SiriREPL

/// A golden transcript: what the user says (`> …` lines, meta-commands included) and
/// exactly what the simulator prints back. Lines starting with `#` are comments.
///
/// ```
/// # The newest episode of a show, with the trace on.
/// > :trace on
/// Trace is on.
/// > play the latest episode of stuff you should know on audiocast
///   · parse: PlayMedia score 0.93 …
/// Siri: Here's "Lighthouses: Beacons of the Coast" from Stuff You Should Know, on AudioCast.
/// ```
public struct Transcript: Sendable, Equatable {
  public var name: String
  public var path: String
  public var text: String

  public init(name: String, path: String, text: String) {
    self.name = name
    self.path = path
    self.text = text
  }

  /// The lines fed to the session when replaying: every `> ` input and every comment.
  public var inputLines: [String] {
    lines.compactMap { line in
      if line.hasPrefix("> ") { return String(line.dropFirst(2)) }
      if line.hasPrefix("#") { return line }
      return nil
    }
  }

  /// The file's lines, without trailing whitespace and without trailing empty lines.
  public var lines: [String] {
    Self.normalizedLines(text)
  }

  static func normalizedLines(_ text: String) -> [String] {
    TextFile.lines(text)
      .map { line in
        var line = Substring(line)
        while let last = line.last, last.isWhitespace { line.removeLast() }
        return String(line)
      }
      .filter { !$0.isEmpty }
  }

  /// Reads the transcript at `path` (a byte order mark and Windows line endings are
  /// fine; text that is not UTF-8 is an error naming the line).
  public static func load(path: String) throws(TranscriptError) -> Transcript {
    guard let data = FileManager.default.contents(atPath: path) else { throw TranscriptError(path: path, message: "cannot read the file") }
    let text: String
    do {
      text = try TextFile.strictText(data)
    } catch {
      throw TranscriptError(path: path, line: error.line, column: error.column, message: error.reason)
    }
    let name = (path as NSString).lastPathComponent
    return Transcript(
      name: name.hasSuffix(".transcript") ? String(name.dropLast(".transcript".count)) : name, path: path, text: text)
  }

  /// Every `*.transcript` file in `directory`, sorted by name.
  public static func all(in directory: String) throws -> [Transcript] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".transcript") }
      .sorted()
    return try names.map { name in
      try load(path: (directory as NSString).appendingPathComponent(name))
    }
  }
}

/// A transcript file that can't be used, with where: `path:line:column: error: message`.
public struct TranscriptError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    "\(path)\(line.map { ":\($0)" } ?? "")\(column.map { ":\($0)" } ?? ""): error: \(message)"
  }
}

extension Transcript: CustomStringConvertible {
  public var description: String { name }
}
