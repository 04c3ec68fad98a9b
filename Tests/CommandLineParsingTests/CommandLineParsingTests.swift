import Testing

@testable import CommandLineParsing

/// A command with one of everything, in the shape of `siri sample` and `siri eval`.
enum Fixture {
  static let json = Flag("--json", help: "print JSON")
  static let count = Option<Int>("-n", valueName: "N", help: "how many", parser: .integer(in: 1...1000))
  static let seed = Option<UInt64>("--seed", valueName: "S", help: "the seed", parser: .unsigned64)
  static let grammars = Option<String>("--grammars", valueName: "DIR", help: "where the grammars are")
  static let locale = Option<String>("--locale", valueName: "LOCALE", help: "a locale\n(repeat for several)", repeatable: true)
  static let device = Option<String>("--device", valueName: "DEVICE", help: "the device", parser: .oneOf(["phone", "watch"]))
  static let files = Positional<String>("FILE", help: "", count: .oneOrMore)

  static let command = Command(
    name: "tool run", abstract: "runs things",
    arguments: [json, count, seed, grammars, locale, device, files])

  static let words = Positional<String>("WORD", help: "words", count: .zeroOrMore)
  static let bare = Command(name: "tool", abstract: "a tool", arguments: [json])
  static let root = Command(
    name: "tool", abstract: "a tool", arguments: [json],
    subcommands: [command, Command(name: "tool why", abstract: "explains", arguments: [words])])
}

@Suite struct CommandLineParsingTests {
  @Test func readsEveryKindOfArgument() throws {
    let parsed = try Fixture.command.parse(
      ["a", "--json", "-n", "20", "--seed=7", "b", "--locale", "en-US", "--locale=zh-CN", "--device", "WATCH", "--grammars", "/g", "-"])
    #expect(parsed.contains(Fixture.json))
    #expect(parsed[Fixture.count] == 20)
    #expect(parsed[Fixture.seed] == 7)
    #expect(parsed[Fixture.grammars] == "/g")
    #expect(parsed.all(Fixture.locale) == ["en-US", "zh-CN"])
    #expect(parsed[Fixture.locale] == "zh-CN")
    #expect(parsed[Fixture.device] == "watch")
    #expect(parsed[Fixture.files] == ["a", "b", "-"])
    #expect(!parsed.isHelpRequested)
  }

  @Test func defaultsAreNil() throws {
    let parsed = try Fixture.command.parse(["a"])
    #expect(!parsed.contains(Fixture.json))
    #expect(parsed[Fixture.count] == nil)
    #expect(parsed.all(Fixture.locale).isEmpty)
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try Fixture.command.parse(["--json", "--", "--odd-name", "-n", "--help"])
    #expect(parsed[Fixture.files] == ["--odd-name", "-n", "--help"])
    #expect(parsed[Fixture.count] == nil)
  }

  @Test func valuesThatLookLikeNumbersOrDashAreValues() throws {
    #expect(try Fixture.command.parse(["-5"])[Fixture.files] == ["-5"])
    #expect(try Fixture.command.parse(["--grammars", "-", "x"])[Fixture.grammars] == "-")
    #expect(try Fixture.command.parse(["--grammars=--odd", "x"])[Fixture.grammars] == "--odd")
    #expect(try Fixture.command.parse(["a", "--json", "--json"]).contains(Fixture.json))
  }

  @Test(arguments: [["--help"], ["-h"], ["a", "-n", "abc", "--help"], ["--fooo", "-h"]])
  func helpWinsOverMistakes(arguments: [String]) throws {
    #expect(try Fixture.command.parse(arguments).isHelpRequested)
  }

