/// Runs a ``CompiledGrammar``'s deterministic automaton (``CompiledGrammar/matching``)
/// over one utterance.
///
/// A chart (agenda) simulation over token positions. A *thread* is a state of the
/// automaton reached at a position, with the slots captured on the way and score
/// counters. Every edge consumes at least one token, so positions are processed in
/// increasing order: each thread at position `p` is advanced over literal tokens (token id
/// equality), list phrases (trie lookup, all prefixes), entity readings, skip phrases and
/// free text, creating threads at later positions. Threads with the same future form a
/// group that keeps its best few (see ``minimumGroupSize``); a thread with the same
/// captures as a member is merged with it, keeping the better score. A thread in an
/// accepting state at the end of the input is a candidate.
///
/// Free text is lazy: a thread inside `{text}` either takes one more token or closes the
/// slot at the current position, so no reading is enumerated before it is needed. It is
/// scored word by word: a first word the grammar declares `unlikely first`, a last word
/// declared `unlikely last`, a word `unlikely inside` its slot gives back its free-text
/// weight: "to my emotron" as a playlist name ranks below "to my" + "emotron", yet still
/// matches when nothing else does.
struct Matcher {
  /// Weights ×10, so scores are computed in integers: list/entity 1.0, literal 0.9,
  /// skip 0.6, free text 0.3.
  static let listWeight: Int32 = 10
  static let literalWeight: Int32 = 9
  static let skipWeight: Int32 = 6
  static let freeTextWeight: Int32 = 3

  /// No beam: threads that agree on everything their future depends on (state, position,
  /// the free text being filled and, for a `{name}`, where it began; see ``GroupKey``)
  /// form a group, and a group keeps its ``groupSize`` best (by score, then age). Every
  /// reading in the best `limit` keeps its place in its groups, so none is dropped, and
  /// the work at each position is bounded by the grammar, not the utterance: linear time.
  /// Only a group's members already advanced are kept past that (a better thread can
  /// arrive once they have been: closing free text at the same position).
  static let minimumGroupSize = 8
  /// A memory bound for hostile grammars, far above what a real one makes at one time
  /// (threads of positions already read are let go: see ``compact(from:)``).
  static let maximumThreads = 4_000_000

  fileprivate struct Thread {
    var state: Int32
    var position: Int32
    /// The free-text slot being filled, or -1.
    var pendingSlot: Int32 = -1
    var pendingStart: Int32 = 0
    /// Whether the free text being filled is so far only `no name` words (it may not
    /// close so): part of the group key, since two texts at the same place that differ
    /// in it have different futures ("radio music" may not close, "the radio music" may).
    var pendingNamesNothing = false
    /// Last capture (arena index), or -1.
    var capture: Int32 = -1
    var captureHash: UInt64 = 0
    /// Last consumption step (arena index), or -1.
    var step: Int32 = -1
    /// The next thread of the same position's agenda, or -1.
    var next: Int32 = -1
    /// The next thread of the same group (``GroupKey``), or -1.
    var sameGroup: Int32 = -1
    var units: Int32 = 0
    var freeTokens: Int32 = 0
    var knownTokens: Int32 = 0
    /// In an intent's closing (``Automaton/closingEntries``): which one, where the reading
    /// entered it, and the state whose ``Automaton/bodyEndTemplates`` it then stood at
    /// (the templates it may end); -1 outside one.
    var closing: Int32 = -1
    var closingFrom: Int32 = 0
    var bodyEnd: Int32 = -1
    var processed = false

    /// Ranking order: more weight, then fewer free-text tokens, then more list tokens.
    func isBetter(than other: Thread) -> Bool {
      if units != other.units { return units > other.units }
      if freeTokens != other.freeTokens { return freeTokens < other.freeTokens }
      return knownTokens > other.knownTokens
    }
  }

  /// What a thread's future depends on: its state, position, the free-text slot it is
  /// filling and (in `captures`, a marker) whether that text has one word so far and
  /// whether it is only `no name` words or, for a `{name}`, where it began. Threads with
  /// the same key form a group.
  fileprivate struct ThreadKey: Equatable {
    var state: Int
    var place: Int
    var captures: UInt64
    /// In a closing: the closing and the body's end (readings of different templates
    /// share the closing's states, not their future).
    var closing: Int = 0
  }

  /// The threads seen, by key: open addressing with linear probing and a cheap mixer.
  /// A parse looks a key up for every thread it makes, so Swift's `Dictionary` (SipHash
  /// over three words, resizing from empty) was a quarter of parsing time.
  fileprivate struct ThreadTable {
    private var keys: [ThreadKey] = []
    private var values: [Int32] = []
    private var mask = 0
    private var count = 0

    /// An empty table with no room (``reset(capacity:)`` makes room).
    init() {}

    init(capacity: Int) {
      reset(capacity: capacity)
    }

    /// Empties the table, with room for `capacity` keys; the arrays are kept when they
    /// are big enough (a parse reuses the table of the one before: see ``Scratch``).
    mutating func reset(capacity: Int) {
      var size = 64
      while size < capacity * 2 { size <<= 1 }
      count = 0
      if values.count >= size {
        // (Keys need no clearing: a slot is empty when its value is negative.)
        values.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        return
      }
      keys = Array(repeating: ThreadKey(state: -1, place: 0, captures: 0), count: size)
      values = Array(repeating: -1, count: size)
      mask = size - 1
    }

    /// Bytes held, to decide whether a scratch is worth keeping.
    var capacity: Int { values.count }

    private static func slot(_ key: ThreadKey, mask: Int) -> Int {
      var z = UInt64(bitPattern: Int64(key.state)) &* 0x9E37_79B9_7F4A_7C15
      z ^= UInt64(bitPattern: Int64(key.place)) &* 0xC2B2_AE3D_27D4_EB4F
      z ^= key.captures
      z ^= UInt64(bitPattern: Int64(key.closing)) &* 0xD6E8_FEB8_6659_FD93
      z = (z ^ (z >> 31)) &* 0xBF58_476D_1CE4_E5B9
      return Int(truncatingIfNeeded: z ^ (z >> 29)) & mask
    }

    subscript(key: ThreadKey) -> Int32? {
      get {
        var index = Self.slot(key, mask: mask)
        while values[index] >= 0 {
          if keys[index] == key { return values[index] }
          index = (index + 1) & mask
        }
        return nil
      }
      set {
        guard let newValue else { return }  // entries are never removed
        var index = Self.slot(key, mask: mask)
        while values[index] >= 0 {
          if keys[index] == key {
            values[index] = newValue
            return
          }
          index = (index + 1) & mask
        }
        keys[index] = key
        values[index] = newValue
        count += 1
        if count * 2 > keys.count { grow() }
      }
    }

    private mutating func grow() {
      let oldKeys = keys
      let oldValues = values
      let size = keys.count * 2
      keys = Array(repeating: ThreadKey(state: -1, place: 0, captures: 0), count: size)
      values = Array(repeating: -1, count: size)
      mask = size - 1
      count = 0
      for (key, value) in zip(oldKeys, oldValues) where value >= 0 { self[key] = value }
    }
  }

