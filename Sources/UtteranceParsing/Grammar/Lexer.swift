/// A cursor over the characters of one grammar line.
///
/// A value type: copying it is how the lexer looks ahead without consuming anything.
struct SourceReader {
  /// The whole line, including its indentation.
  let characters: [Character]
  /// Index one past the last character to read (the start of a comment, or the line's end).
  let end: Int
  /// Index of the next character.
  private(set) var index: Int

  init(characters: [Character], start: Int, end: Int) {
    self.characters = characters
    self.index = start
    self.end = end
  }

  var isAtEnd: Bool { index >= end }

  /// The 1-based column of the next character.
  var column: Int { index + 1 }

  func peek(_ offset: Int = 0) -> Character? {
    let position = index + offset
    return position < end ? characters[position] : nil
  }

  mutating func advance() {
    index += 1
  }

  mutating func skipWhitespace() {
    while let character = peek(), character == " " || character == "\t" { index += 1 }
  }
}

/// One token of grammar syntax.
struct LexToken: Equatable {
  enum Kind: Equatable {
    case word
    case leftParen, rightParen, leftBracket, rightBracket
    case leftBrace, rightBrace, leftAngle, rightAngle
    case pipe, equals, arrow, colon, comma
    case end
  }

  var kind: Kind
  /// A word's text with escapes resolved, or the symbol as written.
  var text: String
  /// The 1-based column of the token's first character.
  var column: Int

  /// How messages name the token: `'text'`, or `the end of the line`.
  var quoted: String {
    kind == .end ? "the end of the line" : "'\(text)'"
  }
}

/// Splits one line of a grammar file into tokens, on demand.
///
/// What counts as a word depends on what the parser expects next, so the parser passes a
/// ``Mode``: template words may hold `:` and `,`, names may not. List entries, skip phrases
/// and fixed values are read as raw text with ``rawText(stoppingAt:context:)``.
struct Lexer {
  enum Mode {
    /// Template expressions: words end at whitespace or a reserved character.
    case expression
    /// Names inside `{ }`, after keywords and in fixed slots: `:` and `,` end words too.
    case name
  }

  /// Characters with a meaning in templates; `\` makes them ordinary.
  static let reserved: Set<Character> = ["(", ")", "[", "]", "{", "}", "<", ">", "|", "=", "#", "\\"]

  var reader: SourceReader
  let file: String
  let line: Int
  let sourceLine: String

  init(reader: SourceReader, file: String, line: Int, sourceLine: String) {
    self.reader = reader
    self.file = file
    self.line = line
    self.sourceLine = sourceLine
  }

  func location(column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  func diagnostic(_ message: String, column: Int) -> GrammarDiagnostic {
    GrammarDiagnostic(location: location(column: column), message: message, sourceLine: sourceLine)
  }

  /// The next token, without consuming it.
  func peek(_ mode: Mode) throws(GrammarDiagnostic) -> LexToken {
    var copy = self
    return try copy.next(mode)
  }

  /// Reads the next token.
  mutating func next(_ mode: Mode) throws(GrammarDiagnostic) -> LexToken {
    reader.skipWhitespace()
    let column = reader.column
    guard let character = reader.peek() else {
      return LexToken(kind: .end, text: "", column: column)
    }
    let symbol: LexToken.Kind?
    switch character {
    case "(": symbol = .leftParen
    case ")": symbol = .rightParen
    case "[": symbol = .leftBracket
    case "]": symbol = .rightBracket
    case "{": symbol = .leftBrace
    case "}": symbol = .rightBrace
    case "<": symbol = .leftAngle
    case ">": symbol = .rightAngle
    case "|": symbol = .pipe
    case "=":
      if reader.peek(1) == ">" {
        reader.advance()
        reader.advance()
        return LexToken(kind: .arrow, text: "=>", column: column)
      }
      symbol = .equals
    case ":" where mode == .name: symbol = .colon
    case "," where mode == .name: symbol = .comma
    default: symbol = nil
    }
    if let symbol {
      reader.advance()
      return LexToken(kind: symbol, text: String(character), column: column)
    }
    var text = ""
    while let character = reader.peek() {
      if character == " " || character == "\t" { break }
      if mode == .name && (character == ":" || character == ",") { break }
      if character == "\\" {
        text.append(try escape())
        continue
      }
      if Lexer.reserved.contains(character) { break }
      text.append(character)
      reader.advance()
    }
    return LexToken(kind: .word, text: text, column: column)
  }

  /// Reads text up to the first unescaped character of `stops` (and up to `=>` when
  /// `stopAtArrow`), resolving escapes. Other reserved characters are errors that name
  /// `context`. Returns the text trimmed of spaces and the column where it starts.
  mutating func rawText(
    stoppingAt stops: Set<Character>, stopAtArrow: Bool = false, context: String
  ) throws(GrammarDiagnostic) -> (text: String, column: Int) {
    reader.skipWhitespace()
    let column = reader.column
    var text = ""
    var trailingSpaces = 0
    while let character = reader.peek() {
      if character == "\\" {
        text.append(try escape())
        trailingSpaces = 0
        continue
      }
      if stops.contains(character) { break }
      if stopAtArrow && character == "=" && reader.peek(1) == ">" { break }
      if Lexer.reserved.contains(character) {
        throw diagnostic(GrammarMessage.reservedCharacter(character, in: context), column: reader.column)
      }
      text.append(character)
      trailingSpaces = (character == " " || character == "\t") ? trailingSpaces + 1 : 0
      reader.advance()
    }
    text.removeLast(trailingSpaces)
    return (text, column)
  }

  /// Reads `\x` at the reader's position and returns `x`.
  private mutating func escape() throws(GrammarDiagnostic) -> Character {
    let column = reader.column
    guard let escaped = reader.peek(1) else {
      throw diagnostic(GrammarMessage.danglingBackslash, column: column)
    }
    guard Lexer.reserved.contains(escaped) else {
      throw diagnostic(GrammarMessage.unknownEscape(escaped), column: column)
    }
    reader.advance()
    reader.advance()
    return escaped
  }
}
