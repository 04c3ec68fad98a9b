import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Interactive line editing on a terminal, with libedit: emacs key
/// bindings (or whatever ~/.editrc asks for), persistent history and Tab
/// completion.
///
/// Use one at a time; a `LineEditor` owns libedit state and the terminal, so
/// it is neither `Sendable` nor meant to be shared.
///
/// Keys beyond libedit's emacs defaults: Tab completes (see
/// ``CompletionLogic``), ^R searches the history backwards, ctrl-left and
/// ctrl-right move by words, and the usual Home, End and Delete sequences
/// work whatever terminfo says. ~/.editrc is read before these bindings are made;
/// lines there can be limited to this program with a `programName:` prefix.
///
/// The editor switches `LC_CTYPE` to a UTF-8 locale (the environment's if it
/// is one, else `C.UTF-8`) so that libedit reads and displays non-ASCII text.
public final class LineEditor: LineReader {
  /// The maximum number of history entries kept (and saved).
  public static let historySize: Int32 = 1000

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// Where history is saved; nil when it is not.
  private let historyPath: String?
  private let completer: (_ lineBeforeCursor: String) -> [String]
  /// The prompt libedit shows, in a C string this object owns.
  private var promptCString: UnsafeMutablePointer<CChar>
  private var currentPrompt = ""

