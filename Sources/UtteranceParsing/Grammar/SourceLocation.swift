/// One grammar file's text and the path diagnostics name it by.
public struct GrammarSource: Sendable {
  /// The path shown in diagnostics, e.g. `Grammars/en-US/media.grammar`.
  public var path: String
  /// The file's contents.
  public var text: String

  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// A position in a grammar file: 1-based line and column, the column counting `Character`s.
///
/// Problems that concern a whole file or folder (it cannot be read, it holds no grammar)
/// use line 0 and column 0.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, the way compilers print positions.
  public var description: String { "\(file):\(line):\(column)" }

  /// `line:column`, for pointing at another place in the same line or file.
  var lineAndColumn: String { "\(line):\(column)" }
}
