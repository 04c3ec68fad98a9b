import Foundation
import LineEditing
import SiriREPL

/// Replays transcripts through a fresh session and compares the output with the file.
public enum TranscriptRunner {
  /// Runs the transcript's inputs through a new session and returns what it printed,
  /// in transcript form.
  @MainActor
  public static func replay(_ transcript: Transcript, grammarsDirectory: String) async throws -> String {
    // Each transcript gets a fresh data folder: it starts from nothing, like a new
    // user, and `:restart` really reads the store back from disk.
    let dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("siri-transcript-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    var session = try Session(
      configuration: SessionConfiguration(grammarsDirectory: grammarsDirectory, dataDirectory: dataDirectory.path))
    var reader = ScriptedLineReader(transcript.inputLines)
    var recorded: [String] = []
    await REPL(echo: true, json: false).run(
      session: &session, reader: &reader, write: { _ in }, record: { recorded.append($0) })
    return recorded.joined(separator: "\n") + "\n"
  }

  /// `nil` when `actual` matches `expected` (ignoring trailing whitespace and blank
  /// lines); otherwise a line diff, `-` for expected lines and `+` for actual ones.
  public static func difference(expected: String, actual: String) -> String? {
    let old = Transcript.normalizedLines(expected)
    let new = Transcript.normalizedLines(actual)
    if old == new { return nil }
    return LineDiff.render(old: old, new: new)
  }
}

/// A minimal line diff (longest common subsequence), printed with context.
enum LineDiff {
  static func render(old: [String], new: [String], context: Int = 2) -> String {
    let n = old.count
    let m = new.count
    var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var rows: [(Character, String)] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        rows.append((" ", old[i])); i += 1; j += 1
      } else if j < m, i == n || lengths[i][j + 1] >= lengths[i + 1][j] {
        rows.append(("+", new[j])); j += 1
      } else {
        rows.append(("-", old[i])); i += 1
      }
    }
    let changed = rows.indices.filter { rows[$0].0 != " " }
    var keep = Set<Int>()
    for index in changed {
      for k in max(0, index - context)...min(rows.count - 1, index + context) { keep.insert(k) }
    }
    var output: [String] = []
    var last = -1
    for index in rows.indices where keep.contains(index) {
      if last >= 0, index != last + 1 { output.append("  …") }
      output.append("\(rows[index].0) \(rows[index].1)")
      last = index
    }
    return output.joined(separator: "\n")
  }
}
