import SiriTesting

/// `transcript`: the input as a golden transcript file.
///
/// Reads it as `Transcript.all(in:)` does (`Transcript(name:path:text:)`), then takes
/// `lines` and `inputLines` and compares it with itself (`TranscriptRunner.difference`),
/// as the transcript test does. Checks what `lines` documents: no empty line, none ending
/// in white space; and that reading the lines again gives the same lines.
enum TranscriptTarget {
  static func run(_ input: [UInt8]) {
    let text = FuzzInput.text(input)
    let transcript = Transcript(name: "fuzz", path: "Transcripts/fuzz.transcript", text: text)
    let lines = transcript.lines
    for line in lines {
      fuzzCheck(!line.isEmpty, "an empty line in Transcript.lines")
      fuzzCheck(
        line.unicodeScalars.last?.properties.isWhitespace != true,
        "a line ending in white space: \(line.debugDescription)")
    }
    let again = Transcript(name: "fuzz", path: "Transcripts/fuzz.transcript", text: lines.joined(separator: "\n")).lines
    fuzzCheck(again == lines, "the lines read again differ: \(lines.debugDescription) became \(again.debugDescription)")
    let inputs = transcript.inputLines
    fuzzCheck(inputs.count <= lines.count, "more input lines (\(inputs.count)) than lines (\(lines.count))")
    fuzzCheck(
      TranscriptRunner.difference(expected: text, actual: text) == nil,
      "a transcript differs from itself")
  }
}
