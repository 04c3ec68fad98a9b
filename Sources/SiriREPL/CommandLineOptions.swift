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
  /// `--data-dir DIR`: where the app-group store lives.
  public var dataDirectory: String?
  /// `--ephemeral`: keep nothing between runs.
  public var ephemeral = false
  /// `--speak`: read Siri's lines aloud.
  public var speak = false

  /// The data folder to use: none when ephemeral (or when recording a transcript,
  /// which must start from nothing unless a folder is named), else the one given or
  /// the per-user default.
  public var effectiveDataDirectory: String? {
    if ephemeral { return nil }
    if let dataDirectory { return dataDirectory }
    if recordPath != nil { return nil }
    return SessionConfiguration.defaultDataDirectory()
  }

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
      --data-dir DIR    keep the apps' shared store in DIR (default ~/.local/share/siri)
      --ephemeral       keep nothing between runs (the default with --record)
      --speak           read Siri's lines aloud with espeak-ng
      NO_COLOR=1        no colours (there are none when output is not a terminal)
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
      case "--data-dir": options.dataDirectory = try value(for: argument)
      case "--ephemeral": options.ephemeral = true
      case "--speak": options.speak = true
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
