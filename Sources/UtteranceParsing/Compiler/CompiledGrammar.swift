import Synchronization

/// A locale's grammar compiled into one automaton shared by all templates.
///
/// Immutable and `Sendable`: compile once at start-up, then call ``parse(_:lists:limit:)``
/// from anywhere.
public struct CompiledGrammar: Sendable {
  public let locale: String
  /// Intent names in declaration order.
  public var intentNames: [String]
  /// The names of `list … external` lists, whose entries come from ``ListValues``.
  public var externalLists: [String]

  /// One state per template position (rules inlined at each use): what the designer
  /// tools walk, template by template. The matcher never reads it, so a grammar from the
  /// cache decodes it only when a tool first asks (see ``TemplateAutomaton``).
  var automaton: Automaton { templateAutomaton.value }
  let templateAutomaton: TemplateAutomaton
  /// ``automaton`` made deterministic (``Automaton/determinized()``): what the matcher runs.
  let matching: Automaton
  /// The ``automaton`` states each ``matching`` state stands for: state `s`'s are
  /// `matchingMembers[matchingMemberOffsets[s]..<matchingMemberOffsets[s + 1]]`, sorted.
  let matchingMemberOffsets: [Int32]
  let matchingMembers: [Int32]
  let tokenIDs: [String: Int32]
  let slots: [SlotDescriptor]
  let lists: [CompiledList]
  let templates: [CompiledTemplate]
  let skips: TokenTrie
  let entities: EntityRecognizer
  /// ``slots`` as the matcher reads them on every edge: plain values, no strings, so
  /// reading one costs no reference counting.
  let slotPlans: [SlotPlan]
  /// `unlikely first` / `unlikely last` words: free text that begins or ends with one
  /// counts that word as no evidence at all (see ``Matcher``).
  private(set) var unlikelyFirstWords: Set<String> = []
  private(set) var unlikelyLastWords: Set<String> = []
  /// `unlikely inside slot = …`, by slot index: words that count for nothing anywhere in
  /// free text filling that slot ("to" in a playlist's name).
  private(set) var unlikelyInsideWords: [Set<String>] = []
  /// `name excludes = …`: words a `{name:slot}` never contains ("the", "of", "love").
  private(set) var nameExcludedWords: Set<String> = []
  /// What the matcher reads on every parse (see ``MatchTables``), made again when the
  /// word lists are set (once, while a grammar is being assembled or read back).
  private(set) var tables: MatchTables

  /// What makes a reading no reading at all (`text excludes`, `opening text excludes`,
  /// `no name`, `minimum score`; see ``RejectionRules``).
  private(set) var rejection = RejectionRules()
  /// `slip words`, `slip excludes`: which misspelt words a parse reads through a slip.
  public private(set) var slips = SlipRules()
  /// `request starts`, `request start excludes`: where a request said after the
  /// listener's own words may begin.
  public private(set) var requestStarts = RequestStarts()
  /// `common words`, `given names`, as the matcher reads them: which `{name}`s read as a
  /// person's (``PersonRules``, ``PersonTable``).
  private(set) var personTable = PersonTable()

  /// Sets every word list at once, and the matcher's tables with them.
  mutating func setWordLists(
    unlikelyFirst: Set<String>, unlikelyLast: Set<String>, unlikelyInside: [Set<String>], nameExcluded: Set<String>,
    titleWords: Set<String>, nameParticles: Set<String>, rejection: RejectionRules = RejectionRules(),
    slips: SlipRules = SlipRules(), starts: RequestStarts = RequestStarts(), persons: PersonTable = PersonTable(),
    collectionWords: Set<String> = []
  ) {
    self.rejection = rejection
    self.slips = slips
    self.requestStarts = starts
    self.personTable = persons
    unlikelyFirstWords = unlikelyFirst
    unlikelyLastWords = unlikelyLast
    unlikelyInsideWords = unlikelyInside
    nameExcludedWords = nameExcluded
    self.titleWords = titleWords
    self.nameParticles = nameParticles
    self.collectionWords = collectionWords
    tables = MatchTables(grammar: self)
  }
  /// `title words = …`: articles that, written with a capital in mid-sentence ("play The
  /// Fool On The Hill", "add A Drop Of The Hard Stuff"), begin a title, so a template's
  /// literal never takes them.
  private(set) var titleWords: Set<String> = []
  /// `name particles = …`: lower-case words a capitalized `{name}` may hold ("Ludwig van
  /// Beethoven", "Chris de Burgh").
  private(set) var nameParticles: Set<String> = []
  /// `collection words = …`: words that make free text a `{collection}`'s name ("Punk
  /// Essentials", "Summer Hits"), as a number does ("Piano 100").
  private(set) var collectionWords: Set<String> = []

