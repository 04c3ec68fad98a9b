/// A ``LineReader`` that returns fixed lines, then `nil`. For tests.
public struct ScriptedLineReader: LineReader, Sendable {
  /// The lines not read yet.
  public private(set) var remainingLines: ArraySlice<String>
  /// The prompts passed to ``readLine(prompt:)`` so far, including the one
  /// for the call that returned `nil`.
  public private(set) var prompts: [String] = []

  public init(_ lines: [String]) {
    remainingLines = lines[...]
  }

  public mutating func readLine(prompt: String) -> String? {
    prompts.append(prompt)
    return remainingLines.popFirst()
  }
}
