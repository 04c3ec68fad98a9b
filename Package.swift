// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "siri-simulator",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "siri", targets: ["siri"]),
  ],
  targets: [
    // MARK: - System libraries

    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),

    // MARK: - Libraries (grammar → parser → intents/handlers → dialogue → rendering → REPL)

    .target(name: "UtteranceParsing"),
    .target(name: "SiriIntents"),
    .target(name: "MediaAppKit", dependencies: ["SiriIntents", "UtteranceParsing"]),
    .target(name: "AudioCastKit", dependencies: ["SiriIntents", "MediaAppKit", "UtteranceParsing"]),
    .target(name: "WorkoutAppKit", dependencies: ["SiriIntents", "UtteranceParsing"]),
    // App definition files (JSON) → apps: the sample apps and the user's own.
    .target(
      name: "AppLoading", dependencies: ["SiriIntents", "MediaAppKit", "AudioCastKit", "WorkoutAppKit"],
      resources: [.copy("SampleApps")]),
    .target(
      name: "Dialogue",
      dependencies: ["SiriIntents", "UtteranceParsing"]
    ),
    .target(name: "ResponseRendering", dependencies: ["SiriIntents", "Dialogue"]),
    .target(name: "LineEditing", dependencies: ["CLibEdit"]),
    // The one argument parser of `siri` and its subcommands.
    .target(name: "CommandLineParsing"),
    .target(
      name: "SiriREPL",
      dependencies: ["Dialogue", "ResponseRendering", "UtteranceParsing", "LineEditing", "AppLoading", "SiriIntents", "CommandLineParsing"]
    ),
    .target(name: "SiriTesting", dependencies: ["SiriREPL", "LineEditing", "CommandLineParsing"]),
    .target(
      name: "SiriEval", dependencies: ["UtteranceParsing", "SiriREPL", "Dialogue", "CommandLineParsing", "AppLoading", "SiriIntents"]),
    .target(
      name: "SiriBench", dependencies: ["UtteranceParsing", "SiriEval", "SiriREPL", "LineEditing", "CommandLineParsing", "AppLoading", "MediaAppKit", "SiriIntents"],
      // The speed peer's grammar, translated (`siri bench peer`).
      resources: [.copy("PeerWorkload")]),
    // The fuzz targets, shared by siri-fuzz and FuzzRegressionTests.
    .target(name: "SiriFuzzing", dependencies: ["UtteranceParsing", "Dialogue", "SiriREPL", "SiriTesting", "SiriIntents", "AppLoading"]),

    // MARK: - Executables

    .executableTarget(
      name: "siri",
      dependencies: ["SiriREPL", "LineEditing", "SiriEval", "SiriBench", "SiriTesting", "CommandLineParsing", "AppLoading"]),
    // Used only by StoreTests, to write the store from other processes.
    .executableTarget(name: "siri-store-tool", dependencies: ["SiriIntents"]),
    // A libFuzzer binary when .ci/fuzz builds it; otherwise replays inputs without sanitizers.
    .executableTarget(name: "siri-fuzz", dependencies: ["SiriFuzzing"]),

    // MARK: - Tests

    .testTarget(name: "UtteranceParsingTests", dependencies: ["UtteranceParsing"]),
    .testTarget(
      name: "SiriIntentsTests", dependencies: ["SiriIntents", "AudioCastKit", "MediaAppKit", "UtteranceParsing", "AppLoading"]),
    .testTarget(
      name: "DialogueTests",
      dependencies: [
        "Dialogue", "ResponseRendering", "SiriREPL", "UtteranceParsing", "SiriIntents", "AudioCastKit", "LineEditing", "AppLoading",
      ]
    ),
    .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
    .testTarget(name: "CommandLineParsingTests", dependencies: ["CommandLineParsing"]),
    .testTarget(name: "AppLoadingTests", dependencies: ["AppLoading", "SiriIntents", "MediaAppKit", "WorkoutAppKit"]),
    .testTarget(name: "WorkoutAppKitTests", dependencies: ["WorkoutAppKit", "SiriIntents", "AppLoading"]),
    .testTarget(name: "StoreTests", dependencies: ["SiriIntents"]),
    .testTarget(name: "SiriEvalTests", dependencies: ["SiriEval", "SiriBench", "UtteranceParsing"]),
    .testTarget(name: "TranscriptTests", dependencies: ["SiriTesting", "SiriREPL", "LineEditing"]),
    // Replays every saved fuzz input (Inputs/<target>/) through its target.
    .testTarget(name: "FuzzRegressionTests", dependencies: ["SiriFuzzing", "UtteranceParsing"], exclude: ["Inputs"]),
  ]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  // The parser and the catalog search are what every test exercises (compiling grammars,
  // parsing, sampling, searching 100,000 items): optimized even in a debug build, they
  // make `swift test` several times faster. Everything else stays debuggable.
  // So is the catalog-search test target, whose reference search (a plain scan kept as
  // the truth to compare the index with) over 5,000 items was the slowest test by far,
  // and SiriIntents, whose store encodes and checks its whole file at every save: the
  // store's crash and concurrency tests save thousands of times in child processes.
  if ["UtteranceParsing", "MediaAppKit", "SiriIntents", "SiriIntentsTests"].contains(target.name) {
    // (`-assert-config Debug` keeps their `assert`s checked in tests.)
    settings.append(.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug)))
  }
  target.swiftSettings = settings
}
