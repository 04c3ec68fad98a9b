/// A template or rule expression, as parsed.
indirect enum GrammarExpression: Sendable, Equatable {
  /// Literal words, already tokenized the way utterances are (`hello-world` → `hello`, `world`).
  case words([String], SourceLocation)
  /// Expressions one after the other.
  case sequence([GrammarExpression])
  /// One of several expressions: `(a | b)`.
  case alternatives([GrammarExpression])
  /// The expression or nothing: `[a]`.
  case optional(GrammarExpression)
  /// `{list}` or `{list:slot}`; `list` may be a built-in (`text`, `number`, …).
  case slot(list: String, name: String, SourceLocation)
  /// `<rule>`.
  case rule(String, SourceLocation)

  /// The expression that matches nothing (an empty sequence).
  static let empty = GrammarExpression.sequence([])

  var isEmpty: Bool {
    if case .sequence(let items) = self { return items.isEmpty }
    return false
  }

  /// Calls `body` for every rule reference, depth first, left to right.
  func forEachRuleReference(_ body: (String, SourceLocation) -> Void) {
    switch self {
    case .words, .slot: break
    case .sequence(let items), .alternatives(let items):
      for item in items { item.forEachRuleReference(body) }
    case .optional(let inner): inner.forEachRuleReference(body)
    case .rule(let name, let location): body(name, location)
    }
  }

  /// Calls `body` for every slot, depth first, left to right.
  func forEachSlot(_ body: (_ list: String, _ name: String, SourceLocation) -> Void) {
    switch self {
    case .words, .rule: break
    case .sequence(let items), .alternatives(let items):
      for item in items { item.forEachSlot(body) }
    case .optional(let inner): inner.forEachSlot(body)
    case .slot(let list, let name, let location): body(list, name, location)
    }
  }
}

/// `=> name = value` at the end of a template.
struct FixedSlot: Sendable, Equatable {
  var name: String
  var value: String
  var location: SourceLocation
}

/// One template line of an intent.
struct GrammarTemplate: Sendable, Equatable {
  var expression: GrammarExpression
  var fixedSlots: [FixedSlot]
  /// Where the template starts (after the indentation).
  var location: SourceLocation
  /// The template's source text without indentation and comment.
  var text: String
}

struct IntentDeclaration: Sendable, Equatable {
  var name: String
  /// The location of the name.
  var location: SourceLocation
  var templates: [GrammarTemplate]
  /// `intent PlayMedia closing [<occasion>]`: what may follow every template of the
  /// intent, written once instead of at the end of each.
  var closing: GrammarExpression? = nil
  /// The closing as written, for `:why` to show after each template.
  var closingText: String? = nil

  /// What `template` matches: its own expression, then the intent's closing.
  func expression(of template: GrammarTemplate) -> GrammarExpression {
    closing.map { .sequence([template.expression, $0]) } ?? template.expression
  }

  /// `template`'s text, with the intent's closing after its expression (before its
  /// fixed slots, `=> …`).
  func text(of template: GrammarTemplate) -> String {
    guard let closingText else { return template.text }
    let text = template.text
    guard let arrow = text.firstRange(of: " => ") else { return "\(text) · closing \(closingText)" }
    return "\(text[..<arrow.lowerBound]) · closing \(closingText)\(text[arrow.lowerBound...])"
  }
}

struct RuleDeclaration: Sendable, Equatable {
  var name: String
  var location: SourceLocation
  var expression: GrammarExpression
}

struct ListEntryDeclaration: Sendable, Equatable {
  /// The spoken forms as written (escapes resolved).
  var phrases: [String]
  var value: String
  var location: SourceLocation
}

struct ListDeclaration: Sendable, Equatable {
  var name: String
  var location: SourceLocation
  var isExternal: Bool
  var entries: [ListEntryDeclaration]
}

struct SkipPhrase: Sendable, Equatable {
  var text: String
  var words: [String]
  var location: SourceLocation
}

