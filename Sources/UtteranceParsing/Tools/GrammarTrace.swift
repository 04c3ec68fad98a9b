/// Which automaton states can be reached at each token position of an utterance, without
/// scores or captures: the reachability behind ``CompiledGrammar/explain(_:lists:limit:)``
/// (how far each template gets) and ``CompiledGrammar/completions(forPrefix:lists:limit:)``
/// (what may come next).
///
/// Edges are followed as the matcher follows them (literal tokens, list phrases, entity
/// readings, free text, skip phrases in any state) but every (state, position) is visited
/// once, so the work is bounded by states × positions, and by ``workLimit`` on top. Each
/// keeps the fewest free-text words it can be reached with: every edge moves forward, so
/// when a position is processed, nothing can reach it any more cheaply.
struct GrammarTrace {
  /// Most (state, position) pairs visited; past it the trace stops early.
  static let workLimit = 400_000

  let graph: GrammarGraph
  let words: [String]
  let ids: [Int32]
  let nameCases: [Int8]
  /// States reached at each position, in the order found.
  private(set) var reached: [[Int32]]
  /// Whether the trace stopped at ``workLimit``.
  private(set) var isTruncated = false

  /// The fewest free-text words each reached state needs, per position.
  private var reachedFree: [[Int32: Int32]]
  /// Free-text targets whose text covers the tokens up to each position and may go on.
  private var pending: [[Int32]]
  private var pendingFree: [[Int32: Int32]]
  private var work = 0
  private var entityCache: [Int: [Int]] = [:]

  /// `titles`: the positions of title words (``CompiledGrammar/titleWordPositions(_:cases:)``),
  /// which no literal takes, as in the matcher. Both lists may be left empty (case unknown).
  /// `nameCases`: each word's case class for `{name}` slots
  /// (``CompiledGrammar/nameCaseClasses(_:cases:)``).
  init(graph: GrammarGraph, words: [String], titles: [Bool] = [], nameCases: [Int8] = []) {
    self.graph = graph
    self.words = words
    let titles = titles.count == words.count ? titles : Array(repeating: false, count: words.count)
    self.nameCases = nameCases.count == words.count ? nameCases : Array(repeating: -1, count: words.count)
    self.ids = words.indices.map { titles[$0] ? -1 : graph.grammar.tokenIDs[words[$0]] ?? -1 }
    let positions = words.count + 1
    reached = Array(repeating: [], count: positions)
    reachedFree = Array(repeating: [:], count: positions)
    pending = Array(repeating: [], count: positions)
    pendingFree = Array(repeating: [:], count: positions)
  }

  /// Runs the automaton over all the words.
  mutating func run() {
    let count = words.count
    let automaton = graph.grammar.automaton
    let grammar = graph.grammar
    add(Automaton.start, at: 0, free: 0)
    for position in 0...count {
      if isTruncated { return }
      // Open free text: close it here, or let it take the next word too.
      var cursor = 0
      while cursor < pending[position].count {
        let state = pending[position][cursor]
        cursor += 1
        let free = pendingFree[position][state] ?? 0
        add(state, at: position, free: free)
        if position < count { addPending(state, at: position + 1, free: free + 1) }
      }
      guard position < count else { break }
      cursor = 0
      while cursor < reached[position].count {
        if isTruncated { return }
        let state = reached[position][cursor]
        cursor += 1
        let free = reachedFree[position][state] ?? 0
        let token = ids[position]
        if token >= 0 {
          for row in automaton.literalRange(of: state, token: token) {
            add(automaton.literalTargets[row], at: position + 1, free: free)
          }
        }
        for row in automaton.slotRange(of: state) {
          let edge = automaton.slotEdges[row]
          switch grammar.slots[Int(edge.slot)].source {
          case .freeText where grammar.slots[Int(edge.slot)].isName:
            // A name is one to three allowed words: each length is a reading of its own.
            var end = position
            let minimum = grammar.slots[Int(edge.slot)].minimumWords
            while end < count, end - position < CompiledGrammar.maximumNameWords,
              grammar.nameAllows(words[end], first: end == position),
              CompiledGrammar.nameCaseAgrees(nameCases[position], nameCases[end])
            {
              end += 1
              if end - position >= minimum { add(edge.target, at: end, free: free + Int32(end - position)) }
            }
          case .freeText:
            addPending(edge.target, at: position + 1, free: free + 1)
          case .list(let list, _):
            guard list < graph.tables.count, let table = graph.tables[list] else { continue }
            table.trie.forEachMatch(in: words, from: position) { end, _ in add(edge.target, at: end, free: free) }
          case .entity(let entity):
            for end in entityEnds(entity, at: position) { add(edge.target, at: end, free: free) }
          }
        }
        if !grammar.skips.isEmpty {
          grammar.skips.forEachMatch(in: words, from: position) { end, _ in add(state, at: end, free: free) }
        }
      }
    }
  }

  /// The fewest words of free text with which `state` is reached at `position`, or `nil`
  /// when it is not reached there.
  func freeWords(_ state: Int32, at position: Int) -> Int? {
    guard position >= 0, position < reachedFree.count, let free = reachedFree[position][state] else { return nil }
    return Int(free)
  }

  private mutating func add(_ state: Int32, at position: Int, free: Int32) {
    guard position < reachedFree.count, !isTruncated else { return }
    if let known = reachedFree[position][state] {
      if free < known { reachedFree[position][state] = free }
      return
    }
    reachedFree[position][state] = free
    reached[position].append(state)
    count()
  }

  private mutating func addPending(_ state: Int32, at position: Int, free: Int32) {
    guard position < pendingFree.count, !isTruncated else { return }
    if let known = pendingFree[position][state] {
      if free < known { pendingFree[position][state] = free }
      return
    }
    pendingFree[position][state] = free
    pending[position].append(state)
    count()
  }

  private mutating func count() {
    work += 1
    if work > GrammarTrace.workLimit { isTruncated = true }
  }

  private mutating func entityEnds(_ entity: BuiltinEntity, at position: Int) -> [Int] {
    let entityIndex = BuiltinEntity.allCases.firstIndex(of: entity) ?? 0
    let key = entityIndex * (words.count + 1) + position
    if let cached = entityCache[key] { return cached }
    let ends = graph.grammar.entities.matches(entity, in: words, from: position)
      .filter { $0.start == position && $0.end > position && $0.end <= words.count }
      .map(\.end)
    entityCache[key] = ends
    return ends
  }
}
