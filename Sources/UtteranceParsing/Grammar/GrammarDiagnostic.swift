/// One mistake in a grammar file, with the place it was found.
///
/// Rendered the way compilers print errors:
/// ```
/// media.grammar:12:37: error: expected ')' to close the group opened at 12:10
///   <play> (the | a {text:mediaName}
///                                     ^
/// ```
public struct GrammarDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where the offending character is.
  public var location: SourceLocation
  /// What is wrong: lowercase, grammar text in single quotes, no trailing period.
  /// Every message comes from ``GrammarMessage``.
  public var message: String
  /// The full text of the offending line, as written (empty for file-level problems).
  public var sourceLine: String

  public init(location: SourceLocation, message: String, sourceLine: String) {
    self.location = location
    self.message = message
    self.sourceLine = sourceLine
  }

  /// `path:line:column: error: message`, then the source line and a caret under the column.
  public var description: String {
    let header = "\(location): error: \(message)"
    guard location.line > 0 else { return header }
    // Keep tabs so the caret lines up with the source line whatever the tab width.
    var caret = ""
    var column = 1
    for character in sourceLine where column < location.column {
      caret.append(character == "\t" ? "\t" : " ")
      column += 1
    }
    if column < location.column {
      caret += String(repeating: " ", count: location.column - column)
    }
    return "\(header)\n\(sourceLine)\n\(caret)^"
  }
}

/// Everything wrong with a set of grammar files, in file and line order.
public struct GrammarError: Error, Sendable, Equatable, CustomStringConvertible {
  public var diagnostics: [GrammarDiagnostic]

  public init(diagnostics: [GrammarDiagnostic]) {
    self.diagnostics = diagnostics
  }

  /// The most diagnostics ``description`` shows; a file of garbage has one per line, and
  /// the first few say what is wrong.
  public static let maximumShown = 20

  /// The first ``maximumShown`` diagnostics, then how many more there are.
  public var description: String {
    var lines = diagnostics.prefix(Self.maximumShown).map(\.description)
    let hidden = diagnostics.count - Self.maximumShown
    if hidden > 0 { lines.append("… and \(hidden) more error\(hidden == 1 ? "" : "s") (fix the ones above first)") }
    return lines.joined(separator: "\n")
  }
}

/// The catalog of every message the grammar front end and compiler produce.
///
/// Style: lowercase, grammar text in single quotes, no trailing period, and say what was
/// expected. Tests check the rendered text of each one.
enum GrammarMessage {
  // MARK: Brackets

  static func unclosed(_ opener: Character, openedAt location: SourceLocation) -> String {
    "expected '\(closer(of: opener))' to close the \(bracketName(opener)) opened at \(location.lineAndColumn)"
  }

  static func unmatchedCloser(_ character: Character) -> String {
    "unexpected '\(character)' with no matching '\(opener(of: character))'"
  }

  static func emptyGroup(_ opener: Character) -> String {
    "expected words, a slot or a rule inside '\(opener)\(closer(of: opener))'"
  }

  static func nestedTooDeep(_ opener: Character, limit: Int) -> String {
    "'\(opener)' nests groups more than \(limit) deep; use a rule for a part of the expression"
  }

  static func emptyAlternative(before following: String) -> String {
    "expected an alternative before \(following); alternatives cannot be empty, use '[...]' for optional words"
  }

  // MARK: Rule references and slots

  static let expectedRuleName = "expected a rule name after '<'"
  static let expectedListName = "expected a list name after '{'"
  static let expectedSlotNameAfterColon = "expected a slot name after ':'"

  static func invalidName(_ text: String, kind: String) -> String {
    "'\(text)' is not a valid \(kind) name; use letters, digits and '_'"
  }

  static let unexpectedEquals = "unexpected '='; fixed slot values follow '=>' at the end of a template"
  static let fixedSlotsOutsideTemplate = "unexpected '=>'; fixed slot values are only allowed at the end of an intent template"

  // MARK: Fixed slots

  static func expectedFixedSlotName(after previous: String) -> String {
    "expected a slot name after '\(previous)'"
  }

  static func expectedEqualsAfterFixedSlot(_ slot: String) -> String {
    "expected '=' after fixed slot name '\(slot)'"
  }

  static func expectedFixedSlotValue(_ slot: String) -> String {
    "expected a value for fixed slot '\(slot)'"
  }

