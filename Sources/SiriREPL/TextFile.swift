import Foundation

/// How `siri` reads the text files people write for it, scripts and transcripts, so
/// that both take what editors on any system save:
/// - a UTF-8 byte order mark at the start is dropped;
/// - lines end at `\n`, `\r\n` or a lone `\r`;
/// - the last line counts without a final line break (a truncated file loses nothing
///   that was written);
/// - text that is not UTF-8 is either repaired (U+FFFD, for scripts, as for standard
///   input) or reported with the line it is on (for transcripts, which must be exact).
public enum TextFile {
  /// Bytes that are not UTF-8, and where.
  public struct InvalidText: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line and column (in bytes) of the first bad byte.
    public var line: Int
    public var column: Int
    public var byte: UInt8

    public init(line: Int, column: Int, byte: UInt8) {
      self.line = line
      self.column = column
      self.byte = byte
    }

    /// What is wrong, without where.
    public var reason: String {
      "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8 text (save the file as UTF-8)"
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  /// The text of `data`, with a leading byte order mark dropped; any invalid UTF-8
  /// becomes U+FFFD.
  public static func lenientText(_ data: Data) -> String {
    String(decoding: withoutByteOrderMark(data), as: UTF8.self)
  }

  /// The text of `data`, with a leading byte order mark dropped.
  /// - Throws: ``InvalidText`` at the first byte that is not UTF-8.
  public static func strictText(_ data: Data) throws(InvalidText) -> String {
    let bytes = withoutByteOrderMark(data)
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    throw firstInvalidByte(in: Array(bytes))
  }

  /// `text` split into lines (see the type's rules); no empty last line for a final
  /// line break.
  public static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if scalar == "\n" { continue }
      }
      switch scalar {
      case "\n":
        lines.append(current)
        current = ""
      case "\r":
        lines.append(current)
        current = ""
        afterCarriageReturn = true
      default:
        current.unicodeScalars.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  static func withoutByteOrderMark(_ data: Data) -> Data {
    data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
  }

  /// Where decoding `bytes` as UTF-8 first fails.
  static func firstInvalidByte(in bytes: [UInt8]) -> InvalidText {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
        index += 1
        continue
      }
      let length = sequenceLength(bytes, at: index)
      if length == 0 {
        return InvalidText(line: line, column: index - lineStart + 1, byte: byte)
      }
      index += length
    }
    return InvalidText(line: line, column: index - lineStart + 1, byte: 0)
  }

  /// The length of the well-formed UTF-8 sequence at `index`, or 0 when there is none.
  static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    let length: Int
    switch first {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    return String(validating: bytes[index..<(index + length)], as: UTF8.self) == nil ? 0 : length
  }
}

extension Substring {
  /// The text without leading and trailing white space (and line breaks), looking only
  /// at its ends. Foundation's `trimmingCharacters(in:)` copies the whole text through
  /// UTF-16 first: 0.3 s for a 4 MB line.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
    while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
    return String(self[start..<end])
  }
}

extension String {
  /// See `Substring.trimmingWhitespace()`.
  func trimmingWhitespace() -> String {
    self[...].trimmingWhitespace()
  }
}