  /// The word that makes `words` (folded) a `{collection}`'s name: a `collection words`
  /// word, or, among other words, one that begins with a digit ("Piano 100", "80s Mix";
  /// "22" alone is a title); `nil` when none does. The matcher asks whether there is one,
  /// `:why` which it is.
  static func collectionEvidence(in words: some Collection<String>, collectionWords: Set<String>) -> (word: String, isNumber: Bool)? {
    if let word = words.first(where: collectionWords.contains) { return (word, false) }
    guard words.count > 1, let number = words.first(where: { $0.first?.isNumber == true }) else { return nil }
    return (number, true)
  }
  /// The longest `{name:slot}`, in words: people's and bands' names are short.
  public static let maximumNameWords = 3

  /// Whether a word of free text counts for nothing: the text's first word when it is
  /// `unlikely first`, its last when `unlikely last`, any word on its slot's `unlikely
  /// inside` list. A word counts once, whatever the lists it is on, so a text gives back at
  /// most its own weight. The one rule behind the matcher's score (applied word by word
  /// as free text grows) and `:why`'s formula.
  static func isUnlikely(isFirst: Bool, isLast: Bool, unlikelyFirst: Bool, unlikelyLast: Bool, inside: Bool) -> Bool {
    (isFirst && unlikelyFirst) || (isLast && unlikelyLast) || inside
  }

  /// How each token of `utterance` is written: 1 with a capital, 0 in lower case, -1 when
  /// that says nothing (no letter first, or the utterance is all one case, as spoken
  /// ASR-style text and shouting are). One pass, shared by `title words` and `{name}`.
  static func writtenCase(_ tokens: [Token], in utterance: String) -> [Int8] {
    guard isMixedCase(utterance) else { return Array(repeating: -1, count: tokens.count) }
    let bytes = Array(utterance.utf8)
    return tokens.map { token in
      guard token.range.lowerBound < bytes.count else { return -1 }
      let first = bytes[token.range.lowerBound]
      if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { return 1 }
      if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { return 0 }
      return -1
    }
  }

