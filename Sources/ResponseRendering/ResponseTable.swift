import Foundation

/// A locale's wording: response keys and their templates, read from
/// `Grammars/<locale>/responses.strings`.
///
/// The file is `key = template` lines; `#` starts a comment. In a template,
/// `{name}` inserts an argument (a list is joined the locale's way, "A, B or C";
/// `{name|and}` joins with "and"), and `[ … ]` is a part said only when every
/// argument inside it has a value. `\{`, `\[` and `\\` stand for themselves.
public struct ResponseTable: Sendable, Equatable {
  public let locale: String
  private(set) var templates: [String: Template]

  /// Parses `text` (the content of `path`). Errors carry `path:line:column`.
  public init(locale: String, path: String, text: String) throws(ResponseTableError) {
    self.locale = locale
    var templates: [String: Template] = [:]
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(rawLine).trimmed { $0 == "\r" }
      let lineNumber = offset + 1
      let trimmed = line.trimmed(isSpace)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw ResponseTableError(path: path, line: lineNumber, column: line.count + 1, message: "expected '=' between the key and its template", sourceLine: line)
      }
      let key = String(line[..<equals]).trimmed(isSpace)
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else {
        throw ResponseTableError(path: path, line: lineNumber, column: 1, message: "expected a key of letters, digits, '.' and '_' before '='", sourceLine: line)
      }
      if templates[key] != nil {
        throw ResponseTableError(path: path, line: lineNumber, column: 1, message: "duplicate key '\(key)'", sourceLine: line)
      }
      let bodyStart = line.index(after: equals)
      let body = String(line[bodyStart...]).trimmed(isSpace)
      let column = line.distance(from: line.startIndex, to: bodyStart) + 1 + (line[bodyStart...].count - line[bodyStart...].drop(while: { $0 == " " }).count)
      do {
        templates[key] = try Template.parse(body)
      } catch let error as TemplateSyntaxError {
        throw ResponseTableError(path: path, line: lineNumber, column: column + error.offset, message: error.message, sourceLine: line)
      } catch {
        throw ResponseTableError(path: path, line: lineNumber, column: column, message: "\(error)", sourceLine: line)
      }
    }
    self.templates = templates
  }

  /// Reads `directory/responses.strings`; the locale is the folder's name.
  public static func load(directory: String) throws(ResponseTableError) -> ResponseTable {
    let path = (directory as NSString).appendingPathComponent("responses.strings")
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ResponseTableError(path: path, line: 0, column: 0, message: "cannot read the response table", sourceLine: "")
    }
    let locale = (directory as NSString).lastPathComponent
    return try ResponseTable(locale: locale, path: path, text: String(decoding: data, as: UTF8.self))
  }

  /// Whether the table has `key`.
  public func contains(_ key: String) -> Bool { templates[key] != nil }

  /// All keys, sorted.
  public var keys: [String] { templates.keys.sorted() }

  func template(_ key: String) -> Template? { templates[key] }
}

/// A mistake in a response table, printed compiler-style.
public struct ResponseTableError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var column: Int
  public var message: String
  public var sourceLine: String

  public var description: String {
    var text = "\(path):\(line):\(column): error: \(message)"
    if !sourceLine.isEmpty {
      text += "\n\(sourceLine)\n" + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
    return text
  }
}

struct TemplateSyntaxError: Error {
  var offset: Int
  var message: String
}

/// A parsed template: literal text, argument references and optional sections.
indirect enum Template: Sendable, Equatable {
  case text(String)
  case argument(name: String, conjunction: String?)
  case optional([Template])
  case sequence([Template])

  static func parse(_ source: String) throws -> Template {
    let characters = Array(source)
    var index = 0
    let parts = try parseSequence(characters, &index, closing: nil)
    return .sequence(parts)
  }

  private static func parseSequence(_ characters: [Character], _ index: inout Int, closing: Character?) throws -> [Template] {
    var parts: [Template] = []
    var literal = ""
    let start = index
    func flush() {
      if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
    }
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        guard index + 1 < characters.count else {
          throw TemplateSyntaxError(offset: index, message: "expected a character after '\\'")
        }
        literal.append(characters[index + 1])
        index += 2
      case "{":
        flush()
        let open = index
        index += 1
        var name = ""
        while index < characters.count, characters[index] != "}" {
          name.append(characters[index])
          index += 1
        }
        guard index < characters.count else {
          throw TemplateSyntaxError(offset: open, message: "expected '}' to close the argument opened here")
        }
        index += 1
        let pieces = name.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = pieces.first, !first.isEmpty, first.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
          throw TemplateSyntaxError(offset: open + 1, message: "expected an argument name inside '{}'")
        }
        parts.append(.argument(name: first, conjunction: pieces.count > 1 ? pieces[1] : nil))
      case "[":
        flush()
        let open = index
        index += 1
        let inner = try parseSequence(characters, &index, closing: "]")
        guard index < characters.count, characters[index] == "]" else {
          throw TemplateSyntaxError(offset: open, message: "expected ']' to close the optional part opened here")
        }
        index += 1
        parts.append(.optional(inner))
      case "]":
        if closing == "]" { flush(); return parts }
        throw TemplateSyntaxError(offset: index, message: "unexpected ']' with no '[' before it")
      case "}":
        throw TemplateSyntaxError(offset: index, message: "unexpected '}' with no '{' before it")
      default:
        literal.append(character)
        index += 1
      }
    }
    _ = start
    flush()
    return parts
  }
}

/// What `CharacterSet.whitespaces` holds: tab and the space separators (Zs).
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
  scalar == " " || scalar == "\t" || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
}

extension String {
  /// The string without the scalars `isTrimmed` accepts at either end: what
  /// `trimmingCharacters(in:)` gives, without bridging to NSString (which was 6% of
  /// start-up for the response table's few hundred lines).
  fileprivate func trimmed(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
      return ""
    }
    return String(scalars[first...last])
  }
}
