import Testing
import UtteranceParsing

/// The limits that keep the grammar compiler from overflowing the stack on hostile grammars
/// (found with the fuzz inputs in `Inputs/grammar/`): they are reported as diagnostics, and
/// grammars just under them still compile.
struct GrammarLimitsTests {
  static func compile(_ text: String) -> Result<CompiledGrammar, GrammarError> {
    Result { () throws(GrammarError) in
      try GrammarCompiler.compile([GrammarSource(path: "limits.grammar", text: text)], locale: "en-US")
    }
  }

  static func messages(_ text: String) -> [String] {
    guard case .failure(let error) = compile(text) else { return [] }
    return error.diagnostics.map(\.message)
  }

  static func nested(_ depth: Int) -> String {
    "intent Deep\n  play " + String(repeating: "(", count: depth) + "it" + String(repeating: ")", count: depth) + "\n"
  }

  @Test func groupsNestUpToTheLimit() throws {
    _ = try Self.compile(Self.nested(16)).get()
    #expect(Self.messages(Self.nested(17)) == ["'(' nests groups more than 16 deep; use a rule for a part of the expression"])
  }
}
