import Testing
@testable import UtteranceParsing

/// Random and mutated grammars never crash the front end or the compiler, and whatever
/// compiles never crashes the matcher.
struct GrammarFuzzTests {
  static let pieces: [String] = [
    "intent", "rule", "list", "skip", "external", "Play", "a", "b", "text", "number", "duration",
    "(", ")", "[", "]", "{", "}", "<", ">", "|", "=", "=>", ":", ",", "#", "\\", "\\(", "\\#",
    " ", " ", " ", "  ", "\t", "\n", "\n  ", "\n  ", "\r\n", "播放", "é", "🎵", "-", "'", ".", "1.5",
    "{text:x}", "<a>", "{a}", "[b]", "(a | b)", "=> s = v",
  ]

  static let seedGrammar = """
    rule play = (play | put on | listen to)
    rule app = (on | in) {app}
    list app external
    list kind
      episode | podcast episode => episode
      show
    skip = please | hey siri
    intent PlayMedia
      <play> {text:mediaName} [<app>]
      <play> the [newest] {kind} of {text:show} => sort = newest, n = 1
      set volume to {number:level}
      wait {duration}
    """

  @Test func randomGrammarsNeverCrash() {
    var random = GrammarTestRandom(seed: 42)
    var compiled = 0
    for _ in 0..<1_500 {
      let count = Int.random(in: 0...40, using: &random)
      var text = ""
      for _ in 0..<count { text += Self.pieces.randomElement(using: &random)! }
      compiled += exercise(text, random: &random) ? 1 : 0
    }
    #expect(compiled > 0)
  }

  @Test func mutatedGrammarsNeverCrash() {
    var random = GrammarTestRandom(seed: 1234)
    let base = Array(Self.seedGrammar)
    var compiled = 0
    var failed = 0
    for _ in 0..<1_000 {
      var characters = base
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<characters.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: characters.remove(at: index)
        case 1: characters.insert(contentsOf: Array(Self.pieces.randomElement(using: &random)!), at: index)
        default: characters.swapAt(index, Int.random(in: 0..<characters.count, using: &random))
        }
      }
      if exercise(String(characters), random: &random) { compiled += 1 } else { failed += 1 }
    }
    #expect(compiled > 0)
    #expect(failed > 0)
  }

  @Test func randomUtterancesNeverCrash() throws {
    let grammar = try compileTestGrammar(Self.seedGrammar)
    var values = ListValues()
    values.set("app", to: [ListEntry("AudioCast"), ListEntry("", value: "empty"), ListEntry("!!!", value: "punctuation")])
    var random = GrammarTestRandom(seed: 99)
    let words = ["play", "put", "on", "the", "newest", "episode", "of", "please", "hey", "siri", "in", "audiocast",
                 "set", "volume", "to", "thirty", "5", "wait", "an", "hour", "x", "!!", "播放", "🎵"]
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...20, using: &random)
      let utterance = (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
      let results = grammar.parse(utterance, lists: values)
      #expect(results.count <= 8)
      for result in results {
        #expect(result.score > 0 && result.score <= 1)
        // Every token is consumed exactly once, in order.
        var next = 0
        for part in result.parts {
          #expect(part.tokenRange.lowerBound == next)
          next = part.tokenRange.upperBound
        }
        #expect(next == Tokenizer.tokenize(utterance).count)
      }
    }
  }

  /// Compiles `text`; if it compiles, parses a few utterances. Returns whether it compiled.
  private func exercise(_ text: String, random: inout GrammarTestRandom) -> Bool {
    do {
      let grammar = try GrammarCompiler.compile([GrammarSource(path: "fuzz.grammar", text: text)], locale: "en-US")
      for utterance in ["play a", "a b", "play the newest episode of x", "", "b b b b b b b b"] {
        _ = grammar.parse(utterance)
      }
      return true
    } catch {
      for diagnostic in error.diagnostics {
        #expect(diagnostic.location.line >= 1)
        #expect(diagnostic.location.column >= 1)
        #expect(!diagnostic.message.isEmpty)
        #expect(diagnostic.message.first?.isUppercase == false)
        #expect(!diagnostic.message.hasSuffix("."))
        _ = diagnostic.description
      }
      return false
    }
  }
}
