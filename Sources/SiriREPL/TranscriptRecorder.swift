import Foundation
import LineEditing

/// Writes a session to a transcript file as it goes (`siri --record FILE`), so even an
/// interrupted session leaves a usable transcript.
public final class TranscriptRecorder {
  private let handle: FileHandle

  /// Starts the transcript at `path` with its header: a comment, then the lines that make
  /// `siri test` replay it the same way (`# locale: LOCALE` unless it is en-US; `# app:
  /// FILE`, relative to the transcript's folder, for each of `appFiles`;
  /// `# no-sample-apps` unless `sampleApps`).
  public init(path: String, appFiles: [String] = [], sampleApps: Bool = true, locale: String = GrammarLocales.fallback) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: Data()) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    handle = try FileHandle(forWritingTo: url)
    append("# Recorded with siri --record; replay it with `siri test \((path as NSString).lastPathComponent)`.")
    if locale != GrammarLocales.fallback { append("# locale: \(locale)") }
    let folder = url.deletingLastPathComponent().standardizedFileURL.path
    for file in appFiles {
      append("# app: \(Self.relativePath(of: URL(fileURLWithPath: file).standardizedFileURL.path, from: folder))")
    }
    if !sampleApps { append("# no-sample-apps") }
  }

  /// `file` (absolute) as seen from `folder` (absolute): `harbor.json`, `../apps/harbor.json`.
  static func relativePath(of file: String, from folder: String) -> String {
    let fileParts = file.split(separator: "/").map(String.init)
    let folderParts = folder.split(separator: "/").map(String.init)
    var common = 0
    while common < fileParts.count, common < folderParts.count,
      fileParts[common] == folderParts[common]
    {
      common += 1
    }
    // Only the root in common: the absolute path says it better than a climb to /.
    if common == 0 { return file }
    let up = Array(repeating: "..", count: folderParts.count - common)
    return (up + fileParts[common...]).joined(separator: "/")
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
    // Through a file handle, so a pipe works as a script (`--script <(make-demo)`, /dev/stdin),
    // and an empty device (/dev/null) is an empty script.
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
      let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() ?? Data() else { return nil }
    lines = TextFile.lines(TextFile.lenientText(data))
  }

  public mutating func readLine(prompt: String) -> String? {
    guard index < lines.count else { return nil }
    defer { index += 1 }
    return lines[index]
  }
}
