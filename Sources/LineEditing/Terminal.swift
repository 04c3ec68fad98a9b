import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal the process runs in.
public enum Terminal {
  /// Whether stdin and stdout are both terminals and `TERM` names one that
  /// line editing works on. This is when ``LineEditor`` can be used.
  public static func isInteractive() -> Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      && isSupportedTerminalType(environment("TERM"))
  }

  /// Whether output to stdout may use ANSI colors: stdout is a terminal,
  /// `TERM` is not `dumb`, and `NO_COLOR` (https://no-color.org) is unset.
  public static var supportsColor: Bool {
    isatty(STDOUT_FILENO) == 1 && environment("TERM") != "dumb"
      && environment("NO_COLOR") == nil
  }

  /// Whether a terminal of type `term` (the value of `TERM`) can do line
  /// editing. `nil`, empty, `dumb`, `cons25` and `emacs` (Emacs shell
  /// buffers) cannot.
  public static func isSupportedTerminalType(_ term: String?) -> Bool {
    guard let term, !term.isEmpty else { return false }
    return !["dumb", "cons25", "emacs"].contains(term.lowercased())
  }

  /// The width of the terminal on `fileDescriptor` in columns, or `nil` when
  /// it is not a terminal or does not say.
  public static func columns(fileDescriptor: Int32 = STDOUT_FILENO) -> Int? {
    let columns = clibedit_terminal_columns(fileDescriptor)
    return columns > 0 ? Int(columns) : nil
  }

  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
