import UtteranceParsing

/// `grammar`: the input as a grammar file.
///
/// Calls `GrammarCompiler.compile(_:locale:)` on it, as `Grammars/en-US/fuzz.grammar`, and
/// renders the diagnostics (`GrammarError.description`) when it does not compile. When it
/// compiles: `sample` and `sentenceCounts` (`:sample`), then `parse`, `explain` and
/// `completions` on a few sentences: fixed ones, the sampled ones, and the file's own first
/// words.
enum GrammarTarget {
  static let fixedUtterances = ["play something", "yes", "", "the second one", "play 3 songs by the beatles"]

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
    let samples = grammar.sample(intent: nil, count: 3, seed: 1)
    _ = grammar.sentenceCounts()
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
    for utterance in utterances.prefix(fixedUtterances.count + 1) {
      _ = grammar.explain(utterance, limit: 3).lines
      _ = grammar.completions(forPrefix: utterance + " ", limit: 10)
    }
  }
}