/// One entry of `short forms`: `u: you`.
struct ShortForm: Sendable, Equatable {
  var written: String
  var meant: String
}

/// One entry of `variant spellings`: `favorite: favourite`, two spellings of one word.
struct VariantSpelling: Sendable, Equatable {
  var first: String
  var second: String
}

/// Everything declared in one grammar file.
struct GrammarFile: Sendable, Equatable {
  var path: String
  var intents: [IntentDeclaration] = []
  var rules: [RuleDeclaration] = []
  var lists: [ListDeclaration] = []
  var skipPhrases: [SkipPhrase] = []
  /// `opening skip = uh | well | i think`: filler said only before the request's first word.
  var openingSkipPhrases: [SkipPhrase] = []
  /// `closing skip = if you can | would you`: filler said only after its last word.
  var closingSkipPhrases: [SkipPhrase] = []
  /// `unlikely first = …`: words free text seldom begins with (one word each).
  var unlikelyFirstWords: [SkipPhrase] = []
  /// `unlikely last = …`: words free text seldom ends with.
  var unlikelyLastWords: [SkipPhrase] = []
  /// `unlikely inside slot = …`: words that free text filling `slot` seldom contains.
  var unlikelyInsideWords: [String: [SkipPhrase]] = [:]
  /// `name excludes = …`: words a `{name}` slot never contains.
  var nameExcludedWords: [SkipPhrase] = []
  /// `name particles = van | de`: lower-case words a capitalized name may hold.
  var nameParticles: [SkipPhrase] = []
  /// `title words = the | a`: words that, capitalized in mid-sentence, begin a title.
  var titleWords: [SkipPhrase] = []
  /// `text excludes = volume | louder`: words no free text takes (in lower case).
  var textExcludedWords: [SkipPhrase] = []
  /// `opening text excludes = what | show`: words free text that begins a reading
  /// doesn't begin with.
  var openingExcludedWords: [SkipPhrase] = []
  /// `no name = this | that | it`: free text made only of these words is no name.
  var noNameWords: [SkipPhrase] = []
  /// `slip words = play | song`: words a misspelling one slip away is read as, when
  /// nothing reads the utterance as written.
  var slipWords: [SkipPhrase] = []
  /// `slip excludes = plan | pay`: words of their own, one slip from a slip word, that
  /// are never read as it.
  var slipExcludedWords: [SkipPhrase] = []
  /// `request starts = play | put on`: words a request may begin with after the
  /// listener's own words, read only when nothing reads the whole utterance.
  var requestStarts: [SkipPhrase] = []
  /// `request start excludes = to | i`: words after which a request start is none.
  var requestStartExcludedWords: [SkipPhrase] = []
  /// `request start questions = did | can`: words that, opening the listener's words,
  /// make them a question.
  var requestStartQuestionWords: [SkipPhrase] = []
  /// `short forms = u: you | 2: to`: words typed short, read as the word they stand for
  /// when nothing reads the utterance as written (as slips are).
  var shortForms: [ShortForm] = []
  /// `variant spellings = favorite: favourite`: two spellings of one word; whatever the
  /// grammar says with one it says with the other.
  var variantSpellings: [VariantSpelling] = []
  /// `common words = silver | apples`: the language's everyday words; a `{person}` is
  /// not made only of them.
  var commonWords: [String] = []
  /// `collection words = hits | essentials`: words that make free text a `{collection}`'s
  /// name (a playlist's or a compilation's).
  var collectionWords: [String] = []
  /// `given names = tony | max`: given names that make a name of two words or more a
  /// person's.
  var givenNames: [String] = []
  /// `minimum score = 0.3`: where it is declared, and the score.
  var minimumScore: MinimumScoreDeclaration?
}

/// `minimum score = 0.3` as written.
struct MinimumScoreDeclaration: Sendable, Equatable {
  var value: Double
  var location: SourceLocation
}
