import Foundation
import Testing
import UtteranceParsing

/// A media-sized grammar: ~130 templates, a static list of 10,000 entries, and external
/// lists of 10,000 shows.
struct MatcherPerformanceTests {
  static func grammarText() -> String {
    var text = """
      rule play = (play | put on | start playing | listen to | i want to hear | can you play)
      rule app = (on | in | from | using | with) {app}
      rule media = (song | track | album | playlist | podcast | episode | show)
      list app external
      list show external
      list mediaType
        episode | podcast episode => podcastEpisode
        podcast | show | podcast show => podcastShow
        song | track => song
      skip
        please | hey siri | siri | could you | can you | for me

      list artist

      """
    for index in 0..<10_000 { text += "  artist \(index) name\(index % 97) | singer\(index) => a\(index)\n" }
    text += """
      intent PlayMedia
        <play> {text:mediaName} [<app>]
        <play> {text:mediaName} by {artist} [<app>]
        <play> the (latest | newest | most recent) {mediaType} of {show} [<app>] => sortOrder = newest
        <play> {show} [<app>]
        <play> {artist} [<app>]
        <play> (some | a) <media> by {artist} [<app>]
        <play> my {text:playlist} playlist [<app>]
        shuffle {text:mediaName} [<app>]

      """
    let verbs = [
      "pause", "resume", "skip", "rewind", "like", "dislike", "save", "share", "rate", "queue", "follow",
      "unfollow", "download", "delete", "mark",
    ]
    for (index, verb) in verbs.enumerated() {
      text += """
        intent Action\(index)
          \(verb) [the] [current] (<media> | one | this) [<app>]
          \(verb) it [now]
          [please] \(verb) {show} [<app>]
          \(verb) the {ordinal:index} <media> [of {show}]
          \(verb) {text:name} from my library
          i want to \(verb) (this | that) <media>
          \(verb) for {duration}

        """
    }
    text += """
      intent SetVolume
        set [the] volume to {number:level} [percent]
        turn (it | the volume) (up | down) [by {number:amount}]
      intent SetSpeed
        play at {speed:rate}
        set [the] (speed | playback speed) to {speed:rate}
      """
    return text
  }

  static let utterances = [
    ("please play the newest episode of the daily in audiocast", "PlayMedia"),
    ("play something nice by artist 42 name42 on audiocast", "PlayMedia"),
    ("can you play my running mix playlist for me", "PlayMedia"),
    ("skip the third episode of the daily", "Action2"),
    ("set the volume to thirty five percent", "SetVolume"),
    ("hey siri pause the current song in apple music", "Action0"),
    ("xyzzy plugh frobnicate the quux at noon please", ""),
  ]

  @Test func typicalUtterancesAreFast() throws {
    let grammar = try GrammarCompiler.compile([GrammarSource(path: "perf.grammar", text: Self.grammarText())], locale: "en-US")
    var values = ListValues()
    values.set("app", to: [ListEntry("AudioCast", value: "audiocast"), ListEntry("Apple Music", value: "music")])
    values.set("show", to: (0..<10_000).map { ListEntry("show number \($0) daily", value: "s\($0)") } + [ListEntry("The Daily", value: "daily")])

    for (utterance, intent) in Self.utterances {
      #expect(grammar.parse(utterance, lists: values).first?.intent ?? "" == intent, "\(utterance)")
    }
    let clock = ContinuousClock()
    let rounds = 50
    let elapsed = clock.measure {
      for _ in 0..<rounds {
        for (utterance, _) in Self.utterances { _ = grammar.parse(utterance, lists: values) }
      }
    }
    let perParse = elapsed / (rounds * Self.utterances.count)
    // About 10–25 µs each in release builds; this bound only catches blow-ups in debug builds
    // on a busy machine.
    #expect(perParse < .milliseconds(5), "\(perParse) per parse")
  }
}
