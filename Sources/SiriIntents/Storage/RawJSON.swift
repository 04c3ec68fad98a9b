/// A parsed JSON text that keeps every number and string literal exactly as written.
///
/// The store keeps values as the bytes `JSONEncoder` produced. To embed them in the
/// store file as readable JSON (rather than base64) and get the very same bytes back
/// on load, the file layer only ever changes whitespace: it parses a value into this
/// tree, pretty-prints it into the file, and prints it compactly again when reading.
/// Numbers are never converted to `Double` and strings are never re-escaped, so
/// `0.1`, `1e-7` or `"\u00e9"` survive unchanged.
enum RawJSON: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number literal, as written (already validated).
  case number(String)
  /// The contents of a string literal between its quotes, escapes left as written.
  case string(String)
  case array([RawJSON])
  case object([Member])

  /// One `"key": value` pair of an object; `key` is escaped, as written.
  struct Member: Equatable, Sendable {
    var key: String
    var value: RawJSON
  }

  /// A string value made from a Swift string (escaping it).
  static func text(_ string: String) -> RawJSON {
    .string(escape(string))
  }

  /// An object from members whose keys are Swift strings, sorted by key.
  static func sortedObject(_ members: [(String, RawJSON)]) -> RawJSON {
    .object(
      members
        .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        .map { Member(key: escape($0.0), value: $0.1) }
    )
  }

  // MARK: - Parsing

  /// A syntax error, with a human-readable position.
  struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int

    var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Parses one JSON text (any value at the top level, surrounded by optional whitespace).
  static func parse<Bytes: Collection<UInt8>>(_ input: Bytes) throws(SyntaxError) -> RawJSON {
    let bytes = Array(input)
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw SyntaxError(message: "the text is not valid UTF-8", line: 1, column: 1)
    }
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    static let maximumDepth = 512

    func error(_ message: String) -> SyntaxError {
      var line = 1
      var column = 1
      for byte in bytes[..<min(index, bytes.count)] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return SyntaxError(message: message, line: line, column: column)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      }
    }

    mutating func expect(_ literal: String) throws(SyntaxError) {
      for byte in literal.utf8 {
        guard current == byte else { throw error("expected '\(literal)'") }
        index += 1
      }
    }

    mutating func parseValue(depth: Int) throws(SyntaxError) -> RawJSON {
      guard depth < Self.maximumDepth else { throw error("values are nested too deeply") }
      guard let byte = current else { throw error("unexpected end of the text") }
      switch byte {
      case UInt8(ascii: "{"): return try parseObject(depth: depth)
      case UInt8(ascii: "["): return try parseArray(depth: depth)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return .number(try parseNumber())
      default:
        throw error("unexpected character")
      }
    }

    mutating func parseObject(depth: Int) throws(SyntaxError) -> RawJSON {
      index += 1
      var members: [Member] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
        let key = try parseString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        index += 1
        skipWhitespace()
        let value = try parseValue(depth: depth + 1)
        members.append(Member(key: key, value: value))
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return .object(members)
        default: throw error("expected ',' or '}' in an object")
        }
      }
    }

    mutating func parseArray(depth: Int) throws(SyntaxError) -> RawJSON {
      index += 1
      var elements: [RawJSON] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try parseValue(depth: depth + 1))
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .array(elements)
        default: throw error("expected ',' or ']' in an array")
        }
      }
    }

    /// Returns the raw contents between the quotes, after validating the escapes.
    mutating func parseString() throws(SyntaxError) -> String {
      index += 1
      let start = index
      while true {
        guard let byte = current else { throw error("unterminated string") }
        switch byte {
        case UInt8(ascii: "\""):
          let raw = String(decoding: bytes[start..<index], as: UTF8.self)
          index += 1
          return raw
        case UInt8(ascii: "\\"):
          index += 1
          guard let escaped = current else { throw error("unterminated string") }
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
          case UInt8(ascii: "u"):
            index += 1
            for _ in 0..<4 {
              guard let digit = current, Self.hexValue(digit) != nil else { throw error("bad \\u escape") }
              index += 1
            }
          default:
            throw error("bad escape in a string")
          }
        case 0..<0x20:
          throw error("control character in a string")
        default:
          index += 1
        }
      }
    }

    mutating func parseNumber() throws(SyntaxError) -> String {
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      guard let first = current, Self.isDigit(first) else { throw error("bad number") }
      index += 1
      if first != UInt8(ascii: "0") {
        while let byte = current, Self.isDigit(byte) { index += 1 }
      }
      if current == UInt8(ascii: ".") {
        index += 1
        guard let byte = current, Self.isDigit(byte) else { throw error("bad number: expected a digit after '.'") }
        while let byte = current, Self.isDigit(byte) { index += 1 }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard let byte = current, Self.isDigit(byte) else { throw error("bad number: expected an exponent") }
        while let byte = current, Self.isDigit(byte) { index += 1 }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
      byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
  }

  // MARK: - Strings

  /// Escapes `string` for use between quotes.
  static func escape(_ string: String) -> String {
    var result = ""
    result.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The string an escaped literal stands for; `nil` for a lone surrogate escape.
  static func unescape(_ raw: String) -> String? {
    guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
    var result = String.UnicodeScalarView()
    var scalars = Array(raw.unicodeScalars)[...]
    func hex4() -> UInt32? {
      guard scalars.count >= 4 else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let scalar = scalars.removeFirst()
        guard scalar.isASCII, let digit = Parser.hexValue(UInt8(scalar.value)) else { return nil }
        value = value * 16 + digit
      }
      return value
    }
    while let scalar = scalars.popFirst() {
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard let escaped = scalars.popFirst() else { return nil }
      switch escaped {
      case "b": result.append("\u{08}")
      case "f": result.append("\u{0C}")
      case "n": result.append("\n")
      case "r": result.append("\r")
      case "t": result.append("\t")
      case "u":
        guard let unit = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(unit) {
          guard scalars.popFirst() == "\\", scalars.popFirst() == "u", let low = hex4(),
            (0xDC00..<0xE000).contains(low),
            let combined = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          else { return nil }
          result.append(combined)
        } else {
          guard let decoded = Unicode.Scalar(unit) else { return nil }
          result.append(decoded)
        }
      default: result.append(escaped)
      }
    }
    return String(result)
  }

  /// The value of a string literal, or `nil` when this is not a (well-formed) string.
  var stringValue: String? {
    if case .string(let raw) = self { RawJSON.unescape(raw) } else { nil }
  }

  // MARK: - Printing

  /// The value without any insignificant whitespace (how `JSONEncoder` writes it).
  var compact: String {
    var output = ""
    writeCompact(to: &output)
    return output
  }

  /// The value with one member or element per line, indented by two spaces.
  func pretty(indent: Int = 0) -> String {
    var output = ""
    writePretty(to: &output, indent: indent)
    return output
  }

  private func writeCompact(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let literal): output += literal
    case .string(let raw): output += "\"" + raw + "\""
    case .array(let elements):
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        element.writeCompact(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (offset, member) in members.enumerated() {
        if offset > 0 { output += "," }
        output += "\"" + member.key + "\":"
        member.value.writeCompact(to: &output)
      }
      output += "}"
    }
  }

  private func writePretty(to output: inout String, indent: Int) {
    let inner = String(repeating: " ", count: indent + 2)
    switch self {
    case .array(let elements) where !elements.isEmpty:
      output += "[\n"
      for (offset, element) in elements.enumerated() {
        output += inner
        element.writePretty(to: &output, indent: indent + 2)
        output += offset == elements.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: " ", count: indent) + "]"
    case .object(let members) where !members.isEmpty:
      output += "{\n"
      for (offset, member) in members.enumerated() {
        output += inner + "\"" + member.key + "\" : "
        member.value.writePretty(to: &output, indent: indent + 2)
        output += offset == members.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    default:
      writeCompact(to: &output)
    }
  }
}