  /// Whether `text` has both a lower-case and an upper-case letter. ASCII text (most of
  /// what is typed) is read byte by byte; Unicode's case properties only for the rest.
  static func isMixedCase(_ text: String) -> Bool {
    var native = text
    let ascii: Bool? = native.withUTF8 { bytes in
      var lower = false
      var upper = false
      for byte in bytes {
        if byte >= 0x80 { return nil }
        // ASCII letters: bit 5 set in lower case.
        if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
          if byte & 0x20 != 0 { lower = true } else { upper = true }
          if lower && upper { return true }
        }
      }
      return false
    }
    if let ascii { return ascii }
    var lower = false
    var upper = false
    for scalar in text.unicodeScalars {
      switch Tokenizer.letterCase(of: scalar) {
      case .lower: lower = true
      case .upper: upper = true
      case .none: continue
      }
      if lower && upper { return true }
    }
    return false
  }

  /// Per token: whether it is a title word written with a capital after the first word
  /// (`cases` from ``writtenCase(_:in:)``). Such a word is the start of a name, not a
  /// template's literal. Lower-case (spoken, ASR-style) text has none.
  func titleWordPositions(_ tokens: [Token], cases: [Int8]) -> [Bool] {
    tokens.indices.map { $0 > 0 && cases[$0] == 1 && titleWords.contains(tokens[$0].text) }
  }

  /// Per token, for `{name}` slots: its written case (`cases`), with `name particles`
  /// ("van", "de") saying nothing. A person's or band's name is written in one case
  /// ("Billie Eilish", "billie eilish"), so a `{name}` never mixes 1 and 0: "Aprite le
  /// finestre" is a title.
  func nameCaseClasses(_ tokens: [Token], cases: [Int8]) -> [Int8] {
    tokens.indices.map { cases[$0] == 0 && nameParticles.contains(tokens[$0].text) ? -1 : cases[$0] }
  }

  /// Whether a `{name}` that began with a word of case class `first` may take a word of
  /// class `next` (see ``nameCaseClasses(_:cases:)``).
  static func nameCaseAgrees(_ first: Int8, _ next: Int8) -> Bool {
    first < 0 || next < 0 || first == next
  }

  /// Whether a `{name:slot}` may take `word` (folded), as its first word or a later one:
  /// never a `name excludes` word, and it does not begin with a number.
  func nameAllows(_ word: String, first: Bool) -> Bool {
    !nameExcludedWords.contains(word) && !(first && Self.isAllNumber(word))
  }

  /// Where a filler phrase may be said: the payloads of ``skips``.
  enum SkipPlace: Int32 {
    /// `skip`: anywhere between words.
    case anywhere = 0
    /// `opening skip`: only before the first word a template matches.
    case opening = 1
    /// `closing skip`: only after the last, with nothing but filler after it.
    case closing = 2
  }

  /// Whether a `text excludes` word at `index` of `words` keeps free text out (see
  /// ``RejectionRules``): not when written with a capital in mixed-case text ("Volume
  /// One", `writtenCase` 1) or followed by a number ("volume 2"): then it is a title's.
  @inline(__always)
  static func excludesText(at index: Int, of words: [String], writtenCase: Int8) -> Bool {
    writtenCase != 1 && !(index + 1 < words.count && isAllNumber(words[index + 1]))
  }

  /// Whether every character of `word` is a number (`Character.isNumber`), read byte by
  /// byte when it is ASCII.
  static func isAllNumber(_ word: String) -> Bool {
    var ascii = true
    for byte in word.utf8 {
      if byte >= 0x80 {
        ascii = false
        break
      }
      if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { return false }
    }
    return ascii || word.allSatisfy(\.isNumber)
  }
  /// How the grammar files write folded words ("id" → "i'd"), for the designer tools.
  var spellings: [String: String] = [:]

  init(
    locale: String, intentNames: [String], externalLists: [String], automaton: TemplateAutomaton,
    matching: (automaton: Automaton, memberOffsets: [Int32], members: [Int32])? = nil, tokenIDs: [String: Int32], slots: [SlotDescriptor], lists: [CompiledList],
    templates: [CompiledTemplate], skips: TokenTrie, entities: EntityRecognizer
  ) {
    self.locale = locale
    self.intentNames = intentNames
    self.externalLists = externalLists
    self.templateAutomaton = automaton
    (self.matching, self.matchingMemberOffsets, self.matchingMembers) = matching ?? automaton.value.determinized()
    self.tokenIDs = tokenIDs
    self.slots = slots
    self.lists = lists
    self.templates = templates
    self.skips = skips
    self.entities = entities
    self.slotPlans = slots.map(SlotPlan.init)
    self.tables = MatchTables.placeholder
    self.tables = MatchTables(grammar: self)
  }

  /// The entries of a static list (for completion and sampling); empty for an external or
  /// unknown list.
  public func staticEntries(of list: String) -> [ListEntry] {
    lists.first { $0.name == list && !$0.isExternal }?.table.entries ?? []
  }

  /// Longest utterance looked at, in UTF-8 bytes; longer input gives no candidates.
  public static let maximumUTF8Length = 1 << 20
  /// Most tokens looked at; longer utterances give no candidates.
  public static let maximumTokenCount = 100_000

  /// The ways the grammar understands `utterance`, best first, at most `limit`.
  ///
  /// Never fails: input that nothing matches (or that is too long to be an utterance)
  /// gives an empty array.
  public func parse(_ utterance: String, lists values: ListValues = ListValues(), limit: Int = 8) -> [ParseCandidate] {
    parse(utterance, lists: values, limit: limit, compactionThreshold: 1 << 16)
  }

  /// ``parse(_:lists:limit:)``, letting go of the threads of positions already read
  /// whenever `compactionThreshold` more have been made (tests set it low).
  func parse(
    _ utterance: String, lists values: ListValues, limit: Int, compactionThreshold: Int, minimumScore: Double? = nil,
    readsRequestStarts: Bool = true
  ) -> [ParseCandidate] {
    let candidates = parseAsWritten(
      utterance, lists: values, limit: limit, compactionThreshold: compactionThreshold, minimumScore: minimumScore)
    // A request said after the listener's own words, read only when nothing else reads
    // as a request (see ``RequestStarts``).
    guard readsRequestStarts, !requestStarts.isEmpty, !candidates.contains(where: { !$0.intent.hasPrefix("_") }),
      let started = readingAfterRequestStart(
        utterance, lists: values, limit: limit, compactionThreshold: compactionThreshold, minimumScore: minimumScore)
    else { return candidates }
    return Array((started + candidates).prefix(limit))
  }

  /// The readings of `utterance` from its first request start (``RequestStarts``) whose
  /// words read as a request, with the words before it as free text filling
  /// ``RequestStarts/slotName``; `nil` when there is none.
  private func readingAfterRequestStart(
    _ utterance: String, lists values: ListValues, limit: Int, compactionThreshold: Int, minimumScore: Double?
  ) -> [ParseCandidate]? {
    guard limit > 0, utterance.utf8.count <= CompiledGrammar.maximumUTF8Length else { return nil }
    let tokens = Tokenizer.tokenize(utterance)
    guard tokens.count > 1, tokens.count <= CompiledGrammar.maximumTokenCount else { return nil }
    let words = tokens.map(\.text)
    let positions = requestStarts.positions(in: words)
    // The listener's words are free text, refused as free text is, and more: a word of
    // another domain, a question or another request anywhere in them ("which song did i
    // hear … can you play it", "open chess play against me"), a question the request
    // verb answers ("did the lakers play yesterday", `request start questions`). Every
    // later start's words hold the same, so none is read.
    guard !positions.isEmpty, !requestStarts.questions.contains(words[0]) else { return nil }
    let cases = Self.writtenCase(tokens, in: utterance)
    let bytes = Array(utterance.utf8)
    let floor = minimumScore ?? rejection.minimumScore
    let refused = words.indices.first { index in
      rejection.openingExcluded.contains(words[index])
        || (rejection.textExcluded.contains(words[index]) && Self.excludesText(at: index, of: words, writtenCase: cases[index]))
    } ?? words.count
    for start in positions {
      if refused < start { return nil }
      let request = String(decoding: bytes[tokens[start].range.lowerBound...], as: UTF8.self)
      let read = parse(
        request, lists: values, limit: limit, compactionThreshold: compactionThreshold, minimumScore: minimumScore,
        readsRequestStarts: false
      ).filter { !$0.intent.hasPrefix("_") }
      guard !read.isEmpty else { continue }
      // The listener's words score as free text does (a word free text seldom begins or
      // ends with, nothing).
      var units = 0.3 * Double(start)
      if unlikelyFirstWords.contains(words[0]) { units -= 0.3 }
      if start > 1, unlikelyLastWords.contains(words[start - 1]) { units -= 0.3 }
      let text = String(decoding: bytes[tokens[0].range.lowerBound..<tokens[start - 1].range.upperBound], as: UTF8.self)
      let said = SlotMatch(
        name: RequestStarts.slotName, value: .text(text), text: text, tokenRange: 0..<start, source: .freeText)
      let readings = read.compactMap { reading -> ParseCandidate? in
        var reading = reading
        let score = (reading.score * Double(words.count - start) + max(units, 0)) / Double(words.count)
        guard score >= floor else { return nil }
        reading.score = score
        for index in reading.parts.indices { reading.parts[index].tokenRange = Self.shifted(reading.parts[index].tokenRange, by: start) }
        for index in reading.slots.indices { reading.slots[index].tokenRange = Self.shifted(reading.slots[index].tokenRange, by: start) }
        for index in reading.slips.indices { reading.slips[index].token += start }
        reading.parts.insert(MatchedPart(kind: .freeText, tokenRange: 0..<start, slot: RequestStarts.slotName), at: 0)
        reading.slots.insert(said, at: 0)
        reading.requestStart = start
        return reading
      }
      return readings.isEmpty ? nil : readings
    }
    return nil
  }

  static func shifted(_ range: Range<Int>, by offset: Int) -> Range<Int> {
    (range.lowerBound + offset)..<(range.upperBound + offset)
  }

  /// ``parse(_:lists:limit:)`` of the utterance as written, and through its typing slips
  /// when nothing reads it as a request.
  private func parseAsWritten(
    _ utterance: String, lists values: ListValues, limit: Int, compactionThreshold: Int, minimumScore: Double?
  ) -> [ParseCandidate] {
    guard limit > 0, utterance.utf8.count <= CompiledGrammar.maximumUTF8Length else { return [] }
    let scratch = tables.takeScratch()
    var prints = scratch.takePrints()
    let tokens = Tokenizer.tokenize(utterance, prints: &prints)
    guard !tokens.isEmpty, tokens.count <= CompiledGrammar.maximumTokenCount else {
      tables.keepScratch(scratch)
      return []
    }
    // With slip words, whether any request reads as written is decided on a few readings,
    // not only on the first `limit` (an answer, `_…`, may come first).
    let looked = slips.isEmpty ? limit : max(limit, Self.slipLookahead)
    let candidates = match(
      utterance, tokens: tokens, prints: prints ?? [], values: values, limit: looked,
      compactionThreshold: compactionThreshold, minimumScore: minimumScore, scratch: scratch)
    // Answers (intents named `_…`) take any words: they are no reading as a request.
    let best = candidates.first { !$0.intent.hasPrefix("_") }
    // A request read as written is kept, unless its free text opens with a slip of a
    // request's verb ("plya my Sunday Morning playlist" as a playlist "plya my Sunday
    // Morning"): then the mended reading stands if it scores better.
    let opensWithSlip = best.map { Self.opensWithFreeText($0) { slips.reading(of: tokens[$0].text, isKnown: tables.knows) != nil } }
    guard !slips.isEmpty, opensWithSlip ?? true, let (mended, slipped) = mendingSlips(tokens, in: utterance)
    else { return Array(candidates.prefix(limit)) }
    // The mended words are matched; every slot still reads the utterance as typed.
    let requests = match(
      utterance, tokens: mended, prints: [], values: values, limit: looked,
      compactionThreshold: compactionThreshold, minimumScore: minimumScore, scratch: tables.takeScratch()
    ).compactMap { candidate -> ParseCandidate? in
      guard !candidate.intent.hasPrefix("_") else { return nil }
      // The slips this reading took as the grammar's words; one that read them all as
      // part of a name is a reading as written, and there was none.
      let taken = slipped.filter { slip in
        candidate.parts.contains { $0.tokenRange.contains(slip.token) && $0.kind != .freeText && $0.kind != .skip }
      }
      guard !taken.isEmpty else { return nil }
      var candidate = candidate
      candidate.slips = taken
      return candidate
    }
    if let best, (requests.first?.score ?? 0) <= best.score { return Array(candidates.prefix(limit)) }
    return Array((requests + candidates).prefix(limit))
  }

  /// Whether `candidate` begins, after filler alone, with free text whose first word is a
  /// slip (`isSlip` of its token index).
  static func opensWithFreeText(_ candidate: ParseCandidate, slipAt isSlip: (Int) -> Bool) -> Bool {
    for part in candidate.parts {
      switch part.kind {
      case .skip: continue
      case .freeText: return !part.tokenRange.isEmpty && isSlip(part.tokenRange.lowerBound)
      default: return false
      }
    }
    return false
  }

  /// How many readings a grammar with slip words looks at before deciding that no request
  /// reads an utterance as written.
  static let slipLookahead = 4

  /// One run of the matcher over `tokens` (whose ranges point into `utterance`); `scratch`
  /// goes back to the tables after.
  private func match(
    _ utterance: String, tokens: [Token], prints: [WordPrint], values: ListValues, limit: Int, compactionThreshold: Int,
    minimumScore: Double?, scratch: Matcher.Scratch
  ) -> [ParseCandidate] {
    var matcher = Matcher(
      tables: tables, utterance: utterance, tokens: tokens, prints: prints, values: values,
      compactionThreshold: compactionThreshold, scratch: scratch)
    if let minimumScore { matcher.minimumScore = minimumScore }
    let candidates = matcher.run(limit: limit, grammar: self)
    matcher.recycle(into: scratch)
    tables.keepScratch(scratch)
    return candidates
  }

  /// `tokens` with every word that is a slip of a slip word (``SlipRules``) read as that
  /// word (same positions, so every slot still takes the utterance's own characters), and
  /// those slips; `nil` when there is none.
  func mendingSlips(_ tokens: [Token], in utterance: String) -> ([Token], [Slip])? {
    guard !slips.isEmpty else { return nil }
    var mended = tokens
    var slipped: [Slip] = []
    // Made at the first slip: most utterances have none.
    var written: (cases: [Int8], bytes: [UInt8])?
    for (index, token) in tokens.enumerated() {
      guard let word = slips.reading(of: token.text, isKnown: tables.knows) else { continue }
      let (cases, bytes) = written ?? (Self.writtenCase(tokens, in: utterance), Array(utterance.utf8))
      written = (cases, bytes)
      // As for `text excludes` and `title words`: written with a capital after the first
      // word of mixed-case text, it is a title's word ("play Awsome Songg"), not a slip.
      if index > 0, cases[index] == 1 { continue }
      mended[index].text = word
      slipped.append(Slip(token: index, written: String(decoding: bytes[token.range], as: UTF8.self), readAs: word))
    }
    return slipped.isEmpty ? nil : (mended, slipped)
  }
}

