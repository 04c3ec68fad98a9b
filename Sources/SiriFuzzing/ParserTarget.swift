import Dialogue
import UtteranceParsing

/// `parser`: the input as an utterance, through the real grammars, en-US and zh-CN.
///
/// Calls `CompiledGrammar.parse(_:lists:limit:)` and `DialogueEngine.parse(_:)` (the
/// readings the REPL acts on), and checks what `parse` documents: at most `limit`
/// readings, each scored in 0...1, its parts covering the tokens in order, its slots
/// within them.
///
/// Not the designer tools (`CompiledGrammar.explain`, `completions`): they rebuild a graph
/// of the whole grammar on every call, half a second with the sanitizers, and with them in
/// the mix the target ran 11 inputs a second instead of 300. The `session` target reaches
/// `explain` through `:why` lines.
enum ParserTarget {
  static func run(_ input: [UInt8]) {
    let utterance = FuzzInput.text(input)
    run(utterance, engine: Fixtures.engine)
    run(utterance, engine: Fixtures.chineseEngine)
  }

  static func run(_ utterance: String, engine: DialogueEngine) {
    let grammar = engine.grammar
    let limit = 8
    let candidates = grammar.parse(utterance, lists: engine.lists, limit: limit)
    fuzzCheck(candidates.count <= limit, "\(candidates.count) readings for a limit of \(limit)")
    if !candidates.isEmpty {
      let tokenCount = Tokenizer.tokenize(utterance).count
      for candidate in candidates {
        ParseChecks.check(candidate, tokenCount: tokenCount)
        // Slots take the utterance's own bytes, slips read through or not (compared as
        // bytes: a slot ends at a scalar, which need not end a Character).
        for slot in candidate.slots where slot.source != .fixed {
          fuzzCheck(
            Array(utterance.utf8).firstRange(of: Array(slot.text.utf8)) != nil,
            "\(candidate.intent): slot \(slot.name) '\(slot.text)' is not in the utterance")
        }
      }
    }
    _ = engine.parse(utterance).map { $0.slots.map(\.value.description) }
  }
}

/// The documented shape of a ``ParseCandidate``, for any grammar.
enum ParseChecks {
  static func check(_ candidate: ParseCandidate, tokenCount: Int) {
    fuzzCheck(
      candidate.score.isFinite && candidate.score >= 0 && candidate.score <= 1,
      "\(candidate.intent) scored \(candidate.score), outside 0...1")
    var next = 0
    for part in candidate.parts {
      fuzzCheck(
        part.tokenRange.lowerBound == next,
        "\(candidate.intent): a part covers tokens \(part.tokenRange) after token \(next)")
      next = part.tokenRange.upperBound
    }
    fuzzCheck(next == tokenCount, "\(candidate.intent): the parts cover \(next) of \(tokenCount) tokens")
    for slot in candidate.slots {
      fuzzCheck(
        slot.tokenRange.lowerBound >= 0 && slot.tokenRange.upperBound <= tokenCount,
        "\(candidate.intent): slot \(slot.name) covers tokens \(slot.tokenRange) of \(tokenCount)")
      _ = slot.value.description
    }
    for slip in candidate.slips {
      fuzzCheck(
        slip.token >= 0 && slip.token < tokenCount,
        "\(candidate.intent): a slip at token \(slip.token) of \(tokenCount)")
      fuzzCheck(
        candidate.parts.contains { $0.tokenRange.contains(slip.token) && $0.kind != .freeText },
        "\(candidate.intent): the slip at token \(slip.token) is read as free text")
    }
  }
}
