extension Command {
  /// The usage line: `Usage: siri eval [options] FILE.jsonl…`, and a second line
  /// `siri SUBCOMMAND …` for a command with subcommands.
  public var usage: String {
    var line = "Usage: \(name) [options]"
    for spec in positionalSpecs {
      let word = spec.valueName + (spec.maximum == nil ? "…" : "")
      line += spec.minimum == 0 ? " [\(word)]" : " \(word)"
    }
    if !subcommands.isEmpty {
      line += "\n       \(name) SUBCOMMAND …"
    }
    return line
  }

  /// The whole help text: usage, discussion, arguments, options, subcommands, epilogue.
  public var help: String {
    var sections = [usage, discussion.isEmpty ? abstract : discussion]
    let positionals = positionalSpecs.filter { !$0.help.isEmpty }
    if !positionals.isEmpty {
      sections.append("Arguments:\n" + Self.table(positionals.map { ($0.valueName, $0.help) }))
    }
    let options = optionSpecs.map { spec in
      let names = spec.names.joined(separator: ", ")
      return (spec.kind == .option ? "\(names) \(spec.valueName)" : names, spec.help)
    }
    sections.append("Options:\n" + Self.table(options))
    if !subcommands.isEmpty {
      var rows = subcommands.map { ($0.shortName, $0.abstract) }
      rows.append(("help SUBCOMMAND", "a subcommand's options (same as \(name) SUBCOMMAND --help)"))
      sections.append("Subcommands:\n" + Self.table(rows))
    }
    if !epilogue.isEmpty { sections.append(epilogue) }
    return sections.joined(separator: "\n\n")
  }

  /// Two aligned columns, indented by two spaces. A help text's own line breaks
  /// continue in the second column; a first column too wide puts its help below it.
  static func table(_ rows: [(String, String)]) -> String {
    let widest = rows.map(\.0.count).filter { $0 <= 22 }.max() ?? 0
    let column = 2 + widest + 3
    var lines: [String] = []
    for (left, right) in rows {
      let helpLines = right.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      var first = "  " + left
      if first.count + 2 > column {
        lines.append(first)
        first = String(repeating: " ", count: column) + (helpLines.first ?? "")
      } else {
        first += String(repeating: " ", count: column - first.count) + (helpLines.first ?? "")
      }
      lines.append(first)
      for more in helpLines.dropFirst() {
        lines.append(String(repeating: " ", count: column) + more)
      }
    }
    return lines.map { $0.trailingSpacesRemoved }.joined(separator: "\n")
  }
}

extension String {
  fileprivate var trailingSpacesRemoved: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