  /// Creates an editor, or returns nil when line editing is not possible:
  /// stdin or stdout is not a terminal, `TERM` is unset or names a terminal
  /// without cursor control (see ``Terminal/isInteractive()``), or libedit
  /// fails to start.
  ///
  /// - Parameters:
  ///   - programName: the name that ~/.editrc's `name:` prefixes match.
  ///   - historyFile: where history is loaded from and saved to after every
  ///     entered line (a leading `~/` means the home directory; missing
  ///     directories are created). `nil` keeps history in memory only. A
  ///     file that cannot be read or written only means history is not
  ///     loaded or saved; an existing file that is not a libedit history
  ///     file is left alone.
  ///   - completer: given the text before the cursor, returns the words that
  ///     could replace the word being typed (the text after the last space).
  public init?(
    programName: String,
    historyFile: String?,
    completer: @escaping (_ lineBeforeCursor: String) -> [String]
  ) {
    guard Terminal.isInteractive() else { return nil }
    Self.selectUTF8Locale()
    guard let editLine = clibedit_init(programName) else { return nil }
    guard let history = clibedit_history_init() else {
      el_end(editLine)
      return nil
    }
    guard let promptCString = strdup("") else {
      el_end(editLine)
      clibedit_history_end(history)
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.promptCString = promptCString
    self.completer = completer
    self.historyPath = historyFile.flatMap(Self.expandingTilde).flatMap { path in
      // Never overwrite a file that is not a libedit history file.
      Self.isHistoryFileOrMissing(path) ? path : nil
    }

    // Callbacks cannot capture; they find `self` through the client data.
    clibedit_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    clibedit_set_prompt(editLine) { editLine in
      guard let editLine, let editor = LineEditor.editor(of: editLine) else {
        return clibedit_empty_prompt()
      }
      return editor.promptCString
    }
    clibedit_set_editor(editLine, "emacs")
    clibedit_set_signal(editLine, 1)
    // Ctrl-C ends the read at once, wherever it comes in (see clibedit_interruptible_read).
    clibedit_use_interruptible_read(editLine, InterruptSignal.selfPipe.read)

    clibedit_history_set_size(history, Self.historySize)
    clibedit_history_set_unique(history, 1)
    clibedit_use_history(editLine, history)
    if let historyPath {
      Self.createParentDirectory(of: historyPath)
      _ = clibedit_history_load(history, historyPath)
    }

    // Defaults that ~/.editrc may change.
    for (keys, function) in Self.defaultBindings {
      for key in keys { clibedit_bind(editLine, key, function) }
    }
    _ = clibedit_source(editLine)

    clibedit_add_function(
      editLine, Self.completeFunctionName, "Complete the word before the cursor"
    ) { editLine, _ in
      guard let editLine, let editor = LineEditor.editor(of: editLine) else {
        return UInt8(CC_ERROR)
      }
      return editor.complete()
    }
    clibedit_bind(editLine, "^I", Self.completeFunctionName)
  }

  deinit {
    saveHistory()
    // Editing off first, so el_end does not flush typed-ahead input.
    clibedit_set_editmode(editLine, 0)
    el_end(editLine)
    clibedit_history_end(history)
    free(promptCString)
  }

  /// Shows `prompt`, lets the user edit a line and returns it without the
  /// newline; nil at end of input (^D on an empty line, after which the
  /// cursor is moved to a new line) or on a read error.
  /// Lines that are not blank are added to the history and saved.
  ///
  /// Signals: libedit restores the terminal while a signal is handled. A
  /// signal with its default action (SIGINT, SIGTERM…) then ends the process
  /// as usual. If the program handles it without `SA_RESTART` (as
  /// ``Interruption/interruptSignal()`` does for SIGINT), the line being
  /// edited is dropped, `^C` is shown and the prompt comes again on a new
  /// line, as in a shell: Ctrl-C never ends the loop, however often it comes.
  /// The history keeps what it had.
  ///
  /// Escape sequences in `prompt` (colors) are allowed: they are excluded
  /// from its width.
  public func readLine(prompt: String) -> String? {
    setPrompt(prompt)
    var count: Int32 = 0
    while true {
      errno = 0
      let interruptionsBefore = InterruptSignal.count
      let cLine = el_gets(editLine, &count)
      guard let cLine, count > 0 else {
        // errno is what libedit left; the signal count says it for sure.
        if count < 0 && (errno == EINTR || InterruptSignal.count != interruptionsBefore) {
          // A signal the program handles (say SIGINT) interrupted the
          // read: libedit has dropped the line; prompt again below it.
          writeOutput("^C\n")
          continue
        }
        if count == 0 {
          // End of input. libedit echoed ^D; end that line.
          writeOutput("\n")
        }
        return nil
      }
      var bytes = UnsafeRawBufferPointer(start: cLine, count: Int(count))
      if bytes.last == UInt8(ascii: "\n") {
        bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
      }
      let line = String(decoding: bytes, as: UTF8.self)
      if line.contains(where: { !$0.isWhitespace }) {
        clibedit_history_enter(history, line)
        saveHistory()
      }
      return line
    }
  }

  /// Key sequences that terminals send for Home, End, Delete and
  /// ctrl-left/right but that terminfo entries do not always list.
  private static let defaultBindings: [(keys: [String], function: String)] = [
    (["^R"], "em-inc-search-prev"),
    (["\\e[H", "\\eOH", "\\e[1~", "\\e[7~"], "ed-move-to-beg"),
    (["\\e[F", "\\eOF", "\\e[4~", "\\e[8~"], "ed-move-to-end"),
    (["\\e[3~"], "ed-delete-next-char"),
    (["\\e[1;5C", "\\e[5C", "\\e\\e[C"], "em-next-word"),
    (["\\e[1;5D", "\\e[5D", "\\e\\e[D"], "ed-prev-word"),
  ]

  private func writeOutput(_ text: String) {
    guard let output = clibedit_output_file(editLine) else { return }
    fputs(text, output)
    fflush(output)
  }

  // MARK: - Prompt

  private func setPrompt(_ prompt: String) {
    guard prompt != currentPrompt else { return }
    guard let copy = strdup(Self.markingEscapeSequences(in: prompt)) else { return }
    free(promptCString)
    promptCString = copy
    currentPrompt = prompt
  }

  /// `prompt` with each terminal escape sequence between `\u{1}` marks, the
  /// delimiter given to libedit for characters that take no space (see
  /// `clibedit_set_prompt`). `\u{1}` and `\u{2}` already there are removed.
  static func markingEscapeSequences(in prompt: String) -> String {
    let marker: Unicode.Scalar = "\u{1}"
    let escape: Unicode.Scalar = "\u{1B}"
    let scalars = Array(prompt.unicodeScalars.filter { $0 != "\u{1}" && $0 != "\u{2}" })
    var result = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      guard scalars[i] == escape else {
        result.append(scalars[i])
        i += 1
        continue
      }
      var end = i + 1  // one past the sequence
      if end < scalars.count {
        switch scalars[end] {
        case "[":  // CSI: parameters, then a final byte @...~
          end += 1
          while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
          end = min(end + 1, scalars.count)
        case "]":  // OSC: up to BEL or ESC \
          end += 1
          while end < scalars.count, scalars[end] != "\u{7}", scalars[end] != escape { end += 1 }
          if end < scalars.count {
            end += scalars[end] == escape ? 2 : 1
          }
          end = min(end, scalars.count)
        default:
          end += 1
        }
      }
      result.append(marker)
      result.append(contentsOf: scalars[i..<end])
      result.append(marker)
      i = end
    }
    return String(result)
  }