  static func expectedCommaBetweenFixedSlots(found: String) -> String {
    "expected ',' or the end of the line after a fixed slot value, found \(found)"
  }

  // MARK: Escapes and raw text

  static let danglingBackslash = "expected a character after '\\' at the end of the line"

  static func unknownEscape(_ character: Character) -> String {
    "'\\\(character)' is not an escape; only ( ) [ ] { } < > | = # and \\ can follow '\\'"
  }

  static func reservedCharacter(_ character: Character, in context: String) -> String {
    "unexpected '\(character)' in \(context); write '\\\(character)' to use it as a word"
  }

  // MARK: Declarations

  static func unknownDeclaration(_ word: String) -> String {
    "unknown declaration '\(word)'; expected 'intent', 'rule', 'list', 'skip', 'opening skip', 'closing skip', 'unlikely', 'name excludes', 'title words', 'text excludes', 'opening text excludes', 'no name', 'slip words', 'slip excludes', 'request starts', 'request start excludes', 'request start questions', 'short forms', 'variant spellings', 'common words', 'given names', 'collection words' or 'minimum score'"
  }

  static let expectedDeclaration =
    "expected 'intent', 'rule', 'list' or 'skip' at the start of the line; template lines must be indented"

  static let lineOutsideBlock =
    "indented line outside any block; expected an 'intent', 'rule', 'list' or 'skip' declaration above it"

  static func lineAfterOneLineRule(_ rule: String) -> String {
    "indented line after rule '\(rule)', which was already given its expression after '='"
  }

  static func lineAfterOneLineSkip() -> String {
    "indented line after 'skip =', whose phrases were already given on one line"
  }

  static func lineAfterUnlikely(_ declaration: String) -> String {
    "indented line after '\(declaration) =', whose words are given on one line"
  }

  static func lineUnderExternalList(_ list: String) -> String {
    "indented line under external list '\(list)'; its entries are supplied at run time"
  }

  static func expectedName(after keyword: String, kind: String) -> String {
    "expected \(kind) name after '\(keyword)'"
  }

  static func expectedEndOfLine(after what: String, found: String) -> String {
    "unexpected \(found) after \(what); expected the end of the line"
  }

  static func expectedIntentClosing(_ intent: String, found: String) -> String {
    "expected 'closing' or the end of the line after intent name '\(intent)', found \(found)"
  }

  static func expectedClosingExpression(_ intent: String) -> String {
    "expected an expression after 'closing' (what may follow every template of intent '\(intent)', such as [<occasion>])"
  }

  static func expectedRuleEquals(_ rule: String, found: String) -> String {
    "expected '=' or the end of the line after rule name '\(rule)', found \(found)"
  }

  static func expectedListExternal(_ list: String, found: String) -> String {
    "expected 'external' or the end of the line after list name '\(list)', found \(found)"
  }

  static func expectedSkipEquals(found: String) -> String {
    "expected '=' or the end of the line after 'skip', found \(found)"
  }

  static func expectedUnlikelyEdge(found: String) -> String {
    "expected 'first', 'last' or 'inside' after 'unlikely', found \(found)"
  }

  static func expectedUnlikelyEquals(_ declaration: String, found: String) -> String {
    "expected '=' after '\(declaration)', found \(found)"
  }

  static func detachedContraction(_ ending: String) -> String {
    "\(ending) on its own never matches: an utterance's contraction is one word; write it whole (i'm, i'd)"
  }

  /// The word a declaration keyword needs next is not there: "expected 'words' after
  /// 'title'", "expected 'text excludes' after 'opening'".
  static func expectedWord(_ expected: [String], after keyword: String, found: String) -> String {
    "expected \(expected.map { "'\($0)'" }.joined(separator: " or ")) after '\(keyword)', found \(found)"
  }

  static func invalidMinimumScore(found: String) -> String {
    "expected a score from 0 to 1 after 'minimum score =', found \(found)"
  }

  static func duplicateMinimumScore(first: SourceLocation) -> String {
    "the minimum score is declared twice; the first is at \(first)"
  }

  static func expectedNameExcludes(found: String) -> String {
    "expected 'excludes' or 'particles' after 'name', found \(found)"
  }

  static func shortFormNotTwoWords(_ text: String) -> String {
    "'\(text)' is not a short form; 'short forms' lists a word typed short and the one word it stands for, as 'u: you'"
  }

  static func variantSpellingNotTwoWords(_ text: String) -> String {
    "'\(text)' is not a pair of spellings; 'variant spellings' lists two spellings of one word, as 'favorite: favourite'"
  }

