import UtteranceParsing

/// `grammar`: the input as a grammar file.
///
/// Calls `GrammarCompiler.compile(_:locale:)` on it, as `Grammars/en-US/fuzz.grammar`, and
/// renders the diagnostics (`GrammarError.description`) when it does not compile. When it
/// compiles: `sample` and `sentenceCounts` (`:sample`), then `parse` on a few sentences
/// (fixed ones, the sampled ones, the file's first line), `explain` and `completions` on two.
enum GrammarTarget {
  static let fixedUtterances = ["play something", "yes", "", "the second one", "play 3 songs by the beatles"]
  static let maximumReferencesForTools = 8

  static func run(_ input: [UInt8]) {
    let text = FuzzInput.text(input)
    let source = GrammarSource(path: "Grammars/en-US/fuzz.grammar", text: text)
    let grammar: CompiledGrammar
    do {
      grammar = try GrammarCompiler.compile([source], locale: "en-US")
    } catch {
      fuzzCheck(!error.diagnostics.isEmpty, "a grammar that does not compile, without a diagnostic")
      _ = error.description
      return
    }
    // The designer tools take time in proportion to the grammar with its rules inlined, which
    // a few rule references can make a hundred times the file (the compiler accepts up to
    // half a million words: fifteen seconds with the sanitizers). Compiling checks that;
    // the tools only run on grammars that cannot be that large.
    let runsTools = text.utf8.lazy.filter { $0 == UInt8(ascii: "<") }.count <= maximumReferencesForTools
    let samples = runsTools ? grammar.sample(intent: nil, count: 3, seed: 1) : []
    if runsTools { _ = grammar.sentenceCounts() }
    var utterances = fixedUtterances + samples.map(\.sentence)
    if let firstLine = text.split(separator: "\n").first {
      utterances.append(String(firstLine.prefix(200)))
    }
    for utterance in utterances {
      let candidates = grammar.parse(utterance, limit: 4)
      fuzzCheck(candidates.count <= 4, "\(candidates.count) readings for a limit of 4")
      let tokenCount = Tokenizer.tokenize(utterance).count
      for candidate in candidates {
        ParseChecks.check(candidate, tokenCount: tokenCount)
      }
    }
    // The designer tools rebuild a graph of the grammar on each call: two sentences each.
    guard runsTools else { return }
    for utterance in [fixedUtterances[0], samples.first?.sentence ?? text] {
      _ = grammar.explain(utterance, limit: 3).lines
      _ = grammar.completions(forPrefix: utterance + " ", limit: 10)
    }
  }
}
