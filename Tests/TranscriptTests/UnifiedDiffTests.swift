import Foundation
import SiriTesting
import Testing

/// The diff `siri test` and the transcript tests print: the format of `diff -u` (each
/// expected text below is what GNU diff -u prints for the same two files, with the
/// counts of 1 it leaves out written).
struct UnifiedDiffTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var old: [String]
    var new: [String]
    var firstDifferenceLine: Int
    var diff: String
    var testDescription: String { name }
  }

  static let twenty = (1...20).map { "l\($0)" }

  static func replacing(_ lines: [String], _ changes: [Int: String]) -> [String] {
    lines.enumerated().map { changes[$0.offset + 1] ?? $0.element }
  }

  static let cases: [Case] = [
    Case(
      name: "insertion in the middle", old: ["a", "b", "c", "d", "e", "f", "g", "h"],
      new: ["a", "b", "c", "d", "X", "e", "f", "g", "h"], firstDifferenceLine: 5,
      diff: """
        --- expected
        +++ actual
        @@ -2,6 +2,7 @@
         b
         c
         d
        +X
         e
         f
         g
        """),
    Case(
      name: "deletion at the start", old: ["a", "b", "c", "d", "e"], new: ["b", "c", "d", "e"], firstDifferenceLine: 1,
      diff: """
        --- expected
        +++ actual
        @@ -1,4 +1,3 @@
        -a
         b
         c
         d
        """),
    Case(
      name: "change at the start", old: ["a", "b", "c", "d", "e"], new: ["A", "b", "c", "d", "e"], firstDifferenceLine: 1,
      diff: """
        --- expected
        +++ actual
        @@ -1,4 +1,4 @@
        -a
        +A
         b
         c
         d
        """),
    Case(
      name: "change in the middle", old: ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
      new: ["a", "b", "c", "d", "E", "f", "g", "h", "i"], firstDifferenceLine: 5,
      diff: """
        --- expected
        +++ actual
        @@ -2,7 +2,7 @@
         b
         c
         d
        -e
        +E
         f
         g
         h
        """),
    Case(
      name: "change at the end", old: ["a", "b", "c", "d", "e"], new: ["a", "b", "c", "d", "E"], firstDifferenceLine: 5,
      diff: """
        --- expected
        +++ actual
        @@ -2,4 +2,4 @@
         b
         c
         d
        -e
        +E
        """),
    Case(
      name: "a line missing at the end", old: ["a", "b", "c"], new: ["a", "b", "c", "d"], firstDifferenceLine: 4,
      diff: """
        --- expected
        +++ actual
        @@ -1,3 +1,4 @@
         a
         b
         c
        +d
        """),
    Case(
      name: "two lines become three", old: ["a", "b", "c", "d"], new: ["a", "B1", "B2", "C", "d"], firstDifferenceLine: 2,
      diff: """
        --- expected
        +++ actual
        @@ -1,4 +1,5 @@
         a
        -b
        -c
        +B1
        +B2
        +C
         d
        """),
    Case(
      name: "two separate hunks", old: twenty, new: replacing(twenty, [2: "L2", 18: "L18"]), firstDifferenceLine: 2,
      diff: """
        --- expected
        +++ actual
        @@ -1,5 +1,5 @@
         l1
        -l2
        +L2
         l3
         l4
         l5
        @@ -15,6 +15,6 @@
         l15
         l16
         l17
        -l18
        +L18
         l19
         l20
        """),
    Case(
      name: "six lines apart: one hunk", old: twenty, new: replacing(twenty, [4: "L4", 11: "L11"]), firstDifferenceLine: 4,
      diff: """
        --- expected
        +++ actual
        @@ -1,14 +1,14 @@
         l1
         l2
         l3
        -l4
        +L4
         l5
         l6
         l7
         l8
         l9
         l10
        -l11
        +L11
         l12
         l13
         l14
        """),
    Case(
      name: "seven lines apart: two hunks", old: twenty, new: replacing(twenty, [4: "L4", 12: "L12"]),
      firstDifferenceLine: 4,
      diff: """
        --- expected
        +++ actual
        @@ -1,7 +1,7 @@
         l1
         l2
         l3
        -l4
        +L4
         l5
         l6
         l7
        @@ -9,7 +9,7 @@
         l9
         l10
         l11
        -l12
        +L12
         l13
         l14
         l15
        """),
    Case(
      name: "from nothing", old: [], new: ["a"], firstDifferenceLine: 1,
      diff: """
        --- expected
        +++ actual
        @@ -0,0 +1,1 @@
        +a
        """),
    Case(
      name: "to nothing", old: ["a"], new: [], firstDifferenceLine: 1,
      diff: """
        --- expected
        +++ actual
        @@ -1,1 +0,0 @@
        -a
        """),
  ]

  @Test(arguments: cases)
  func rendersLikeDiffU(_ example: Case) throws {
    let diff = try #require(UnifiedDiff(old: example.old, new: example.new))
    #expect(diff.text == example.diff)
    #expect(diff.firstDifferenceLine == example.firstDifferenceLine)
  }

  @Test func sameLinesAreNoDiff() {
    #expect(UnifiedDiff(old: ["a", "b"], new: ["a", "b"]) == nil)
    #expect(UnifiedDiff(old: [], new: []) == nil)
  }

  /// Applying the edit script to the old lines gives the new ones, and it is as short as
  /// a longest common subsequence allows, on random texts.
  @Test func editScriptsAreShortestAndCorrect() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
      let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
      let edits = UnifiedDiff.edits(old: old, new: new)
      var rebuiltOld: [String] = []
      var rebuiltNew: [String] = []
      var same = 0
      for edit in edits {
        switch edit {
        case .same(let line): rebuiltOld.append(line); rebuiltNew.append(line); same += 1
        case .deleted(let line): rebuiltOld.append(line)
        case .inserted(let line): rebuiltNew.append(line)
        }
      }
      #expect(rebuiltOld == old)
      #expect(rebuiltNew == new)
      #expect(same == Self.longestCommonSubsequence(old, new), "\(old) → \(new)")
    }
  }

  static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  /// Coloured for a terminal: headers bold, hunk headers cyan, `-` red, `+` green.
  @Test func colours() throws {
    let diff = try #require(UnifiedDiff(old: ["a", "b"], new: ["a", "c"]))
    #expect(
      diff.lines(colors: true) == [
        "\u{1B}[1m--- expected\u{1B}[0m", "\u{1B}[1m+++ actual\u{1B}[0m", "\u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[0m", " a",
        "\u{1B}[31m-b\u{1B}[0m", "\u{1B}[32m+c\u{1B}[0m",
      ])
  }
}