/// What makes a reading no reading at all, however well the rest of it matches: free
/// text that takes a word of another domain, a reading that opens with a question or
/// another request, a "name" made only of pointing words, a score too low to mean
/// anything. The grammar declares them (`Grammars/README.md`, "Rejection"); the matcher
/// never builds such a reading, so the next best one stands, and `:why` says what was
/// refused and which words made it so.
public struct RejectionRules: Sendable, Equatable {
  /// `text excludes = volume | louder`: words that no free text (`{text}`, `{name}`)
  /// takes, unless written with a capital in mixed-case text ("Volume One", "Star Light").
  public var textExcluded: Set<String> = []
  /// `opening text excludes = what | show`: words that free text opening a reading
  /// (with nothing but filler before it) does not begin with: "what's the weather",
  /// "show me my calendar" are not names followed by "playlist".
  public var openingExcluded: Set<String> = []
  /// `no name = this | that | it`: free text made only of these words names nothing.
  public var noName: Set<String> = []
  /// `minimum score = 0.3`: readings scoring below it are dropped.
  public var minimumScore: Double = 0

  public init() {}
}

/// What the matcher needs of a slot (``SlotDescriptor`` without its names).
struct SlotPlan: Sendable {
  enum Kind: UInt8, Sendable { case freeText, list, entity }
  var kind: Kind
  /// The list's index in ``CompiledGrammar/lists`` (a list slot).
  var list: Int32 = -1
  /// The built-in entity (an entity slot).
  var entity: BuiltinEntity = .number
  var entityIndex: Int32 = 0
  var isName: Bool
  var minimumWords: Int32
  /// `{person:slot}` (``PersonRules``).
  var isPerson: Bool
  /// `{collection:slot}` (``CompiledGrammar/collectionWords``).
  var isCollection: Bool

