import Foundation

/// One-line messages for what Foundation's JSON coders reject, for files people may
/// edit by hand (the app-group store, app definitions):
///
/// - a syntax error says where: `line 3, column 7: unexpected character '2'`;
/// - a value of the wrong kind, a missing key or a wrong value says which:
///   `values["simulator.clock"].elapsed: expected a number, found a string`.
///
/// Key paths join plain keys with `.`, and write other keys as `["a key"]` and array
/// elements as `[3]`; the document itself is `top level`.
///
/// On Linux, `JSONDecoder` reports any syntax error as just "The given data was not
/// valid JSON.", with no position and no underlying error (swift-foundation keeps its
/// located error only inside Apple's frameworks). So the position comes from Apple's
/// underlying error when there is one ("… around line N, column M."), and otherwise from
/// parsing the text again with `JSONSerialization`, whose errors give a byte offset.
public enum JSONDiagnostics {
  /// A one-line description of `error`, thrown while decoding `data` (usually by
  /// `JSONDecoder`; other errors are described as they describe themselves).
  public static func describe(_ error: any Error, in data: Data) -> String {
    guard let error = error as? DecodingError else {
      return isSyntaxError(error) ? syntaxError(underlying: error, in: data) : "\(error)"
    }
    switch error {
    case .dataCorrupted(let context) where isSyntaxError(error):
      return syntaxError(underlying: context.underlyingError, in: data)
    case .dataCorrupted(let context):
      return "\(path(context.codingPath)): \(sentence(context.debugDescription))"
    case .typeMismatch(let type, let context):
      let found = context.debugDescription.firstMatch(of: Patterns.butFound).map { ", found \(kind(found: String($0.1)))" }
      return "\(path(context.codingPath)): expected \(kind(of: type))\(found ?? "")"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): expected \(kind(of: type)), found null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): required, but missing"
    @unknown default:
      return "\(error)"
    }
  }

  /// Whether `error` says the text isn't JSON at all (rather than not what was expected).
  ///
  /// On Linux that includes a number that doesn't fit the type it is decoded as:
  /// `JSONDecoder` reports it the same way.
  public static func isSyntaxError(_ error: any Error) -> Bool {
    if case .dataCorrupted(let context) = error as? DecodingError {
      return context.codingPath.isEmpty && context.debugDescription.contains("not valid JSON")
    }
    let nsError = error as NSError
    return nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.propertyListReadCorrupt.rawValue
  }

  /// Throws if an object in `data` has the same key twice: `JSONDecoder` keeps one of
  /// them and drops the others without a word.
  ///
  /// Keys are compared as Swift strings, as `JSONDecoder` compares them (so `"\u00e9"`,
  /// `"é"` and `"e\u0301"` are one key). Call it on UTF-8 text `JSONDecoder` accepted;
  /// on other text it returns all the same, but what it finds is unspecified.
  /// - Throws: `DecodingError.dataCorrupted`, whose coding path leads to the object, e.g.
  ///   described as `values: the key "a" appears twice (line 4, column 5)`.
  public static func checkForDuplicateKeys(in data: Data) throws(DecodingError) {
    if let duplicate = JSONShape.scan(data)?.duplicate { throw duplicateKeyError(duplicate, in: data) }
  }

  static func duplicateKeyError(_ duplicate: JSONShape.Duplicate, in data: Data) -> DecodingError {
    let (line, column) = position(ofByteOffset: duplicate.offset, in: data)
    return .dataCorrupted(
      DecodingError.Context(
        codingPath: duplicate.path,
        debugDescription: "the key \(quoted(duplicate.key)) appears twice (line \(line), column \(column))"))
  }

  // MARK: - Syntax errors

  /// "line L, column C: what", from Apple's underlying error or from `JSONSerialization`.
  static func syntaxError(underlying: (any Error)?, in data: Data) -> String {
    if let text = underlying.map(debugText), let located = locatedByLineAndColumn(text) { return located }
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let text = debugText(error)
      if let located = locatedByLineAndColumn(text) { return located }
      return locatedByOffset(text, in: data)
    }
    // JSONSerialization accepts what JSONDecoder refused: on Linux that is a number
    // that doesn't fit the type it is read as.
    return "a number is out of range, or has a fraction where a whole number is expected "
      + "(Foundation doesn't say where)"
  }

  /// The patterns of Foundation's messages, built once: a regex literal is parsed
  /// again each time it is evaluated, which cost a millisecond per message. `Regex` is
  /// not marked `Sendable` (its output type is generic) but is immutable once made; the
  /// program it compiles lazily is published atomically by the regex library.
  enum Patterns {
    nonisolated(unsafe) static let lineAndColumn = /\s*(?:around|at) line (\d+),? column (\d+)\.?/
    nonisolated(unsafe) static let characterOffset = /\s*(?:(?:around|starting from) character|at) (\d+)\.?$/
    nonisolated(unsafe) static let numberOutOfRange = /^Number (.+) is not representable in Swift\.?$/
    nonisolated(unsafe) static let butFound = /but found (.+?) instead/
    nonisolated(unsafe) static let surrogateEscape = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}(\\u[dD][c-fC-F][0-9a-fA-F]{2})?/
  }

  /// Apple's messages: "Unexpected character 'x' around line 1, column 10."
  static func locatedByLineAndColumn(_ text: String) -> String? {
    guard let match = text.firstMatch(of: Patterns.lineAndColumn) else { return nil }
    let what = text.replacingCharacters(in: match.range, with: "")
    return "line \(match.1), column \(match.2): \(sentence(what))"
  }

  /// swift-corelibs-foundation's messages: "Invalid value around character 19.",
  /// "Unexpected end of file during JSON parse.", "Number 1e999 is not representable in Swift."
  static func locatedByOffset(_ text: String, in data: Data) -> String {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let skipped = data.starts(with: bom) ? bom.count : 0
    // For UTF-16 or UTF-32 text the offsets count converted bytes: give no position.
    let isUTF8 = !data.prefix(4).contains(0) && !data.starts(with: [0xFE, 0xFF]) && !data.starts(with: [0xFF, 0xFE])
    var offset: Int?
    var what: String
    if let match = text.firstMatch(of: Patterns.characterOffset) {
      offset = Int(match.1).map { $0 + skipped }
      what = String(text[..<match.range.lowerBound])
    } else if text.contains("surrogate") || text.contains("no high character") {
      offset = firstLoneSurrogate(in: data)
      what = "a \\u escape is half of a surrogate pair"
    } else if text.hasPrefix("Unexpected end of file") {
      offset = data.count
      what = "unexpected end of the text"
    } else if let match = text.firstMatch(of: Patterns.numberOutOfRange) {
      offset = data.firstRange(of: Data(match.1.utf8)).map { $0.lowerBound - data.startIndex }
      what = "the number \(match.1) is out of range"
    } else {
      what = text
    }
    // These two say one past the place.
    if text.hasPrefix("Too many nested") || text.hasPrefix("Number with leading zero") { offset = offset.map { $0 - 1 } }
    what = friendlier(what, at: offset, in: data)
    guard isUTF8 else { return sentence(what) + " (the text starts like UTF-16 or UTF-32)" }
    guard let offset else { return sentence(what) }
    let (line, column) = position(ofByteOffset: offset, in: data)
    return "line \(line), column \(column): \(sentence(what))"
  }

  static func friendlier(_ what: String, at offset: Int?, in data: Data) -> String {
    if what.hasPrefix("Invalid value"), let offset {
      guard offset < data.count else { return "unexpected end of the text" }
      let byte = data[data.startIndex + offset]
      if byte >= 0x21 && byte < 0x7F { return "unexpected character '\(Character(Unicode.Scalar(byte)))'" }
      if byte < 0x80 { return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))" }
      let start = data.startIndex + offset
      for length in 2...4 where start + length <= data.endIndex {
        if let text = String(validating: data[start..<(start + length)], as: UTF8.self) {
          return "unexpected character '\(text)'"
        }
      }
      return "the text is not valid UTF-8"
    }
    let replacements: [(prefix: String, text: String)] = [
      ("Unescaped control character", "a control character in a string must be escaped"),
      ("Invalid UTF-8 sequence", "the string that starts here is not valid UTF-8"),
      ("Invalid hex encoded sequence", "bad \\u escape in a string"),
      ("Invalid escape sequence", "bad escape in a string"),
      ("Number with leading zero", "a number can't start with 0"),
      ("Too many nested arrays or dictionaries", "arrays and objects are nested too deeply"),
      ("Cannot convert input string", "the text is not in a Unicode encoding"),
    ]
    return replacements.first { what.hasPrefix($0.prefix) }?.text ?? what
  }

  /// The byte offset of the first `\uD800`–`\uDFFF` escape that isn't half of a pair.
  static func firstLoneSurrogate(in data: Data) -> Int? {
    let text = String(decoding: data, as: UTF8.self)
    for match in text.matches(of: Patterns.surrogateEscape) {
      let isPair = match.1 != nil && "89abAB".contains(match.0.dropFirst(3).first ?? " ")
      if !isPair { return text.utf8.distance(from: text.startIndex, to: match.range.lowerBound) }
    }
    return nil
  }

  /// The 1-based line and column (in characters) of the byte at `offset`; a leading
  /// byte-order mark isn't counted, and CR LF is one line break.
  static func position(ofByteOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var previous: UInt8 = 0
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let start = data.starts(with: bom) ? bom.count : 0
    for (index, byte) in data.enumerated() where index >= start {
      guard index < offset else { break }
      switch byte {
      case UInt8(ascii: "\n") where previous == UInt8(ascii: "\r"): break
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        line += 1
        column = 1
      default:
        if byte & 0xC0 != 0x80 { column += 1 }
      }
      previous = byte
    }
    return (line, column)
  }

  // MARK: - Paths and kinds

  /// A coding path as `values["simulator.clock"].elapsed[2]`; `top level` when empty.
  public static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
        text += "[\(index)]"
      } else if !key.stringValue.isEmpty,
        key.stringValue.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" })
      {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      } else {
        text += "[\(quoted(key.stringValue))]"
      }
    }
    return text.isEmpty ? "top level" : text
  }

  /// What a value of `type` looks like in JSON.
  static func kind(of type: Any.Type) -> String {
    var name = "\(type)"
    while name.hasPrefix("Optional<"), name.hasSuffix(">") { name = String(name.dropFirst(9).dropLast()) }
    switch name {
    case "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128":
      return "a whole number"
    case "Double", "Float", "Float16", "Float80", "CGFloat", "Decimal": return "a number"
    case "String", "Substring", "Character", "URL", "UUID": return "a string"
    case "Bool": return "true or false"
    default:
      if name.hasPrefix("Dictionary<") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
      if name.hasPrefix("Array<") || name.hasPrefix("Set<") || name.hasPrefix("ContiguousArray<")
        || name.contains("UnkeyedDecodingContainer")
      {
        return "an array"
      }
      return "a value of type \(name)"
    }
  }

  /// Foundation's words for what it found ("a dictionary", "number", "bool") in JSON's.
  static func kind(found: String) -> String {
    switch found {
    case "a dictionary", "dictionary": "an object"
    case "number", "a number": "a number"
    case "bool", "a bool": "true or false"
    default: found
    }
  }

  /// `text` without a capital first letter or a final period, to follow a colon.
  static func sentence(_ text: String) -> String {
    var text = text.trimmingCharacters(in: .whitespaces)
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true else { return text }
    return first.lowercased() + text.dropFirst()
  }

  static func debugText(_ error: any Error) -> String {
    let nsError = error as NSError
    return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
  }

  /// A key in double quotes, with quotes, backslashes and control characters escaped.
  static func quoted(_ key: String) -> String {
    var text = "\""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text += "\\u{\(String(scalar.value, radix: 16))}"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// A key in a coding path built here.
  struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(index: Int) {
      stringValue = "Index \(index)"
      intValue = index
    }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
  }
}
