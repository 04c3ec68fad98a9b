@testable import LineEditing
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct LineEditorTests {
  @Test(.enabled(if: isatty(0) == 0 || isatty(1) == 0, "needs stdin or stdout not to be a terminal"))
  func noEditorWithoutATerminal() {
    #expect(!Terminal.isInteractive())
    let editor = LineEditor(
      programName: "siri-tests", historyFile: "/nonexistent/dir/history", completer: { _ in [] })
    #expect(editor == nil)
  }

  @Test(arguments: [
    (nil, false), ("", false), ("dumb", false), ("cons25", false), ("emacs", false),
    ("xterm", true), ("xterm-256color", true), ("screen", true), ("tmux-256color", true),
    ("vt100", true), ("linux", true),
  ] as [(String?, Bool)])
  func supportedTerminalTypes(term: String?, supported: Bool) {
    #expect(Terminal.isSupportedTerminalType(term) == supported)
  }

  @Test(.enabled(if: isatty(1) == 0, "needs stdout not to be a terminal"))
  func noColorWhenStdoutIsNotATerminal() {
    #expect(!Terminal.supportsColor)
  }

  @Test func colorEscapesInPromptsAreMarkedInvisible() {
    #expect(LineEditor.markingEscapeSequences(in: "siri> ") == "siri> ")
    #expect(LineEditor.markingEscapeSequences(in: "") == "")
    #expect(
      LineEditor.markingEscapeSequences(in: "\u{1B}[1;35msiri>\u{1B}[0m ")
        == "\u{1}\u{1B}[1;35m\u{1}siri>\u{1}\u{1B}[0m\u{1} ")
    // OSC (window title), ended by BEL or by ESC \.
    #expect(
      LineEditor.markingEscapeSequences(in: "\u{1B}]0;Siri\u{7}> ")
        == "\u{1}\u{1B}]0;Siri\u{7}\u{1}> ")
    #expect(
      LineEditor.markingEscapeSequences(in: "\u{1B}]0;Siri\u{1B}\\> ")
        == "\u{1}\u{1B}]0;Siri\u{1B}\\\u{1}> ")
    // Markers already present are dropped; cut-off sequences stay marked.
    #expect(LineEditor.markingEscapeSequences(in: "a\u{1}b\u{2}c") == "abc")
    #expect(LineEditor.markingEscapeSequences(in: "a\u{1B}[3") == "a\u{1}\u{1B}[3\u{1}")
    #expect(LineEditor.markingEscapeSequences(in: "a\u{1B}") == "a\u{1}\u{1B}\u{1}")
    #expect(LineEditor.markingEscapeSequences(in: "🎙 \u{1B}7x") == "🎙 \u{1}\u{1B}7\u{1}x")
  }
}
