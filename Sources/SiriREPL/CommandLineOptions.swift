import CommandLineParsing
import SiriIntents

/// The `siri` command line, parsed: the REPL's options. The subcommands have their own
/// (``WhyOptions``, ``SampleOptions``, `EvalCommand`); all are read by one parser,
/// `CommandLineParsing`.
public struct CommandLineOptions: Sendable, Equatable {
  public var scriptPath: String?
  public var recordPath: String?
  public var grammarsDirectory: String?
  /// `--locale LOCALE` as given; `nil` when left out (then `LANG` decides: see
  /// ``GrammarLocales/fromEnvironment(_:available:)``).
  public var locale: String?
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
  /// `--app FILE` (repeatable): app definition files to install.
  public var appFiles: [String] = []
  /// `--no-sample-apps`: leave the sample apps out.
  public var noSampleApps = false

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

  // MARK: - Declarations

  static let script = Option<String>(
    "--script", valueName: "FILE",
    help: "read utterances from FILE (one a line, '#' comments) instead of the terminal")
  static let json = Flag("--json", help: "print one JSON object per turn")
  static let trace = Flag("--trace", help: "start with the trace on (same as :trace on)")
  static let record = Option<String>(
    "--record", valueName: "FILE", help: "also write the session to FILE as a golden transcript")
  /// `--grammars DIR`, shared by every subcommand but `eval` (which says it its way).
  public static let grammars = Option<String>(
    "--grammars", valueName: "DIR", help: "load grammars from DIR/<locale> instead of ./Grammars")
  /// `--locale LOCALE`, shared with the subcommands that load a grammar.
  public static let locale = Option<String>(
    "--locale", valueName: "LOCALE",
    help: "the language Siri hears and speaks: en-US, zh-CN\n(default: the one LANG names, else en-US)")
  static let device = Option<Device>(
    "--device", valueName: "DEVICE", help: "phone, watch, homepod or carplay (default phone)", parser: .cases)
  static let dataDirectory = Option<String>(
    "--data-dir", valueName: "DIR", help: "keep the apps' shared store in DIR (default ~/.local/share/siri)")
  static let ephemeral = Flag("--ephemeral", help: "keep nothing between runs (the default with --record)")
  static let speak = Flag("--speak", help: "read Siri's lines aloud with espeak-ng")
  /// `--app FILE`, shared with the subcommands that build sessions.
  public static let app = Option<String>(
    "--app", valueName: "FILE",
    help: "install the app FILE defines, next to the sample apps (or in place of the one of its name); repeatable",
    repeatable: true)
  public static let noSampleApps = Flag(
    "--no-sample-apps", help: "leave out the sample apps (AudioCast, Deezer, Chapters, Tuner, Ascent)")

  /// The `siri` command (the REPL), with `subcommands` listed in its help and reached
  /// through ``Command/route(_:)``.
  public static func command(subcommands: [Command] = []) -> Command {
    Command(
      name: "siri",
      abstract: "Talk to a simulated Siri: type what you would say, and see what Siri answers.",
      arguments: [app, noSampleApps, script, json, trace, record, grammars, locale, device, dataDirectory, ephemeral, speak],
      subcommands: subcommands,
      epilogue: """
        Environment:
          NO_COLOR=1        no colours (there are none when output is not a terminal)
          LANG              zh_CN.UTF-8 starts in zh-CN (LC_ALL and LC_MESSAGES first)
          XDG_STATE_HOME    line history goes to $XDG_STATE_HOME/siri/history
                            (default ~/.local/state/siri/history)

        Input that is not a terminal is read line by line, as with --script.
        At the prompt, Ctrl-C cancels the line being typed and Ctrl-D (on an empty line)
        or :quit leaves. During --script or piped input, Ctrl-C stops after the turn
        under way, with a note on standard error and exit status 130.
        """)
  }

  /// The help text of `siri` alone (`siri --help` also lists the subcommands).
  public static var usage: String { command().help }

