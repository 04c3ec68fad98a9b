import Testing
@testable import UtteranceParsing

/// Parses one file and expects no diagnostics.
private func parseGrammarFile(_ text: String) -> GrammarFile {
  let (file, diagnostics) = GrammarParser.parse(GrammarSource(path: "p.grammar", text: text))
  #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
  return file
}

/// The expression of the only template of `intent A`, written on line 2 after two spaces.
private func templateExpression(_ template: String) -> GrammarExpression? {
  parseGrammarFile("intent A\n  \(template)\n").intents.first?.templates.first?.expression
}

private func at(_ line: Int, _ column: Int) -> UtteranceParsing.SourceLocation {
  UtteranceParsing.SourceLocation(file: "p.grammar", line: line, column: column)
}

struct GrammarParserTests {
  @Test(arguments: [
    ("play music", GrammarExpression.words(["play", "music"], at(2, 3))),
    ("Play, MUSIC!", .words(["play", "music"], at(2, 3))),
    ("hello-world", .words(["hello", "world"], at(2, 3))),
    ("播放音乐", .words(["播", "放", "音", "乐"], at(2, 3))),
    ("don't stop", .words(["dont", "stop"], at(2, 3))),
    ("(a | b c)", .alternatives([.words(["a"], at(2, 4)), .words(["b", "c"], at(2, 8))])),
    ("a | b", .alternatives([.words(["a"], at(2, 3)), .words(["b"], at(2, 7))])),
    ("[the]", .optional(.words(["the"], at(2, 4)))),
    ("[a | b]", .optional(.alternatives([.words(["a"], at(2, 4)), .words(["b"], at(2, 8))]))),
    ("<play>", .rule("play", at(2, 3))),
    ("< play >", .rule("play", at(2, 3))),
    ("{artist}", .slot(list: "artist", name: "artist", at(2, 3))),
    ("{text:mediaName}", .slot(list: "text", name: "mediaName", at(2, 3))),
    ("{ number : level }", .slot(list: "number", name: "level", at(2, 3))),
    ("play\\(s\\)", .words(["play", "s"], at(2, 3))),
    ("播放{text:song}", .sequence([.words(["播", "放"], at(2, 3)), .slot(list: "text", name: "song", at(2, 5))])),
    (
      "<play> the (latest | [most] recent) {mediaType}",
      .sequence([
        .rule("play", at(2, 3)),
        .words(["the"], at(2, 10)),
        .alternatives([.words(["latest"], at(2, 15)), .sequence([.optional(.words(["most"], at(2, 25))), .words(["recent"], at(2, 31))])]),
        .slot(list: "mediaType", name: "mediaType", at(2, 39)),
      ])
    ),
    ("((a))", .words(["a"], at(2, 5))),
  ])
  func templateSyntax(template: String, expected: GrammarExpression) {
    #expect(templateExpression(template) == expected)
  }

  @Test func templateTextAndLocation() {
    let file = parseGrammarFile("""
      intent PlayMedia   # the main one
      \t<play> {app}   => reference = my   # why not

        stop
      """)
    let intent = file.intents[0]
    #expect(intent.name == "PlayMedia")
    #expect(intent.location == at(1, 8))
    #expect(intent.templates.map(\.text) == ["<play> {app}   => reference = my", "stop"])
    #expect(intent.templates.map(\.location) == [at(2, 2), at(4, 3)])
    #expect(intent.templates[0].fixedSlots == [FixedSlot(name: "reference", value: "my", location: at(2, 20))])
  }

