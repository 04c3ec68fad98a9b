import LineEditing
import Testing

@Suite struct ScriptedLineReaderTests {
  @Test func returnsLinesInOrderThenNil() {
    var reader = ScriptedLineReader(["hey siri", "", "what's the weather"])
    #expect(reader.readLine(prompt: "> ") == "hey siri")
    #expect(reader.readLine(prompt: "> ") == "")
    #expect(reader.readLine(prompt: ">> ") == "what's the weather")
    #expect(reader.readLine(prompt: "> ") == nil)
    #expect(reader.readLine(prompt: "> ") == nil)
    #expect(reader.prompts == ["> ", "> ", ">> ", "> ", "> "])
    #expect(reader.remainingLines.isEmpty)
  }

  @Test func emptyScriptEndsAtOnce() {
    var reader = ScriptedLineReader([])
    #expect(reader.readLine(prompt: "") == nil)
  }

  @Test func worksThroughTheProtocol() {
    func drain(_ reader: inout some LineReader) -> [String] {
      var lines: [String] = []
      while let line = reader.readLine(prompt: "> ") { lines.append(line) }
      return lines
    }
    var reader = ScriptedLineReader(["a", "b"])
    #expect(drain(&reader) == ["a", "b"])
  }
}
