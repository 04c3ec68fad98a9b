import Testing

@testable import UtteranceParsing

/// A request said after the listener's own words (``RequestStarts``): read from a request
/// start only when nothing reads the whole utterance, never after a word that makes the
/// verb no request, and refused when the words before it are another domain's, a question
/// or another request.
struct RequestStartTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      request starts = play | could you
      request start excludes = to | i
      request start questions = did
      text excludes = alarm
      opening text excludes = what | open
      minimum score = 0.3
      list genre
        jazz
        soft rock
      intent PlayMedia
        [could you] play [some] {genre}
        [could you] play {text:mediaName}
      intent _Answer
        {text:answer}
      """)
  }

  @Test func theWordsBeforeAStartAreTheListenersOwn() throws {
    let grammar = try Self.grammar.get()
    let reading = try #require(grammar.parse("i'm doing yoga play some jazz").first)
    #expect(reading.intent == "PlayMedia")
    #expect(reading.requestStart == 3)
    #expect(reading[slot: "genre"]?.value == .text("jazz"))
    let said = try #require(reading[slot: RequestStarts.slotName])
    #expect(said.text == "i'm doing yoga")
    #expect(said.tokenRange == 0..<3)
    // Every part and slot is placed in the whole utterance: the listener's words first.
    #expect(reading.parts.first == MatchedPart(kind: .freeText, tokenRange: 0..<3, slot: RequestStarts.slotName))
    #expect(reading[slot: "genre"]?.tokenRange == 5..<6)
    #expect(reading.parts.last?.tokenRange.upperBound == 6)
    // Scored as free text: "play some jazz" (0.9 + 0.6 skipped or 0.9 literal + 1.0) and
    // three words at 0.3, over six words.
    let request = try #require(grammar.parse("play some jazz").first)
    #expect(abs(reading.score - (request.score * 3 + 0.9) / 6) < 1e-9)
    // The listener's words keep their case (from their first word to their last).
    let typed = try #require(grammar.parse("It's my birthday, could you play Happy Birthday").first)
    #expect(typed[slot: RequestStarts.slotName]?.text == "It's my birthday")
    #expect(typed[slot: "mediaName"]?.text == "Happy Birthday")
  }

  @Test func wordsOpeningWithAPronounAreTheListenersToo() throws {
    // "i" is a word no request starts after, not a question.
    let reading = try #require(try Self.grammar.get().parse("i can't sleep play some jazz").first)
    #expect(reading.requestStart == 3)
  }

  @Test func aReadingOfTheWholeUtteranceComesFirst() throws {
    let grammar = try Self.grammar.get()
    // "could you play …" reads whole: no start after the first word is tried.
    let whole = try #require(grammar.parse("could you play the greatest hits").first)
    #expect(whole.requestStart == nil)
    #expect(whole[slot: "mediaName"]?.text == "the greatest hits")
    // The first start whose words read as a request stands (here the leftmost).
    let first = try #require(grammar.parse("long day could you play some soft rock").first)
    #expect(first.requestStart == 2)
    #expect(first[slot: "genre"]?.value == .text("soft rock"))
    // An answer to a question takes any words, but the request comes before it.
    let readings = grammar.parse("long day play some jazz")
    #expect(readings.first?.intent == "PlayMedia")
    #expect(readings.last?.intent == "_Answer")
    #expect(readings.dropLast().allSatisfy { $0.requestStart == 2 })
  }

  @Test(arguments: [
    "i'm learning to play guitar",  // right after a word no request starts after
    "sometimes i play the drums",
    "i said to play some jazz",
    "did the kids play outside",  // a question the verb answers opens the words
    "set an alarm and play some jazz",  // a word of another domain before the start
    "what a day play some jazz",  // a question before it
    "tell me more open spotify play some jazz",  // another request before it
    "play",  // nothing before the start
    "some jazz then play",  // nothing after it
  ])
  func noRequestStartsHere(utterance: String) throws {
    let grammar = try Self.grammar.get()
    #expect(!grammar.parse(utterance).contains { $0.requestStart != nil }, "\(utterance)")
  }

  @Test func aRequestStartIsReadOnlyWhereTheGrammarDeclaresOne() throws {
    let plain = try compileTestGrammar(
      """
      list genre
        jazz
      intent PlayMedia
        play [some] {genre}
      """)
    #expect(plain.requestStarts.isEmpty)
    #expect(plain.parse("i'm doing yoga play some jazz").isEmpty)
  }

  @Test func whyShowsWhereTheRequestBegan() throws {
    let lines = try Self.grammar.get().explain("i'm doing yoga play some jazz").lines
    #expect(lines.contains { $0.hasPrefix("request starts at word 4 'play'") })
    #expect(lines.contains("   words 1-3 'i'm doing yoga': free text → situation = i'm doing yoga"))
  }

  @Test(arguments: [
    ("request starts play", "t.grammar:1:16: error: expected '=' after 'request starts'"),
    ("request start excludes = and then", "t.grammar:1:26: error: 'and then' is not one word"),
    ("request begins = play", "t.grammar:1:9: error: expected 'starts' or 'start excludes' or 'start questions' after 'request', found 'begins'"),
    ("request start with = play", "t.grammar:1:15: error: expected 'excludes' or 'questions' after 'request start'"),
  ])
  func brokenDeclarationsSayWhereAndWhatWasExpected(line: String, message: String) {
    expectDeclarationRefused(line, with: message)
  }
}
