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
      .map { withoutTrailingWhitespace(Substring($0)) }
      .filter { !$0.isEmpty }
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

  /// ``load(path:)``'s transcript or error, to be used more than once (a run reads each
  /// file once, for its header and for its replay).
  static func loaded(path: String) -> Result<Transcript, TranscriptError> {
    Result { () throws(TranscriptError) in try load(path: path) }
  }

  /// Every `*.transcript` file in `directory` and the folders in it, sorted by path.
  public static func all(in directory: String) throws -> [Transcript] {
    try files(in: directory).map { try load(path: $0) }
  }

  /// The paths of every `*.transcript` file in `directory` and the folders in it
  /// (hidden ones, like `.git` or `.build`, left out), sorted, each as `directory`
  /// joined with its path inside it.
  public static func files(in directory: String) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
      throw TranscriptError(path: directory, message: "cannot read the folder")
    }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        enumerator.skipDescendants()
        continue
      }
      guard name.hasSuffix(".transcript") else { continue }
      let path = (directory as NSString).appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The transcript files `paths` name, in order: a file as it is (whatever its name),
  /// a folder as ``files(in:)`` finds them. A file named twice is taken once.
  /// - Throws: ``TranscriptError`` for a path that does not exist.
  public static func files(at paths: [String]) throws -> [String] {
    var result: [String] = []
    var seen = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw TranscriptError(path: path, message: "no such file or folder")
      }
      let files = isDirectory.boolValue ? try Self.files(in: path) : [path]
      for file in files where seen.insert((file as NSString).standardizingPath).inserted {
        result.append(file)
      }
    }
    return result
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