  init(_ descriptor: SlotDescriptor) {
    isName = descriptor.isName
    isPerson = descriptor.isPerson
    isCollection = descriptor.isCollection
    minimumWords = Int32(descriptor.minimumWords)
    switch descriptor.source {
    case .freeText: kind = .freeText
    case .list(let index, _):
      kind = .list
      list = Int32(index)
    case .entity(let entity):
      kind = .entity
      self.entity = entity
      entityIndex = Int32(BuiltinEntity.allCases.firstIndex(of: entity) ?? 0)
    }
  }
}

/// Everything the matcher reads on every parse, in one immutable object: starting a
/// parse retains it once, not each of the grammar's dozen arrays and tables, and each
/// word of an utterance is looked up once, in ``words``, for its token id and every word
/// list it is on.
final class MatchTables: Sendable {
  struct Word: Sendable {
    /// Its literal token id, or -1 when no template has it as a literal.
    var id: Int32 = -1
    var flags: UInt8 = 0
    /// Bit `b` set: on the `unlikely inside` list of the slots whose ``insideBits`` is `b`.
    var inside: UInt64 = 0
  }
  static let unlikelyFirstFlag: UInt8 = 1
  static let unlikelyLastFlag: UInt8 = 2
  static let nameExcludedFlag: UInt8 = 4
  static let titleFlag: UInt8 = 8
  static let nameParticleFlag: UInt8 = 16
  static let textExcludedFlag: UInt8 = 32
  static let openingExcludedFlag: UInt8 = 64
  static let noNameFlag: UInt8 = 128
  /// `minimum score`, in the matcher's units (×10 per word).
  let minimumScore: Double

