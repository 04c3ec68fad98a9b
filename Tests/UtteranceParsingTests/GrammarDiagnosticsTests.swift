import Foundation
import Testing
@testable import UtteranceParsing

/// One broken grammar and the exact diagnostic it must produce.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
  var name: String
  var grammar: String
  var rendered: String

  init(_ name: String, _ grammar: String, _ rendered: String) {
    self.name = name
    self.grammar = grammar
    self.rendered = rendered
  }

  var testDescription: String { name }
}

/// Renders the error of compiling `text` as `t.grammar`, or "(compiled)".
func renderedGrammarError(_ text: String, path: String = "t.grammar") -> String {
  do {
    _ = try GrammarCompiler.compile([GrammarSource(path: path, text: text)], locale: "en-US")
    return "(compiled)"
  } catch {
    return error.description
  }
}

/// Expects `declaration`, with one intent after it, to be refused with a message that
/// begins with `message` (its file, line and column first).
func expectDeclarationRefused(
  _ declaration: String, with message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let rendered = renderedGrammarError(declaration + "\nintent A\n  a\n")
  #expect(rendered.hasPrefix(message), "\(rendered)", sourceLocation: sourceLocation)
}

/// `grammar` written to the cache format and read back, after checking that it reads every
/// one of `utterances` as `grammar` does.
@discardableResult
func expectSameReadingsFromTheCache(
  _ grammar: CompiledGrammar, _ utterances: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> CompiledGrammar {
  let cached = try CompiledGrammar.decoded(grammar.encoded())
  for utterance in utterances {
    #expect(cached.parse(utterance) == grammar.parse(utterance), "\(utterance)", sourceLocation: sourceLocation)
  }
  return cached
}

/// Expects `:why` of `utterance` to have `line` (indentation aside).
func expectWhyLine(
  _ grammar: CompiledGrammar, _ utterance: String, _ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let why = grammar.explain(utterance)
  #expect(why.lines.contains { $0.drop { $0 == " " } == line[...] }, "\(why.lines)", sourceLocation: sourceLocation)
}

/// Expects samples of `intent` that fill `slot` to read back as sampled: the grammar's
/// sampler fills each built-in list with words that it reads as that list.
func expectSamplesReadBack(
  _ grammar: CompiledGrammar, intent: String, filling slot: String, seed: UInt64,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let samples = grammar.sample(intent: intent, count: 20, seed: seed).filter { $0.slots.keys.contains(slot) }
  #expect(!samples.isEmpty, sourceLocation: sourceLocation)
  for sample in samples {
    let reading = try #require(grammar.bestReading(sample.sentence), "\(sample.sentence)", sourceLocation: sourceLocation)
    #expect(reading.slots == sample.slots, "\(sample.sentence)", sourceLocation: sourceLocation)
  }
}

struct GrammarDiagnosticsTests {
  /// Every message of the catalog, with its location and caret.
  static let cases: [DiagnosticCase] = [
    DiagnosticCase(
      "unclosedGroup",
      "intent A\n  <play> (the | a {text:mediaName}",
      #"""
      t.grammar:2:35: error: expected ')' to close the group opened at 2:10
        <play> (the | a {text:mediaName}
                                        ^
      """#),
    DiagnosticCase(
      "unclosedGroupBeforeComment",
      "intent A\n  play (the | a   # a comment",
      #"""
      t.grammar:2:16: error: expected ')' to close the group opened at 2:8
        play (the | a   # a comment
                     ^
      """#),
    DiagnosticCase(
      "unclosedOptional",
      "intent A\n  play [the music",
      #"""
      t.grammar:2:18: error: expected ']' to close the optional group opened at 2:8
        play [the music
                       ^
      """#),
    DiagnosticCase(
      "unclosedSlot",
      "intent A\n  play {song",
      #"""
      t.grammar:2:13: error: expected '}' to close the slot opened at 2:8
        play {song
                  ^
      """#),
    DiagnosticCase(
      "unclosedRuleReference",
      "intent A\n  play <x",
      #"""
      t.grammar:2:10: error: expected '>' to close the rule reference opened at 2:8
        play <x
               ^
      """#),
    DiagnosticCase(
      "wrongCloser",
      "intent A\n  play (a ] b",
      #"""
      t.grammar:2:11: error: expected ')' to close the group opened at 2:8
        play (a ] b
                ^
      """#),
    DiagnosticCase(
      "unexpectedCloseParen",
      "intent A\n  play music)",
      #"""
      t.grammar:2:13: error: unexpected ')' with no matching '('
        play music)
                  ^
      """#),
    DiagnosticCase(
      "unexpectedCloseBracket",
      "intent A\n  play ] music",
      #"""
      t.grammar:2:8: error: unexpected ']' with no matching '['
        play ] music
             ^
      """#),
    DiagnosticCase(
      "unexpectedCloseBrace",
      "intent A\n  play } music",
      #"""
      t.grammar:2:8: error: unexpected '}' with no matching '{'
        play } music
             ^
      """#),
    DiagnosticCase(
      "unexpectedCloseAngle",
      "intent A\n  play > music",
      #"""
      t.grammar:2:8: error: unexpected '>' with no matching '<'
        play > music
             ^
      """#),
    DiagnosticCase(
      "emptyLastAlternative",
      "intent A\n  play (a | )",
      #"""
      t.grammar:2:13: error: expected an alternative before ')'; alternatives cannot be empty, use '[...]' for optional words
        play (a | )
                  ^
      """#),
    DiagnosticCase(
      "emptyFirstAlternative",
      "intent A\n  play ( | a)",
      #"""
      t.grammar:2:10: error: expected an alternative before '|'; alternatives cannot be empty, use '[...]' for optional words
        play ( | a)
               ^
      """#),
    DiagnosticCase(
      "emptyMiddleAlternative",
      "intent A\n  play (a || b)",
      #"""
      t.grammar:2:12: error: expected an alternative before '|'; alternatives cannot be empty, use '[...]' for optional words
        play (a || b)
                 ^
      """#),
    DiagnosticCase(
      "emptyTopLevelAlternative",
      "intent A\n  play |",
      #"""
      t.grammar:2:9: error: expected an alternative before the end of the line; alternatives cannot be empty, use '[...]' for optional words
        play |
              ^
      """#),
    DiagnosticCase(
      "emptyOptionalAlternative",
      "intent A\n  play [a | ]",
      #"""
      t.grammar:2:13: error: expected an alternative before ']'; alternatives cannot be empty, use '[...]' for optional words
        play [a | ]
                  ^
      """#),
    DiagnosticCase(
      "emptyGroup",
      "intent A\n  play ()",
      #"""
      t.grammar:2:9: error: expected words, a slot or a rule inside '()'
        play ()
              ^
      """#),
    DiagnosticCase(
      "emptyOptional",
      "intent A\n  play []",
      #"""
      t.grammar:2:9: error: expected words, a slot or a rule inside '[]'
        play []
              ^
      """#),
    DiagnosticCase(
      "unknownRule",
      "intent A\n  play <nope>",
      #"""
      t.grammar:2:8: error: unknown rule 'nope'; expected a rule declared with 'rule nope = ...'
        play <nope>
             ^
      """#),
    DiagnosticCase(
      "unknownRuleSuggestion",
      "rule play = play\nintent A\n  <plya> it",
      #"""
      t.grammar:3:3: error: unknown rule 'plya'; did you mean 'play'?
        <plya> it
        ^
      """#),
    DiagnosticCase(
      "unknownList",
      "intent A\n  play {nope}",
      #"""
      t.grammar:2:8: error: unknown list 'nope'; expected a list declared with 'list nope' or one of 'text', 'name', 'fullname', 'person', 'collection', 'number', 'ordinal', 'duration', 'speed', 'year', 'frequency'
        play {nope}
             ^
      """#),
    DiagnosticCase(
      "unknownListSuggestion",
      "list artist\n  adele\nintent A\n  play {artst}",
      #"""
      t.grammar:4:8: error: unknown list 'artst'; did you mean 'artist'?
        play {artst}
             ^
      """#),
    DiagnosticCase(
      "unknownListInRule",
      "rule r = {nope}\nintent A\n  <r>",
      #"""
      t.grammar:1:10: error: unknown list 'nope'; expected a list declared with 'list nope' or one of 'text', 'name', 'fullname', 'person', 'collection', 'number', 'ordinal', 'duration', 'speed', 'year', 'frequency'
      rule r = {nope}
               ^
      """#),
    DiagnosticCase(
      "reservedListName",
      "list number\n  one",
      #"""
      t.grammar:1:6: error: 'number' is a built-in list and cannot be declared; choose another name
      list number
           ^
      """#),
    DiagnosticCase(
      "reservedTextListName",
      "list text external",
      #"""
      t.grammar:1:6: error: 'text' is a built-in list and cannot be declared; choose another name
      list text external
           ^
      """#),
    DiagnosticCase(
      "duplicateRule",
      "rule a = x\nrule a = y\nintent A\n  <a>",
      #"""
      t.grammar:2:6: error: duplicate rule 'a'; first declared at t.grammar:1:6
      rule a = y
           ^
      """#),
    DiagnosticCase(
      "duplicateList",
      "list a\n  x\nlist a\n  y",
      #"""
      t.grammar:3:6: error: duplicate list 'a'; first declared at t.grammar:1:6
      list a
           ^
      """#),
    DiagnosticCase(
      "duplicateIntentInOneFile",
      "intent A\n  x\nintent A\n  y",
      #"""
      t.grammar:3:8: error: intent 'A' is declared twice in this file; first declared at t.grammar:1:8
      intent A
             ^
      """#),
    DiagnosticCase(
      "ruleCycle",
      "rule a = x <b>\nrule b = <c>\nrule c = y <a>\nintent A\n  <a>",
      #"""
      t.grammar:3:12: error: rule cycle 'a' -> 'b' -> 'c' -> 'a'; a rule cannot contain itself
      rule c = y <a>
                 ^
      """#),
    DiagnosticCase(
      "ruleSelfReference",
      "rule a = x [<a>]",
      #"""
      t.grammar:1:13: error: rule cycle 'a' -> 'a'; a rule cannot contain itself
      rule a = x [<a>]
                  ^
      """#),
    DiagnosticCase(
      "intentWithoutTemplates",
      "intent A\n\n# nothing here\nintent B\n  x",
      #"""
      t.grammar:1:8: error: intent 'A' has no templates; expected indented template lines below it
      intent A
             ^
      """#),
    DiagnosticCase(
      "intentWithoutTemplatesAtEnd",
      "intent A",
      #"""
      t.grammar:1:8: error: intent 'A' has no templates; expected indented template lines below it
      intent A
             ^
      """#),
    DiagnosticCase(
      "templateOutsideBlock",
      "  play music",
      #"""
      t.grammar:1:3: error: indented line outside any block; expected an 'intent', 'rule', 'list' or 'skip' declaration above it
        play music
        ^
      """#),
    DiagnosticCase(
      "lineAfterOneLineRule",
      "rule a = b\n  c",
      #"""
      t.grammar:2:3: error: indented line after rule 'a', which was already given its expression after '='
        c
        ^
      """#),
    DiagnosticCase(
      "lineUnderExternalList",
      "list a external\n  x",
      #"""
      t.grammar:2:3: error: indented line under external list 'a'; its entries are supplied at run time
        x
        ^
      """#),
    DiagnosticCase(
      "lineAfterOneLineSkip",
      "skip = please\n  x",
      #"""
      t.grammar:2:3: error: indented line after 'skip =', whose phrases were already given on one line
        x
        ^
      """#),
    DiagnosticCase(
      "unknownDeclaration",
      "intnet A\n  x",
      #"""
      t.grammar:1:1: error: unknown declaration 'intnet'; expected 'intent', 'rule', 'list', 'skip', 'opening skip', 'closing skip', 'unlikely', 'name excludes', 'title words', 'text excludes', 'opening text excludes', 'no name', 'slip words', 'slip excludes', 'request starts', 'request start excludes', 'request start questions', 'short forms', 'variant spellings', 'common words', 'given names', 'collection words' or 'minimum score'
      intnet A
      ^
      """#),
    DiagnosticCase(
      "detachedContraction",
      "intent A\n  i ('m | am) happy",
      #"""
      t.grammar:2:6: error: 'm on its own never matches: an utterance's contraction is one word; write it whole (i'm, i'd)
        i ('m | am) happy
           ^
      """#),
    DiagnosticCase(
      "unlikelyWithoutEdge",
      "unlikely middle = of",
      #"""
      t.grammar:1:10: error: expected 'first', 'last' or 'inside' after 'unlikely', found 'middle'
      unlikely middle = of
               ^
      """#),
    DiagnosticCase(
      "unlikelyWithoutEquals",
      "unlikely first of",
      #"""
      t.grammar:1:16: error: expected '=' after 'unlikely first', found 'of'
      unlikely first of
                     ^
      """#),
    DiagnosticCase(
      "unlikelyPhraseOfTwoWords",
      "unlikely last = of | for me",
      #"""
      t.grammar:1:22: error: 'for me' is not one word; 'unlikely' lists single words
      unlikely last = of | for me
                           ^
      """#),
    DiagnosticCase(
      "nameWithoutExcludes",
      "name includes = bob",
      #"""
      t.grammar:1:6: error: expected 'excludes' or 'particles' after 'name', found 'includes'
      name includes = bob
           ^
      """#),
    DiagnosticCase(
      "titleWithoutWords",
      "title names = the",
      #"""
      t.grammar:1:7: error: expected 'words' after 'title', found 'names'
      title names = the
            ^
      """#),
    DiagnosticCase(
      "lineAfterNameExcludes",
      "name excludes = the\n  of",
      #"""
      t.grammar:2:3: error: indented line after 'name excludes =', whose words are given on one line
        of
        ^
      """#),
    DiagnosticCase(
      "unindentedTemplate",
      "<play> music",
      #"""
      t.grammar:1:1: error: expected 'intent', 'rule', 'list' or 'skip' at the start of the line; template lines must be indented
      <play> music
      ^
      """#),
    DiagnosticCase(
      "fixedSlotMissingEquals",
      "intent A\n  play => sort newest",
      #"""
      t.grammar:2:16: error: expected '=' after fixed slot name 'sort'
        play => sort newest
                     ^
      """#),
    DiagnosticCase(
      "fixedSlotMissingValue",
      "intent A\n  play => sort =",
      #"""
      t.grammar:2:17: error: expected a value for fixed slot 'sort'
        play => sort =
                      ^
      """#),
    DiagnosticCase(
      "fixedSlotMissingValueBeforeComma",
      "intent A\n  play => sort = , b = c",
      #"""
      t.grammar:2:18: error: expected a value for fixed slot 'sort'
        play => sort = , b = c
                       ^
      """#),
    DiagnosticCase(
      "fixedSlotMissingNameAfterComma",
      "intent A\n  play => sort = a,",
      #"""
      t.grammar:2:20: error: expected a slot name after ','
        play => sort = a,
                         ^
      """#),
    DiagnosticCase(
      "fixedSlotMissingName",
      "intent A\n  play => = a",
      #"""
      t.grammar:2:11: error: expected a slot name after '=>'
        play => = a
                ^
      """#),
    DiagnosticCase(
      "fixedSlotInvalidName",
      "intent A\n  play => sort-order = a",
      #"""
      t.grammar:2:11: error: 'sort-order' is not a valid slot name; use letters, digits and '_'
        play => sort-order = a
                ^
      """#),
    DiagnosticCase(
      "fixedSlotReservedInValue",
      "intent A\n  play => a = (b)",
      #"""
      t.grammar:2:15: error: unexpected '(' in a fixed slot value; write '\(' to use it as a word
        play => a = (b)
                    ^
      """#),
    DiagnosticCase(
      "invalidListName",
      "intent A\n  play {te-xt}",
      #"""
      t.grammar:2:9: error: 'te-xt' is not a valid list name; use letters, digits and '_'
        play {te-xt}
              ^
      """#),
    DiagnosticCase(
      "invalidSlotName",
      "intent A\n  play {text:my-slot}",
      #"""
      t.grammar:2:14: error: 'my-slot' is not a valid slot name; use letters, digits and '_'
        play {text:my-slot}
                   ^
      """#),
    DiagnosticCase(
      "invalidRuleName",
      "intent A\n  play <my.rule>",
      #"""
      t.grammar:2:9: error: 'my.rule' is not a valid rule name; use letters, digits and '_'
        play <my.rule>
              ^
      """#),
    DiagnosticCase(
      "invalidDeclaredListName",
      "list my-list\n  x",
      #"""
      t.grammar:1:6: error: 'my-list' is not a valid list name; use letters, digits and '_'
      list my-list
           ^
      """#),
    DiagnosticCase(
      "invalidIntentName",
      "intent Play-Media\n  x",
      #"""
      t.grammar:1:8: error: 'Play-Media' is not a valid intent name; use letters, digits and '_'
      intent Play-Media
             ^
      """#),
    DiagnosticCase(
      "danglingBackslash",
      "intent A\n  play music \\",
      #"""
      t.grammar:2:14: error: expected a character after '\' at the end of the line
        play music \
                   ^
      """#),
    DiagnosticCase(
      "danglingBackslashBeforeSpaces",
      "intent A\n  play music \\   ",
      "t.grammar:2:14: error: expected a character after '\\' at the end of the line\n  play music \\   \n             ^"),
    DiagnosticCase(
      "unknownEscape",
      "intent A\n  play \\n",
      #"""
      t.grammar:2:8: error: '\n' is not an escape; only ( ) [ ] { } < > | = # and \ can follow '\'
        play \n
             ^
      """#),
    DiagnosticCase(
      "listEntryWithoutPhrase",
      "list a\n  | b",
      #"""
      t.grammar:2:3: error: expected a spoken form before '|'
        | b
        ^
      """#),
    DiagnosticCase(
      "listEntryOnlyValue",
      "list a\n  => b",
      #"""
      t.grammar:2:3: error: expected a spoken form before '=>'
        => b
        ^
      """#),
    DiagnosticCase(
      "listEntryEmptySecondPhrase",
      "list a\n  x | => b",
      #"""
      t.grammar:2:7: error: expected a spoken form before '=>'
        x | => b
            ^
      """#),
    DiagnosticCase(
      "listEntryTrailingPipe",
      "list a\n  x |",
      #"""
      t.grammar:2:6: error: expected a spoken form before the end of the line
        x |
           ^
      """#),
    DiagnosticCase(
      "listEntryWithoutValue",
      "list a\n  x =>",
      #"""
      t.grammar:2:7: error: expected a value after '=>'
        x =>
            ^
      """#),
    DiagnosticCase(
      "listEntryWithoutWords",
      "list a\n  !!!",
      #"""
      t.grammar:2:3: error: spoken form '!!!' has no words
        !!!
        ^
      """#),
    DiagnosticCase(
      "listEntryReservedCharacter",
      "list a\n  x (y)",
      #"""
      t.grammar:2:5: error: unexpected '(' in a list entry; write '\(' to use it as a word
        x (y)
          ^
      """#),
    DiagnosticCase(
      "listValueReservedCharacter",
      "list a\n  x => y | z",
      #"""
      t.grammar:2:10: error: unexpected '|' in a list value; write '\|' to use it as a word
        x => y | z
               ^
      """#),
    DiagnosticCase(
      "templateOnlyFixedSlots",
      "intent A\n  => a = b",
      #"""
      t.grammar:2:3: error: expected a template before '=>'
        => a = b
        ^
      """#),
    DiagnosticCase(
      "ruleWithoutExpression",
      "rule a =",
      #"""
      t.grammar:1:9: error: expected an expression after '='
      rule a =
              ^
      """#),
    DiagnosticCase(
      "ruleWithoutEquals",
      "rule a b",
      #"""
      t.grammar:1:8: error: expected '=' or the end of the line after rule name 'a', found 'b'
      rule a b
             ^
      """#),
    DiagnosticCase(
      "ruleWithoutAlternatives",
      "rule a\nintent A\n  x",
      #"""
      t.grammar:1:6: error: rule 'a' has no alternatives; expected '= expression' or indented lines below it
      rule a
           ^
      """#),
    DiagnosticCase(
      "listWithoutEntries",
      "list a\nintent A\n  x",
      #"""
      t.grammar:1:6: error: list 'a' has no entries; expected indented entries below it or 'external'
      list a
           ^
      """#),
    DiagnosticCase(
      "listWithExtraWord",
      "list a internal",
      #"""
      t.grammar:1:8: error: expected 'external' or the end of the line after list name 'a', found 'internal'
      list a internal
             ^
      """#),
    DiagnosticCase(
      "skipWithoutPhrases",
      "skip\nintent A\n  x",
      #"""
      t.grammar:1:1: error: 'skip' has no phrases; expected '= phrase | phrase' or indented phrases below it
      skip
      ^
      """#),
    DiagnosticCase(
      "skipEmptyPhrase",
      "skip = a |",
      #"""
      t.grammar:1:11: error: expected a phrase before the end of the line
      skip = a |
                ^
      """#),
    DiagnosticCase(
      "skipPhraseWithoutWords",
      "skip = ...",
      #"""
      t.grammar:1:8: error: skip phrase '...' has no words
      skip = ...
             ^
      """#),
    DiagnosticCase(
      "skipWithoutEquals",
      "skip please",
      #"""
      t.grammar:1:6: error: expected '=' or the end of the line after 'skip', found 'please'
      skip please
           ^
      """#),
    DiagnosticCase(
      "intentWithoutName",
      "intent\n  x",
      #"""
      t.grammar:1:7: error: expected an intent name after 'intent'
      intent
            ^
      """#),
    DiagnosticCase(
      "intentExtraWord",
      "intent A B\n  x",
      #"""
      t.grammar:1:10: error: expected 'closing' or the end of the line after intent name 'A', found 'B'
      intent A B
               ^
      """#),
    DiagnosticCase(
      "intentClosingEmpty",
      "intent A closing\n  x",
      #"""
      t.grammar:1:17: error: expected an expression after 'closing' (what may follow every template of intent 'A', such as [<occasion>])
      intent A closing
                      ^
      """#),
    DiagnosticCase(
      "intentClosingStray",
      "intent A closing [now] )\n  x",
      #"""
      t.grammar:1:24: error: unexpected ')' after the closing of intent 'A'; expected the end of the line
      intent A closing [now] )
                             ^
      """#),
    DiagnosticCase(
      "intentClosingUnknownRule",
      "intent A closing [<later>]\n  x\n  y",
      #"""
      t.grammar:1:19: error: unknown rule 'later'; expected a rule declared with 'rule later = ...'
      intent A closing [<later>]
                        ^
      """#),
    DiagnosticCase(
      "ruleWithoutName",
      "rule = x",
      #"""
      t.grammar:1:6: error: expected a rule name after 'rule'
      rule = x
           ^
      """#),
    DiagnosticCase(
      "listWithoutName",
      "list\n  x",
      #"""
      t.grammar:1:5: error: expected a list name after 'list'
      list
          ^
      """#),
    DiagnosticCase(
      "equalsInTemplate",
      "intent A\n  play = x",
      #"""
      t.grammar:2:8: error: unexpected '='; fixed slot values follow '=>' at the end of a template
        play = x
             ^
      """#),
    DiagnosticCase(
      "fixedSlotsInRule",
      "rule a = x => b = c",
      #"""
      t.grammar:1:12: error: unexpected '=>'; fixed slot values are only allowed at the end of an intent template
      rule a = x => b = c
                 ^
      """#),
    DiagnosticCase(
      "fixedSlotsInBlockRule",
      "rule a\n  x => b = c",
      #"""
      t.grammar:2:5: error: unexpected '=>'; fixed slot values are only allowed at the end of an intent template
        x => b = c
          ^
      """#),
    DiagnosticCase(
      "fixedSlotsInGroup",
      "intent A\n  play (x => b = c)",
      #"""
      t.grammar:2:11: error: expected ')' to close the group opened at 2:8
        play (x => b = c)
                ^
      """#),
    DiagnosticCase(
      "tabIndentedCaret",
      "intent A\n\tplay\t(x",
      #"""
      t.grammar:2:9: error: expected ')' to close the group opened at 2:7
      	play	(x
      	    	  ^
      """#),
    DiagnosticCase(
      "ruleNameWithSpace",
      "intent A\n  play <my rule>",
      #"""
      t.grammar:2:12: error: expected '>' to close the rule reference opened at 2:8
        play <my rule>
                 ^
      """#),
    DiagnosticCase(
      "slotWithoutName",
      "intent A\n  play {a:}",
      #"""
      t.grammar:2:11: error: expected a slot name after ':'
        play {a:}
                ^
      """#),
    DiagnosticCase(
      "emptyRuleReference",
      "intent A\n  play <>",
      #"""
      t.grammar:2:9: error: expected a rule name after '<'
        play <>
              ^
      """#),
    DiagnosticCase(
      "emptySlot",
      "intent A\n  play {}",
      #"""
      t.grammar:2:9: error: expected a list name after '{'
        play {}
              ^
      """#),
    DiagnosticCase(
      "badSeparatorAfterFixedValue",
      "intent A\n  play => a = b c d, e f",
      #"""
      t.grammar:2:24: error: expected '=' after fixed slot name 'e'
        play => a = b c d, e f
                             ^
      """#),
    DiagnosticCase(
      "slotFilledTwice",
      "intent A\n  play {text:x} and {text:x}",
      #"""
      t.grammar:2:21: error: the slot 'x' is already filled at 2:8; a template fills each slot once (use '|' or '[ ]' if either place may fill it)
        play {text:x} and {text:x}
                          ^
      """#),
    DiagnosticCase(
      "slotFilledTwiceThroughARule",
      "rule app = on {text:app}\nintent A\n  play {text:mediaName} <app> <app>",
      #"""
      t.grammar:3:31: error: the slot 'app' is already filled at 3:25; a template fills each slot once (use '|' or '[ ]' if either place may fill it)
        play {text:mediaName} <app> <app>
                                    ^
      """#),
    DiagnosticCase(
      "slotFilledTwiceInEveryAlternative",
      "intent A\n  play ({text:x} | {name:x}) by {text:x}",
      #"""
      t.grammar:2:33: error: the slot 'x' is already filled at 2:9; a template fills each slot once (use '|' or '[ ]' if either place may fill it)
        play ({text:x} | {name:x}) by {text:x}
                                      ^
      """#),
    DiagnosticCase(
      "slotFilledTwiceInsideARule",
      "rule twice = {text:x} {text:x}\nintent A\n  play <twice>",
      #"""
      t.grammar:1:23: error: the slot 'x' is already filled at 1:14; a template fills each slot once (use '|' or '[ ]' if either place may fill it)
      rule twice = {text:x} {text:x}
                            ^
      """#),
    DiagnosticCase(
      "aSlotInEitherOfTwoPlacesIsFine",
      "rule app = on {text:app}\nintent A\n  [<app>] play {text:mediaName} [<app>]\n  play ({text:x} | {name:x}) [by {text:x}]",
      "(compiled)"),
  ]

  @Test(arguments: cases)
  func rendersTheExactDiagnostic(_ example: DiagnosticCase) {
    #expect(renderedGrammarError(example.grammar) == example.rendered)
  }
}

struct GrammarErrorReportingTests {
  @Test func reportsEveryErrorAcrossFilesInOrder() {
    let first = GrammarSource(path: "a.grammar", text: """
      rule play = (play | put on)
      intent PlayMedia
        <play> (the | a
        <play> {text:mediaName} ]
        <play> {nope}
      """)
    let second = GrammarSource(path: "b.grammar", text: """
      rule play = play
      intent PlayMedia
        <plya> {text:mediaName}
      list number
        one
      """)
    do {
      _ = try GrammarCompiler.compile([first, second], locale: "en-US")
      Issue.record("expected errors")
    } catch {
      #expect(error.diagnostics.map(\.location.description) == [
        "a.grammar:3:18", "a.grammar:4:27", "a.grammar:5:10",
        "b.grammar:1:6", "b.grammar:3:3", "b.grammar:4:6",
      ])
      #expect(error.diagnostics.map(\.message) == [
        "expected ')' to close the group opened at 3:10",
        "unexpected ']' with no matching '['",
        "unknown list 'nope'; expected a list declared with 'list nope' or one of 'text', 'name', 'fullname', 'person', 'collection', 'number', 'ordinal', 'duration', 'speed', 'year', 'frequency'",
        "duplicate rule 'play'; first declared at a.grammar:1:6",
        "unknown rule 'plya'; did you mean 'play'?",
        "'number' is a built-in list and cannot be declared; choose another name",
      ])
      #expect(error.description == error.diagnostics.map(\.description).joined(separator: "\n"))
    }
  }

  @Test func anIntentMayContinueInAnotherFile() throws {
    let grammar = try GrammarCompiler.compile([
      GrammarSource(path: "a.grammar", text: "intent Pause\n  pause\n"),
      GrammarSource(path: "b.grammar", text: "intent Pause\n  hold on\n"),
    ], locale: "en-US")
    #expect(grammar.intentNames == ["Pause"])
    #expect(grammar.parse("hold on").first?.intent == "Pause")
    #expect(grammar.parse("pause").first?.template.location == SourceLocation(file: "a.grammar", line: 2, column: 3))
  }

  @Test func rulesAndListsAreSharedAcrossFiles() throws {
    let grammar = try GrammarCompiler.compile([
      GrammarSource(path: "a.grammar", text: "intent Play\n  <play> {genre}\n"),
      GrammarSource(path: "b.grammar", text: "rule play = play | put on\nlist genre\n  jazz\n"),
    ], locale: "en-US")
    #expect(grammar.parse("put on jazz").first?[slot: "genre"]?.value == .text("jazz"))
  }

  @Test func fileLevelDiagnosticsHaveNoSourceLine() {
    let diagnostic = GrammarDiagnostic(
      location: SourceLocation(file: "Grammars/xx", line: 0, column: 0),
      message: "no '.grammar' files in 'Grammars/xx'", sourceLine: "")
    #expect(diagnostic.description == "Grammars/xx:0:0: error: no '.grammar' files in 'Grammars/xx'")
    #expect(SourceLocation(file: "f", line: 3, column: 9).description == "f:3:9")
  }

  @Test func caretPastTheEndOfTheLine() {
    let diagnostic = GrammarDiagnostic(
      location: SourceLocation(file: "f", line: 1, column: 6), message: "m", sourceLine: "ab")
    #expect(diagnostic.description == "f:1:6: error: m\nab\n     ^")
  }

  @Test func windowsLineEndingsAndByteOrderMark() {
    #expect(renderedGrammarError("\u{FEFF}intent A\r\n  play (x\r\n") == """
      t.grammar:2:10: error: expected ')' to close the group opened at 2:8
        play (x
               ^
      """)
  }

  @Test func loadReadsGrammarFilesInNameOrder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("grammar-load-\(UInt64.random(in: 0...UInt64.max))")
      .appendingPathComponent("en-GB")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try "intent B\n  hello\n".write(to: folder.appendingPathComponent("b.grammar"), atomically: true, encoding: .utf8)
    try "intent A\n  hello\nrule unused = x\n".write(to: folder.appendingPathComponent("a.grammar"), atomically: true, encoding: .utf8)
    try "not a grammar (".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let grammar = try GrammarCompiler.load(directory: folder.path + "/")
    #expect(grammar.locale == "en-GB")
    #expect(grammar.intentNames == ["A", "B"])
    #expect(grammar.parse("hello").first?.template.location.file == folder.path + "/a.grammar")
    #expect(try GrammarCompiler.load(directory: folder.path, locale: "en-US").locale == "en-US")

    try "intent C\n  (oops\n".write(to: folder.appendingPathComponent("c.grammar"), atomically: true, encoding: .utf8)
    do {
      _ = try GrammarCompiler.load(directory: folder.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.location) == [SourceLocation(file: folder.path + "/c.grammar", line: 2, column: 8)])
    }
  }

  @Test func loadReportsMissingAndEmptyFolders() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("grammar-empty-\(UInt64.random(in: 0...UInt64.max))")
    do {
      _ = try GrammarCompiler.load(directory: folder.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "\(folder.path):0:0: error: cannot read the folder '\(folder.path)'")
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try GrammarCompiler.load(directory: folder.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "\(folder.path):0:0: error: no '.grammar' files in '\(folder.path)'")
    }
    try Data([0xFF, 0xFE, 0x00]).write(to: folder.appendingPathComponent("bad.grammar"))
    do {
      _ = try GrammarCompiler.load(directory: folder.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.first?.message == "cannot read '\(folder.path)/bad.grammar': not UTF-8 text")
    }
  }
}

/// Large grammar files: each shape compiles or gives located errors. One long template
/// line took time quadratic in its length (80,000 words: 74 s). The 10 MB figures, in a
/// release build, are the robustness benchmark's (`siri bench robustness`); these run at
/// a size a debug build takes in a few seconds.
struct LargeGrammarTests {
  @Test func aMegabyteTemplateLineCompiles() throws {
    let text = "intent A\n  " + String(repeating: "word ", count: 200_000) + "\n"
    let grammar = try GrammarCompiler.compile([GrammarSource(path: "big.grammar", text: text)], locale: "en-US")
    #expect(grammar.intentNames == ["A"])
  }

  @Test func aMegabyteOfGarbageGivesTheFirstErrorsAndACount() {
    var random = GrammarTestRandom(seed: 7)
    let alphabet = Array("()[]{}<>|=:abc \n#\\")
    let text = String((0..<1_000_000).map { _ in alphabet.randomElement(using: &random)! })
    do {
      _ = try GrammarCompiler.compile([GrammarSource(path: "garbage.grammar", text: text)], locale: "en-US")
      Issue.record("expected errors")
    } catch {
      #expect(error.diagnostics.count > GrammarError.maximumShown)
      let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("garbage.grammar:1:1: error: ") == true)
      #expect(lines.last == "… and \(error.diagnostics.count - GrammarError.maximumShown) more errors (fix the ones above first)")
      #expect(lines.count == GrammarError.maximumShown * 3 + 1)
    }
  }
}
