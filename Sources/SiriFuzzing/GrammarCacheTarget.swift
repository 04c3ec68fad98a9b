import UtteranceParsing

/// `grammar-cache`: the input as the payload of a compiled-grammar cache file.
///
/// The input is sealed into a file (magic, version, length and checksum made right, or
/// random bytes would never get past the checksum) and read with
/// `CompiledGrammar(cacheFile:)`, as `siri` reads `~/.cache/siri/grammars`. Bytes that
/// aren't a consistent grammar must be refused, never trap; a grammar that reads must
/// parse, explain, complete and sample without trapping or hanging, and its own cache
/// file must read back.
enum GrammarCacheTarget {
  static func run(_ input: [UInt8]) {
    guard let grammar = try? CompiledGrammar(cacheFile: CompiledGrammar.sealedCacheFile(payload: input)) else { return }
    for utterance in GrammarTarget.fixedUtterances {
      let candidates = grammar.parse(utterance, limit: 4)
      fuzzCheck(candidates.count <= 4, "\(candidates.count) readings for a limit of 4")
      let tokenCount = Tokenizer.tokenize(utterance).count
      for candidate in candidates { ParseChecks.check(candidate, tokenCount: tokenCount) }
    }
    _ = grammar.explain(GrammarTarget.fixedUtterances[0], limit: 3).lines
    _ = grammar.completions(forPrefix: "play ", limit: 10)
    _ = grammar.sample(intent: nil, count: 3, seed: 1)
    fuzzCheck((try? CompiledGrammar(cacheFile: grammar.cacheFile())) != nil, "a grammar read from a cache file does not read back")
  }
}