  /// Every kind of mistake, with its exact message.
  @Test(arguments: [
    (["a", "--fooo"], "error: unknown option '--fooo' for 'tool run'"),
    (["a", "--jsno"], "error: unknown option '--jsno' for 'tool run'; did you mean '--json'?"),
    (["a", "---json"], "error: unknown option '---json' for 'tool run'; did you mean '--json'?"),
    (["a", "--n", "3"], "error: unknown option '--n' for 'tool run'; did you mean '-n'?"),
    (["a", "--sed", "3"], "error: unknown option '--sed' for 'tool run'; did you mean '--seed'?"),
    (["a", "-seed", "3"], "error: unknown option '-seed' for 'tool run'; did you mean '--seed'?"),
    (["a", "--grammar", "/g"], "error: unknown option '--grammar' for 'tool run'; did you mean '--grammars'?"),
    (["a", "--gram", "/g"], "error: unknown option '--gram' for 'tool run'; did you mean '--grammars'?"),
    (["a", "--verbose"], "error: unknown option '--verbose' for 'tool run'"),
    (["a", "-x"], "error: unknown option '-x' for 'tool run'"),
    (["a", "--verbose=2"], "error: unknown option '--verbose' for 'tool run'"),
    (["a", "-n"], "error: option '-n' of 'tool run' needs a value: -n N"),
    (["a", "-n", "--json"], "error: option '-n' of 'tool run' needs a value: -n N"),
    (["a", "-n", "abc"], "error: invalid value 'abc' for option '-n' of 'tool run': expected an integer from 1 to 1000"),
    (["a", "-n", "0"], "error: invalid value '0' for option '-n' of 'tool run': expected an integer from 1 to 1000"),
    (["a", "-n=1001"], "error: invalid value '1001' for option '-n' of 'tool run': expected an integer from 1 to 1000"),
    (["a", "--seed", "-1"], "error: invalid value '-1' for option '--seed' of 'tool run': expected a whole number from 0 to 18446744073709551615"),
    (["a", "--grammars="], "error: invalid value '' for option '--grammars' of 'tool run': expected a value that is not empty"),
    (["a", "--device", "tv"], "error: invalid value 'tv' for option '--device' of 'tool run': expected one of phone or watch"),
    (["a", "--json=yes"], "error: option '--json' of 'tool run' takes no value, but was given 'yes'"),
    (["a", "-n", "1", "-n", "2"], "error: option '-n' of 'tool run' was given more than once"),
    (["--json"], "error: missing FILE for 'tool run'"),
  ] as [([String], String)])
  func mistakesAreNamed(arguments: [String], message: String) {
    #expect(throws: (any Error).self) { try Fixture.command.parse(arguments) }
    do {
      _ = try Fixture.command.parse(arguments)
    } catch {
      #expect(error.description == message)
      #expect(error.command == "tool run")
    }
  }

