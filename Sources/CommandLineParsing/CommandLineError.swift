/// A mistake on the command line. Its ``description`` names the command and what was
/// wrong, with a suggestion for a misspelt option or subcommand:
///
///     error: unknown option '--seeed' for 'siri sample'; did you mean '--seed'?
///
/// Programs print it, then the command's ``Command/help``, on standard error, and
/// exit with status ``exitStatus``.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// An option the command does not have, with the nearest one it has.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last, or before another option.
    case missingValue(option: String, valueName: String)
    /// A value (of an option, or a positional argument) that is not what it must be.
    case invalidValue(argument: String, value: String, expected: String)
    /// `--flag=value` for a flag.
    case unexpectedValue(option: String, value: String)
    /// A second value for an option that takes one.
    case repeatedOption(String)
    /// A positional argument the command needs (`FILE.jsonl`).
    case missingArgument(String)
    /// A word the command has no place for.
    case unexpectedArgument(String)
    /// A first word that is no subcommand, with the nearest one.
    case unknownSubcommand(String, suggestion: String?)
  }

  public var kind: Kind
  /// The command that was given the arguments, `siri sample`.
  public var command: String

  public init(_ kind: Kind, command: String) {
    self.kind = kind
    self.command = command
  }

  /// The exit status for a command line mistake (as BSD's `EX_USAGE` is for some tools,
  /// 2 for most GNU ones and swift-argument-parser).
  public static let exitStatus: Int32 = 2

  public var description: String {
    "error: " + message
  }

  /// The description without `error: `.
  public var message: String {
    switch kind {
    case .unknownOption(let option, let suggestion):
      return "unknown option '\(option)' for '\(command)'" + Self.didYouMean(suggestion)
    case .missingValue(let option, let valueName):
      return "option '\(option)' of '\(command)' needs a value: \(option) \(valueName)"
    case .invalidValue(let argument, let value, let expected):
      let what = argument.hasPrefix("-") ? "option '\(argument)'" : argument
      return "invalid value '\(value)' for \(what) of '\(command)': expected \(expected)"
    case .unexpectedValue(let option, let value):
      return "option '\(option)' of '\(command)' takes no value, but was given '\(value)'"
    case .repeatedOption(let option):
      return "option '\(option)' of '\(command)' was given more than once"
    case .missingArgument(let name):
      return "missing \(name) for '\(command)'"
    case .unexpectedArgument(let word):
      return "unexpected argument '\(word)' for '\(command)'"
    case .unknownSubcommand(let word, let suggestion):
      return "unknown subcommand '\(word)' for '\(command)'" + Self.didYouMean(suggestion)
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}

// MARK: - Suggestions

extension Command {
  /// The option `name` was probably meant to be: the one with the fewest edits from it
  /// (at most a third of its length, and at least 1; only dashes for names of one or
  /// two letters), else the only one it begins.
  func suggestion(forOption name: String) -> String? {
    let names = optionSpecs.flatMap(\.names)
    return Self.nearest(to: name, in: names, ignoringDashes: true)
  }

  func suggestion(forSubcommand word: String) -> String? {
    Self.nearest(to: word, in: subcommands.map(\.shortName) + ["help"], ignoringDashes: false)
  }

  static func nearest(to typed: String, in candidates: [String], ignoringDashes: Bool) -> String? {
    func core(_ text: String) -> Substring {
      ignoringDashes ? text.drop { $0 == "-" } : Substring(text)
    }
    let typedCore = core(typed)
    guard !typedCore.isEmpty else { return nil }
    let limit = max(1, min(3, typedCore.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      // The dashes count too, but less: `-intent` is `--intent`.
      let distance = EditDistance.between(Array(typed), Array(candidate))
      let coreDistance = EditDistance.between(Array(typedCore), Array(core(candidate)))
      let score = min(distance, coreDistance)
      // Any other letter is as near to `-x` as `-n` is: no guess for short names.
      guard score == 0 || (score <= limit && typedCore.count >= 3) else { continue }
      if best == nil || score < best!.distance { best = (candidate, score) }
    }
    if let best { return best.name }
    let extensions = candidates.filter { core($0).hasPrefix(typedCore) && typedCore.count >= 2 }
    return extensions.count == 1 ? extensions[0] : nil
  }
}

/// Levenshtein distance: the fewest insertions, deletions and substitutions (an
/// exchange of two neighbours counts as one) that turn one word into the other.
enum EditDistance {
  static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows of the table are enough with transpositions.
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