  // MARK: - Completion

  private static let completeFunctionName = "lineediting-complete"

  private static func editor(of editLine: OpaquePointer) -> LineEditor? {
    clibedit_client_data(editLine).map {
      Unmanaged<LineEditor>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The Tab key. Returns a CC_* code.
  private func complete() -> UInt8 {
    guard let info = el_line(editLine), let buffer = info.pointee.buffer,
          let cursor = info.pointee.cursor
    else { return UInt8(CC_ERROR) }
    let beforeCursor = String(
      decoding: UnsafeRawBufferPointer(
        start: buffer, count: max(0, UnsafeRawPointer(cursor) - UnsafeRawPointer(buffer))),
      as: UTF8.self)
    let candidates = completer(beforeCursor)
    switch CompletionLogic.complete(lineBeforeCursor: beforeCursor, candidates: candidates) {
    case .beep:
      return UInt8(CC_REFRESH_BEEP)
    case .edit(let deleting, let inserting):
      if deleting > 0 {
        el_deletestr(editLine, Int32(clamping: deleting))
      }
      if !inserting.isEmpty && el_insertstr(editLine, inserting) != 0 {
        return UInt8(CC_REFRESH_BEEP)
      }
      return UInt8(CC_REFRESH)
    case .list(let items):
      let width = Terminal.columns() ?? 80
      writeOutput("\n" + CompletionLogic.formatListing(items, width: width) + "\n")
      return UInt8(CC_REDISPLAY)
    }
  }

  // MARK: - History file

  private func saveHistory() {
    guard let historyPath else { return }
    // Write a new file and rename it over the old one, so a failed write
    // (a full disk) leaves the old history. A symbolic link is written
    // through instead, to keep it. Signals that end the process wait until
    // the file is complete (the terminal closing sends SIGHUP).
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT] {
      sigaddset(&blocked, signal)
    }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

    var status = stat()
    let isLink = lstat(historyPath, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    if !isLink {
      let temporary = "\(historyPath).tmp\(getpid())"
      if clibedit_history_save(history, temporary) >= 0 && rename(temporary, historyPath) == 0 {
        return
      }
      unlink(temporary)
    }
    _ = clibedit_history_save(history, historyPath)
  }

  /// Whether `path` names nothing, an empty file, or a file starting as
  /// libedit's history files do.
  private static func isHistoryFileOrMissing(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return errno == ENOENT }
    defer { close(descriptor) }
    let cookie = Array("_HiStOrY_V2_".utf8)
    var start = [UInt8](repeating: 0, count: cookie.count)
    let count = read(descriptor, &start, start.count)
    return count == 0 || (count == cookie.count && start == cookie)
  }

  /// `path` with a leading `~/` replaced by $HOME; nil for an empty path.
  private static func expandingTilde(_ path: String) -> String? {
    guard !path.isEmpty else { return nil }
    guard path.hasPrefix("~/"), let home = Terminal.environment("HOME"), !home.isEmpty else {
      return path
    }
    return home + path.dropFirst()
  }

  /// `mkdir -p` of the directory holding `path`; failures are ignored.
  private static func createParentDirectory(of path: String) {
    let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var directory = ""
    for (index, component) in components.enumerated() {
      directory += index == 0 ? String(component) : "/" + component
      if directory.isEmpty || component.isEmpty || component == "." || component == ".." {
        continue
      }
      _ = mkdir(directory, 0o700)
    }
  }

  /// Makes LC_CTYPE a UTF-8 locale, which libedit needs to handle non-ASCII
  /// input: the one the environment selects if it is UTF-8, else C.UTF-8.
  private static func selectUTF8Locale() {
    func isUTF8(_ name: UnsafeMutablePointer<CChar>?) -> Bool {
      guard let name else { return false }
      let lowered = String(cString: name).lowercased()
      return lowered.contains("utf-8") || lowered.contains("utf8")
    }
    if isUTF8(setlocale(LC_CTYPE, "")) { return }
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
      if isUTF8(setlocale(LC_CTYPE, name)) { return }
    }
  }
}