  /// Parses `arguments` (without the program name) as the REPL's options. `command` is
  /// the description to read them with: ``command(subcommands:)``, with or without
  /// subcommands (which only change the help and the messages).
  public static func parse(
    _ arguments: [String], command: Command = command()
  ) throws(CommandLineError) -> CommandLineOptions {
    let parsed = try command.parse(arguments)
    var options = CommandLineOptions()
    options.showHelp = parsed.isHelpRequested
    options.scriptPath = parsed[script]
    options.recordPath = parsed[record]
    options.grammarsDirectory = parsed[grammars]
    options.locale = parsed[locale]
    options.device = parsed[device] ?? options.device
    options.dataDirectory = parsed[dataDirectory]
    options.json = parsed.contains(json)
    options.trace = parsed.contains(trace)
    options.ephemeral = parsed.contains(ephemeral)
    options.speak = parsed.contains(speak)
    options.appFiles = parsed.all(app)
    options.noSampleApps = parsed.contains(noSampleApps)
    return options
  }
}

/// `siri why UTTERANCE…`: how the grammar reads an utterance.
public struct WhyOptions: Sendable, Equatable {
  /// The words, joined by spaces.
  public var utterance = ""
  public var grammarsDirectory: String?
  /// `--locale LOCALE`; `nil` when left out.
  public var locale: String?
  public var showHelp = false

  public init() {}

  static let words = Positional<String>(
    "UTTERANCE", help: "what you would say to Siri (quoted or as separate words)", count: .oneOrMore)

  public static let command = Command(
    name: "siri why",
    abstract: "how the grammar reads an utterance: the templates, the words, the scores",
    discussion: """
      Shows the templates that matched UTTERANCE, the words each part took, the score
      and why the winner won; for a non-match, the nearest templates and where each
      stopped matching. The same as :why in the REPL.
      """,
    arguments: [CommandLineOptions.grammars, CommandLineOptions.locale, words],
    epilogue: "Examples:\n  siri why play the latest episode of Stuff You Should Know\n  siri why --locale zh-CN 播放周杰伦的晴天")

  public static func parse(_ arguments: [String]) throws(CommandLineError) -> WhyOptions {
    let parsed = try command.parse(arguments)
    var options = WhyOptions()
    options.showHelp = parsed.isHelpRequested
    options.utterance = parsed[words].joined(separator: " ")
    options.grammarsDirectory = parsed[CommandLineOptions.grammars]
    options.locale = parsed[CommandLineOptions.locale]
    return options
  }
}

/// `siri sample [--intent X] [-n N] [--seed S]`: sentences the grammar can produce.
public struct SampleOptions: Sendable, Equatable {
  public var intent: String?
  /// 1…1000.
  public var count = 10
  public var seed: UInt64 = 1
  public var grammarsDirectory: String?
  /// `--locale LOCALE`; `nil` when left out.
  public var locale: String?
  public var showHelp = false

  public init() {}

  static let intent = Option<String>(
    "--intent", valueName: "INTENT", help: "only this intent's templates (PlayMedia, AddMedia…)")
  static let count = Option<Int>(
    "-n", "--count", valueName: "N", help: "how many sentences, 1 to 1000 (default 10)",
    parser: .integer(in: 1...1000))
  static let seed = Option<UInt64>(
    "--seed", valueName: "S", help: "the random seed: the same seed gives the same sentences (default 1)",
    parser: .unsigned64)

  public static let command = Command(
    name: "siri sample",
    abstract: "example sentences generated from the grammar's templates",
    discussion: """
      Prints example sentences generated from the templates, with list values filled
      in, and how many sentences each intent's templates can produce. The same as
      :sample in the REPL.
      """,
    arguments: [intent, count, seed, CommandLineOptions.grammars, CommandLineOptions.locale],
    epilogue: "Example:\n  siri sample --intent PlayMedia -n 20")

  public static func parse(_ arguments: [String]) throws(CommandLineError) -> SampleOptions {
    let parsed = try command.parse(arguments)
    var options = SampleOptions()
    options.showHelp = parsed.isHelpRequested
    options.intent = parsed[intent]
    options.count = parsed[count] ?? options.count
    options.seed = parsed[seed] ?? options.seed
    options.grammarsDirectory = parsed[CommandLineOptions.grammars]
    options.locale = parsed[CommandLineOptions.locale]
    return options
  }
}