/// A replay against its transcript file: blank lines and trailing spaces are not
/// compared, but the diff's line numbers are the file's and the blank lines stay.
struct TranscriptDifferenceTests {
  /// Blank lines, trailing spaces, and blank lines at the end.
  static let file = "# Trace on and off.\n\n> :trace on\nTrace is on.   \n\n> :trace off\nTrace is OFF.\n\n\n"

  static let replay = "# Trace on and off.\n> :trace on\nTrace is on.\n> :trace off\nTrace is off.\n"

  @Test func lineNumbersAreTheFilesAndBlankLinesStay() throws {
    let difference = try #require(TranscriptDifference(expected: Self.file, actual: Self.replay))
    #expect(difference.diff.firstDifferenceLine == 7)
    #expect(
      difference.diff.lines() == [
        "--- expected", "+++ actual", "@@ -4,4 +4,4 @@", " Trace is on.", " ", " > :trace off", "-Trace is OFF.",
        "+Trace is off.",
      ])
    #expect(
      difference.updatedLines == ["# Trace on and off.", "", "> :trace on", "Trace is on.", "", "> :trace off", "Trace is off."])
  }

  @Test func blankLinesAndTrailingSpacesAreNoDifference() {
    let file = Self.file.replacingOccurrences(of: "OFF", with: "off")
    #expect(TranscriptDifference(expected: file, actual: Self.replay) == nil)
    #expect(TranscriptRunner.difference(expected: file, actual: Self.replay) == nil)
  }

  /// `--update` (and RECORD_TRANSCRIPTS) write the replay with the file's blank lines
  /// and line endings.
  @Test func updateKeepsBlankLinesAndLineEndings() throws {
    let path = try TextFileTests.temporaryFile(Array(Self.file.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    let transcript = try Transcript.load(path: path)
    let difference = try #require(TranscriptDifference(expected: transcript.text, actual: Self.replay))
    let result = TranscriptResult(transcript: transcript, outcome: .differed(difference), duration: .zero)
    #expect(try TranscriptRunner.update(result))
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# Trace on and off.\r\n\r\n> :trace on\r\nTrace is on.\r\n\r\n> :trace off\r\nTrace is off.\r\n")
    let passed = TranscriptResult(transcript: transcript, outcome: .passed, duration: .zero)
    #expect(try !TranscriptRunner.update(passed))
  }
}
