/// A command line, described as data: a command's name and help text, its options,
/// flags and positional arguments, and its subcommands. One description gives the
/// parser (``parse(_:)``), the help text (``help``) and the error messages
/// (``CommandLineError``), so they cannot drift apart.
///
/// ```swift
/// static let count = Option<Int>("-n", valueName: "N", help: "how many", parser: .integer(in: 1...1000))
/// static let command = Command(name: "siri sample", abstract: "…", arguments: [count])
/// let parsed = try command.parse(["-n", "20"])
/// let n = parsed[count] ?? 10
/// ```
///
/// The rules:
/// - `--name value` and `--name=value`; `-n value` (and `-n=value`).
/// - A value may not look like an option (`--script --json` is a missing value): a
///   value starting with `-` is written `--name=-value`. A lone `-` and negative
///   numbers are values.
/// - `--` ends the options: everything after it is positional.
/// - `-h` and `--help` anywhere before `--` ask for help, whatever else is wrong.
/// - An option given twice is an error unless it is repeatable; a flag given twice
///   counts once.
/// - Values are checked as they are read; an unknown option, a missing or bad value,
///   a missing or extra positional argument is a ``CommandLineError`` naming it.
public struct Command: Sendable {
  /// The command as typed, `siri sample`.
  public var name: String
  /// One line: what the command does, shown in its parent's list of subcommands.
  public var abstract: String
  /// Paragraphs shown under the usage line; the abstract when empty.
  public var discussion: String
  /// Options, flags and positional arguments, in the order help lists them.
  /// `-h, --help` is added to every command.
  public var arguments: [any ArgumentDeclaration]
  /// Commands reached as `name SUBCOMMAND …`, and `name help SUBCOMMAND`.
  public var subcommands: [Command]
  /// Text after the options (environment, examples).
  public var epilogue: String

  public init(
    name: String, abstract: String, discussion: String = "",
    arguments: [any ArgumentDeclaration] = [], subcommands: [Command] = [], epilogue: String = ""
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.subcommands = subcommands
    self.epilogue = epilogue
  }

  /// The subcommand whose last word is `word`.
  public func subcommand(named word: String) -> Command? {
    subcommands.first { $0.shortName == word }
  }

  /// The last word of ``name``: `sample` for `siri sample`.
  public var shortName: String {
    String(name.split(separator: " ").last ?? Substring(name))
  }

  /// The flag every command has.
  public static let help = Flag("-h", "--help", help: "show this help")

  var specs: [ArgumentSpec] { arguments.map(\.spec) + [Self.help.spec] }
  var optionSpecs: [ArgumentSpec] { specs.filter { $0.kind != .positional } }
  var positionalSpecs: [ArgumentSpec] { specs.filter { $0.kind == .positional } }
}

// MARK: - Declarations

/// Something a ``Command`` accepts: a ``Flag``, an ``Option`` or a ``Positional``.
public protocol ArgumentDeclaration: Sendable {
  /// The declaration without its value type, as the parser sees it.
  var spec: ArgumentSpec { get }
}

/// A declaration without its value type: what the parser and the help text need.
public struct ArgumentSpec: Sendable {
  enum Kind: Sendable, Equatable {
    case flag, option, positional
  }

  var kind: Kind
  /// `["-n"]`, `["-h", "--help"]`; empty for a positional.
  var names: [String]
  /// `N`, `DIR`; a positional's name in usage and messages (`FILE.jsonl`).
  var valueName: String
  var help: String
  var isRepeatable: Bool
  /// A positional's count: at least `minimum`, at most `maximum` (nil: no limit).
  var minimum: Int
  var maximum: Int?
  /// "an integer from 1 to 1000": completes "expected …".
  var expectation: String
  var isValid: @Sendable (String) -> Bool

  /// What parsed values are filed under: the first name, or the value name.
  var key: String { names.first ?? valueName }
  /// `--grammars`, or `-n`: the name messages use (the longest).
  var displayName: String { names.max { $0.count < $1.count } ?? valueName }
}

/// An option without a value: `--json`.
public struct Flag: ArgumentDeclaration {
  public let spec: ArgumentSpec

  /// - Parameter names: every spelling, `-h`, `--help`.
  public init(_ names: String..., help: String) {
    spec = ArgumentSpec(
      kind: .flag, names: names, valueName: "", help: help, isRepeatable: true,
      minimum: 0, maximum: nil, expectation: "", isValid: { _ in true })
  }
}

/// An option with a value of type `Value`: `-n 20`, `--grammars=DIR`.
public struct Option<Value>: ArgumentDeclaration {
  public let spec: ArgumentSpec
  let parser: ValueParser<Value>

