import Testing

@testable import UtteranceParsing

/// Filler written with a capital inside mixed-case text is a title's word ("play Don't
/// Stop Me Now by Queen", "add Please Please Me to …"), unless nothing but filler follows
/// it ("play Yesterday Siri"). Lower-case and all-capital text, the first word, and a
/// word after punctuation read as before.
struct TitleFillerTests {
  static let grammar = Result {
    try compileTestGrammar(
      """
      skip = please | now | right now | siri | hey siri
      intent PlayMedia
        play {text:mediaName}
        play {text:mediaName} by {text:artist}
      intent AddMedia
        add {text:mediaName} to my {text:playlist} playlist
      """)
  }

  @Test(arguments: [
    // A title's capitalized word, at its end, alone, or begun with.
    ("play Don't Stop Me Now by Queen", "mediaName", "Don't Stop Me Now"),
    ("play Now by Paramore", "mediaName", "Now"),
    ("play All Right Now by Free", "mediaName", "All Right Now"),
    ("add Please Please Me to my Beatles playlist", "mediaName", "Please Please Me"),
    ("play Here and Now by Luther Vandross", "mediaName", "Here and Now"),
    // Filler with nothing after it but filler, whatever its case.
    ("play Yesterday Siri", "mediaName", "Yesterday"),
    ("play Yesterday Now Please", "mediaName", "Yesterday"),
    ("play Yesterday now", "mediaName", "Yesterday"),
    // First word, after punctuation, lower case, all capitals: filler as before.
    ("Hey Siri play Yesterday", "mediaName", "Yesterday"),
    // Filler after filler at the start opens the request: "Siri Please play …".
    ("Siri Please play Yesterday", "mediaName", "Yesterday"),
    ("Hey Siri Please play Now by Paramore", "mediaName", "Now"),
    ("Siri, Please play Yesterday", "mediaName", "Yesterday"),
    ("play don't stop me now by queen", "mediaName", "don't stop me"),
    ("PLAY DON'T STOP ME NOW BY QUEEN", "mediaName", "DON'T STOP ME"),
  ])
  func capitalizedFillerInsideIsATitlesWord(utterance: String, slot: String, value: String) throws {
    let best = try #require(try Self.grammar.get().parse(utterance).first)
    #expect(best[slot: slot]?.text == value, "\(utterance): \(best.slots.map { "\($0.name)=\($0.text)" })")
  }

  @Test func readingsSurviveTheCache() throws {
    _ = try expectSameReadingsFromTheCache(
      try Self.grammar.get(), ["play Don't Stop Me Now by Queen", "play Yesterday Siri", "play don't stop me now by queen"])
  }
}
