/// Parses one grammar file into a ``GrammarFile``, collecting diagnostics.
///
/// The file is read line by line: a line that starts at column 1 is a declaration, an
/// indented line belongs to the declaration above it. Parsing a line stops at its first
/// error; the next line is parsed normally, so one run reports every broken line.
struct GrammarParser {
  /// The block that indented lines currently belong to.
  private enum Block {
    case none
    case intent(Int)
    case ruleBody(Int, alternatives: [GrammarExpression])
    case list(Int)
    case skip(SkipPhrase.Origin)
    case oneLineRule(String)
    case oneLineSkip
    case oneLineUnlikely(String)
    case externalList(String)
    /// After a broken declaration: its body lines are ignored, not reported again.
    case ignored
  }

  let source: GrammarSource
  private(set) var file: GrammarFile
  private(set) var diagnostics: [GrammarDiagnostic] = []
  private var block = Block.none
  /// Indented lines seen under the current block, parsed or not.
  private var bodyLines = 0

  init(source: GrammarSource) {
    self.source = source
    self.file = GrammarFile(path: source.path)
  }

  /// Parses `source`, returning what could be parsed and every problem found.
  static func parse(_ source: GrammarSource) -> (file: GrammarFile, diagnostics: [GrammarDiagnostic]) {
    var parser = GrammarParser(source: source)
    parser.parseFile()
    return (parser.file, parser.diagnostics)
  }

  private mutating func parseFile() {
    var text = source.text
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lines = text.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    for (offset, lineText) in lines.enumerated() {
      parseLine(String(lineText), number: offset + 1)
    }
    closeBlock()
  }

  private mutating func parseLine(_ line: String, number: Int) {
    // A long word list (`common words = …`: tens of thousands of words) is read byte by
    // byte while it is plain lower-case words; anything else takes the general path
    // below, which says what is wrong where.
    if let (keyword, words) = Self.plainWordList(line) {
      closeBlock()
      block = .oneLineUnlikely(keyword)
      if keyword == "common words" { file.commonWords += words } else { file.givenNames += words }
      return
    }
    let characters = Array(line)
    var indentation = 0
    while indentation < characters.count, characters[indentation] == " " || characters[indentation] == "\t" {
      indentation += 1
    }
    // The comment starts at the first '#' that is not escaped.
    var end = characters.count
    var index = indentation
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "#" {
        end = index
        break
      }
      index += 1
    }
    while end > indentation, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
    if end <= indentation { return }