  @Test func errorKinds() {
    #expect(throws: CommandLineError(.unknownOption("--jsn", suggestion: "--json"), command: "tool run")) {
      try Fixture.command.parse(["--jsn"])
    }
    #expect(throws: CommandLineError(.missingValue(option: "--seed", valueName: "S"), command: "tool run")) {
      try Fixture.command.parse(["a", "--seed"])
    }
    #expect(throws: CommandLineError(.unexpectedArgument("extra"), command: "tool")) {
      try Fixture.bare.parse(["--json", "extra"])
    }
    #expect(throws: CommandLineError(.unexpectedArgument("extra"), command: "tool")) {
      try Fixture.bare.parse(["extra"])
    }
  }

  @Test func positionalsShareTheWords() throws {
    let first = Positional<String>("FIRST", help: "")
    let middle = Positional<String>("MIDDLE", help: "", count: .zeroOrMore)
    let last = Positional<String>("LAST", help: "")
    let command = Command(name: "t", abstract: "", arguments: [first, middle, last])
    let parsed = try command.parse(["a", "b", "c", "d"])
    #expect(parsed[first] == ["a"])
    #expect(parsed[middle] == ["b", "c"])
    #expect(parsed[last] == ["d"])
    let two = try command.parse(["a", "d"])
    #expect(two[middle].isEmpty)
    #expect(two[last] == ["d"])
    #expect(throws: CommandLineError(.missingArgument("LAST"), command: "t")) { try command.parse(["a"]) }

    let number = Positional<Int>("N", help: "", parser: .integer(in: 1...9))
    let numbered = Command(name: "t", abstract: "", arguments: [number])
    #expect(throws: CommandLineError(.invalidValue(argument: "N", value: "12", expected: "an integer from 1 to 9"), command: "t")) {
      try numbered.parse(["12"])
    }
    #expect(throws: CommandLineError(.unexpectedArgument("3"), command: "t")) { try numbered.parse(["2", "3"]) }
  }

  @Test func positionalMistakeMessages() {
    let number = Positional<Int>("N", help: "", parser: .integer(in: 1...9))
    let error = CommandLineError(.invalidValue(argument: "N", value: "12", expected: "an integer from 1 to 9"), command: "t")
    #expect(error.description == "error: invalid value '12' for N of 't': expected an integer from 1 to 9")
    #expect(number.spec.valueName == "N")
  }

  // MARK: - Subcommands

  @Test func routesToSubcommands() throws {
    let (run, runArguments) = try Fixture.root.route(["run", "-n", "3", "a"])
    #expect(run.name == "tool run")
    #expect(runArguments == ["-n", "3", "a"])
    let (help, helpArguments) = try Fixture.root.route(["help", "why"])
    #expect(help.name == "tool why")
    #expect(helpArguments == ["--help"])
    #expect(try help.parse(helpArguments).isHelpRequested)
    let (root, rootArguments) = try Fixture.root.route(["help"])
    #expect(root.name == "tool")
    #expect(rootArguments == ["--help"])
    let (same, sameArguments) = try Fixture.root.route(["--json"])
    #expect(same.name == "tool")
    #expect(sameArguments == ["--json"])
    // Only the first word names a subcommand.
    #expect(try Fixture.root.route(["--json", "run"]).command.name == "tool")
  }

  @Test(arguments: [
    (["help", "rnu"], "error: unknown subcommand 'rnu' for 'tool'; did you mean 'run'?"),
    (["help", "zzzzzz"], "error: unknown subcommand 'zzzzzz' for 'tool'"),
    (["help", "run", "more"], "error: unexpected argument 'more' for 'tool help'"),
  ] as [([String], String)])
  func routingMistakes(arguments: [String], message: String) {
    do {
      _ = try Fixture.root.route(arguments)
      Issue.record("expected an error for \(arguments)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aMisspeltSubcommandIsNamedAsOne() {
    #expect(throws: CommandLineError(.unknownSubcommand("wyh", suggestion: "why"), command: "tool")) {
      let (command, arguments) = try Fixture.root.route(["wyh", "play"])
      _ = try command.parse(arguments)
    }
    #expect(throws: CommandLineError(.unexpectedArgument("wyh"), command: "tool")) {
      try Fixture.root.parse(["--json", "wyh"])
    }
  }

  // MARK: - Help

  @Test func helpListsEverything() {
    let help = Fixture.command.help
    #expect(help.hasPrefix("Usage: tool run [options] FILE…\n\nruns things\n\nOptions:\n"))
    #expect(help.contains("\n  --json            print JSON\n"))
    #expect(help.contains("\n  -n N              how many\n"))
    #expect(help.contains("\n  --locale LOCALE   a locale\n                    (repeat for several)\n"))
    #expect(help.hasSuffix("\n  -h, --help        show this help"))

    let root = Fixture.root.help
    #expect(root.hasPrefix("Usage: tool [options]\n       tool SUBCOMMAND …\n"))
    #expect(root.contains("Subcommands:\n  run               runs things\n  why               explains\n  help SUBCOMMAND   a subcommand's options (same as tool SUBCOMMAND --help)"))
    #expect(Fixture.root.subcommands[1].usage == "Usage: tool why [options] [WORD…]")
    #expect(Fixture.root.subcommands[1].help.contains("Arguments:\n  WORD   words"))
  }

  @Test func wideNamesPutTheirHelpBelow() {
    let table = Command.table([("--a-very-long-option-name VALUE", "help"), ("-n N", "count")])
    #expect(table == "  --a-very-long-option-name VALUE\n         help\n  -n N   count")
  }

  @Test(arguments: [
    ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0), ("--seed", "--sede", 1), ("ab", "ba", 1),
  ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(Array(a), Array(b)) == distance)
  }

  @Test func valueParsers() {
    enum Colour: String, CaseIterable { case red, green }
    #expect(ValueParser<Colour>.cases.convert("GREEN") == .green)
    #expect(ValueParser<Colour>.cases.convert("blue") == nil)
    #expect(ValueParser<Colour>.cases.expectation == "one of red or green")
    #expect(ValueParser<Int>.integer(in: 0...Int.max).expectation == "a whole number (0 or more)")
    #expect(ValueParser<Int>.integer(in: 0...Int.max).convert("-1") == nil)
    #expect(ValueParser<String>.oneOf(["en-US"]).expectation == "'en-US'")
  }
}