  /// A node of a list linked through `parent` (-1 at its end), kept in an arena.
  fileprivate protocol ChainNode {
    var parent: Int32 { get set }
  }

  /// A slot filled so far; a linked list through `parent`.
  fileprivate struct Capture: ChainNode {
    var slot: Int32
    var start: Int32
    var end: Int32
    /// List entry index, entity value index, or -1 for free text.
    var value: Int32
    var parent: Int32
  }

  fileprivate enum StepKind: UInt8 { case literal, skip, list, entity, freeText }

  /// How tokens were consumed; a linked list through `parent`.
  fileprivate struct Step: ChainNode {
    var kind: StepKind
    var start: Int32
    var end: Int32
    var slot: Int32
    var parent: Int32
  }

  fileprivate struct Accepted {
    var thread: Int32
    var template: Int32
  }

  private let tables: MatchTables
  private let values: ListValues
  private let utterance: String
  private let tokens: [Token]
  private var words: [String]
  /// Each word's ``WordPrint``: the key of every word table this parse probes.
  private var prints: [WordPrint]
  private let count: Int
  /// Per token, what the grammar knows of its word (one lookup each, in ``MatchTables/words``).
  private var facts: [TokenFacts]
  /// The table of each list: static ones from the grammar, external ones looked up in
  /// `values` the first time a thread reaches one.
  private let listTables: [ListTable?]

  private var threads: [Thread]
  /// The threads of each position, a list linked through ``Thread/next``.
  private var agenda: [AgendaRow]
  private var seen: ThreadTable
  /// How many threads a group keeps (``minimumGroupSize``, or the readings asked for).
  private var groupSize = Matcher.minimumGroupSize
  /// Readings scoring under it are dropped (the grammar's `minimum score`; `:why` asks
  /// without it, to say what it refused).
  var minimumScore: Double
  /// When not `nil`, every (position, state, free-text words) a thread stood at (``reach()``).
  private var reached: [(position: Int32, state: Int32, freeWords: Int32)]?
  private let compactionThreshold: Int
  private var compactedCount = 0
  private var captures: [Capture]
  private var steps: [Step]
  private var entityValues: [SlotValue]
  private var accepted: [Accepted]
  /// List phrases and entity readings found so far (where each ends, and the list entry
  /// or entity value): each (list or entity, position) is looked up once per parse, its
  /// matches kept as a range of this array; `knownRanges` holds the ranges, by
  /// `(kind × (count + 1) + position)`, lists first, then entities, `nil` until looked up.
  private var knownMatches: [(end: Int32, value: Int32)]
  private var knownRanges: [Range<Int>?]
  /// Where the skip phrases starting at each position end: `skipEnds[skipOffsets[p]..<skipOffsets[p + 1]]`.
  private var skipEnds: [Int32]
  private var skipOffsets: [Int32]
  /// The same for `opening skip` and `closing skip` phrases, each end tagged with its
  /// place (`end << 1`, `| 1` when closing); a closing phrase only where filler alone
  /// follows it. Empty when the grammar has none.
  private var edgeSkipEnds: [Int32]
  private var edgeSkipOffsets: [Int32]

  /// What the matcher needs to know of one token.
  fileprivate struct TokenFacts {
    /// Its literal token id, or -1 (not in the grammar, or a title word no literal takes).
    var id: Int32 = -1
    /// ``MatchTables/Word/flags`` and the bits below.
    var flags: UInt8 = 0
    /// Its case class for `{name}` slots (``CompiledGrammar/nameCaseClasses(_:cases:)``).
    var nameCase: Int8 = -1
    /// The `unlikely inside` lists it is on (``MatchTables/Word/inside``).
    var inside: UInt64 = 0
    /// What it says of a `{person}` it is in (``PersonRules/facts(of:)``), looked up the
    /// first time a `{person}` ends after it (``personFactsUnknown`` until then).
    var person: UInt8 = TokenFacts.personFactsUnknown

    /// ``person`` not looked up yet (no fact of ``PersonRules`` uses this bit).
    static let personFactsUnknown: UInt8 = 0x80

    /// No free text takes it (`text excludes`, not written with a capital in mixed case).
    static let excluded: UInt8 = 0x04
    /// Free text opening a reading doesn't begin with it (`opening text excludes`).
    static let openingExcluded: UInt8 = 0x08
    /// Free text made only of such words names nothing (`no name`).
    static let noName: UInt8 = 0x10
    /// A `{name}` slot may take it (not a `name excludes` word) ...
    static let nameWord: UInt8 = 0x20
    /// ... and may begin with it (nor a number: "from 1973" is a year, not an artist).
    static let nameFirstWord: UInt8 = 0x40
    /// Written with a capital inside mixed-case text (not its first word, not after a
    /// sentence's or clause's punctuation): a title's word ("Don't Stop Me Now"), filler
    /// only where nothing but filler follows it (``findSkips``).
    static let titleCapital: UInt8 = 0x80

    func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
  }

  fileprivate struct AgendaRow {
    var head: Int32 = -1
    var tail: Int32 = -1
    var count: Int32 = 0
  }

  /// The working memory of a parse, kept for the next one: a parse of ten words makes
  /// a few hundred threads, captures and steps, and allocating their arrays (and the
  /// tables of words, facts and agenda) anew each time was a third of its cost. A
  /// grammar keeps a few (``MatchTables/takeScratch()``); one is used by one parse at a
  /// time, which is what makes it safe to hand between threads.
  final class Scratch: @unchecked Sendable {
    /// The arrays, in one struct: moving them in and out of the object is one access
    /// to it (each access to a class's stored property is checked at run time).
    fileprivate var buffers = Buffers()

    init() {}

    /// Whether keeping it is worth its memory: not after a hostile utterance of
    /// thousands of words.
    /// The array of word prints, emptied, for the tokenizer to fill (``Tokenizer/tokenize(_:prints:)``).
    func takePrints() -> [WordPrint]? {
      Matcher.take(&buffers.prints)
    }

