/// What a command line said, by declaration: read it with the ``Flag``, ``Option`` and
/// ``Positional`` values the ``Command`` was built from.
public struct ParsedArguments: Sendable {
  /// `-h` or `--help` was given: show ``Command/help`` and do nothing else. When it is,
  /// the other arguments are not parsed.
  public var isHelpRequested = false
  /// Raw values by ``ArgumentSpec/key``, in the order given (`""` for each flag).
  private var values: [String: [String]] = [:]

  init() {}

  mutating func append(_ value: String, for spec: ArgumentSpec) {
    values[spec.key, default: []].append(value)
  }

  func count(of spec: ArgumentSpec) -> Int { values[spec.key]?.count ?? 0 }

  /// Whether the flag was given.
  public func contains(_ flag: Flag) -> Bool { count(of: flag.spec) > 0 }

  /// The option's value, or nil when it was not given (the last one for a repeatable
  /// option).
  public subscript<Value>(_ option: Option<Value>) -> Value? {
    all(option).last
  }

  /// Every value given to the option, in order.
  public func all<Value>(_ option: Option<Value>) -> [Value] {
    // Checked while parsing, so the conversion succeeds.
    (values[option.spec.key] ?? []).compactMap(option.parser.convert)
  }

  /// The words the positional took, in order.
  public subscript<Value>(_ positional: Positional<Value>) -> [Value] {
    (values[positional.spec.key] ?? []).compactMap(positional.parser.convert)
  }
}

extension Command {
  /// Parses `arguments` (those after the command's name) against this command's
  /// options and positionals. Subcommands are not looked at: see ``route(_:)``.
  public func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
    var parsed = ParsedArguments()
    if Self.asksForHelp(arguments) {
      parsed.isHelpRequested = true
      return parsed
    }
    let options = optionSpecs
    var words: [String] = []
    var firstWordIsFirstArgument = false
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(argument) {
        if index == 1 { firstWordIsFirstArgument = true }
        words.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.names.contains(name) }) else {
        throw error(.unknownOption(name, suggestion: suggestion(forOption: name)))
      }
      if spec.kind == .flag {
        if let inlineValue { throw error(.unexpectedValue(option: name, value: inlineValue)) }
        parsed.append("", for: spec)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
        value = arguments[index]
        index += 1
      } else {
        throw error(.missingValue(option: name, valueName: spec.valueName))
      }
      guard spec.isValid(value) else {
        throw error(.invalidValue(argument: name, value: value, expected: spec.expectation))
      }
      if !spec.isRepeatable && parsed.count(of: spec) > 0 {
        throw error(.repeatedOption(name))
      }
      parsed.append(value, for: spec)
    }
    try assign(words, to: &parsed, firstWordIsFirstArgument: firstWordIsFirstArgument)
    return parsed
  }

  /// Shares the positional words out among the positional declarations, in order:
  /// each takes as many as it may while leaving the later ones their minimum.
  private func assign(
    _ words: [String], to parsed: inout ParsedArguments, firstWordIsFirstArgument: Bool
  ) throws(CommandLineError) {
    let positionals = positionalSpecs
    var remaining = words[...]
    for (position, spec) in positionals.enumerated() {
      let reserved = positionals[(position + 1)...].reduce(0) { $0 + $1.minimum }
      let wanted = max(spec.minimum, remaining.count - reserved)
      let taken = min(remaining.count, spec.maximum.map { min($0, wanted) } ?? wanted)
      if taken < spec.minimum {
        throw error(.missingArgument(spec.valueName))
      }
      for word in remaining.prefix(taken) {
        guard spec.isValid(word) else {
          throw error(.invalidValue(argument: spec.valueName, value: word, expected: spec.expectation))
        }
        parsed.append(word, for: spec)
      }
      remaining = remaining.dropFirst(taken)
    }
    if let extra = remaining.first {
      // A stray first word of a command with subcommands is most likely a misspelt one.
      if !subcommands.isEmpty && positionals.isEmpty && firstWordIsFirstArgument {
        throw error(.unknownSubcommand(extra, suggestion: suggestion(forSubcommand: extra)))
      }
      throw error(.unexpectedArgument(extra))
    }
  }

  /// Which command `arguments` are for, and the arguments left for it:
  /// `SUBCOMMAND …` goes to that subcommand, `help` to this command's help and
  /// `help SUBCOMMAND` to the subcommand's (as `SUBCOMMAND --help`). Anything else
  /// stays with this command. Only the first argument can name a subcommand.
  public func route(_ arguments: [String]) throws(CommandLineError) -> (command: Command, arguments: [String]) {
    guard !subcommands.isEmpty, let first = arguments.first else { return (self, arguments) }
    if let subcommand = subcommand(named: first) {
      return try subcommand.route(Array(arguments.dropFirst()))
    }
    guard first == "help" else { return (self, arguments) }
    let rest = arguments.dropFirst()
    guard let word = rest.first else { return (self, ["--help"]) }
    guard let subcommand = subcommand(named: word) else {
      throw error(.unknownSubcommand(word, suggestion: suggestion(forSubcommand: word)))
    }
    if let extra = rest.dropFirst().first {
      throw CommandLineError(.unexpectedArgument(extra), command: "\(name) help")
    }
    return (subcommand, ["--help"])
  }

  func error(_ kind: CommandLineError.Kind) -> CommandLineError {
    CommandLineError(kind, command: name)
  }

  /// Whether `-h` or `--help` comes before any `--`.
  static func asksForHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if help.spec.names.contains(argument) { return true }
    }
    return false
  }

  /// `-x`, `--name`, `--name=value`; not `-`, not `-5`, not `-1.5`.
  static func looksLikeOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return Double(argument) == nil
  }
}
