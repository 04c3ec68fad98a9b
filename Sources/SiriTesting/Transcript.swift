import Foundation

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
    // "\r\r\n" leaves a "\r\n" after the replacement, one Character that is not "\n".
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map(withoutTrailingWhitespace)
      .filter { !$0.isEmpty }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// `line` without the white space (Unicode's White_Space, as the regular expression `\s`)
  /// at its end, in one pass from the end. The regular expression `\s+$` this replaces took
  /// quadratic time on spaces inside a long line, and left a line alone once the run was
  /// longer than its backtracking stack.
  static func withoutTrailingWhitespace(_ line: Substring) -> String {
    let scalars = line.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex {
      let previous = scalars.index(before: end)
      guard scalars[previous].properties.isWhitespace else { break }
      end = previous
    }
    return String(scalars[..<end])
  }

  /// Every `*.transcript` file in `directory`, sorted by name.
  public static func all(in directory: String) throws -> [Transcript] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".transcript") }
      .sorted()
    return try names.map { name in
      let path = (directory as NSString).appendingPathComponent(name)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return Transcript(name: String(name.dropLast(".transcript".count)), path: path, text: text)
    }
  }
}

extension Transcript: CustomStringConvertible {
  public var description: String { name }
}