    var isWorthKeeping: Bool {
      buffers.threads.capacity <= 1 << 14 && buffers.captures.capacity <= 1 << 15 && buffers.steps.capacity <= 1 << 15
        && buffers.seen.capacity <= 1 << 15 && buffers.words.capacity <= 1 << 10
    }
  }

  fileprivate struct Buffers {
    var words: [String] = []
    var prints: [WordPrint] = []
    var facts: [TokenFacts] = []
    var threads: [Thread] = []
    var agenda: [AgendaRow] = []
    var seen = ThreadTable()
    var captures: [Capture] = []
    var steps: [Step] = []
    var entityValues: [SlotValue] = []
    var accepted: [Accepted] = []
    var knownMatches: [(end: Int32, value: Int32)] = []
    var knownRanges: [Range<Int>?] = []
    var skipEnds: [Int32] = []
    var skipOffsets: [Int32] = []
    var edgeSkipEnds: [Int32] = []
    var edgeSkipOffsets: [Int32] = []
  }

  /// Moves `array` (a field of a ``Scratch``) out, emptied but with its room.
  @inline(__always)
  fileprivate static func take<Element>(_ array: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &array)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  /// A matcher of the grammar whose tables are `tables` (``CompiledGrammar/tables``).
  init(
    tables: MatchTables, utterance: String, tokens: [Token], prints given: [WordPrint] = [], values: ListValues,
    compactionThreshold: Int = 1 << 16, scratch: Scratch = Scratch()
  ) {
    self.compactionThreshold = compactionThreshold
    self.tables = tables
    minimumScore = tables.minimumScore
    self.values = values
    self.utterance = utterance
    self.tokens = tokens
    let count = tokens.count
    self.count = count
    var buffers = Buffers()
    swap(&buffers, &scratch.buffers)
    var words = Self.take(&buffers.words)
    // The tokenizer's prints, or made here.
    var prints = given
    let made = prints.count != count
    if made { prints.removeAll(keepingCapacity: true) }
    for token in tokens {
      words.append(token.text)
      if made { prints.append(WordPrint.of(token.text)) }
    }
    var facts = Self.take(&buffers.facts)
    let mixedCase = CompiledGrammar.isMixedCase(utterance)
    var text = utterance  // (native already: `withUTF8` then reads it in place)
    text.withUTF8 { bytes in
      for (index, word) in words.enumerated() {
        var fact = TokenFacts()
        // The written case of the token's first letter (as CompiledGrammar.writtenCase).
        var written: Int8 = -1
        if mixedCase, tokens[index].range.lowerBound < bytes.count {
          let first = bytes[tokens[index].range.lowerBound]
          if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { written = 1 }
          if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { written = 0 }
        }
        let known = tables.wordNumbers.number(of: prints[index]).map { tables.words[Int($0)] }
        let flags = known?.flags ?? 0
        fact.flags = flags & (MatchTables.unlikelyFirstFlag | MatchTables.unlikelyLastFlag)
        // Rejection (RejectionRules): a word of another domain is free text's only when
        // it is written with a capital in mixed-case text ("Volume One").
        if flags & MatchTables.textExcludedFlag != 0, CompiledGrammar.excludesText(at: index, of: words, writtenCase: written) {
          fact.flags |= TokenFacts.excluded
        }
        if flags & MatchTables.openingExcludedFlag != 0 { fact.flags |= TokenFacts.openingExcluded }
        if flags & MatchTables.noNameFlag != 0 { fact.flags |= TokenFacts.noName }
        // As CompiledGrammar.nameAllows(_:first:).
        if flags & MatchTables.nameExcludedFlag == 0 {
          fact.flags |= TokenFacts.nameWord
          if !CompiledGrammar.isAllNumber(word) { fact.flags |= TokenFacts.nameFirstWord }
        }
        // As CompiledGrammar.titleWordPositions(_:cases:): a capitalized title word after
        // the first is the start of a name, not a literal.
        let isTitle = index > 0 && written == 1 && flags & MatchTables.titleFlag != 0
        fact.id = isTitle ? -1 : known?.id ?? -1
        // As CompiledGrammar.nameCaseClasses(_:cases:).
        fact.nameCase = written == 0 && flags & MatchTables.nameParticleFlag != 0 ? -1 : written
        if written == 1, index > 0, !Self.followsPunctuation(tokens[index - 1].range.upperBound, tokens[index].range.lowerBound, in: bytes) {
          fact.flags |= TokenFacts.titleCapital
        }
        // In typed text a capitalized word belongs to the title it is in ("Stand By Me"):
        // an `unlikely inside` word counts against free text only in lower case.
        fact.inside = written == 1 ? 0 : known?.inside ?? 0
        facts.append(fact)
      }
    }
    self.words = words
    self.prints = prints
    self.facts = facts
    listTables = values.tables(of: tables)
    var agenda = Self.take(&buffers.agenda)
    for _ in 0...count { agenda.append(AgendaRow()) }
    self.agenda = agenda
    var knownRanges = Self.take(&buffers.knownRanges)
    for _ in 0..<(tables.listCount + BuiltinEntity.allCases.count) * (count + 1) { knownRanges.append(nil) }
    self.knownRanges = knownRanges
    threads = Self.take(&buffers.threads)
    captures = Self.take(&buffers.captures)
    steps = Self.take(&buffers.steps)
    entityValues = Self.take(&buffers.entityValues)
    accepted = Self.take(&buffers.accepted)
    knownMatches = Self.take(&buffers.knownMatches)
    seen = ThreadTable()
    swap(&seen, &buffers.seen)
    seen.reset(capacity: 256)
    var skipEnds = Self.take(&buffers.skipEnds)
    var skipOffsets = Self.take(&buffers.skipOffsets)
    var edgeSkipEnds = Self.take(&buffers.edgeSkipEnds)
    var edgeSkipOffsets = Self.take(&buffers.edgeSkipOffsets)
    Self.findSkips(
      tables.skips, hasEdgeSkips: tables.hasEdgeSkips, words: words, prints: prints, facts: facts,
      ends: &skipEnds, offsets: &skipOffsets, edgeEnds: &edgeSkipEnds, edgeOffsets: &edgeSkipOffsets)
    self.skipEnds = skipEnds
    self.skipOffsets = skipOffsets
    self.edgeSkipEnds = edgeSkipEnds
    self.edgeSkipOffsets = edgeSkipOffsets
  }

