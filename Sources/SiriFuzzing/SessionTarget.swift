import SiriREPL
import UtteranceParsing

/// `session`: up to ``maximumLines`` lines typed into a fresh ephemeral session (in Chinese
/// when the input has Chinese in it), meta-commands
/// (`:why`, `:set`, `:advance`, `:shortcut`, …) included, so answers to Siri's questions and
/// follow-ups are reached too.
///
/// Calls `Session.handle(_:)` for each line, as the REPL does, and
/// `Session.takeStoreNotices()`. (Tab completion, which takes half a second with the
/// sanitizers, is left to the `parser` target.)
///
/// Making a session compiles the grammar (half a second), so each input gets a copy of one
/// session made at start-up instead. Copies share the app-group store, so `:reset` (which
/// empties it and builds the apps afresh) runs before each input, and after it too: what an
/// input left in the store would otherwise outlive it, and LeakSanitizer, which cannot see
/// through Swift's enum payloads (a `Data` in a dictionary), would call it a leak.
enum SessionTarget {
  static let maximumLines = 4

  static func run(_ input: [UInt8]) async {
    let text = FuzzInput.text(input)
    // Chinese text goes to a session that speaks it (either may switch with `:locale`).
    let chinese = text.unicodeScalars.contains(where: Tokenizer.isIdeographic)
    var session = chinese ? Fixtures.chineseSession : Fixtures.session
    _ = await session.handle(":reset")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(maximumLines)
    for line in lines {
      let line = String(line)
      let output = await session.handle(line)
      _ = session.takeStoreNotices()
      if output.quit || session.isFinished { break }
    }
    _ = await session.handle(":reset")
  }
}
