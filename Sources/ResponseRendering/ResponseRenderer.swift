import Foundation
import Dialogue

/// Turns ``Reply`` values into what Siri says, using a locale's ``ResponseTable``.
///
/// The only place that phrases anything: handlers and the dialogue engine return
/// keys and values, this fills them in. A reply none of whose keys the table has is
/// rendered as `[no response for 'key']`, which the tests catch.
public struct ResponseRenderer: Sendable {
  public let table: ResponseTable

  public init(table: ResponseTable) {
    self.table = table
  }

  /// The sentence for `reply`.
  public func render(_ reply: Reply) -> String {
    guard let key = reply.keys.first(where: table.contains), let template = table.template(key) else {
      return "[no response for '\(reply.key)']"
    }
    return collapseSpaces(render(template, reply.arguments) ?? "")
  }

  /// The first key of `reply` that the table has, if any.
  public func resolvedKey(for reply: Reply) -> String? {
    reply.keys.first(where: table.contains)
  }

  /// Renders a value: text as is, a list joined the locale's way: items apart by
  /// `list.separator` (", " when the table has none), the last one after the
  /// conjunction (`list.or`, `list.and`): "A, B or C", "A、B还是C".
  public func render(_ value: ReplyValue, conjunction: String? = nil) -> String {
    switch value {
    case .text(let text):
      return text
    case .phrase(let reply):
      return render(reply)
    case .list(let values):
      let items = values.map { render($0) }
      let word = conjunctionWord(conjunction ?? "or")
      switch items.count {
      case 0: return ""
      case 1: return items[0]
      default:
        let separator = table.template("list.separator").flatMap { render($0, [:]) } ?? ", "
        let head = items.dropLast().joined(separator: separator)
        return head + Self.spaced(word, after: head, before: items[items.count - 1]) + items[items.count - 1]
      }
    }
  }

  private func conjunctionWord(_ name: String) -> String {
    if let template = table.template("list.\(name)"), let word = render(template, [:]) { return word }
    return name
  }

  /// `word` with a space on each side, but none next to a character of a script written
  /// without spaces: " or " between "Deezer" and "AudioCast", "还是" between "Deezer" and
  /// "AudioCast" too, and between "墙面攀岩" and "抱石".
  static func spaced(_ word: String, after left: String, before right: String) -> String {
    guard let first = word.unicodeScalars.first, let last = word.unicodeScalars.last else { return " " }
    let leading = isWide(first) || left.unicodeScalars.last.map(isWide) == true ? "" : " "
    let trailing = isWide(last) || right.unicodeScalars.first.map(isWide) == true ? "" : " "
    return leading + word + trailing
  }

  /// Ideographs, kana, hangul and the full-width forms and punctuation that go with them.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
      return true
    default:
      return false
    }
  }

  /// `nil` when an argument the template needs is missing (so an optional part drops).
  private func render(_ template: Template, _ arguments: [String: ReplyValue]) -> String? {
    switch template {
    case .text(let text):
      return text
    case .argument(let name, let conjunction):
      guard let value = arguments[name] else { return nil }
      let text = render(value, conjunction: conjunction)
      return text.isEmpty ? nil : text
    case .optional(let parts):
      return render(.sequence(parts), arguments) ?? ""
    case .sequence(let parts):
      var result = ""
      for part in parts {
        guard let text = render(part, arguments) else { return nil }
        result += text
      }
      return result
    }
  }

  /// Punctuation no space goes before (a value left empty leaves one): Latin and
  /// full-width.
  static let closingPunctuation: Set<Character> = [",", ".", "?", "!", "，", "。", "？", "！", "、", "：", "；", "）", "》", "”"]

  private func collapseSpaces(_ text: String) -> String {
    var result = ""
    var previousSpace = false
    for character in text {
      if character == " " {
        if !previousSpace { result.append(character) }
        previousSpace = true
      } else {
        if previousSpace, Self.closingPunctuation.contains(character), result.hasSuffix(" ") { result.removeLast() }
        result.append(character)
        previousSpace = false
      }
    }
    return result.trimmingCharacters(in: .whitespaces)
  }
}