  let automaton: Automaton
  let slotPlans: [SlotPlan]
  /// The words the grammar knows (``wordNumbers``) and what it knows of each (``words``, by number).
  let wordNumbers: WordNumbers
  let words: [Word]
  /// Per slot: its bit in ``Word/inside``, or -1 (no `unlikely inside` list, or past the
  /// 64th distinct list: then ``insideOverflow`` holds its words).
  let insideBits: [Int8]
  let insideOverflow: [Int32: Set<String>]
  /// `collection words` (``CompiledGrammar/collectionWords``).
  let collectionWords: Set<String>
  /// Static lists' tables by list index; `nil` for an external list.
  let staticTables: [ListTable?]
  let isExternal: [Bool]
  let listNames: [String]
  var listCount: Int { listNames.count }
  let skips: TokenTrie
  /// Whether some filler is `opening skip` or `closing skip` (see ``CompiledGrammar/SkipPlace``).
  let hasEdgeSkips: Bool
  let entities: EntityRecognizer
  /// The working memory of parses done (see ``Matcher/Scratch``), for parses to come.
  private let scratches = Mutex<[Matcher.Scratch]>([])
  /// How many are kept: one per thread parsing at the same time, within reason.
  static let keptScratches = 4

  static let placeholder = MatchTables()

