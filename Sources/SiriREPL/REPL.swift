import Foundation
import LineEditing

/// The read–answer loop, shared by the interactive terminal, piped input, `--script`
/// files and the transcript tests.
public struct REPL {
  /// Prints `> line` before each answer (piped input and scripts), so the output reads
  /// as a transcript.
  public var echo: Bool
  /// Print one JSON object per turn instead of text.
  public var json: Bool
  public var prompt: String

  public init(echo: Bool, json: Bool, prompt: String = "> ") {
    self.echo = echo
    self.json = json
    self.prompt = prompt
  }

  /// How ``run(session:reader:write:record:interruption:)`` ended.
  public enum Ending: Sendable, Equatable {
    /// The input ended, or `:quit`.
    case finished
    /// The interruption was requested. Every line up to `afterLine` (counting from 1,
    /// comments and blank lines included) was answered; nothing after it was read or
    /// answered. 0: none was.
    case interrupted(afterLine: Int)
  }

  /// Reads lines until the input ends, `:quit`, or `interruption` is requested,
  /// writing what each line prints.
  ///
  /// - Parameters:
  ///   - write: receives every printed line (stdout in `siri`).
  ///   - record: receives the transcript form of the session (input lines as
  ///     `> …`, then their text output), whatever the output mode.
  ///   - interruption: checked before each line is read and again before it is
  ///     answered, so a request (Ctrl-C in `siri`) stops the loop between two turns,
  ///     never in the middle of one.
  ///   - isolation: where the loop runs: the caller's actor (the main actor in `siri`),
  ///     or none, so that `siri test` can replay several transcripts at once.
  @discardableResult
  public func run<Reader: LineReader>(
    session: inout Session, reader: inout Reader,
    write: (String) -> Void, record: (String) -> Void = { _ in },
    interruption: Interruption = .never, isolation: isolated (any Actor)? = #isolation
  ) async -> Ending {
    var linesAnswered = 0
    while !interruption.isRequested, let raw = reader.readLine(prompt: prompt) {
      // Requested while the line was read (or by the signal that ended the read):
      // the line is left unanswered.
      if interruption.isRequested { break }
      linesAnswered += 1
      let line = Self.sanitize(raw)
      let trimmed = line.trimmingWhitespace()
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#") {
        // Comments in scripts and transcripts are kept, never sent to Siri.
        record(trimmed)
        if echo && !json { write(trimmed) }
        continue
      }
      let shown = "> " + Self.shorten(trimmed)
      if echo && !json { write(shown) }
      record(shown)
      let output = await session.handle(trimmed)
      if json {
        if let object = output.json {
          write(object)
        } else if !output.lines.isEmpty {
          write(Self.commandJSON(command: trimmed, lines: output.lines))
        }
      } else {
        output.lines.forEach(write)
      }
      output.lines.forEach(record)
      if output.quit || session.isFinished { return .finished }
    }
    return interruption.isRequested ? .interrupted(afterLine: linesAnswered) : .finished
  }

  /// Replaces control characters (escape sequences could drive the terminal) with
  /// visible stand-ins; keeps tabs as spaces.
  public static func sanitize(_ line: String) -> String {
    // Most lines have nothing to replace: one pass over the bytes says so (C0 controls
    // and DEL are single bytes; C1 controls are encoded as 0xC2 0x80…0x9F).
    var utf8 = line.utf8.makeIterator()
    var clean = true
    var afterC2 = false
    while let byte = utf8.next() {
      if byte < 0x20 || byte == 0x7F || (afterC2 && byte >= 0x80 && byte <= 0x9F) {
        clean = false
        break
      }
      afterC2 = byte == 0xC2
    }
    if clean { return line }
    var scalars = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x09: scalars.append(" ")
      case 0x00...0x1F, 0x7F, 0x80...0x9F: scalars.append("\u{FFFD}")
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Echoes of very long lines are cut, so a 1 MB line doesn't flood the screen.
  static func shorten(_ line: String) -> String {
    // Walks at most 301 characters: a 4 MB line is not counted to the end.
    guard let end = line.index(line.startIndex, offsetBy: 300, limitedBy: line.endIndex), end < line.endIndex else {
      return line
    }
    return String(line[..<end]) + "…"
  }


  static func commandJSON(command: String, lines: [String]) -> String {
    let object: [String: Any] = ["command": command, "output": lines]
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
