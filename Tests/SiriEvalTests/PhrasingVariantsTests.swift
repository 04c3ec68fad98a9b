import Foundation
import Testing

@testable import SiriEval

/// `siri eval --variants`: the requests said other ways, and what counts as read the same.
struct PhrasingVariantsTests {
  @Test func eachFamilyMakesOneVariantWhereItApplies() {
    let play = PhrasingVariants.variants(of: "play some jazz.", id: "r1", locale: "en-US")
    #expect(play.map(\.family) == ["opening", "closing", "occasion", "asking"])
    for variant in play {
      switch variant.family {
      case "opening": #expect(variant.text.hasSuffix(" play some jazz."))
      case "closing", "occasion": #expect(variant.text.hasPrefix("play some jazz "))  // the full stop goes
      default: #expect(variant.text.hasSuffix(" some jazz.") && !variant.text.hasPrefix("play "))
      }
    }
    let add = PhrasingVariants.variants(of: "Add Yellow to my gym playlist", id: "r2", locale: "en-US")
    #expect(add.map(\.family) == ["opening", "closing", "occasion", "adding"])
    #expect(add.last?.text.hasSuffix(" Yellow to my gym playlist") == true)
    // "player" is not "play".
    #expect(!PhrasingVariants.variants(of: "player one", id: "r3", locale: "en-US").map(\.family).contains("asking"))
  }

  @Test func theFormFollowsTheRowIdSoRunsRepeat() {
    let ids = (0..<200).map { "row-\($0)" }
    let first = ids.map { PhrasingVariants.variants(of: "play some jazz", id: $0, locale: "en-US") }
    let second = ids.map { PhrasingVariants.variants(of: "play some jazz", id: $0, locale: "en-US") }
    #expect(first == second)
    // Spread over the rows: every opening form is used.
    let openings = Set(first.map { $0[0].text })
    #expect(openings.count == PhrasingVariants.families(locale: "en-US")[0].forms.count)
  }

  @Test func chineseFormsJoinWithoutSpaces() {
    let variants = PhrasingVariants.variants(of: "播放周杰伦的歌。", id: "z", locale: "zh-CN")
    #expect(variants.map(\.family) == ["opening", "closing"])
    #expect(variants[0].text.hasSuffix("播放周杰伦的歌。") && !variants[0].text.contains(" "))
    #expect(variants[1].text.hasPrefix("播放周杰伦的歌") && !variants[1].text.contains("。"))
    #expect(PhrasingVariants.variants(of: "play", id: "x", locale: "fr-FR").isEmpty)
  }

  @Test func heldMeansTheSameIntentAndSiriKitSlots() {
    let request = EvalPrediction(grammarIntent: "PlayMedia", slots: [PredictedSlot(name: "genre", value: "jazz")])
    let same = EvalPrediction(
      grammarIntent: "PlayMedia",
      slots: [PredictedSlot(name: "duration", value: "3600"), PredictedSlot(name: "genre", value: "jazz")])
    #expect(VariantResults.holds(same, as: request))
    let otherValue = EvalPrediction(grammarIntent: "PlayMedia", slots: [PredictedSlot(name: "genre", value: "jazz tonight")])
    #expect(!VariantResults.holds(otherValue, as: request))
    let otherIntent = EvalPrediction(grammarIntent: "SearchForMedia", slots: request.slots)
    #expect(!VariantResults.holds(otherIntent, as: request))
    #expect(!VariantResults.holds(.noParse, as: request))
  }

  @Test func theReportHasATableAndTheFigures() throws {
    let path = try EvalCommandTests.write(
      """
      {"id": "v-1", "text": "play some jazz", "intent": "PlayMedia", "slots": {"genre": "jazz"}, "locale": "en-US"}
      {"id": "v-2", "text": "add this song to my gym playlist", "intent": "AddMedia", "slots": {"destinationPlaylist": "gym", "reference": "currentlyPlaying", "mediaType": "song"}, "locale": "en-US"}
      {"id": "v-3", "text": "what is the weather like", "intent": "none", "slots": {}, "locale": "en-US"}
      """)
    var options = EvalOptions(grammarsDirectory: EvalCommandTests.grammars)
    options.variants = true
    let report = try EvalCommand.run(files: [path], options: options)
    let variants = try #require(report.summary.variants)
    // Rows read right only: two requests; a family for each that applies.
    #expect(variants["opening"]?.total == 2)
    #expect(variants["asking"]?.total == 1)
    #expect(variants["adding"]?.total == 1)
    #expect(variants.values.allSatisfy { $0.held <= $0.total })
    #expect(report.lines.contains { $0.hasPrefix("Phrasing variants") })
    let last = try #require(report.lines.last)
    #expect(try JSONDecoder().decode(EvalSummary.self, from: Data(last.utf8)) == report.summary)
    // Without the option, no figures and no table.
    let plain = try EvalCommand.run(files: [path], options: EvalOptions(grammarsDirectory: EvalCommandTests.grammars))
    #expect(plain.summary.variants == nil)
    #expect(!plain.lines.contains { $0.hasPrefix("Phrasing variants") })
    #expect(try EvalCommand.parseArguments(["a.jsonl", "--variants", "--grammars", "/g"]).options.variants)
  }
}
