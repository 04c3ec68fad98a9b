/// A source of input lines for the REPL.
///
/// Implementations: ``LineEditor`` (interactive editing on a terminal),
/// ``StandardInputReader`` (piped or redirected input) and
/// ``ScriptedLineReader`` (tests).
public protocol LineReader {
  /// Returns the next line without its line terminator, or `nil` at the end
  /// of input.
  ///
  /// - Parameter prompt: shown before the line where the reader displays
  ///   prompts (``LineEditor`` does; the others leave echoing to the caller).
  mutating func readLine(prompt: String) -> String?
}