  /// Working memory for one parse: one a parse left, or a new one.
  func takeScratch() -> Matcher.Scratch {
    scratches.withLock { $0.popLast() } ?? Matcher.Scratch()
  }

  /// Keeps `scratch` for a later parse (unless enough are kept, or it grew too big).
  func keepScratch(_ scratch: Matcher.Scratch) {
    guard scratch.isWorthKeeping else { return }
    scratches.withLock { kept in
      if kept.count < Self.keptScratches { kept.append(scratch) }
    }
  }

  private init() {
    automaton = Automaton.empty
    slotPlans = []
    wordNumbers = WordNumbers()
    words = []
    insideBits = []
    insideOverflow = [:]
    collectionWords = []
    staticTables = []
    isExternal = []
    listNames = []
    skips = TokenTrie()
    hasEdgeSkips = false
    entities = EntityRecognizer(locale: "en-US")
    minimumScore = 0
    listWords = []
    personTable = PersonTable()
  }

  init(grammar: CompiledGrammar) {
    automaton = grammar.matching
    slotPlans = grammar.slotPlans
    staticTables = grammar.lists.map { $0.isExternal ? nil : $0.table }
    isExternal = grammar.lists.map(\.isExternal)
    listNames = grammar.lists.map(\.name)
    skips = grammar.skips
    hasEdgeSkips = grammar.skips.containsPayload { $0 != CompiledGrammar.SkipPlace.anywhere.rawValue }
    entities = grammar.entities
    var numbers = WordNumbers()
    var words: [Word] = []
    func entry(_ word: String) -> Int {
      let number = Int(numbers.numberAdding(word))
      if number == words.count { words.append(Word()) }
      return number
    }
    for (word, id) in grammar.tokenIDs.sorted(by: { $0.value < $1.value }) { words[entry(word)].id = id }
    func mark(_ list: Set<String>, _ flag: UInt8) {
      for word in list { words[entry(word)].flags |= flag }
    }
    mark(grammar.unlikelyFirstWords, Self.unlikelyFirstFlag)
    mark(grammar.unlikelyLastWords, Self.unlikelyLastFlag)
    mark(grammar.nameExcludedWords, Self.nameExcludedFlag)
    mark(grammar.titleWords, Self.titleFlag)
    mark(grammar.nameParticles, Self.nameParticleFlag)
    mark(grammar.rejection.textExcluded, Self.textExcludedFlag)
    mark(grammar.rejection.openingExcluded, Self.openingExcludedFlag)
    mark(grammar.rejection.noName, Self.noNameFlag)
    minimumScore = grammar.rejection.minimumScore
    // Slots that share a list (the same slot name) share a bit.
    var bits: [Int8] = Array(repeating: -1, count: grammar.slots.count)
    var overflow: [Int32: Set<String>] = [:]
    var bitOfList: [Set<String>: Int8] = [:]
    for (slot, inside) in grammar.unlikelyInsideWords.enumerated() where !inside.isEmpty && slot < bits.count {
      if let bit = bitOfList[inside] {
        bits[slot] = bit
      } else if bitOfList.count < 64 {
        let bit = Int8(bitOfList.count)
        bitOfList[inside] = bit
        bits[slot] = bit
        for word in inside { words[entry(word)].inside |= UInt64(1) << UInt64(bit) }
      } else {
        overflow[Int32(slot)] = inside
      }
    }
    insideBits = bits
    insideOverflow = overflow
    collectionWords = grammar.collectionWords
    self.wordNumbers = numbers
    self.words = words
    // Only a grammar that reads slips asks which words it knows.
    var listWords = Set<String>()
    if !grammar.slips.words.isEmpty {
      for table in staticTables {
        for entry in table?.entries ?? [] { entry.forEachPhrase { listWords.formUnion(Tokenizer.words($0)) } }
      }
    }
    self.listWords = listWords
    personTable = grammar.personTable
  }

  /// `common words` and `given names` (``PersonTable``).
  let personTable: PersonTable

  /// Words of static lists (only for a grammar with `slip words`).
  let listWords: Set<String>

  /// Whether the grammar knows `word` as it is: a template's literal, a word of a static
  /// list, or a word on one of its word lists.
  func knows(_ word: String) -> Bool {
    wordNumbers.number(of: word) != nil || listWords.contains(word)
  }
}
