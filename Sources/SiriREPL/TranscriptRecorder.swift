import Foundation
import LineEditing

/// Writes a session to a transcript file as it goes (`siri --record FILE`), so even an
/// interrupted session leaves a usable transcript.
public final class TranscriptRecorder {
  private let handle: FileHandle

  public init(path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: Data()) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    handle = try FileHandle(forWritingTo: url)
    append("# Recorded with siri --record. Replayed by `swift test` when kept in Transcripts/.")
  }

  public func append(_ line: String) {
    handle.write(Data((line + "\n").utf8))
  }

  public func close() {
    try? handle.close()
  }
}

/// Reads a `--script` file line by line.
public struct ScriptReader: LineReader {
  private var lines: [String]
  private var index = 0

  /// Reads the whole file (see ``TextFile`` for what it accepts); `nil` when it can't be
  /// read.
  public init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    lines = TextFile.lines(TextFile.lenientText(data))
  }

  public mutating func readLine(prompt: String) -> String? {
    guard index < lines.count else { return nil }
    defer { index += 1 }
    return lines[index]
  }
}
