/// Runs a ``CompiledGrammar``'s automaton over one utterance.
///
/// A chart (agenda) simulation over token positions. A *thread* is a state of the
/// automaton reached at a position, with the slots captured on the way and score
/// counters. Every edge consumes at least one token, so positions are processed in
/// increasing order: each thread at position `p` is advanced over literal tokens (token id
/// equality), list phrases (trie lookup, all prefixes), entity readings, skip phrases and
/// free text, creating threads at later positions. Threads that reach the same state and
/// position with the same captures are merged, keeping the best score. A thread in an
/// accepting state at the end of the input is a candidate.
///
/// Free text is lazy: a thread inside `{text}` either takes one more token or closes the
/// slot at the current position, so no reading is enumerated before it is needed. When
/// it closes, a first word the grammar declares `unlikely first` (or a last word declared
/// `unlikely last`) gives back its free-text weight: "to my emotron" as a playlist name
/// ranks below "to my" + "emotron", yet still matches when nothing else does.
struct Matcher {
  /// Weights ×10, so scores are computed in integers: list/entity 1.0, literal 0.9,
  /// skip 0.6, free text 0.3.
  static let listWeight: Int32 = 10
  static let literalWeight: Int32 = 9
  static let skipWeight: Int32 = 6
  static let freeTextWeight: Int32 = 3

  /// Work caps, so that garbage and pathological grammars stay cheap: at most this many
  /// threads are created for one position, and only the best `beamWidth` of them are
  /// advanced; no more than `maximumThreads` are created in all.
  ///
  /// The matcher runs the deterministic automaton (``CompiledGrammar/matching``), so
  /// templates that share an opening ("i want to …") share one thread; what still
  /// multiplies threads is free text (one per place it may have begun).
  static let maximumThreadsPerPosition = 8_192
  static let beamWidth = 4_096
  static let maximumThreads = 400_000

  private struct Thread {
    var state: Int32
    var position: Int32
    /// The free-text slot being filled, or -1.
    var pendingSlot: Int32 = -1
    var pendingStart: Int32 = 0
    /// Last capture (arena index), or -1.
    var capture: Int32 = -1
    var captureHash: UInt64 = 0
    /// Last consumption step (arena index), or -1.
    var step: Int32 = -1
    var units: Int32 = 0
    var freeTokens: Int32 = 0
    var knownTokens: Int32 = 0
    var processed = false

    /// Ranking order: more weight, then fewer free-text tokens, then more list tokens.
    func isBetter(than other: Thread) -> Bool {
      if units != other.units { return units > other.units }
      if freeTokens != other.freeTokens { return freeTokens < other.freeTokens }
      return knownTokens > other.knownTokens
    }
  }

  /// What makes two threads the same: state, position, open free text and captures (by
  /// hash here; the captures themselves are compared on a hit).
  private struct ThreadKey: Equatable {
    var state: Int
    var place: Int
    var captures: UInt64
  }

  /// The threads seen, by key: open addressing with linear probing and a cheap mixer.
  /// A parse looks a key up for every thread it makes, so Swift's `Dictionary` (SipHash
  /// over three words, resizing from empty) was a quarter of parsing time.
  private struct ThreadTable {
    private var keys: [ThreadKey] = []
    private var values: [Int32] = []
    private var mask = 0
    private var count = 0

    init(capacity: Int) {
      var size = 64
      while size < capacity * 2 { size <<= 1 }
      keys = Array(repeating: ThreadKey(state: -1, place: 0, captures: 0), count: size)
      values = Array(repeating: -1, count: size)
      mask = size - 1
    }