  static func unlikelyWordNotOneWord(_ text: String, declaration: String) -> String {
    "'\(text)' is not one word; '\(declaration)' lists single words"
  }

  static let expectedExpressionAfterEquals = "expected an expression after '='"
  static let expectedTemplateBeforeArrow = "expected a template before '=>'"

  static func intentWithoutTemplates(_ intent: String) -> String {
    "intent '\(intent)' has no templates; expected indented template lines below it"
  }

  static func ruleWithoutAlternatives(_ rule: String) -> String {
    "rule '\(rule)' has no alternatives; expected '= expression' or indented lines below it"
  }

  static func listWithoutEntries(_ list: String) -> String {
    "list '\(list)' has no entries; expected indented entries below it or 'external'"
  }

  static let skipWithoutPhrases = "'skip' has no phrases; expected '= phrase | phrase' or indented phrases below it"

  // MARK: List entries and skip phrases

  static func expectedSpokenForm(before following: String) -> String {
    "expected a spoken form before \(following)"
  }

  static func spokenFormWithoutWords(_ text: String) -> String {
    "spoken form '\(text)' has no words"
  }

  static let expectedListValue = "expected a value after '=>'"

  static func expectedSkipPhrase(before following: String) -> String {
    "expected a phrase before \(following)"
  }

  static func skipPhraseWithoutWords(_ text: String) -> String {
    "skip phrase '\(text)' has no words"
  }

  // MARK: Names across files

  static func unknownRule(_ name: String, suggestion: String?) -> String {
    if let suggestion { return "unknown rule '\(name)'; did you mean '\(suggestion)'?" }
    return "unknown rule '\(name)'; expected a rule declared with 'rule \(name) = ...'"
  }

  static func unknownList(_ name: String, suggestion: String?) -> String {
    if let suggestion { return "unknown list '\(name)'; did you mean '\(suggestion)'?" }
    return "unknown list '\(name)'; expected a list declared with 'list \(name)' or one of "
      + GrammarCompiler.builtinLists.map { "'\($0)'" }.joined(separator: ", ")
  }

  static func reservedListName(_ name: String) -> String {
    "'\(name)' is a built-in list and cannot be declared; choose another name"
  }

  static func duplicate(_ kind: String, _ name: String, firstAt location: SourceLocation) -> String {
    "duplicate \(kind) '\(name)'; first declared at \(location)"
  }

  static func duplicateIntentInFile(_ name: String, firstAt location: SourceLocation) -> String {
    "intent '\(name)' is declared twice in this file; first declared at \(location)"
  }

  static func slotFilledTwice(_ name: String, firstAt location: SourceLocation) -> String {
    "the slot '\(name)' is already filled at \(location.line):\(location.column); "
      + "a template fills each slot once (use '|' or '[ ]' if either place may fill it)"
  }

  static func rulesTooDeep(_ rule: String, limit: Int) -> String {
    "rule '\(rule)' uses rules that use rules more than \(limit) deep"
  }

  static func grammarTooLarge(limit: Int) -> String {
    "with this template the templates come to more than \(limit) words and slots once their rules are inlined; "
      + "a rule used several times in a rule that is itself used several times multiplies"
  }

  static func ruleCycle(_ chain: [String]) -> String {
    "rule cycle " + chain.map { "'\($0)'" }.joined(separator: " -> ") + "; a rule cannot contain itself"
  }

  // MARK: Files

  static func unreadableFile(_ path: String, reason: String) -> String {
    "cannot read '\(path)': \(reason)"
  }

  static func noGrammarFiles(_ directory: String) -> String {
    "no '.grammar' files in '\(directory)'"
  }

  static func unreadableDirectory(_ directory: String) -> String {
    "cannot read the folder '\(directory)'"
  }

  // MARK: Helpers

  static func closer(of opener: Character) -> Character {
    switch opener {
    case "(": return ")"
    case "[": return "]"
    case "{": return "}"
    default: return ">"
    }
  }

  static func opener(of closer: Character) -> Character {
    switch closer {
    case ")": return "("
    case "]": return "["
    case "}": return "{"
    default: return "<"
    }
  }

  static func bracketName(_ opener: Character) -> String {
    switch opener {
    case "(": return "group"
    case "[": return "optional group"
    case "{": return "slot"
    default: return "rule reference"
    }
  }
}
