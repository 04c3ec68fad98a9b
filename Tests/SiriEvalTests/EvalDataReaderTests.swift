import Foundation
import Testing

@testable import SiriEval

struct EvalDataReaderTests {
  @Test func readsTheREADMEFormat() throws {
    let text = """
      {"id": "slurp-devel-2392", "text": "i want to hear love me", "source_intent": "play_music", "intent": "PlayMedia", "slots": {"mediaName": "love me"}, "source_slots": {"song_name": ["love me"]}, "locale": "en-US", "source": "pswietojanski/slurp", "source_file": "dataset/slurp/devel.jsonl", "source_split": "devel"}
      {"id": "s-2", "text": "shuffle it", "intent": "PlayMedia", "slots": {"shuffle": true, "repeat": false, "artist": ["a", "b"]}, "locale": "en-US", "implied": {"mediaType": "radioStation"}, "derived": ["shuffle"]}
      {"id": "c-3", "text": "play music", "intent": "PlayMedia", "slots": {}, "slots_annotated": false, "locale": "en-US"}
      {"id": "o-4", "text": "set a timer", "intent": "none", "slots": {}, "locale": "en-US", "ood_stratum": "hard"}
      """
    let (rows, problems) = EvalDataReader.parse(jsonl: text, file: "/data/slurp-dev.jsonl")
    #expect(problems.isEmpty)
    #expect(rows.count == 4)
    #expect(rows[0].id == "slurp-devel-2392")
    #expect(rows[0].slots == ["mediaName": ["love me"]])
    #expect(rows[0].source == "slurp-dev")
    #expect(rows[0].dataset == "pswietojanski/slurp")
    #expect(rows[0].line == 1)
    #expect(rows[1].slots == ["shuffle": ["true"], "repeat": ["false"], "artist": ["a", "b"]])
    #expect(rows[1].implied == ["mediaType": ["radioStation"]])
    #expect(rows[1].derived == ["shuffle"])
    #expect(rows[2].slotsAnnotated == false)
    #expect(rows[3].intent == "none")
    #expect(rows[3].isInDomain == false)
    #expect(rows[3].oodStratum == "hard")
  }

  @Test func malformedLinesAreSkippedWithFileAndLine() {
    let text = """
      {"id": "a", "text": "play jazz", "intent": "PlayMedia", "slots": {}, "locale": "en-US"}
      {"id": "b", "text": "play jazz", "intent": "PlayMedia", "slots": {}, "locale": "en-US"
      not json at all

      [1, 2]
      {"id": "c", "intent": "PlayMedia", "locale": "en-US"}
      {"id": "d", "text": "x", "intent": "PlayMedia", "slots": "jazz", "locale": "en-US"}
      {"id": "e", "text": "x", "intent": "PlayMedia", "slots": {"artist": {"name": "x"}}, "locale": "en-US"}
      {"id": "f", "text": "x", "intent": "PlayMedia", "slots": {}, "locale": "en-US", "slots_annotated": "no"}
      {"id": "g", "text": "x", "intent": "PlayMedia", "slots": {}}
      {"id": "h", "text": "play jazz", "intent": "PlayMedia", "slots": {}, "locale": "en-US"}\r
      """
    let (rows, problems) = EvalDataReader.parse(jsonl: text, file: "bad.jsonl")
    #expect(rows.map(\.id) == ["a", "h"])
    #expect(problems.map(\.line) == [2, 3, 5, 6, 7, 8, 9, 10])
    #expect(problems.allSatisfy { $0.file == "bad.jsonl" })
    #expect(problems[0].description.hasPrefix("bad.jsonl:2: not valid JSON"))
    #expect(problems[0].description.hasSuffix("; line skipped"))
    #expect(problems[2].message == "not a JSON object")
    #expect(problems[3].message.contains("\"text\""))
    #expect(problems[7].message.contains("\"locale\""))
  }

  @Test func missingIdIsMadeFromFileAndLine() {
    let (rows, _) = EvalDataReader.parse(jsonl: "\u{FEFF}{\"text\": \"hi\", \"intent\": \"None\", \"locale\": \"en-US\"}", file: "x/ood.jsonl")
    #expect(rows.count == 1)
    #expect(rows[0].id == "ood:1")
    #expect(rows[0].intent == "none")
    #expect(rows[0].slots.isEmpty)
  }

  @Test func missingFileIsAnError() {
    #expect(throws: EvalError.fileNotFound("/nonexistent/eval.jsonl")) {
      try EvalDataReader.read(file: "/nonexistent/eval.jsonl")
    }
  }
}
