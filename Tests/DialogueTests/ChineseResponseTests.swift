import Dialogue
import Foundation
import Testing

@testable import ResponseRendering

/// The zh-CN response table says everything the en-US one does, with the same values,
/// and Chinese lists and numbers read as Chinese writes them.
struct ChineseResponseTests {
  static let grammars = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Grammars").path

  static let english = Result { () throws(ResponseTableError) in
    try ResponseTable.load(directory: (grammars as NSString).appendingPathComponent("en-US"))
  }
  static let chinese = Result { () throws(ResponseTableError) in
    try ResponseTable.load(directory: (grammars as NSString).appendingPathComponent("zh-CN"))
  }

  /// The names a template fills, wherever they are (in optional parts too).
  static func values(_ template: Template) -> Set<String> {
    switch template {
    case .text: return []
    case .argument(let name, _): return [name]
    case .optional(let parts), .sequence(let parts): return parts.reduce(into: Set()) { $0.formUnion(values($1)) }
    }
  }

  /// Every key the engine may ask for has a Chinese line, filling the same values: a key
  /// missing in zh-CN would print "[no response for …]", a value missing would drop a
  /// title or an app from what Siri says.
  @Test func everyEnglishKeyHasAChineseLineWithTheSameValues() throws {
    let english = try Self.english.get()
    let chinese = try Self.chinese.get()
    let missing = english.keys.filter { !chinese.contains($0) }
    #expect(missing.isEmpty, "zh-CN has no line for \(missing)")
    let extra = chinese.keys.filter { !english.contains($0) && $0 != "list.separator" }
    #expect(extra.isEmpty, "zh-CN has lines en-US doesn't: \(extra)")
    for key in english.keys where chinese.contains(key) {
      var englishValues = try #require(english.template(key).map(Self.values))
      let chineseValues = try #require(chinese.template(key).map(Self.values))
      // The engine gives a speed both ways: English writes "1.5x", Chinese "1.5倍速".
      if key == "option.speed", chineseValues == ["rate"] { englishValues = ["rate"] }
      #expect(chineseValues == englishValues, "\(key): en-US fills \(englishValues.sorted()), zh-CN \(chineseValues.sorted())")
    }
  }

  /// The lines no sample app reaches (there is no transcript of them) read well too.
  @Test(arguments: [
    (Reply("ask.mediaName.PlayMedia", fallbacks: ["ask.mediaName"], ["app": "Deezer"]), "你想在Deezer上听什么？"),
    (Reply("UpdateMediaAffinity.unsupported.generic", fallbacks: ["unsupported.generic"], ["app": "Deezer"]), "抱歉，我没法把这个告诉Deezer。"),
    (Reply("StartWorkout.unsupported.generic", ["app": "Ascent"]), "抱歉，Ascent无法开始这项锻炼。"),
    (Reply("AddMedia.failureRequiringAppLaunch", ["app": "Deezer"]), "你需要打开Deezer才能添加。"),
    (Reply("StartWorkout.failureNoMatchingWorkout", ["app": "Ascent", "workoutName": "瑜伽"]), "抱歉，Ascent没有叫“瑜伽”的锻炼。"),
    (Reply("workout.failure", ["app": "Ascent"]), "抱歉，Ascent做不到。"),
    (Reply("failure", ["app": "Tuner"]), "抱歉，Tuner出了点问题。请再试一次。"),
    (Reply("tooLong", ["limit": "1,000"]), "抱歉，这句话太长了。请说得简短一些（最多1,000个字）。"),
    (Reply("noAppForIntent"), "抱歉，你的App都做不了这件事。"),
  ])
  func linesNoTranscriptReaches(reply: Reply, expected: String) throws {
    #expect(ResponseRenderer(table: try Self.chinese.get()).render(reply) == expected)
  }

  /// "A、B还是C": the separator between items, no spaces around the Chinese word, Latin
  /// items included; English keeps its ", " and spaces.
  @Test func joinsListsAsChineseDoes() throws {
    let chinese = ResponseRenderer(table: try Self.chinese.get())
    let english = ResponseRenderer(table: try Self.english.get())
    let three: ReplyValue = .list(["Deezer", "AudioCast", "Tuner"])
    #expect(chinese.render(Reply("ask.app", ["options": three])) == "要用哪个App：Deezer、AudioCast还是Tuner？")
    #expect(chinese.render(Reply("ask.app", ["options": .list(["墙面攀岩", "抱石"])])) == "要用哪个App：墙面攀岩还是抱石？")
    #expect(english.render(Reply("ask.app", ["options": three])) == "Which app should I use: Deezer, AudioCast or Tuner?")
    let options: ReplyValue = .list([.phrase(Reply("option.shuffle")), .phrase(Reply("option.speed", ["speed": "1.5x", "rate": "1.5"]))])
    #expect(
      chinese.render(Reply("PlayMedia.success", ["app": "Deezer", "title": "Talk", "artist": "Khalid", "options": options]))
        == "好的，正在用Deezer播放Khalid的《Talk》（随机播放和1.5倍速）。")
  }

  @Test func spacesAroundAConjunctionOnlyBetweenSpacedWords() {
    #expect(ResponseRenderer.spaced("or", after: "Deezer", before: "Tuner") == " or ")
    #expect(ResponseRenderer.spaced("还是", after: "Deezer", before: "Tuner") == "还是")
    #expect(ResponseRenderer.spaced("or", after: "墙面攀岩", before: "抱石") == "or")
    #expect(ResponseRenderer.spaced("and", after: "A", before: "抱石") == " and")
  }

  /// A space a missing value leaves before full-width punctuation goes, as before Latin.
  @Test func noSpaceBeforeFullWidthPunctuation() throws {
    let renderer = ResponseRenderer(table: try ResponseTable(locale: "zh-CN", path: "r.strings", text: "a = 好的 [{x}]，走吧 [{y}]。"))
    #expect(renderer.render(Reply("a")) == "好的，走吧。")
  }
}