  /// - Parameters:
  ///   - names: every spelling, `-n`, `--count`.
  ///   - valueName: the value's name in help and messages, `N`.
  ///   - repeatable: whether it may be given more than once (``ParsedArguments/all(_:)``
  ///     returns every value); otherwise a second one is an error.
  ///   - parser: turns the text into a value, or rejects it.
  public init(
    _ names: String..., valueName: String, help: String, repeatable: Bool = false,
    parser: ValueParser<Value>
  ) {
    self.parser = parser
    let convert = parser.convert
    spec = ArgumentSpec(
      kind: .option, names: names, valueName: valueName, help: help, isRepeatable: repeatable,
      minimum: 0, maximum: nil, expectation: parser.expectation, isValid: { convert($0) != nil })
  }
}

extension Option where Value == String {
  /// An option whose value is any text that is not empty.
  public init(_ names: String..., valueName: String, help: String, repeatable: Bool = false) {
    self.parser = .string
    let convert = ValueParser<String>.string.convert
    spec = ArgumentSpec(
      kind: .option, names: names, valueName: valueName, help: help, isRepeatable: repeatable,
      minimum: 0, maximum: nil, expectation: ValueParser<String>.string.expectation,
      isValid: { convert($0) != nil })
  }
}

/// Words that are not options, in order: `FILE.jsonl…`, `UTTERANCE…`.
public struct Positional<Value>: ArgumentDeclaration {
  /// How many words a positional takes.
  public enum Count: Sendable {
    case one, optional, oneOrMore, zeroOrMore
  }

  public let spec: ArgumentSpec
  let parser: ValueParser<Value>

  /// - Parameters:
  ///   - name: its name in usage and messages, `FILE.jsonl`.
  ///   - count: how many words it takes; positionals take words in declaration order.
  public init(_ name: String, help: String, count: Count = .one, parser: ValueParser<Value>) {
    self.parser = parser
    let convert = parser.convert
    let (minimum, maximum): (Int, Int?) =
      switch count {
      case .one: (1, 1)
      case .optional: (0, 1)
      case .oneOrMore: (1, nil)
      case .zeroOrMore: (0, nil)
      }
    spec = ArgumentSpec(
      kind: .positional, names: [], valueName: name, help: help, isRepeatable: maximum != 1,
      minimum: minimum, maximum: maximum, expectation: parser.expectation,
      isValid: { convert($0) != nil })
  }
}

extension Positional where Value == String {
  /// Positional words taken as they are (empty ones included).
  public init(_ name: String, help: String, count: Count = .one) {
    self.init(name, help: help, count: count, parser: .anyText)
  }
}

// MARK: - Values

/// How the text of a value becomes a `Value`, and what it must look like.
public struct ValueParser<Value>: Sendable {
  /// Completes "expected …" in messages: `an integer from 1 to 1000`.
  public var expectation: String
  /// The value, or nil when the text is not one.
  public var convert: @Sendable (String) -> Value?

  public init(expectation: String, convert: @escaping @Sendable (String) -> Value?) {
    self.expectation = expectation
    self.convert = convert
  }
}

extension ValueParser where Value == String {
  /// Any text that is not empty.
  public static var string: ValueParser<String> {
    ValueParser(expectation: "a value that is not empty") { $0.isEmpty ? nil : $0 }
  }

  /// Any text, even empty.
  public static var anyText: ValueParser<String> {
    ValueParser(expectation: "any text") { $0 }
  }

  /// One of `choices` (compared without regard to case), returned as written in
  /// `choices`.
  public static func oneOf(_ choices: [String]) -> ValueParser<String> {
    ValueParser(expectation: ValueParserText.list(choices)) { text in
      choices.first { $0.lowercased() == text.lowercased() }
    }
  }
}

extension ValueParser where Value == Int {
  /// A decimal integer in `range`.
  public static func integer(in range: ClosedRange<Int>) -> ValueParser<Int> {
    let expectation =
      switch (range.lowerBound, range.upperBound) {
      case (Int.min, Int.max): "an integer"
      case (0, Int.max): "a whole number (0 or more)"
      case (let low, Int.max): "an integer of at least \(low)"
      default: "an integer from \(range.lowerBound) to \(range.upperBound)"
      }
    return ValueParser(expectation: expectation) { text in
      guard let value = Int(text), range.contains(value) else { return nil }
      return value
    }
  }
}

extension ValueParser where Value == UInt64 {
  /// A whole number from 0 to 2⁶⁴ − 1.
  public static var unsigned64: ValueParser<UInt64> {
    ValueParser(expectation: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
  }
}

extension ValueParser where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of the enumeration's raw values (compared without regard to case).
  public static var cases: ValueParser<Value> {
    let names = Value.allCases.map(\.rawValue)
    return ValueParser(expectation: ValueParserText.list(names)) { text in
      Value(rawValue: text.lowercased()) ?? Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }
  }
}

enum ValueParserText {
  /// `one of phone, watch, homepod or carplay`.
  static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "nothing" }
    if names.count == 1 { return "'\(last)'" }
    return "one of " + names.dropLast().joined(separator: ", ") + " or " + last
  }
}