  /// Where the skip phrases of `words` end, by start, in one walk of the trie from each
  /// word: `anywhere` filler (``skipEnds``), and when the grammar has them, `opening skip`
  /// and `closing skip` filler (``edgeSkipEnds``). A closing phrase is kept only when the
  /// words after it can all be skipped, by closing or anywhere filler: "play jazz if you
  /// can please", not "play if you can jazz". Filler written with a capital inside
  /// mixed-case text is a title's word ("play Don't Stop Me Now by Queen", "add Please
  /// Please Me to …") unless nothing but filler follows it ("play Yesterday Siri").
  private static func findSkips(
    _ skips: TokenTrie, hasEdgeSkips: Bool, words: [String], prints: [WordPrint], facts: [TokenFacts],
    ends: inout [Int32], offsets: inout [Int32], edgeEnds: inout [Int32], edgeOffsets: inout [Int32]
  ) {
    let count = words.count
    offsets.append(0)
    guard !skips.isEmpty else {
      for _ in 0..<count { offsets.append(0) }
      return
    }
    let anywhere = CompiledGrammar.SkipPlace.anywhere.rawValue
    let closing = CompiledGrammar.SkipPlace.closing.rawValue
    if hasEdgeSkips { edgeOffsets.append(0) }
    for start in 0..<count {
      var last = -1
      skips.forEachPayload(in: words, prints: prints, from: start) { end, place in
        if place == anywhere {
          if end != last { ends.append(Int32(end)) }
          last = end
        } else if hasEdgeSkips {
          edgeEnds.append(Int32(end) << 1 | (place == closing ? 1 : 0))
        }
      }
      offsets.append(Int32(ends.count))
      if hasEdgeSkips { edgeOffsets.append(Int32(edgeEnds.count)) }
    }
    if facts.contains(where: { $0.has(TokenFacts.titleCapital) }) {
      keepTitleCapitals(
        facts: facts, ends: &ends, offsets: &offsets, edgeEnds: hasEdgeSkips ? edgeEnds : [],
        edgeOffsets: hasEdgeSkips ? edgeOffsets : [])
    }
    guard edgeEnds.contains(where: { $0 & 1 == 1 }) else { return }
    // From the end back: where filler alone reaches the end.
    var reachesEnd = [Bool](repeating: false, count: count + 1)
    reachesEnd[count] = true
    for start in stride(from: count - 1, through: 0, by: -1) {
      reachesEnd[start] =
        ends[Int(offsets[start])..<Int(offsets[start + 1])].contains { reachesEnd[Int($0)] }
        || edgeEnds[Int(edgeOffsets[start])..<Int(edgeOffsets[start + 1])].contains { $0 & 1 == 1 && reachesEnd[Int($0 >> 1)] }
    }
    // Drop the closing phrases that don't lead there.
    let keep = edgeEnds.map { $0 & 1 == 0 || reachesEnd[Int($0 >> 1)] }
    keepRows(&edgeEnds, offsets: &edgeOffsets, rows: count, where: keep)
  }

  /// Keeps, in place, the entries of a table of rows (`values[offsets[r]..<offsets[r + 1]]`
  /// for each of `rows` rows) whose flag in `keep` is set, and mends the offsets.
  private static func keepRows(_ values: inout [Int32], offsets: inout [Int32], rows: Int, where keep: [Bool]) {
    var kept = 0
    var rowStart = 0
    for row in 0..<rows {
      let rowEnd = Int(offsets[row + 1])
      for index in rowStart..<rowEnd where keep[index] {
        values[kept] = values[index]
        kept += 1
      }
      rowStart = rowEnd
      offsets[row + 1] = Int32(kept)
    }
    values.removeLast(values.count - kept)
  }

  /// Drops, in place, the `anywhere` filler phrases that begin with a ``TokenFacts/titleCapital``
  /// word and are followed by something other than filler: there the word is a title's.
  /// Filler that only filler comes before ("um Please play …", "Siri Please play …") is
  /// the request's opening, not a title.
  private static func keepTitleCapitals(
    facts: [TokenFacts], ends: inout [Int32], offsets: inout [Int32], edgeEnds: [Int32], edgeOffsets: [Int32]
  ) {
    let count = facts.count
    // From the start on: where filler alone (anywhere or opening) reaches.
    var reachedByFiller = [Bool](repeating: false, count: count + 1)
    reachedByFiller[0] = true
    for start in 0..<count where reachedByFiller[start] {
      for index in Int(offsets[start])..<Int(offsets[start + 1]) { reachedByFiller[Int(ends[index])] = true }
      if !edgeOffsets.isEmpty {
        for index in Int(edgeOffsets[start])..<Int(edgeOffsets[start + 1]) where edgeEnds[index] & 1 == 0 {
          reachedByFiller[Int(edgeEnds[index] >> 1)] = true
        }
      }
    }
    // From the end back: where filler alone reaches the end (as kept).
    var reachesEnd = [Bool](repeating: false, count: count + 1)
    reachesEnd[count] = true
    var keep = [Bool](repeating: true, count: ends.count)
    for start in stride(from: count - 1, through: 0, by: -1) {
      let row = Int(offsets[start])..<Int(offsets[start + 1])
      let isTitle = facts[start].has(TokenFacts.titleCapital) && !reachedByFiller[start]
      for index in row where isTitle && !reachesEnd[Int(ends[index])] { keep[index] = false }
      reachesEnd[start] = row.contains { keep[$0] && reachesEnd[Int(ends[$0])] }
    }
    keepRows(&ends, offsets: &offsets, rows: count, where: keep)
  }

