import Dialogue
import Foundation
import UtteranceParsing

/// The grammar designer's tools, reachable from the REPL (`:why`, `:sample`) and from the
/// command line (`siri why "…"`, `siri sample`).
extension Session {
  /// `:why UTTERANCE`: the templates that matched, the words each part took, the scores
  /// and why the winner won; for a non-match, the nearest templates and where each
  /// stopped. Answers to Siri's questions (`_` intents) are left out.
  public func why(_ utterance: String) -> [String] {
    guard !utterance.trimmingWhitespace().isEmpty else { return ["Usage: :why UTTERANCE"] }
    guard !DialogueEngine.isTooLong(utterance) else {
      return ["not parsed: the line is longer than \(DialogueEngine.maximumUtteranceLength) characters, so Siri answers that it is too long"]
    }
    return engine.grammar.explain(utterance, lists: engine.lists, limit: 5, intents: { !$0.hasPrefix("_") }).lines
  }

  /// `:sample [INTENT] [N]` / `siri sample [--intent X] [-n N] [--seed S]`: example
  /// sentences from the templates with list values filled in, and how many sentences
  /// each intent's templates can produce.
  public func sampleLines(intent: String?, count: Int, seed: UInt64 = 1) -> [String] {
    let grammar = engine.grammar
    if let intent, !grammar.intentNames.contains(intent) {
      let known = grammar.intentNames.filter { !$0.hasPrefix("_") }.joined(separator: ", ")
      return ["Unknown intent '\(Self.shown(intent))'. The grammar has: \(known)."]
    }
    var lines: [String] = []
    // Without an intent, the requests people make: the answers to Siri's questions
    // (`_Yes`, `_Choose`…) only when asked for by name.
    let samples = grammar.sample(
      intent: intent, count: count, lists: engine.lists, seed: seed, including: { !$0.hasPrefix("_") })
    for sample in samples {
      let slots = sample.slots.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
      lines.append("\(sample.intent): \(sample.sentence)\(slots.isEmpty ? "" : "   [\(slots)]")")
    }
    lines.append("Sentences each intent's templates can produce:")
    let counts = grammar.sentenceCounts(lists: engine.lists)
    for name in grammar.intentNames where (intent == nil || name == intent) && !name.hasPrefix("_") {
      guard let count = counts[name] else { continue }
      lines.append("  \(name): \(count.isSaturated ? "more than \(count.total)" : String(count.total))")
    }
    return lines
  }

  /// Words that can come next after what is typed, from the grammar and the apps' catalogs.
  public func completions(forLine line: String) -> [String] {
    if line.hasPrefix(":") { return MetaCommand.completions.filter { $0.hasPrefix(line) } }
    return engine.grammar.completions(forPrefix: line, lists: engine.lists, limit: 40)
  }
}