    var lexer = Lexer(
      reader: SourceReader(characters: characters, start: indentation, end: end),
      file: source.path, line: number, sourceLine: line)
    do throws(GrammarDiagnostic) {
      if indentation == 0 {
        closeBlock()
        block = .ignored
        try parseDeclaration(&lexer)
      } else {
        bodyLines += 1
        let text = String(characters[indentation..<end])
        try parseBodyLine(&lexer, text: text)
      }
    } catch {
      diagnostics.append(error)
    }
  }

  // MARK: - Declarations

  private mutating func parseDeclaration(_ lexer: inout Lexer) throws(GrammarDiagnostic) {
    let keyword = try lexer.next(.name)
    guard keyword.kind == .word else {
      throw lexer.diagnostic(GrammarMessage.expectedDeclaration, column: keyword.column)
    }
    switch keyword.text {
    case "intent":
      // `intent PlayMedia` or `intent PlayMedia closing [<occasion>]`.
      let (name, location) = try parseName(&lexer, after: "intent", kind: "an intent", nameKind: "intent")
      // Templates that follow a broken closing still belong to the intent.
      file.intents.append(IntentDeclaration(name: name, location: location, templates: []))
      block = .intent(file.intents.count - 1)
      let next = try lexer.next(.name)
      switch next.kind {
      case .end:
        break
      case .word where next.text == "closing":
        let start = lexer.reader.column - 1
        let closing = try parseTopLevel(&lexer, allowFixedSlots: false)
        guard !closing.isEmpty else {
          throw lexer.diagnostic(GrammarMessage.expectedClosingExpression(name), column: try lexer.peek(.expression).column)
        }
        try expectEnd(&lexer, after: "the closing of intent '\(name)'")
        file.intents[file.intents.count - 1].closing = closing
        // The line's end is already past its comment and trailing blanks.
        file.intents[file.intents.count - 1].closingText = String(
          lexer.reader.characters[start..<lexer.reader.end].drop { $0 == " " || $0 == "\t" })
      default:
        throw lexer.diagnostic(GrammarMessage.expectedIntentClosing(name, found: next.quoted), column: next.column)
      }

    case "rule":
      let (name, location) = try parseName(&lexer, after: "rule", kind: "a rule", nameKind: "rule")
      let next = try lexer.next(.expression)
      switch next.kind {
      case .end:
        file.rules.append(RuleDeclaration(name: name, location: location, expression: .empty))
        block = .ruleBody(file.rules.count - 1, alternatives: [])
      case .equals:
        // Register the name first so a broken expression does not cause "unknown rule" later.
        file.rules.append(RuleDeclaration(name: name, location: location, expression: .empty))
        block = .oneLineRule(name)
        let expression = try parseTopLevel(&lexer, allowFixedSlots: false)
        guard !expression.isEmpty else {
          throw lexer.diagnostic(GrammarMessage.expectedExpressionAfterEquals, column: try lexer.peek(.expression).column)
        }
        try expectEnd(&lexer, after: "rule '\(name)'")
        file.rules[file.rules.count - 1].expression = expression
      default:
        throw lexer.diagnostic(GrammarMessage.expectedRuleEquals(name, found: next.quoted), column: next.column)
      }

    case "list":
      let (name, location) = try parseName(&lexer, after: "list", kind: "a list", nameKind: "list")
      let next = try lexer.next(.name)
      switch next.kind {
      case .end:
        file.lists.append(ListDeclaration(name: name, location: location, isExternal: false, entries: []))
        block = .list(file.lists.count - 1)
      case .word where next.text == "external":
        file.lists.append(ListDeclaration(name: name, location: location, isExternal: true, entries: []))
        block = .externalList(name)
        try expectEnd(&lexer, after: "'external'")
      default:
        throw lexer.diagnostic(GrammarMessage.expectedListExternal(name, found: next.quoted), column: next.column)
      }

    case "skip":
      let origin = SkipPhrase.Origin(location: lexer.location(column: keyword.column))
      let next = try lexer.next(.expression)
      switch next.kind {
      case .end:
        block = .skip(origin)
      case .equals:
        block = .oneLineSkip
        let phrases = try parseSkipPhrases(&lexer)
        file.skipPhrases.append(contentsOf: phrases)
      default:
        throw lexer.diagnostic(GrammarMessage.expectedSkipEquals(found: next.quoted), column: next.column)
      }

    case "name":
      // `name excludes = the | of | love` / `name particles = van | de`: one line, single words.
      let word = try lexer.next(.name)
      guard word.kind == .word, word.text == "excludes" || word.text == "particles" else {
        throw lexer.diagnostic(GrammarMessage.expectedNameExcludes(found: word.quoted), column: word.column)
      }
      if word.text == "particles" {
        file.nameParticles += try parseWordList(&lexer, declaration: "name particles")
      } else {
        file.nameExcludedWords += try parseWordList(&lexer, declaration: "name excludes")
      }

    case "title":
      // `title words = the | a | an`: one line, single words.
      try expectWord("words", after: "title", &lexer)
      file.titleWords += try parseWordList(&lexer, declaration: "title words")

    case "text":
      // `text excludes = volume | louder`: one line, single words.
      try expectWord("excludes", after: "text", &lexer)
      file.textExcludedWords += try parseWordList(&lexer, declaration: "text excludes")

    case "opening":
      // `opening text excludes = what | show`: one line, single words.
      // `opening skip = uh | well | i think`: one line, phrases.
      if try expectWord(["text excludes", "skip"], after: "opening", &lexer) == "skip" {
        file.openingSkipPhrases += try parseWordList(&lexer, declaration: "opening skip", phrases: true)
      } else {
        try expectWord("excludes", after: "opening text", &lexer)
        file.openingExcludedWords += try parseWordList(&lexer, declaration: "opening text excludes")
      }

    case "closing":
      // `closing skip = if you can | would you`: one line, phrases.
      try expectWord("skip", after: "closing", &lexer)
      file.closingSkipPhrases += try parseWordList(&lexer, declaration: "closing skip", phrases: true)

    case "no":
      // `no name = this | that | it`: one line, single words.
      try expectWord("name", after: "no", &lexer)
      file.noNameWords += try parseWordList(&lexer, declaration: "no name")

    case "slip":
      // `slip words = play | song`, `slip excludes = plan | pay`: one line, single words.
      if try expectWord(["words", "excludes"], after: "slip", &lexer) == "words" {
        file.slipWords += try parseWordList(&lexer, declaration: "slip words")
      } else {
        file.slipExcludedWords += try parseWordList(&lexer, declaration: "slip excludes")
      }

    case "request":
      // `request starts = play | put on`: one line, phrases.
      // `request start excludes = to | i`, `request start questions = did | can`: one
      // line, single words.
      if try expectWord(["starts", "start excludes", "start questions"], after: "request", &lexer) == "starts" {
        file.requestStarts += try parseWordList(&lexer, declaration: "request starts", phrases: true)
      } else if try expectWord(["excludes", "questions"], after: "request start", &lexer) == "excludes" {
        file.requestStartExcludedWords += try parseWordList(&lexer, declaration: "request start excludes")
      } else {
        file.requestStartQuestionWords += try parseWordList(&lexer, declaration: "request start questions")
      }

    case "short":
      // `short forms = u: you | 2: to`: one line, each a word typed short and the one
      // word it stands for.
      try expectWord("forms", after: "short", &lexer)
      for (written, meant) in try parseWordPairs(&lexer, declaration: "short forms", message: GrammarMessage.shortFormNotTwoWords) {
        file.shortForms.append(ShortForm(written: written, meant: meant))
      }

    case "variant":
      // `variant spellings = favorite: favourite | color: colour`: one line, each two
      // spellings of one word.
      try expectWord("spellings", after: "variant", &lexer)
      for (first, second) in try parseWordPairs(&lexer, declaration: "variant spellings", message: GrammarMessage.variantSpellingNotTwoWords) {
        file.variantSpellings.append(VariantSpelling(first: first, second: second))
      }

    case "common":
      // `common words = silver | apples`: one line, single words (repeated for a long
      // list; plain ones are read by `plainWordList`).
      try expectWord("words", after: "common", &lexer)
      file.commonWords += try parseWordList(&lexer, declaration: "common words").flatMap(\.words)

    case "collection":
      // `collection words = hits | essentials`: one line, single words.
      try expectWord("words", after: "collection", &lexer)
      file.collectionWords += try parseWordList(&lexer, declaration: "collection words").flatMap(\.words)

    case "given":
      // `given names = tony | max`: one line, single words.
      try expectWord("names", after: "given", &lexer)
      file.givenNames += try parseWordList(&lexer, declaration: "given names").flatMap(\.words)

    case "minimum":
      // `minimum score = 0.3`: one number from 0 to 1.
      try expectWord("score", after: "minimum", &lexer)
      let equals = try lexer.next(.expression)
      guard equals.kind == .equals else {
        throw lexer.diagnostic(GrammarMessage.expectedUnlikelyEquals("minimum score", found: equals.quoted), column: equals.column)
      }
      let number = try lexer.next(.name)
      guard number.kind == .word, let value = Double(number.text), value >= 0, value <= 1 else {
        throw lexer.diagnostic(GrammarMessage.invalidMinimumScore(found: number.quoted), column: number.column)
      }
      try expectEnd(&lexer, after: "the minimum score")
      if let first = file.minimumScore {
        throw lexer.diagnostic(GrammarMessage.duplicateMinimumScore(first: first.location), column: keyword.column)
      }
      file.minimumScore = MinimumScoreDeclaration(value: value, location: lexer.location(column: keyword.column))

    case "unlikely":
      // `unlikely first = my | a` / `unlikely last = of | the` /
      // `unlikely inside destinationPlaylist = to | onto`: one line, single words.
      let edge = try lexer.next(.name)
      guard edge.kind == .word, ["first", "last", "inside"].contains(edge.text) else {
        throw lexer.diagnostic(GrammarMessage.expectedUnlikelyEdge(found: edge.quoted), column: edge.column)
      }
      var declaration = "unlikely \(edge.text)"
      var insideSlot: String?
      if edge.text == "inside" {
        let (slot, _) = try parseName(&lexer, after: "unlikely inside", kind: "a slot", nameKind: "slot")
        insideSlot = slot
        declaration += " \(slot)"
      }
      let phrases = try parseWordList(&lexer, declaration: declaration)
      if let insideSlot {
        file.unlikelyInsideWords[insideSlot, default: []].append(contentsOf: phrases)
      } else if edge.text == "first" {
        file.unlikelyFirstWords.append(contentsOf: phrases)
      } else {
        file.unlikelyLastWords.append(contentsOf: phrases)
      }

    default:
      throw lexer.diagnostic(GrammarMessage.unknownDeclaration(keyword.text), column: keyword.column)
    }
  }

  /// Reads the word that must follow a declaration's keyword ("words" after "title"), or
  /// says what was found instead.
  private func expectWord(_ expected: String, after keyword: String, _ lexer: inout Lexer) throws(GrammarDiagnostic) {
    _ = try expectWord([expected], after: keyword, &lexer)
  }

  /// Reads one of the words that may follow a declaration's keyword and returns it. An
  /// expectation of several words is met by its first ("text" of "text excludes"), whose
  /// rest the caller reads.
  private func expectWord(
    _ expected: [String], after keyword: String, _ lexer: inout Lexer
  ) throws(GrammarDiagnostic) -> String {
    let word = try lexer.next(.name)
    let firsts = expected.map { String($0.prefix { $0 != " " }) }
    guard word.kind == .word, let index = firsts.firstIndex(of: word.text) else {
      throw lexer.diagnostic(GrammarMessage.expectedWord(expected, after: keyword, found: word.quoted), column: word.column)
    }
    return firsts[index]
  }

  /// `a: b | c: d`, one line: each entry two different words (`short forms`, `variant
  /// spellings`); `message` says what an entry that is not is.
  private mutating func parseWordPairs(
    _ lexer: inout Lexer, declaration: String, message: (String) -> String
  ) throws(GrammarDiagnostic) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for phrase in try parseWordList(&lexer, declaration: declaration, phrases: true) {
      guard phrase.words.count == 2, phrase.words[0] != phrase.words[1] else {
        throw lexer.diagnostic(message(phrase.text), column: phrase.location.column)
      }
      pairs.append((phrase.words[0], phrase.words[1]))
    }
    return pairs
  }

  /// The `= word | word` part of a one-line word-list declaration (`name excludes`,
  /// `unlikely …`): single words only, unless `phrases` (`opening skip`); no indented
  /// lines may follow.
  private mutating func parseWordList(
    _ lexer: inout Lexer, declaration: String, phrases allowsPhrases: Bool = false
  ) throws(GrammarDiagnostic) -> [SkipPhrase] {
    let equals = try lexer.next(.expression)
    guard equals.kind == .equals else {
      throw lexer.diagnostic(GrammarMessage.expectedUnlikelyEquals(declaration, found: equals.quoted), column: equals.column)
    }
    block = .oneLineUnlikely(declaration)
    let phrases = try parseSkipPhrases(&lexer)
    if !allowsPhrases, let long = phrases.first(where: { $0.words.count != 1 }) {
      let keyword = declaration.hasPrefix("unlikely") ? "unlikely" : declaration
      throw lexer.diagnostic(GrammarMessage.unlikelyWordNotOneWord(long.text, declaration: keyword), column: long.location.column)
    }
    return phrases
  }

  /// `common words = a | b` or `given names = a | b` written at the start of the line
  /// with single spaces, every word lower-case ASCII letters and nothing else (no
  /// comment): the declaration and its words; `nil` for anything else.
  static func plainWordList(_ line: String) -> (String, [String])? {
    var line = line
    return line.withUTF8 { bytes -> (String, [String])? in
      let keyword: String
      let start: Int
      if bytes.starts(with: "common words = ".utf8) {
        (keyword, start) = ("common words", 15)
      } else if bytes.starts(with: "given names = ".utf8) {
        (keyword, start) = ("given names", 14)
      } else {
        return nil
      }
      var words: [String] = []
      for part in bytes[start...].split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
        var word = part[...]
        while word.first == UInt8(ascii: " ") { word = word.dropFirst() }
        while word.last == UInt8(ascii: " ") { word = word.dropLast() }
        guard !word.isEmpty, word.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return nil }
        words.append(String(decoding: word, as: UTF8.self))
      }
      return (keyword, words)
    }
  }

  /// A word that is only the end of a contraction (`'m`, `'d`, `'re`, `'ll`, `'ve`, `'t`),
  /// which can never match because the tokenizer keeps "i'm" as one word. A possessive
  /// `'s` is a word of its own and allowed.
  static func detachedContraction(_ text: String) -> String? {
    guard let first = text.unicodeScalars.first, Tokenizer.isApostrophe(first) else { return nil }
    let rest = String(text.unicodeScalars.dropFirst()).lowercased()
    return ["m", "d", "re", "ll", "ve", "t"].contains(rest) ? text : nil
  }

  /// Reads the name after a keyword and checks it is an identifier.
  private func parseName(
    _ lexer: inout Lexer, after keyword: String, kind: String, nameKind: String
  ) throws(GrammarDiagnostic) -> (String, SourceLocation) {
    let token = try lexer.next(.name)
    guard token.kind == .word else {
      throw lexer.diagnostic(GrammarMessage.expectedName(after: keyword, kind: kind), column: token.column)
    }
    guard GrammarParser.isIdentifier(token.text) else {
      throw lexer.diagnostic(GrammarMessage.invalidName(token.text, kind: nameKind), column: token.column)
    }
    return (token.text, lexer.location(column: token.column))
  }

  private func expectEnd(_ lexer: inout Lexer, after what: String) throws(GrammarDiagnostic) {
    let token = try lexer.next(.name)
    guard token.kind == .end else {
      throw lexer.diagnostic(GrammarMessage.expectedEndOfLine(after: what, found: token.quoted), column: token.column)
    }
  }

  /// Checks the end of a block: a declaration whose body is empty is a mistake.
  private mutating func closeBlock() {
    defer {
      block = .none
      bodyLines = 0
    }
    switch block {
    case .intent(let index):
      let intent = file.intents[index]
      if bodyLines == 0 {
        report(GrammarMessage.intentWithoutTemplates(intent.name), at: intent.location)
      }
    case .ruleBody(let index, let alternatives):
      if bodyLines == 0 {
        report(GrammarMessage.ruleWithoutAlternatives(file.rules[index].name), at: file.rules[index].location)
      }
      file.rules[index].expression = alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
    case .list(let index):
      if bodyLines == 0 {
        report(GrammarMessage.listWithoutEntries(file.lists[index].name), at: file.lists[index].location)
      }
    case .skip(let origin):
      if bodyLines == 0 {
        report(GrammarMessage.skipWithoutPhrases, at: origin.location)
      }
    case .none, .oneLineRule, .oneLineSkip, .oneLineUnlikely, .externalList, .ignored:
      break
    }
  }

  private mutating func report(_ message: String, at location: SourceLocation) {
    let lines = source.text.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    var line = location.line >= 1 && location.line <= lines.count ? String(lines[location.line - 1]) : ""
    if location.line == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
    diagnostics.append(GrammarDiagnostic(location: location, message: message, sourceLine: line))
  }

  // MARK: - Body lines

  private mutating func parseBodyLine(_ lexer: inout Lexer, text: String) throws(GrammarDiagnostic) {
    let column = lexer.reader.column
    switch block {
    case .none:
      block = .ignored
      throw lexer.diagnostic(GrammarMessage.lineOutsideBlock, column: column)
    case .oneLineRule(let name):
      block = .ignored
      throw lexer.diagnostic(GrammarMessage.lineAfterOneLineRule(name), column: column)
    case .oneLineSkip:
      block = .ignored
      throw lexer.diagnostic(GrammarMessage.lineAfterOneLineSkip(), column: column)
    case .externalList(let name):
      block = .ignored
      throw lexer.diagnostic(GrammarMessage.lineUnderExternalList(name), column: column)
    case .oneLineUnlikely(let edge):
      block = .ignored
      throw lexer.diagnostic(GrammarMessage.lineAfterUnlikely(edge), column: column)
    case .ignored:
      return

    case .intent(let index):
      let location = lexer.location(column: column)
      let (expression, fixedSlots) = try parseTemplate(&lexer)
      file.intents[index].templates.append(
        GrammarTemplate(expression: expression, fixedSlots: fixedSlots, location: location, text: text))

    case .ruleBody(let index, var alternatives):
      let expression = try parseTopLevel(&lexer, allowFixedSlots: false)
      try expectEndOfExpression(&lexer)
      alternatives.append(expression)
      block = .ruleBody(index, alternatives: alternatives)

    case .list(let index):
      let entry = try parseListEntry(&lexer)
      file.lists[index].entries.append(entry)

    case .skip:
      file.skipPhrases.append(contentsOf: try parseSkipPhrases(&lexer))
    }
  }

  private func parseTemplate(_ lexer: inout Lexer) throws(GrammarDiagnostic) -> (GrammarExpression, [FixedSlot]) {
    let first = try lexer.peek(.expression)
    if first.kind == .arrow {
      throw lexer.diagnostic(GrammarMessage.expectedTemplateBeforeArrow, column: first.column)
    }
    let expression = try parseTopLevel(&lexer, allowFixedSlots: true)
    let next = try lexer.next(.expression)
    switch next.kind {
    case .end:
      return (expression, [])
    case .arrow:
      return (expression, try parseFixedSlots(&lexer))
    default:
      throw GrammarParser.strayToken(next, lexer: lexer)
    }
  }

  private func expectEndOfExpression(_ lexer: inout Lexer) throws(GrammarDiagnostic) {
    let next = try lexer.next(.expression)
    guard next.kind == .end else { throw GrammarParser.strayToken(next, lexer: lexer) }
  }

  /// The error for a token that cannot follow a complete expression.
  private static func strayToken(_ token: LexToken, lexer: Lexer) -> GrammarDiagnostic {
    switch token.kind {
    case .rightParen, .rightBracket, .rightBrace, .rightAngle:
      return lexer.diagnostic(GrammarMessage.unmatchedCloser(Character(token.text)), column: token.column)
    case .arrow:
      return lexer.diagnostic(GrammarMessage.fixedSlotsOutsideTemplate, column: token.column)
    default:
      return lexer.diagnostic(GrammarMessage.unexpectedEquals, column: token.column)
    }
  }

  private func parseFixedSlots(_ lexer: inout Lexer) throws(GrammarDiagnostic) -> [FixedSlot] {
    var slots: [FixedSlot] = []
    var previous = "=>"
    while true {
      let name = try lexer.next(.name)
      guard name.kind == .word else {
        throw lexer.diagnostic(GrammarMessage.expectedFixedSlotName(after: previous), column: name.column)
      }
      guard GrammarParser.isIdentifier(name.text) else {
        throw lexer.diagnostic(GrammarMessage.invalidName(name.text, kind: "slot"), column: name.column)
      }
      let equals = try lexer.next(.name)
      guard equals.kind == .equals else {
        throw lexer.diagnostic(GrammarMessage.expectedEqualsAfterFixedSlot(name.text), column: equals.column)
      }
      let value = try lexer.rawText(stoppingAt: [","], context: "a fixed slot value")
      guard !value.text.isEmpty else {
        throw lexer.diagnostic(GrammarMessage.expectedFixedSlotValue(name.text), column: value.column)
      }
      slots.append(FixedSlot(name: name.text, value: value.text, location: lexer.location(column: name.column)))
      let separator = try lexer.next(.name)
      switch separator.kind {
      case .end: return slots
      case .comma: previous = ","
      default:
        throw lexer.diagnostic(GrammarMessage.expectedCommaBetweenFixedSlots(found: separator.quoted), column: separator.column)
      }
    }
  }

  private func parseListEntry(_ lexer: inout Lexer) throws(GrammarDiagnostic) -> ListEntryDeclaration {
    let location = lexer.location(column: lexer.reader.column)
    var phrases: [String] = []
    while true {
      let phrase = try lexer.rawText(stoppingAt: ["|"], stopAtArrow: true, context: "a list entry")
      let next = try lexer.next(.name)
      if phrase.text.isEmpty {
        throw lexer.diagnostic(GrammarMessage.expectedSpokenForm(before: next.quoted), column: next.column)
      }
      if Tokenizer.words(phrase.text).isEmpty {
        throw lexer.diagnostic(GrammarMessage.spokenFormWithoutWords(phrase.text), column: phrase.column)
      }
      phrases.append(phrase.text)
      switch next.kind {
      case .pipe:
        continue
      case .arrow:
        let value = try lexer.rawText(stoppingAt: [], context: "a list value")
        guard !value.text.isEmpty else {
          throw lexer.diagnostic(GrammarMessage.expectedListValue, column: value.column)
        }
        return ListEntryDeclaration(phrases: phrases, value: value.text, location: location)
      default:
        return ListEntryDeclaration(phrases: phrases, value: phrases[0], location: location)
      }
    }
  }

  private func parseSkipPhrases(_ lexer: inout Lexer) throws(GrammarDiagnostic) -> [SkipPhrase] {
    var phrases: [SkipPhrase] = []
    while true {
      let phrase = try lexer.rawText(stoppingAt: ["|"], context: "a skip phrase")
      let next = try lexer.next(.name)
      if phrase.text.isEmpty {
        throw lexer.diagnostic(GrammarMessage.expectedSkipPhrase(before: next.quoted), column: next.column)
      }
      let words = Tokenizer.words(phrase.text)
      if words.isEmpty {
        throw lexer.diagnostic(GrammarMessage.skipPhraseWithoutWords(phrase.text), column: phrase.column)
      }
      phrases.append(SkipPhrase(text: phrase.text, words: words, location: lexer.location(column: phrase.column)))
      if next.kind == .end { return phrases }
    }
  }

  // MARK: - Expressions

  /// `alternatives` up to the end of the line or `=>`, which are left unread.
  private func parseTopLevel(_ lexer: inout Lexer, allowFixedSlots: Bool) throws(GrammarDiagnostic) -> GrammarExpression {
    let expression = try parseAlternatives(&lexer)
    let next = try lexer.peek(.expression)
    if next.kind == .arrow && !allowFixedSlots {
      throw lexer.diagnostic(GrammarMessage.fixedSlotsOutsideTemplate, column: next.column)
    }
    return expression
  }

  /// How deep groups (`(…)`, `[…]`) may be nested. The parser, the checks and the compiler
  /// all recurse into groups, so without a limit a line of ten thousand `(` overflows the
  /// stack; the grammars nest two deep.
  static let maximumNesting = 16

  /// `sequence ('|' sequence)*`, stopping before a closing bracket, `=>` or the end.
  /// Returns ``GrammarExpression/empty`` when there is nothing at all before the stop.
  /// `depth` counts the groups around it.
  private func parseAlternatives(_ lexer: inout Lexer, depth: Int = 0) throws(GrammarDiagnostic) -> GrammarExpression {
    var alternatives: [GrammarExpression] = []
    while true {
      let sequence = try parseSequence(&lexer, depth: depth)
      let next = try lexer.peek(.expression)
      if sequence.isEmpty {
        if next.kind == .pipe || !alternatives.isEmpty {
          throw lexer.diagnostic(GrammarMessage.emptyAlternative(before: next.quoted), column: next.column)
        }
        return .empty
      }
      alternatives.append(sequence)
      guard next.kind == .pipe else { break }
      _ = try lexer.next(.expression)
    }
    return alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
  }

  private func parseSequence(_ lexer: inout Lexer, depth: Int) throws(GrammarDiagnostic) -> GrammarExpression {
    var items: [GrammarExpression] = []
    // Consecutive words become one `.words` item; gathered here first, so a line of a
    // million words costs a million appends, not a copy per word.
    var words: [String] = []
    var wordsLocation: SourceLocation?
    func flushWords() {
      if let location = wordsLocation { items.append(.words(words, location)) }
      words = []
      wordsLocation = nil
    }
    while true {
      let token = try lexer.peek(.expression)
      if token.kind != .word { flushWords() }
      switch token.kind {
      case .word:
        _ = try lexer.next(.expression)
        if let ending = GrammarParser.detachedContraction(token.text) {
          // "i ('m | am)" never matches: an utterance's "i'm" is one word, `im`.
          throw lexer.diagnostic(GrammarMessage.detachedContraction(ending), column: token.column)
        }
        if wordsLocation == nil { wordsLocation = lexer.location(column: token.column) }
        words += Tokenizer.words(token.text)
      case .leftParen, .leftBracket:
        _ = try lexer.next(.expression)
        let opener: Character = token.kind == .leftParen ? "(" : "["
        guard depth < GrammarParser.maximumNesting else {
          throw lexer.diagnostic(GrammarMessage.nestedTooDeep(opener, limit: GrammarParser.maximumNesting), column: token.column)
        }
        let inner = try parseAlternatives(&lexer, depth: depth + 1)
        let close = try lexer.next(.expression)
        let expected: LexToken.Kind = token.kind == .leftParen ? .rightParen : .rightBracket
        if inner.isEmpty && close.kind == expected {
          throw lexer.diagnostic(GrammarMessage.emptyGroup(opener), column: close.column)
        }
        guard close.kind == expected else {
          throw lexer.diagnostic(
            GrammarMessage.unclosed(opener, openedAt: lexer.location(column: token.column)), column: close.column)
        }
        items.append(token.kind == .leftParen ? inner : .optional(inner))
      case .leftAngle:
        _ = try lexer.next(.expression)
        items.append(try parseRuleReference(&lexer, opener: token))
      case .leftBrace:
        _ = try lexer.next(.expression)
        items.append(try parseSlot(&lexer, opener: token))
      case .equals:
        throw lexer.diagnostic(GrammarMessage.unexpectedEquals, column: token.column)
      case .pipe, .rightParen, .rightBracket, .rightBrace, .rightAngle, .arrow, .end, .colon, .comma:
        return items.count == 1 ? items[0] : .sequence(items)
      }
    }
  }

  private func parseRuleReference(_ lexer: inout Lexer, opener: LexToken) throws(GrammarDiagnostic) -> GrammarExpression {
    let name = try lexer.next(.name)
    guard name.kind == .word else {
      throw lexer.diagnostic(GrammarMessage.expectedRuleName, column: name.column)
    }
    guard GrammarParser.isIdentifier(name.text) else {
      throw lexer.diagnostic(GrammarMessage.invalidName(name.text, kind: "rule"), column: name.column)
    }
    try expectCloser(&lexer, .rightAngle, opener: opener)
    return .rule(name.text, lexer.location(column: opener.column))
  }

  private func parseSlot(_ lexer: inout Lexer, opener: LexToken) throws(GrammarDiagnostic) -> GrammarExpression {
    let list = try lexer.next(.name)
    guard list.kind == .word else {
      throw lexer.diagnostic(GrammarMessage.expectedListName, column: list.column)
    }
    guard GrammarParser.isIdentifier(list.text) else {
      throw lexer.diagnostic(GrammarMessage.invalidName(list.text, kind: "list"), column: list.column)
    }
    var slotName = list.text
    if try lexer.peek(.name).kind == .colon {
      _ = try lexer.next(.name)
      let name = try lexer.next(.name)
      guard name.kind == .word else {
        throw lexer.diagnostic(GrammarMessage.expectedSlotNameAfterColon, column: name.column)
      }
      guard GrammarParser.isIdentifier(name.text) else {
        throw lexer.diagnostic(GrammarMessage.invalidName(name.text, kind: "slot"), column: name.column)
      }
      slotName = name.text
    }
    try expectCloser(&lexer, .rightBrace, opener: opener)
    return .slot(list: list.text, name: slotName, lexer.location(column: opener.column))
  }

  private func expectCloser(_ lexer: inout Lexer, _ kind: LexToken.Kind, opener: LexToken) throws(GrammarDiagnostic) {
    let close = try lexer.next(.name)
    guard close.kind == kind else {
      throw lexer.diagnostic(
        GrammarMessage.unclosed(Character(opener.text), openedAt: lexer.location(column: opener.column)),
        column: close.column)
    }
  }

  /// Letters, digits and `_`, at least one character.
  static func isIdentifier(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }
}

extension SkipPhrase {
  /// Where a `skip` block was declared, for reporting an empty one.
  struct Origin {
    var location: SourceLocation
  }
}
