import Foundation
import LineEditing
import SiriREPL

/// Replays transcripts through a fresh session and compares the output with the file.
/// `siri test` and the package's own `TranscriptTests` both run transcripts this way.
public enum TranscriptRunner {
  /// Runs the transcript's inputs through a new session and returns what it printed,
  /// in transcript form.
  ///
  /// The session has the app files and sample apps the transcript's header asks for
  /// (see ``TranscriptHeader``) and a data folder of its own, removed afterwards: it
  /// starts from nothing, like a new user, and `:restart` really reads the store back
  /// from disk.
  ///
  /// - Throws: ``TranscriptError`` when the header is wrong or names an app file that
  ///   is not there; ``SessionError`` when the session cannot start.
  ///
  /// - Parameter resources: grammars and responses to share with other transcripts of
  ///   the run, of one locale or several (a transcript may say `:locale`); those the
  ///   transcript needs and `resources` lacks are loaded from `grammarsDirectory`.
  public static func replay(
    _ transcript: Transcript, grammarsDirectory: String, resources: [SessionResources] = [],
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> String {
    let header = try transcript.header()
    try header.checkLocale(grammarsDirectory: grammarsDirectory, transcriptPath: transcript.path)
    try header.checkAppFiles(transcriptPath: transcript.path)
    let dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("siri-transcript-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    // The store lives in a folder removed after the replay: its saves needn't wait for
    // the disk (they were half of a transcript run's time).
    var base = SessionConfiguration(grammarsDirectory: grammarsDirectory, dataDirectory: dataDirectory.path)
    base.durableStore = false
    // Transcripts replay side by side, one per core: a session loading on two cores
    // of its own would only compete with the others.
    base.loadsInParallel = false
    let configuration = header.applied(to: base, transcriptFolder: (transcript.path as NSString).deletingLastPathComponent)
    var session = try Session(configuration: configuration, sharing: resources)
    var reader = ScriptedLineReader(transcript.inputLines)
    var recorded: [String] = []
    await REPL(echo: true, json: false).run(
      session: &session, reader: &reader, write: { _ in }, record: { recorded.append($0) })
    return recorded.joined(separator: "\n") + "\n"
  }

  /// Replays `transcript` and compares; never throws: whatever goes wrong is the
  /// result's ``TranscriptResult/Outcome/failed(_:)``.
  public static func run(
    _ transcript: Transcript, grammarsDirectory: String, resources: [SessionResources] = [],
    isolation: isolated (any Actor)? = #isolation
  ) async -> TranscriptResult {
    let clock = ContinuousClock()
    let start = clock.now
    let outcome: TranscriptResult.Outcome
    var stopsTheRun = false
    do {
      let actual = try await replay(transcript, grammarsDirectory: grammarsDirectory, resources: resources)
      if let difference = TranscriptDifference(expected: transcript.text, actual: actual) {
        outcome = .differed(difference)
      } else {
        outcome = .passed
      }
    } catch let error as TranscriptError {
      outcome = .failed(error)
    } catch let error as SessionError {
      stopsTheRun = Self.isSharedByAllTranscripts(error)
      let message = stopsTheRun ? error.description : Self.withoutErrorPrefix(error.description)
      outcome = .failed(TranscriptError(path: transcript.path, message: message))
    } catch {
      outcome = .failed(TranscriptError(path: transcript.path, message: "\(error)"))
    }
    var result = TranscriptResult(transcript: transcript, outcome: outcome, duration: clock.now - start)
    result.stopsTheRun = stopsTheRun
    return result
  }

  /// Loads and runs the transcript at `path` (a file that cannot be read is a failed
  /// result, as a difference is).
  public static func run(
    path: String, grammarsDirectory: String, resources: [SessionResources] = [],
    isolation: isolated (any Actor)? = #isolation
  ) async -> TranscriptResult {
    await run(Transcript.loaded(path: path), path: path, grammarsDirectory: grammarsDirectory, resources: resources)
  }

  /// Runs the transcript `loaded` from `path`, already read (``Transcript/loaded(path:)``):
  /// a file that could not be read is a failed result, as a difference is.
  static func run(
    _ loaded: Result<Transcript, TranscriptError>, path: String, grammarsDirectory: String,
    resources: [SessionResources] = [], isolation: isolated (any Actor)? = #isolation
  ) async -> TranscriptResult {
    switch loaded {
    case .success(let transcript):
      return await run(transcript, grammarsDirectory: grammarsDirectory, resources: resources)
    case .failure(let error):
      let transcript = Transcript(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, path: path, text: "")
      return TranscriptResult(transcript: transcript, outcome: .failed(error), duration: .zero)
    }
  }

  /// Rewrites the transcript's file with what the session printed (blank lines and
  /// line endings kept as they were), when it differed.
  /// - Returns: whether the file was rewritten.
  @discardableResult
  public static func update(_ result: TranscriptResult) throws -> Bool {
    guard case .differed(let difference) = result.outcome else { return false }
    let lineBreak = result.transcript.text.contains("\r\n") ? "\r\n" : "\n"
    let text = difference.updatedLines.joined(separator: lineBreak) + lineBreak
    try text.write(toFile: result.transcript.path, atomically: true, encoding: .utf8)
    return true
  }

  /// `nil` when `actual` matches `expected` (ignoring trailing whitespace and blank
  /// lines); otherwise the unified diff, `--- expected`, `+++ actual`.
  public static func difference(expected: String, actual: String) -> String? {
    TranscriptDifference(expected: expected, actual: actual)?.diff.text
  }

  /// Whether `error` comes from what every transcript's session loads alike: the
  /// grammars and the responses (not the store, not a transcript's own app files).
  static func isSharedByAllTranscripts(_ error: SessionError) -> Bool {
    if case .grammar = error { return true }
    if case .responses = error { return true }
    return error == .grammarsNotFound
  }

  static func withoutErrorPrefix(_ message: String) -> String {
    message.hasPrefix("error: ") ? String(message.dropFirst("error: ".count)) : message
  }
}

/// How one transcript went.
public struct TranscriptResult: Sendable {
  public enum Outcome: Sendable {
    /// The session printed what the file says.
    case passed
    /// It printed something else.
    case differed(TranscriptDifference)
    /// The transcript could not be replayed: unreadable, a missing app file, a session
    /// that would not start.
    case failed(TranscriptError)
  }

  public var transcript: Transcript
  public var outcome: Outcome
  public var duration: Duration
  /// The session could not start for a reason every transcript shares (the grammars
  /// or the responses do not load): the ``TranscriptError/message`` says why, in the
  /// compiler's words, and running more transcripts would only repeat it.
  public var stopsTheRun = false

  public init(transcript: Transcript, outcome: Outcome, duration: Duration) {
    self.transcript = transcript
    self.outcome = outcome
    self.duration = duration
  }

  public var passed: Bool {
    if case .passed = outcome { return true }
    return false
  }

  /// What to show for a result that did not pass: `path:14: first difference` and the
  /// diff, or `path:3: error: …`; nil when it passed.
  public func report(colors: Bool = false) -> [String]? {
    switch outcome {
    case .passed:
      return nil
    case .differed(let difference):
      return ["\(transcript.path):\(difference.diff.firstDifferenceLine): first difference"]
        + difference.diff.lines(colors: colors)
    case .failed(let error):
      return [error.description]
    }
  }
}

/// How a replay differs from its transcript, as a unified diff whose `-` line numbers
/// are the transcript file's own.
///
/// Blank lines and trailing whitespace are not compared. Blank lines of the file stay in
/// the diff as unchanged lines, and in ``updatedLines``, so a re-recorded transcript
/// keeps its spacing, and the diff is an exact diff from the file to that text.
public struct TranscriptDifference: Sendable, Equatable {
  public var diff: UnifiedDiff
  /// The transcript as the session printed it, with the file's blank lines kept: what
  /// `siri test --update` writes.
  public var updatedLines: [String]

  /// nil when `actual` (a replay) says what `expected` (the transcript file) says.
  public init?(expected: String, actual: String) {
    let file = Self.fileLines(expected)
    let printed = Transcript.normalizedLines(actual)
    let significant = file.filter { !$0.isEmpty }
    let edits = UnifiedDiff.edits(old: significant, new: printed)
    guard edits.contains(where: \.isChange) else { return nil }

    // Put the blank lines back, each before the line it came before in the file.
    var full: [UnifiedDiff.Edit] = []
    var fileIndex = 0
    for edit in edits {
      if case .inserted = edit {
        full.append(edit)
        continue
      }
      while fileIndex < file.count, file[fileIndex].isEmpty {
        full.append(.same(""))
        fileIndex += 1
      }
      full.append(edit)
      fileIndex += 1
    }
    guard let diff = UnifiedDiff(edits: full) else { return nil }
    self.diff = diff
    updatedLines = full.compactMap { edit in
      switch edit {
      case .same(let line), .inserted(let line): line
      case .deleted: nil
      }
    }
  }

  /// The file's lines, without trailing whitespace and trailing blank lines; the
  /// others keep their places, so line numbers are the file's.
  static func fileLines(_ text: String) -> [String] {
    // Trimmed as Transcript.lines trims them, scalar by scalar: a Character is "white
    // space" when its first scalar is, so " \u{35A}" (a space with a combining mark) would
    // go whole here and stay there, and a transcript would differ from itself.
    var lines = TextFile.lines(text).map { Transcript.withoutTrailingWhitespace(Substring($0)) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
