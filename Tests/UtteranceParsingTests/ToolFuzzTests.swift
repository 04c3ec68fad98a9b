import Testing
@testable import UtteranceParsing

/// The designer tools never crash on random and mutated grammars, whatever the input, and
/// agree with the matcher.
struct ToolFuzzTests {
  @Test func toolsNeverCrashOnRandomGrammars() {
    var random = GrammarTestRandom(seed: 77)
    var compiled = 0
    let base = Array(GrammarFuzzTests.seedGrammar)
    for round in 0..<1_200 {
      let text: String
      if round % 2 == 0 {
        let count = Int.random(in: 0...40, using: &random)
        text = (0..<count).map { _ in GrammarFuzzTests.pieces.randomElement(using: &random)! }.joined()
      } else {
        var characters = base
        for _ in 0..<Int.random(in: 1...2, using: &random) {
          let index = Int.random(in: 0..<characters.count, using: &random)
          characters.insert(contentsOf: Array(GrammarFuzzTests.pieces.randomElement(using: &random)!), at: index)
        }
        text = String(characters)
      }
      guard let grammar = try? GrammarCompiler.compile([GrammarSource(path: "fuzz.grammar", text: text)], locale: "en-US") else {
        continue
      }
      compiled += 1
      exercise(grammar, random: &random)
    }
    #expect(compiled > 50)
  }

  /// The tools follow one template through the shared automaton: every state but the
  /// start belongs to one template, and its edges stay within it.
  static func checkOwnership(_ grammar: CompiledGrammar) {
    let graph = GrammarGraph(grammar: grammar, values: ListValues())
    #expect(graph.postOrder.count == graph.stateCount)
    #expect(graph.postOrder.last == Automaton.start)
    for state in 1..<max(graph.stateCount, 1) {
      let owner = graph.owner[state]
      #expect(owner >= 0 && Int(owner) < grammar.templates.count)
      for edge in graph.edges(of: Int32(state)) { #expect(graph.owner[Int(edge.target)] == owner) }
    }
  }

  @Test func realGrammarStatesBelongToOneTemplate() throws {
    Self.checkOwnership(try GrammarOvermatchTests.grammar.get())
  }

  private func exercise(_ grammar: CompiledGrammar, random: inout GrammarTestRandom) {
    Self.checkOwnership(grammar)
    var values = ListValues()
    for list in grammar.externalLists { values.set(list, to: [ListEntry("AudioCast"), ListEntry("b c")]) }
    let samples = grammar.sample(intent: nil, count: 5, lists: values, seed: random.next())
    for sample in samples {
      // A sentence made from a template is read by the matcher (maybe as a better reading).
      #expect(!grammar.parse(sample.sentence, lists: values).isEmpty, "\(sample)")
    }
    let counts = grammar.sentenceCounts(lists: values)
    #expect(Set(counts.keys) == Set(grammar.intentNames))
    for count in counts.values { #expect(count.total >= 0 && count.total <= SentenceCount.cap) }
    let words = ["play", "a", "b", "c", "the", "newest", "please", "hey", "siri", "audiocast", "30", "x", "播放", "🎵"]
    for _ in 0..<4 {
      let utterance = (0..<Int.random(in: 0...8, using: &random)).map { _ in words.randomElement(using: &random)! }
        .joined(separator: " ")
      let explanation = grammar.explain(utterance, lists: values, limit: 3)
      #expect(explanation.isMatch == !grammar.parse(utterance, lists: values).isEmpty)
      #expect(!explanation.lines.isEmpty)
      _ = grammar.completions(forPrefix: utterance, lists: values)
      _ = grammar.completions(forPrefix: utterance + " ", lists: values)
    }
  }
}