  @Test func fixedSlots() {
    let file = parseGrammarFile("intent A\n  play => sortOrder = most recent, kind=podcast\\=show ,x = \\#1\n")
    #expect(file.intents[0].templates[0].fixedSlots.map { "\($0.name)=\($0.value)" } == [
      "sortOrder=most recent", "kind=podcast=show", "x=#1",
    ])
  }

  @Test func ruleForms() {
    let file = parseGrammarFile("""
      rule play = (play | put on)
      rule app
        (on | in) {app}
        using {app}

        # a comment does not end the block
        with {app}
      rule single
        just this
      """)
    #expect(file.rules.map(\.name) == ["play", "app", "single"])
    #expect(file.rules[0].location == at(1, 6))
    #expect(file.rules[0].expression == .alternatives([.words(["play"], at(1, 14)), .words(["put", "on"], at(1, 21))]))
    guard case .alternatives(let alternatives) = file.rules[1].expression else {
      Issue.record("expected alternatives")
      return
    }
    #expect(alternatives.count == 3)
    #expect(alternatives[2] == .sequence([.words(["with"], at(7, 3)), .slot(list: "app", name: "app", at(7, 8))]))
    #expect(file.rules[2].expression == .words(["just", "this"], at(9, 3)))
  }

  @Test func listForms() {
    let file = parseGrammarFile("""
      list mediaType
        episode | podcast episode => podcastEpisode
        Podcast Show
        AC/DC | ac dc => acdc
        C\\# | c sharp => C\\#
      list app external   # filled at run time
      """)
    #expect(file.lists.map(\.name) == ["mediaType", "app"])
    #expect(file.lists.map(\.isExternal) == [false, true])
    #expect(file.lists[0].entries.map(\.phrases) == [
      ["episode", "podcast episode"], ["Podcast Show"], ["AC/DC", "ac dc"], ["C#", "c sharp"],
    ])
    #expect(file.lists[0].entries.map(\.value) == ["podcastEpisode", "Podcast Show", "acdc", "C#"])
    #expect(file.lists[1].entries.isEmpty)
  }

  @Test func skipForms() {
    let file = parseGrammarFile("""
      skip = please | hey siri
      skip
        could you
        for me | Siri,
      """)
    #expect(file.skipPhrases.map(\.words) == [["please"], ["hey", "siri"], ["could", "you"], ["for", "me"], ["siri"]])
    #expect(file.skipPhrases.map(\.text) == ["please", "hey siri", "could you", "for me", "Siri,"])
  }

  @Test func possessiveIsAWordContractionEndingsAreNot() {
    #expect(GrammarParser.detachedContraction("'s") == nil)
    #expect(GrammarParser.detachedContraction("'m") == "'m")
    #expect(GrammarParser.detachedContraction("\u{2019}ll") == "\u{2019}ll")
    #expect(GrammarParser.detachedContraction("i'm") == nil)
  }

  @Test func unlikelyAndNameExcludesForms() {
    let file = parseGrammarFile("""
      unlikely first = my | A
      unlikely last = of
      unlikely inside destinationPlaylist = to | onto
      name excludes = the | Love
      """)
    #expect(file.unlikelyInsideWords["destinationPlaylist"]?.map(\.words) == [["to"], ["onto"]])
    #expect(file.unlikelyFirstWords.map(\.words) == [["my"], ["a"]])
    #expect(file.unlikelyLastWords.map(\.words) == [["of"]])
    #expect(file.nameExcludedWords.map(\.words) == [["the"], ["love"]])
  }

  @Test func escapesInTemplates() {
    #expect(templateExpression("a \\| b \\\\ c") == .words(["a", "b", "c"], at(2, 3)))
    #expect(templateExpression("\\<not a rule\\>") == .words(["not", "a", "rule"], at(2, 3)))
    // A comment sign can be escaped; an unescaped one starts a comment.
    #expect(templateExpression("number \\#1 # comment") == .words(["number", "1"], at(2, 3)))
  }

  @Test func blankLinesCommentsAndIndentation() {
    let file = parseGrammarFile("""
      # header comment

      intent A
      \t  a
         # indented comment

          b
      intent B
        c
      """)
    #expect(file.intents.map(\.name) == ["A", "B"])
    #expect(file.intents[0].templates.count == 2)
    #expect(file.intents[1].templates.count == 1)
  }

  @Test func recoversAfterABrokenLine() {
    let (file, diagnostics) = GrammarParser.parse(GrammarSource(path: "p.grammar", text: """
      intent A
        play (x
        stop
        go ]
        fine
      """))
    #expect(diagnostics.map(\.location.line) == [2, 4])
    #expect(file.intents[0].templates.map(\.text) == ["stop", "fine"])
  }

  @Test func identifiers() {
    #expect(GrammarParser.isIdentifier("PlayMedia"))
    #expect(GrammarParser.isIdentifier("media_type2"))
    #expect(GrammarParser.isIdentifier("歌手"))
    #expect(!GrammarParser.isIdentifier(""))
    #expect(!GrammarParser.isIdentifier("a-b"))
    #expect(!GrammarParser.isIdentifier("a b"))
  }
}

struct GrammarLexerTests {
  private func tokens(_ line: String, mode: Lexer.Mode) -> [LexToken.Kind] {
    var lexer = Lexer(
      reader: SourceReader(characters: Array(line), start: 0, end: line.count), file: "f", line: 1, sourceLine: line)
    var kinds: [LexToken.Kind] = []
    while let token = try? lexer.next(mode), token.kind != .end { kinds.append(token.kind) }
    return kinds
  }

  @Test func symbolsAndWords() {
    #expect(tokens("a (b | c) [d] <e> {f:g} => h = i, j", mode: .expression) == [
      .word, .leftParen, .word, .pipe, .word, .rightParen, .leftBracket, .word, .rightBracket,
      .leftAngle, .word, .rightAngle, .leftBrace, .word, .rightBrace, .arrow, .word, .equals, .word, .word,
    ])
    #expect(tokens("f:g, h", mode: .name) == [.word, .colon, .word, .comma, .word])
  }

  @Test func peekingDoesNotConsume() throws {
    var lexer = Lexer(
      reader: SourceReader(characters: Array("one two"), start: 0, end: 7), file: "f", line: 1, sourceLine: "one two")
    #expect(try lexer.peek(.expression).text == "one")
    #expect(try lexer.next(.expression).text == "one")
    let second = try lexer.next(.expression)
    #expect(second.text == "two")
    #expect(second.column == 5)
    #expect(try lexer.next(.expression).kind == .end)
  }
}
