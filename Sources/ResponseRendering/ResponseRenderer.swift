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

  /// Renders a value: text as is, a list joined with the locale's conjunction.
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
      case 2: return "\(items[0]) \(word) \(items[1])"
      default: return items.dropLast().joined(separator: ", ") + " \(word) \(items[items.count - 1])"
      }
    }
  }

  private func conjunctionWord(_ name: String) -> String {
    if let template = table.template("list.\(name)"), let word = render(template, [:]) { return word }
    return name
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

  private func collapseSpaces(_ text: String) -> String {
    var result = ""
    var previousSpace = false
    for character in text {
      if character == " " {
        if !previousSpace { result.append(character) }
        previousSpace = true
      } else {
        if previousSpace, [",", ".", "?", "!"].contains(character), result.hasSuffix(" ") { result.removeLast() }
        result.append(character)
        previousSpace = false
      }
    }
    return result.trimmingCharacters(in: .whitespaces)
  }
}