  /// Whether the characters between two tokens (`bytes[from..<to]`) hold punctuation that
  /// ends a sentence or a clause: a capital after it says nothing of a title.
  private static func followsPunctuation(_ from: Int, _ to: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard from < to, to <= bytes.count else { return false }
    return bytes[from..<to].contains { byte in
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ",")
        || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }
  }

  /// Gives the parse's working memory back to `scratch`, for the next parse.
  mutating func recycle(into scratch: Scratch) {
    var buffers = Buffers()
    swap(&words, &buffers.words)
    swap(&prints, &buffers.prints)
    swap(&facts, &buffers.facts)
    swap(&threads, &buffers.threads)
    swap(&agenda, &buffers.agenda)
    swap(&seen, &buffers.seen)
    swap(&captures, &buffers.captures)
    swap(&steps, &buffers.steps)
    swap(&entityValues, &buffers.entityValues)
    swap(&accepted, &buffers.accepted)
    swap(&knownMatches, &buffers.knownMatches)
    swap(&knownRanges, &buffers.knownRanges)
    swap(&skipEnds, &buffers.skipEnds)
    swap(&skipOffsets, &buffers.skipOffsets)
    swap(&edgeSkipEnds, &buffers.edgeSkipEnds)
    swap(&edgeSkipOffsets, &buffers.edgeSkipOffsets)
    swap(&buffers, &scratch.buffers)
  }



  /// Where the skip phrases that start at `position` end.
  @inline(__always)
  private func skipEnds(at position: Int) -> ArraySlice<Int32> {
    guard position < count else { return [] }
    return skipEnds[Int(skipOffsets[position])..<Int(skipOffsets[position + 1])]
  }

  // MARK: - Simulation

  mutating func run(limit: Int, grammar: CompiledGrammar) -> [ParseCandidate] {
    simulate(limit: limit)
    return candidates(limit: limit, grammar: grammar)
  }

  /// Runs the automaton over the utterance, recording every state a thread stood in at
  /// each position (outside free text) with the fewest free-text words it got there
  /// with: what the designer tools show (how far each template got, what may come
  /// next), from the matcher's own run rather than a second copy of its rules.
  mutating func reach() -> [(position: Int32, state: Int32, freeWords: Int32)] {
    reached = []
    simulate(limit: Matcher.minimumGroupSize)
    defer { reached = nil }
    return reached ?? []
  }

  /// Whether the run was cut short by ``maximumThreads`` (hostile grammars only).
  var wasCutShort: Bool { threads.count >= Matcher.maximumThreads }

  private mutating func simulate(limit: Int) {
    threads.reserveCapacity(64)
    groupSize = max(Matcher.minimumGroupSize, limit)
    insert(Thread(state: Automaton.start, position: 0), capture: nil, step: nil)
    let automaton = tables.automaton
    let slotPlans = tables.slotPlans
    for position in 0...count {
      if threads.count - compactedCount > compactionThreshold {
        compact(from: position)
        compactedCount = threads.count
      }
      var next = agenda[position].head
      while next >= 0 {
        let index = Int(next)
        defer { next = threads[index].next }  // read after this thread's successors are in
        threads[index].processed = true
        let thread = threads[index]
        let p = Int32(position)
        if reached != nil, thread.pendingSlot < 0 { reached!.append((p, thread.state, thread.freeTokens)) }

        if thread.pendingSlot >= 0 {
          // Inside free text: take one more token, or end the slot here.
          let plan = slotPlans[Int(thread.pendingSlot)]
          let isName = plan.isName
          if position < count, !facts[position].has(TokenFacts.excluded),
            !isName
              || (facts[position].has(TokenFacts.nameWord)
                && position + 1 - Int(thread.pendingStart) <= CompiledGrammar.maximumNameWords
                && CompiledGrammar.nameCaseAgrees(facts[Int(thread.pendingStart)].nameCase, facts[position].nameCase))
          {
            var longer = thread
            longer.position = p + 1
            longer.units += Matcher.freeTextWeight
            if isInside(slot: thread.pendingSlot, position) { longer.units -= Matcher.freeTextWeight }
            longer.freeTokens += 1
            longer.pendingNamesNothing = thread.pendingNamesNothing && facts[position].has(TokenFacts.noName)
            insert(longer, capture: nil, step: nil)
          }
          // A full name is at least two words: too short to close yet.
          if Int32(position) - thread.pendingStart < plan.minimumWords { continue }
          // Only pointing words ("this", "that one"): no name (`no name`).
          if thread.pendingNamesNothing { continue }
          // A `{person}` made only of everyday words is a title ("silver apples").
          if plan.isPerson && !isPersonName(from: Int(thread.pendingStart), to: position) { continue }
          // A `{collection}` has a collection word or a number in it ("Punk Essentials").
          if plan.isCollection && !isCollectionName(from: Int(thread.pendingStart), to: position) { continue }
          var closed = thread
          closed.pendingSlot = -1
          // A name seldom begins with "my" or ends with "of": such a word is no evidence.
          closed.units -= closingPenalty(slot: thread.pendingSlot, start: Int(thread.pendingStart), end: position)
          insert(
            closed,
            capture: Capture(slot: thread.pendingSlot, start: thread.pendingStart, end: p, value: -1, parent: -1),
            step: Step(kind: .freeText, start: thread.pendingStart, end: p, slot: thread.pendingSlot, parent: -1))
          continue
        }

        if position == count {
          if thread.closing < 0 {
            for row in automaton.acceptRange(of: thread.state) {
              accepted.append(Accepted(thread: Int32(index), template: automaton.acceptTemplates[row]))
            }
          } else if thread.position > thread.closingFrom, automaton.endsClosing(thread.state, thread.closing) {
            // The end of a closing: the templates whose bodies ended where it began.
            for row in automaton.bodyEndRange(of: thread.bodyEnd) {
              let template = automaton.bodyEndTemplates[row]
              if automaton.closingOfTemplate[Int(template)] == thread.closing {
                accepted.append(Accepted(thread: Int32(index), template: template))
              }
            }
          }
          continue
        }

        // Where templates' bodies end, a reading may go on into their intents' closings.
        if thread.closing < 0 {
          let ends = automaton.bodyEndRange(of: thread.state)
          if !ends.isEmpty { enterClosings(thread, ends: ends, at: p) }
        }

        // Literal tokens.
        let token = facts[position].id
        if token >= 0 {
          for row in automaton.literalRange(of: thread.state, token: token) {
            var next = thread
            next.state = automaton.literalTargets[row]
            next.position = p + 1
            next.units += Matcher.literalWeight
            insert(next, capture: nil, step: Step(kind: .literal, start: p, end: p + 1, slot: -1, parent: -1))
          }
        }

        // Slots.
        for row in automaton.slotRange(of: thread.state) {
          let edge = automaton.slotEdges[row]
          let plan = slotPlans[Int(edge.slot)]
          switch plan.kind {
          case .freeText:
            if plan.isName && !facts[position].has(TokenFacts.nameFirstWord) { continue }
            // Free text never takes a word of another domain, and a reading that opens
            // with free text doesn't open with a question or another request.
            if facts[position].has(TokenFacts.excluded) { continue }
            if thread.state == Automaton.start {
              if facts[position].has(TokenFacts.openingExcluded) { continue }
              // Filler first ("please show the playlist"): what follows it opens the request.
              if skipEnds(at: position).contains(where: { Int($0) < count && facts[Int($0)].has(TokenFacts.openingExcluded) }) {
                continue
              }
            }
            var next = thread
            next.state = edge.target
            next.position = p + 1
            next.pendingSlot = edge.slot
            next.pendingStart = p
            next.pendingNamesNothing = facts[position].has(TokenFacts.noName)
            next.units += Matcher.freeTextWeight
            if facts[position].has(MatchTables.unlikelyFirstFlag) || isInside(slot: edge.slot, position) {
              next.units -= Matcher.freeTextWeight
            }
            next.freeTokens += 1
            insert(next, capture: nil, step: nil)
          case .list:
            for match in listMatches(Int(plan.list), at: position) {
              let found = knownMatches[match]
              advanceKnown(thread, along: edge, from: p, to: found.end, value: found.value, kind: .list)
            }
          case .entity:
            for match in entityMatches(plan, at: position) {
              let found = knownMatches[match]
              advanceKnown(thread, along: edge, from: p, to: found.end, value: found.value, kind: .entity)
            }
          }
        }

        // Filler: anywhere in any state; opening filler before the first word a template
        // takes; closing filler after the last.
        func skip(to end: Int32) {
          var next = thread
          next.position = end
          next.units += Matcher.skipWeight * (end - p)
          insert(next, capture: nil, step: Step(kind: .skip, start: p, end: end, slot: -1, parent: -1))
        }
        for end in skipEnds(at: position) { skip(to: end) }
        if !edgeSkipEnds.isEmpty {
          for tagged in edgeSkipEnds[Int(edgeSkipOffsets[position])..<Int(edgeSkipOffsets[position + 1])]
          where tagged & 1 == 1 || thread.state == Automaton.start {
            skip(to: tagged >> 1)
          }
        }
      }
    }
  }

  /// Starts a reading in each closing that the templates ending at `thread`'s state
  /// (`ends`, rows of ``Automaton/bodyEndTemplates``, which come by closing) have, from
  /// `position`.
  private mutating func enterClosings(_ thread: Thread, ends: Range<Int>, at position: Int32) {
    let automaton = tables.automaton
    var last: Int32 = -1
    for row in ends {
      let closing = automaton.closingOfTemplate[Int(automaton.bodyEndTemplates[row])]
      guard closing >= 0, closing != last else { continue }
      last = closing
      var next = thread
      next.state = automaton.closingEntries[Int(closing)]
      next.closing = closing
      next.closingFrom = position
      next.bodyEnd = thread.state
      insert(next, capture: nil, step: nil)
    }
  }

  /// Whether the words `start..<end` name a collection
  /// (``CompiledGrammar/collectionEvidence(in:collectionWords:)``).
  private func isCollectionName(from start: Int, to end: Int) -> Bool {
    CompiledGrammar.collectionEvidence(in: words[start..<end], collectionWords: tables.collectionWords) != nil
  }

  /// Whether the words `start..<end` read as a person's name (``PersonRules/isPerson(_:)``).
  /// Each word is looked up in the grammar's ``PersonTable`` once, the first time a
  /// `{person}` ends after it: most parses never ask.
  private mutating func isPersonName(from start: Int, to end: Int) -> Bool {
    for position in start..<end where facts[position].person == TokenFacts.personFactsUnknown {
      // A possessive's `s` ("today's" → `today`, `s`) is no initial: it says nothing of
      // whose name it is ("today's date" is no person's, "robin s" is).
      facts[position].person =
        Tokenizer.isPossessive(tokens, at: position, in: utterance)
        ? 0 : tables.personTable.facts(of: words[position], print: prints[position])
    }
    return PersonRules.isPerson(facts[start..<end].lazy.map(\.person))
  }

  /// Whether the word at `position` is on the `unlikely inside` list of `slot`.
  @inline(__always)
  private func isInside(slot: Int32, _ position: Int) -> Bool {
    let bit = tables.insideBits[Int(slot)]
    if bit >= 0 { return facts[position].inside & (UInt64(1) << UInt64(bit)) != 0 }
    return tables.insideOverflow[slot]?.contains(words[position]) ?? false
  }

  /// Free text gives back the weight of each word that counts for nothing
  /// (``CompiledGrammar/isUnlikely(isFirst:isLast:unlikelyFirst:unlikelyLast:inside:)``),
  /// word by word as it grows: its first word and words `unlikely inside` as they are
  /// taken, and here, as it closes over `start..<end`, its last word when that is
  /// `unlikely last` and did not count already.
  private func closingPenalty(slot: Int32, start: Int, end: Int) -> Int32 {
    let last = end - 1
    guard facts[last].has(MatchTables.unlikelyLastFlag) else { return 0 }
    let counted = isInside(slot: slot, last) || (last == start && facts[last].has(MatchTables.unlikelyFirstFlag))
    return counted ? 0 : Matcher.freeTextWeight
  }

  /// Moves `thread` over words a list value or a built-in entity explained (`start..<end`),
  /// capturing the slot of `edge`.
  private mutating func advanceKnown(
    _ thread: Thread, along edge: Automaton.SlotEdge, from start: Int32, to end: Int32, value: Int32, kind: StepKind
  ) {
    var next = thread
    next.state = edge.target
    next.position = end
    next.units += Matcher.listWeight * (end - start)
    next.knownTokens += end - start
    insert(
      next,
      capture: Capture(slot: edge.slot, start: start, end: end, value: value, parent: -1),
      step: Step(kind: kind, start: start, end: end, slot: edge.slot, parent: -1))
  }

  /// Adds `thread` (extended by `capture` and `step`, whose parents are filled in here)
  /// to its group (see ``minimumGroupSize``): merged with a member of the same captures
  /// (the better one stays), in place of the group's worst member not yet advanced when
  /// the group is full and it is better, else dropped.
  private mutating func insert(_ base: Thread, capture: Capture?, step: Step?) {
    let position = Int(base.position)
    guard threads.count < Matcher.maximumThreads else { return }
    var thread = base
    thread.processed = false
    if let capture {
      thread.captureHash = Matcher.hash(thread.captureHash, capture)
    }
    let key = groupKey(of: thread)
    var members = 0
    var worst: Int32 = -1
    let head = seen[key] ?? -1
    var member = head
    while member >= 0 {
      let old = threads[Int(member)]
      if old.captureHash == thread.captureHash && sameCaptures(old.capture, capture, parent: thread.capture) {
        guard thread.isBetter(than: old) else { return }
        if !old.processed {
          replace(member, with: thread, captureOf: old, step: step)
          return
        }
      }
      members += 1
      // Members are met newest first: among equals the newest is the one to give way.
      if !old.processed, worst < 0 || threads[Int(worst)].isBetter(than: old) { worst = member }
      member = old.sameGroup
    }
    if members >= groupSize {
      if worst >= 0 {
        guard thread.isBetter(than: threads[Int(worst)]) else { return }
        if var node = capture {
          node.parent = thread.capture
          captures.append(node)
          thread.capture = Int32(captures.count - 1)
        }
        replace(worst, with: thread, captureOf: nil, step: step)
        return
      }
      // Every member has been advanced: keep this one too (see minimumGroupSize).
    }
    if var node = capture {
      node.parent = thread.capture
      captures.append(node)
      thread.capture = Int32(captures.count - 1)
    }
    if var node = step {
      node.parent = thread.step
      steps.append(node)
      thread.step = Int32(steps.count - 1)
    }
    thread.next = -1
    thread.sameGroup = head
    threads.append(thread)
    let index = Int32(threads.count - 1)
    if agenda[position].tail >= 0 { threads[Int(agenda[position].tail)].next = index } else { agenda[position].head = index }
    agenda[position].tail = index
    agenda[position].count += 1
    seen[key] = index
  }

  /// The key of `thread`'s group (see ``ThreadKey``).
  @inline(__always)
  private func groupKey(of thread: Thread) -> ThreadKey {
    let marker: UInt64
    if thread.pendingSlot < 0 {
      marker = 0
    } else if tables.slotPlans[Int(thread.pendingSlot)].isName {
      marker = UInt64(thread.pendingStart) + 2
    } else {
      marker = (thread.position - thread.pendingStart == 1 ? 1 : 0) | (thread.pendingNamesNothing ? 2 : 0)
    }
    return ThreadKey(
      state: Int(thread.state), place: Int(thread.pendingSlot + 1) << 40 | Int(thread.position), captures: marker,
      closing: thread.closing < 0 ? 0 : Int(thread.bodyEnd) << 20 | Int(thread.closing + 1))
  }

  /// Keeps only what positions from `position` on can still use: their threads (every
  /// reference to a thread is from its own position), the captures and steps those
  /// threads' chains reach, and the group table; renumbered in order. A long utterance so
  /// needs memory for the threads of a few positions, not of all.
  private mutating func compact(from position: Int) {
    var newThreads: [Thread] = []
    var newIndex = [Int32](repeating: -1, count: threads.count)
    for place in position...count {
      var next = agenda[place].head
      while next >= 0 {
        newIndex[Int(next)] = Int32(newThreads.count)
        newThreads.append(threads[Int(next)])
        next = threads[Int(next)].next
      }
    }
    // Captures and steps reached from a live thread; a parent always comes before its child.
    var captureMap = [Int32](repeating: -1, count: captures.count)
    var stepMap = [Int32](repeating: -1, count: steps.count)
    for thread in newThreads {
      Self.mark(from: thread.capture, in: captures, &captureMap)
      Self.mark(from: thread.step, in: steps, &stepMap)
    }
    let newCaptures = Self.keepMarked(captures, &captureMap)
    let newSteps = Self.keepMarked(steps, &stepMap)
    seen = ThreadTable(capacity: newThreads.count)
    for index in newThreads.indices {
      var thread = newThreads[index]
      if thread.next >= 0 { thread.next = newIndex[Int(thread.next)] }
      if thread.sameGroup >= 0 { thread.sameGroup = newIndex[Int(thread.sameGroup)] }
      if thread.capture >= 0 { thread.capture = captureMap[Int(thread.capture)] }
      if thread.step >= 0 { thread.step = stepMap[Int(thread.step)] }
      newThreads[index] = thread
    }
    // The newest member of each group is its head; in each position's list, members are
    // in the order they were made.
    for index in newThreads.indices { seen[groupKey(of: newThreads[index])] = Int32(index) }
    for place in position...count where agenda[place].head >= 0 {
      agenda[place].head = newIndex[Int(agenda[place].head)]
      agenda[place].tail = newIndex[Int(agenda[place].tail)]
    }
    threads = newThreads
    captures = newCaptures
    steps = newSteps
  }

  /// Marks (with 0) the nodes of the chain ending at `node`, up to one already marked.
  private static func mark<Node: ChainNode>(from node: Int32, in nodes: [Node], _ map: inout [Int32]) {
    var node = node
    while node >= 0, map[Int(node)] < 0 {
      map[Int(node)] = 0
      node = nodes[Int(node)].parent
    }
  }

  /// The marked nodes, in order, with their parents renumbered; `map` becomes old → new.
  private static func keepMarked<Node: ChainNode>(_ nodes: [Node], _ map: inout [Int32]) -> [Node] {
    var kept: [Node] = []
    for index in nodes.indices where map[index] == 0 {
      var node = nodes[index]
      if node.parent >= 0 { node.parent = map[Int(node.parent)] }
      map[index] = Int32(kept.count)
      kept.append(node)
    }
    return kept
  }

  /// Puts `thread` in the place of the unadvanced thread `index` (its agenda and group
  /// links stay), with the captures of `same` when it had the same ones.
  private mutating func replace(_ index: Int32, with base: Thread, captureOf same: Thread?, step: Step?) {
    var thread = base
    if let same { thread.capture = same.capture }
    if var node = step {
      node.parent = thread.step
      steps.append(node)
      thread.step = Int32(steps.count - 1)
    }
    thread.next = threads[Int(index)].next
    thread.sameGroup = threads[Int(index)].sameGroup
    threads[Int(index)] = thread
  }

  /// Whether the capture list ending at `existing` equals `new` (if any) followed by the
  /// list ending at `parent`.
  private func sameCaptures(_ existing: Int32, _ new: Capture?, parent: Int32) -> Bool {
    var left = existing
    var right = parent
    if let new {
      guard left >= 0 else { return false }
      let node = captures[Int(left)]
      guard node.slot == new.slot, node.start == new.start, node.end == new.end, node.value == new.value else {
        return false
      }
      left = node.parent
    }
    while left != right {
      guard left >= 0, right >= 0 else { return false }
      let a = captures[Int(left)]
      let b = captures[Int(right)]
      guard a.slot == b.slot, a.start == b.start, a.end == b.end, a.value == b.value else { return false }
      left = a.parent
      right = b.parent
    }
    return true
  }

  private static func hash(_ seed: UInt64, _ capture: Capture) -> UInt64 {
    @inline(__always) func mix(_ value: UInt64, _ part: Int32) -> UInt64 {
      let mixed = (value ^ UInt64(UInt32(bitPattern: part))) &* 0xBF58_476D_1CE4_E5B9
      return mixed ^ (mixed >> 31)
    }
    return mix(mix(mix(mix(seed &* 0x9E37_79B9_7F4A_7C15, capture.slot), capture.start), capture.end), capture.value)
  }

  // MARK: - Lookups, cached per parse

  private mutating func listMatches(_ list: Int, at position: Int) -> Range<Int> {
    let key = list * (count + 1) + position
    if let cached = knownRanges[key] { return cached }
    let start = knownMatches.count
    if let table = listTables[list] {
      table.forEachPayload(in: words, prints: prints, from: position) { end, entry in
        knownMatches.append((Int32(end), entry))
      }
    }
    knownRanges[key] = start..<knownMatches.count
    return start..<knownMatches.count
  }

  private mutating func entityMatches(_ plan: SlotPlan, at position: Int) -> Range<Int> {
    let key = (tables.listCount + Int(plan.entityIndex)) * (count + 1) + position
    if let cached = knownRanges[key] { return cached }
    let start = knownMatches.count
    for span in tables.entities.matches(plan.entity, in: words, from: position)
    where span.start == position && span.end > position && span.end <= count {
      entityValues.append(span.value)
      knownMatches.append((Int32(span.end), Int32(entityValues.count - 1)))
    }
    knownRanges[key] = start..<knownMatches.count
    return start..<knownMatches.count
  }

  // MARK: - Candidates

  /// The share of the utterance `thread` explains, weighted (see ``literalWeight``): 1 when
  /// every word is a list or entity word.
  @inline(__always)
  private func score(of thread: Thread) -> Double {
    Double(thread.units) / Double(Int(Matcher.listWeight) * count)
  }

  private mutating func candidates(limit: Int, grammar: CompiledGrammar) -> [ParseCandidate] {
    guard !accepted.isEmpty else { return [] }
    let order = accepted.indices.sorted { a, b in
      let left = threads[Int(accepted[a].thread)]
      let right = threads[Int(accepted[b].thread)]
      if left.units != right.units { return left.units > right.units }
      if left.freeTokens != right.freeTokens { return left.freeTokens < right.freeTokens }
      if left.knownTokens != right.knownTokens { return left.knownTokens > right.knownTokens }
      if accepted[a].template != accepted[b].template { return accepted[a].template < accepted[b].template }
      return a < b
    }
    var text = utterance  // native: read in place
    return text.withUTF8 { utf8 in
      var results: [ParseCandidate] = []
      results.reserveCapacity(min(limit, order.count))
      // Few: a linear search beats a set's hashing.
      var templatesSeen: [Int32] = []
      for index in order {
        let match = accepted[index]
        let thread = threads[Int(match.thread)]
        // A score this low explains too little of the utterance to mean anything; the
        // readings are in order of score, so none after it scores more.
        if score(of: thread) < minimumScore { break }
        let hadBetter = templatesSeen.contains(match.template)
        if !hadBetter { templatesSeen.append(match.template) }
        if hadBetter && capturesSkipPhraseInFreeText(thread) { continue }
        let candidate = makeCandidate(thread, template: match.template, utf8: utf8, grammar: grammar)
        if results.contains(where: { $0.intent == candidate.intent && $0.slots == candidate.slots }) { continue }
        results.append(candidate)
        if results.count == limit { break }
      }
      return results
    }
  }

  /// Whether a free-text slot of `thread` begins or ends with a skip phrase, a reading
  /// dropped when a better one of the same template exists (one that skips the phrase).
  private func capturesSkipPhraseInFreeText(_ thread: Thread) -> Bool {
    var index = thread.capture
    while index >= 0 {
      let capture = captures[Int(index)]
      index = capture.parent
      guard tables.slotPlans[Int(capture.slot)].kind == .freeText else { continue }
      let start = Int(capture.start)
      if skipEnds(at: start).contains(where: { $0 <= capture.end }) { return true }
      for inner in start..<Int(capture.end) where skipEnds(at: inner).contains(capture.end) { return true }
    }
    return false
  }

  private func makeCandidate(
    _ thread: Thread, template index: Int32, utf8: UnsafeBufferPointer<UInt8>, grammar: CompiledGrammar
  ) -> ParseCandidate {
    let template = grammar.templates[Int(index)]
    var slots: [SlotMatch] = []
    slots.reserveCapacity(4 + template.fixedSlots.count)
    var node = thread.capture
    while node >= 0 {
      let capture = captures[Int(node)]
      node = capture.parent
      let descriptor = grammar.slots[Int(capture.slot)]
      let range = Int(capture.start)..<Int(capture.end)
      let text = String(
        decoding: UnsafeBufferPointer(
          rebasing: utf8[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound]),
        as: UTF8.self)
      let value: SlotValue
      let source: SlotMatch.Source
      var note: String?
      var owner: String?
      switch descriptor.source {
      case .freeText:
        value = .text(text)
        source = .freeText
      case .entity(let entity):
        value = entityValues[Int(capture.value)]
        source = .entity(entity)
      case .list(let list, let name):
        let entry = listTables[list]?.entries[Int(capture.value)]
        value = .text(entry?.value ?? "")
        note = entry?.note
        owner = entry?.owner
        source = .list(name)
      }
      slots.append(
        SlotMatch(name: descriptor.name, value: value, text: text, tokenRange: range, source: source, note: note, owner: owner))
    }
    slots.reverse()
    for fixed in template.fixedSlots {
      slots.append(SlotMatch(name: fixed.name, value: .text(fixed.value), text: "", tokenRange: count..<count, source: .fixed))
    }

    var parts: [MatchedPart] = []
    parts.reserveCapacity(8)
    node = thread.step
    while node >= 0 {
      let step = steps[Int(node)]
      node = step.parent
      let range = Int(step.start)..<Int(step.end)
      let slotName = step.slot >= 0 ? grammar.slots[Int(step.slot)].name : nil
      let kind: MatchedPart.Kind
      switch step.kind {
      case .literal:
        if let last = parts.last, last.kind == .literal, last.tokenRange.lowerBound == range.upperBound {
          parts[parts.count - 1].tokenRange = range.lowerBound..<last.tokenRange.upperBound
          continue
        }
        kind = .literal
      case .skip: kind = .skip
      case .freeText: kind = .freeText
      case .list, .entity:
        switch grammar.slots[Int(step.slot)].source {
        case .list(_, let name): kind = .list(name)
        case .entity(let entity): kind = .entity(entity)
        case .freeText: kind = .freeText
        }
      }
      let isPerson = kind == .freeText && step.slot >= 0 && grammar.slots[Int(step.slot)].isPerson
      let isCollection = kind == .freeText && step.slot >= 0 && grammar.slots[Int(step.slot)].isCollection
      parts.append(MatchedPart(kind: kind, tokenRange: range, slot: slotName, isPerson: isPerson, isCollection: isCollection))
    }
    parts.reverse()

    return ParseCandidate(
      intent: grammar.intentNames[template.intent],
      slots: slots,
      score: score(of: thread),
      template: template.reference,
      parts: parts)
  }
}
