import Testing
import UtteranceParsing

/// The limits that keep the grammar compiler from overflowing the stack or running out of
/// memory on hostile grammars (found with the fuzz inputs in `Inputs/grammar/`): they are
/// reported as diagnostics, and grammars just under them still compile.
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

  /// `r0` uses `r1` … uses `r<length - 1>`, which is a word: rules `length` deep.
  static func chain(_ length: Int) -> String {
    "intent Chain\n  play <r0>\n"
      + (0..<length - 1).map { "rule r\($0) = <r\($0 + 1)>\n" }.joined() + "rule r\(length - 1) = it\n"
  }

  @Test func groupsNestUpToTheLimit() throws {
    _ = try Self.compile(Self.nested(16)).get()
    #expect(Self.messages(Self.nested(17)) == ["'(' nests groups more than 16 deep; use a rule for a part of the expression"])
  }

  @Test func rulesUseRulesUpToTheLimit() throws {
    let grammar = try Self.compile(Self.chain(16)).get()
    #expect(grammar.parse("play it").first?.intent == "Chain")
    #expect(Self.messages(Self.chain(17)) == ["rule 'r0' uses rules that use rules more than 16 deep"])
  }

  @Test func aShortCycleIsStillACycle() {
    let text = "intent Cycle\n  <a>\nrule a = <b>\nrule b = <a>\n"
    #expect(Self.messages(text).allSatisfy { $0.hasPrefix("rule cycle 'a' -> 'b' -> 'a'") })
    #expect(!Self.messages(text).isEmpty)
  }

  @Test func aLongCycleIsTooDeep() {
    let text = "intent Cycle\n  <r0>\n" + (0..<40).map { "rule r\($0) = <r\(($0 + 1) % 40)>\n" }.joined()
    #expect(Self.messages(text) == ["rule 'r0' uses rules that use rules more than 16 deep"])
  }

  @Test func rulesThatMultiplyAreTooLarge() throws {
    // Each rule uses the one before four times: 4^7 copies of three words is 49,152;
    // 4^10 copies, 3,145,728.
    func fanOut(_ levels: Int) -> String {
      "intent FanOut\n  <r\(levels)>\nrule r0 = (a | b) [c]\n"
        + (1...levels).map { "rule r\($0) = " + String(repeating: "<r\($0 - 1)> ", count: 4) + "\n" }.joined()
    }
    _ = try Self.compile(fanOut(7)).get()
    let messages = Self.messages(fanOut(10))
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("with this template the templates come to more than 2000000 words and slots") == true)
  }
}