    private static func slot(_ key: ThreadKey, mask: Int) -> Int {
      var z = UInt64(bitPattern: Int64(key.state)) &* 0x9E37_79B9_7F4A_7C15
      z ^= UInt64(bitPattern: Int64(key.place)) &* 0xC2B2_AE3D_27D4_EB4F
      z ^= key.captures
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

  /// A slot filled so far; a linked list through `parent`.
  private struct Capture {
    var slot: Int32
    var start: Int32
    var end: Int32
    /// List entry index, entity value index, or -1 for free text.
    var value: Int32
    var parent: Int32
  }

  private enum StepKind: UInt8 { case literal, skip, list, entity, freeText }

  /// How tokens were consumed; a linked list through `parent`.
  private struct Step {
    var kind: StepKind
    var start: Int32
    var end: Int32
    var slot: Int32
    var parent: Int32
  }

  private struct Accepted {
    var thread: Int32
    var template: Int32
  }

  private let grammar: CompiledGrammar
  private let utterance: String
  private let tokens: [Token]
  private let words: [String]
  private let ids: [Int32]
  private let count: Int
  private let tables: [ListTable?]

  private var threads: [Thread] = []
  private var agenda: [[Int32]]
  private var seen = ThreadTable(capacity: 256)
  private var captures: [Capture] = []
  private var steps: [Step] = []
  private var entityValues: [SlotValue] = []
  private var accepted: [Accepted] = []
  /// The grammar's slots as the matcher reads them (``CompiledGrammar/slotPlans``).
  private let slotPlans: [SlotPlan]
  /// List phrases and entity readings found so far (where each ends, and the list entry
  /// or entity value): each (list or entity, position) is looked up once per parse, its
  /// matches kept as a range of this array; `knownRanges` holds the ranges, by
  /// `(kind × (count + 1) + position)`, lists first, then entities, `nil` until looked up.
  private var knownMatches: [(end: Int32, value: Int32)] = []
  private var knownRanges: [Range<Int>?]
  private var skipEnds: [[Int32]]
  /// Per token: whether free text beginning (`unlikelyFirst`) or ending (`unlikelyLast`)
  /// with it gives that word's weight back.
  private let unlikelyFirst: [Bool]
  private let unlikelyLast: [Bool]
  /// For each slot with an `unlikely inside` list: how many of the utterance's first `i`
  /// tokens are on it (a prefix sum), so closing free text costs no scan.
  private let unlikelyInsideCounts: [Int32: [Int32]]
  /// Per token: whether a `{name}` slot may take it (not a `name excludes` word), and
  /// may begin with it (nor a number: "from 1973" is a year, not an artist).
  private let nameWord: [Bool]
  private let nameFirstWord: [Bool]
  /// Per token: its case class for `{name}` slots (``CompiledGrammar/nameCaseClasses(_:cases:)``).
  private let nameCase: [Int8]

  init(grammar: CompiledGrammar, utterance: String, tokens: [Token], values: ListValues) {
    self.grammar = grammar
    self.utterance = utterance
    self.tokens = tokens
    let words = tokens.map(\.text)
    self.words = words
    let cases = CompiledGrammar.writtenCase(tokens, in: utterance)
    let titles = grammar.titleWordPositions(tokens, cases: cases)
    self.ids = words.indices.map { titles[$0] ? -1 : grammar.tokenIDs[words[$0]] ?? -1 }
    self.count = tokens.count
    self.tables = grammar.lists.map { $0.isExternal ? values.tables[$0.name] : $0.table }
    self.agenda = Array(repeating: [], count: tokens.count + 1)
    self.slotPlans = grammar.slotPlans
    self.knownRanges = Array(repeating: nil, count: (grammar.lists.count + BuiltinEntity.allCases.count) * (tokens.count + 1))
    var skipEnds = Array(repeating: [Int32](), count: tokens.count + 1)
    if !grammar.skips.isEmpty {
      for start in 0..<tokens.count {
        grammar.skips.forEachMatch(in: words, from: start) { end, _ in skipEnds[start].append(Int32(end)) }
      }
    }
    self.skipEnds = skipEnds
    let flags = words.map { grammar.wordFlags[$0] ?? 0 }
    self.unlikelyFirst = flags.map { $0 & CompiledGrammar.unlikelyFirstFlag != 0 }
    self.unlikelyLast = flags.map { $0 & CompiledGrammar.unlikelyLastFlag != 0 }
    var insideCounts: [Int32: [Int32]] = [:]
    for (slot, inside) in grammar.unlikelyInsideWords.enumerated() where !inside.isEmpty {
      var sums: [Int32] = [0]
      sums.reserveCapacity(words.count + 1)
      for word in words { sums.append(sums[sums.count - 1] + (inside.contains(word) ? 1 : 0)) }
      insideCounts[Int32(slot)] = sums
    }
    self.unlikelyInsideCounts = insideCounts
    // As CompiledGrammar.nameAllows(_:first:), from the flags.
    self.nameWord = flags.map { $0 & CompiledGrammar.nameExcludedFlag == 0 }
    self.nameFirstWord = words.indices.map { flags[$0] & CompiledGrammar.nameExcludedFlag == 0 && !CompiledGrammar.isAllNumber(words[$0]) }
    self.nameCase = grammar.nameCaseClasses(tokens, cases: cases)
  }

  // MARK: - Simulation

  mutating func run(limit: Int) -> [ParseCandidate] {
    threads.reserveCapacity(64)
    insert(Thread(state: Automaton.start, position: 0), capture: nil, step: nil)
    let automaton = grammar.matching
    // The beam narrows for long inputs so the total work stays within the thread budget
    // and the end of the utterance is always reached.
    let beam = min(Matcher.beamWidth, max(256, Matcher.maximumThreads / (count + 1) / 4))
    for position in 0...count {
      if agenda[position].count > beam { prune(position, keeping: beam) }
      var cursor = 0
      while cursor < agenda[position].count {
        let index = Int(agenda[position][cursor])
        cursor += 1
        threads[index].processed = true
        let thread = threads[index]
        let p = Int32(position)

        if thread.pendingSlot >= 0 {
          // Inside free text: take one more token, or end the slot here.
          let plan = slotPlans[Int(thread.pendingSlot)]
          let isName = plan.isName
          if position < count,
            !isName
              || (nameWord[position] && position + 1 - Int(thread.pendingStart) <= CompiledGrammar.maximumNameWords
                && CompiledGrammar.nameCaseAgrees(nameCase[Int(thread.pendingStart)], nameCase[position]))
          {
            var longer = thread
            longer.position = p + 1
            longer.units += Matcher.freeTextWeight
            longer.freeTokens += 1
            insert(longer, capture: nil, step: nil)
          }
          // A full name is at least two words: too short to close yet.
          if Int32(position) - thread.pendingStart < plan.minimumWords { continue }
          var closed = thread
          closed.pendingSlot = -1
          // A name seldom begins with "my" or ends with "of": such a word is no evidence.
          closed.units -= unlikelyPenalty(slot: thread.pendingSlot, start: Int(thread.pendingStart), end: position)
          insert(
            closed,
            capture: Capture(slot: thread.pendingSlot, start: thread.pendingStart, end: p, value: -1, parent: -1),
            step: Step(kind: .freeText, start: thread.pendingStart, end: p, slot: thread.pendingSlot, parent: -1))
          continue
        }

        if position == count {
          for row in automaton.acceptRange(of: thread.state) {
            accepted.append(Accepted(thread: Int32(index), template: automaton.acceptTemplates[row]))
          }
          continue
        }

        // Literal tokens.
        let token = ids[position]
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
            if plan.isName && !nameFirstWord[position] { continue }
            var next = thread
            next.state = edge.target
            next.position = p + 1
            next.pendingSlot = edge.slot
            next.pendingStart = p
            next.units += Matcher.freeTextWeight
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

        // Filler, in any state.
        for end in skipEnds[position] {
          var next = thread
          next.position = end
          next.units += Matcher.skipWeight * (end - p)
          insert(next, capture: nil, step: Step(kind: .skip, start: p, end: end, slot: -1, parent: -1))
        }
      }
    }
    return candidates(limit: limit)
  }

  /// What free text over `start..<end` gives back for an unlikely first or last word; a
  /// one-word text gives back at most its own weight. Words the slot declares `unlikely
  /// inside` give back theirs too, never more than the text's whole weight.
  private func unlikelyPenalty(slot: Int32, start: Int, end: Int) -> Int32 {
    let inside = unlikelyInsideCounts[slot].map { Int($0[end] - $0[start]) } ?? 0
    let count = CompiledGrammar.unlikelyCount(
      first: unlikelyFirst[start], last: unlikelyLast[end - 1], inside: inside, length: end - start)
    return Matcher.freeTextWeight * Int32(count)
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

  /// Keeps the best `beam` threads of `position` (earliest first among equals).
  private mutating func prune(_ position: Int, keeping beam: Int) {
    let ranked = agenda[position].sorted { a, b in
      let left = threads[Int(a)]
      let right = threads[Int(b)]
      if left.isBetter(than: right) { return true }
      if right.isBetter(than: left) { return false }
      return a < b
    }
    for index in ranked[beam...] { threads[Int(index)].processed = true }
    agenda[position] = Array(ranked[..<beam]).sorted()
  }

  /// Adds `thread` (extended by `capture` and `step`, whose parents are filled in here)
  /// unless a thread with the same state, position and captures is already as good.
  private mutating func insert(_ base: Thread, capture: Capture?, step: Step?) {
    let position = Int(base.position)
    guard agenda[position].count < Matcher.maximumThreadsPerPosition, threads.count < Matcher.maximumThreads else {
      return
    }
    var thread = base
    thread.processed = false
    if let capture {
      thread.captureHash = Matcher.hash(thread.captureHash, capture)
    }
    let key = ThreadKey(
      state: Int(thread.state),
      place: Int(thread.pendingSlot + 1) << 32 | Int(thread.pendingStart) << 16 | position,
      captures: thread.captureHash)
    var register = true
    if let existing = seen[key] {
      let old = threads[Int(existing)]
      if sameCaptures(old.capture, capture, parent: thread.capture) {
        guard thread.isBetter(than: old) else { return }
        if !old.processed {
          thread.capture = old.capture
          if let step {
            var node = step
            node.parent = thread.step
            steps.append(node)
            thread.step = Int32(steps.count - 1)
          }
          threads[Int(existing)] = thread
          return
        }
      } else {
        register = false  // A hash collision: keep both.
      }
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
    threads.append(thread)
    let index = Int32(threads.count - 1)
    agenda[position].append(index)
    if register { seen[key] = index }
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
    tables[list]?.trie.forEachMatch(in: words, from: position) { end, entries in
      for entry in entries { knownMatches.append((Int32(end), entry)) }
    }
    knownRanges[key] = start..<knownMatches.count
    return start..<knownMatches.count
  }

  private mutating func entityMatches(_ plan: SlotPlan, at position: Int) -> Range<Int> {
    let key = (grammar.lists.count + Int(plan.entityIndex)) * (count + 1) + position
    if let cached = knownRanges[key] { return cached }
    let start = knownMatches.count
    for span in grammar.entities.matches(plan.entity, in: words, from: position)
    where span.start == position && span.end > position && span.end <= count {
      entityValues.append(span.value)
      knownMatches.append((Int32(span.end), Int32(entityValues.count - 1)))
    }
    knownRanges[key] = start..<knownMatches.count
    return start..<knownMatches.count
  }

  // MARK: - Candidates

  private mutating func candidates(limit: Int) -> [ParseCandidate] {
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
    let utf8 = Array(utterance.utf8)
    var results: [ParseCandidate] = []
    var templatesSeen = Set<Int32>()
    for index in order {
      let match = accepted[index]
      let thread = threads[Int(match.thread)]
      let hadBetter = !templatesSeen.insert(match.template).inserted
      if hadBetter && capturesSkipPhraseInFreeText(thread) { continue }
      let candidate = makeCandidate(thread, template: match.template, utf8: utf8)
      if results.contains(where: { $0.intent == candidate.intent && $0.slots == candidate.slots }) { continue }
      results.append(candidate)
      if results.count == limit { break }
    }
    return results
  }

  /// Whether a free-text slot of `thread` begins or ends with a skip phrase, a reading
  /// dropped when a better one of the same template exists (one that skips the phrase).
  private func capturesSkipPhraseInFreeText(_ thread: Thread) -> Bool {
    var index = thread.capture
    while index >= 0 {
      let capture = captures[Int(index)]
      index = capture.parent
      guard slotPlans[Int(capture.slot)].kind == .freeText else { continue }
      let start = Int(capture.start)
      if skipEnds[start].contains(where: { $0 <= capture.end }) { return true }
      for inner in start..<Int(capture.end) where skipEnds[inner].contains(capture.end) { return true }
    }
    return false
  }

  private func makeCandidate(_ thread: Thread, template index: Int32, utf8: [UInt8]) -> ParseCandidate {
    let template = grammar.templates[Int(index)]
    var slots: [SlotMatch] = []
    var node = thread.capture
    while node >= 0 {
      let capture = captures[Int(node)]
      node = capture.parent
      let descriptor = grammar.slots[Int(capture.slot)]
      let range = Int(capture.start)..<Int(capture.end)
      let text = String(decoding: utf8[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound], as: UTF8.self)
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
        let entry = tables[list]?.entries[Int(capture.value)]
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
      parts.append(MatchedPart(kind: kind, tokenRange: range, slot: slotName))
    }
    parts.reverse()

    return ParseCandidate(
      intent: grammar.intentNames[template.intent],
      slots: slots,
      score: Double(thread.units) / Double(Int(Matcher.listWeight) * count),
      template: template.reference,
      parts: parts)
  }
}
