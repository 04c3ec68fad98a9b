import SiriIntents

/// The `siri` command line, parsed.
public struct CommandLineOptions: Sendable, Equatable {
  public var scriptPath: String?
  public var recordPath: String?
  public var grammarsDirectory: String?
  public var locale = "en-US"
  public var device: Device = .phone
  public var json = false
  public var trace = false
  public var showHelp = false

  public init() {}

  public static let usage = """
    Usage: siri [options]

    Talk to a simulated Siri: type what you would say, and see what Siri answers.

    Options:
      --script FILE     read utterances from FILE (one a line, '#' comments) instead of the terminal
      --json            print one JSON object per turn
      --trace           start with the trace on (same as :trace on)
      --record FILE     also write the session to FILE as a golden transcript
      --grammars DIR    load grammars from DIR/<locale> instead of ./Grammars
      --locale LOCALE   the grammar locale to load (default en-US)
      --device DEVICE   phone, watch, homepod or carplay (default phone)
      -h, --help        show this help

    Input that is not a terminal is read line by line, as with --script.
    """

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(OptionsError) -> CommandLineOptions {
    var options = CommandLineOptions()
    var index = 0
    func value(for option: String) throws(OptionsError) -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(option) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--script": options.scriptPath = try value(for: argument)
      case "--record": options.recordPath = try value(for: argument)
      case "--grammars": options.grammarsDirectory = try value(for: argument)
      case "--locale": options.locale = try value(for: argument)
      case "--device":
        let name = try value(for: argument)
        guard let device = Device(rawValue: name.lowercased()) else { throw .invalidValue(argument, name) }
        options.device = device
      case "--json": options.json = true
      case "--trace": options.trace = true
      case "-h", "--help": options.showHelp = true
      default: throw .unknownOption(argument)
      }
      index += 1
    }
    return options
  }
}

/// A mistake on the command line.
public enum OptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(String, String)

  public var description: String {
    switch self {
    case .unknownOption(let option): return "error: unknown option '\(option)'"
    case .missingValue(let option): return "error: '\(option)' needs a value"
    case .invalidValue(let option, let value): return "error: '\(value)' is not a valid value for '\(option)'"
    }
  }
}
