/// The matcher's automaton: one NFA for every template of every intent, without epsilon
/// edges, stored as flat arrays (compressed rows, one row per state).
///
/// State 0 is the start state. Every edge consumes at least one token: a literal token
/// (by interned id), or a slot (a list phrase, an entity reading, free text). A state
/// accepts the templates listed for it.
struct Automaton: Sendable {
  /// A slot edge: `slot` indexes ``CompiledGrammar/slots``, which says how to fill it.
  struct SlotEdge: Sendable, Equatable, Hashable {
    var slot: Int32
    var target: Int32
  }

  static let start: Int32 = 0

  /// Row `s` of the literal edges is `literalOffsets[s]..<literalOffsets[s + 1]`, sorted by token.
  var literalOffsets: [Int32] = [0]
  var literalTokens: [Int32] = []
  var literalTargets: [Int32] = []
  var slotOffsets: [Int32] = [0]
  var slotEdges: [SlotEdge] = []
  var acceptOffsets: [Int32] = [0]
  var acceptTemplates: [Int32] = []
  /// The start state's literal edges by token: only templates that can begin with the
  /// utterance's first (non-skipped) word are explored.
  var startIndex: [Int32: Range<Int>] = [:]

  var stateCount: Int { literalOffsets.count - 1 }

  /// Whether no path leads from a state back to itself. Grammars have no repetition and
  /// the compiler refuses rule cycles, so a compiled automaton never has one; the
  /// designer tools' walks (sampling, completion) rely on it. Checked on what a cache
  /// file holds. Assumes the rows are in range (checked first).
  var isAcyclic: Bool {
    let states = stateCount
    guard states > 0 else { return true }
    var incoming = [Int32](repeating: 0, count: states)
    for target in literalTargets { incoming[Int(target)] += 1 }
    for edge in slotEdges { incoming[Int(edge.target)] += 1 }
    var ready = (0..<states).filter { incoming[$0] == 0 }
    var done = 0
    while let state = ready.popLast() {
      done += 1
      func reach(_ target: Int32) {
        incoming[Int(target)] -= 1
        if incoming[Int(target)] == 0 { ready.append(Int(target)) }
      }
      for row in Int(literalOffsets[state])..<Int(literalOffsets[state + 1]) { reach(literalTargets[row]) }
      for row in Int(slotOffsets[state])..<Int(slotOffsets[state + 1]) { reach(slotEdges[row].target) }
    }
    return done == states
  }

  /// Indexes the start state's literal edges by token (``startIndex``). Safe on any
  /// arrays: a cache file's are checked only after.
  mutating func indexStart() {
    startIndex = [:]
    guard literalOffsets.count >= 2 else { return }
    let (low, high) = (Int(literalOffsets[0]), Int(literalOffsets[1]))
    guard low >= 0, low <= high, high <= literalTokens.count else { return }
    let startRow = low..<high
    var index = startRow.lowerBound
    while index < startRow.upperBound {
      let token = literalTokens[index]
      var end = index
      while end < startRow.upperBound && literalTokens[end] == token { end += 1 }
      startIndex[token] = index..<end
      index = end
    }
  }

  /// The rows of `state`'s literal edges whose token is `token`.
  @inline(__always)
  func literalRange(of state: Int32, token: Int32) -> Range<Int> {
    if state == Automaton.start {
      return startIndex[token] ?? 0..<0
    }
    var low = Int(literalOffsets[Int(state)])
    var high = Int(literalOffsets[Int(state) + 1])
    let end = high
    // Lower bound of `token`.
    while low < high {
      let middle = (low + high) >> 1
      if literalTokens[middle] < token { low = middle + 1 } else { high = middle }
    }
    var upper = low
    while upper < end && literalTokens[upper] == token { upper += 1 }
    return low..<upper
  }

  @inline(__always)
  func slotRange(of state: Int32) -> Range<Int> {
    Int(slotOffsets[Int(state)])..<Int(slotOffsets[Int(state) + 1])
  }

  @inline(__always)
  func acceptRange(of state: Int32) -> Range<Int> {
    Int(acceptOffsets[Int(state)])..<Int(acceptOffsets[Int(state) + 1])
  }
}

/// Builds the NFA (Thompson construction, with epsilon edges), then removes the epsilon
/// edges and unreachable states to give an ``Automaton``.
struct AutomatonBuilder {
  private var literals: [[(token: Int32, target: Int32)]] = [[]]
  private var slots: [[Automaton.SlotEdge]] = [[]]
  private var epsilons: [[Int32]] = [[]]
  private var accepts: [[Int32]] = [[]]

  mutating func newState() -> Int32 {
    literals.append([])
    slots.append([])
    epsilons.append([])
    accepts.append([])
    return Int32(literals.count - 1)
  }

  mutating func addLiteral(_ token: Int32, from source: Int32) -> Int32 {
    let target = newState()
    literals[Int(source)].append((token, target))
    return target
  }

  mutating func addSlot(_ slot: Int32, from source: Int32) -> Int32 {
    let target = newState()
    slots[Int(source)].append(Automaton.SlotEdge(slot: slot, target: target))
    return target
  }

  mutating func addEpsilon(from source: Int32, to target: Int32) {
    if source != target { epsilons[Int(source)].append(target) }
  }

  mutating func accept(_ template: Int32, at state: Int32) {
    accepts[Int(state)].append(template)
  }

  /// The automaton without epsilon edges, keeping only states reachable from the start.
  func build() -> Automaton {
    var automaton = Automaton()
    var newID: [Int32] = Array(repeating: -1, count: literals.count)
    var order: [Int32] = [Automaton.start]
    newID[Int(Automaton.start)] = 0
    var seen: [Int] = Array(repeating: -1, count: literals.count)
    var cursor = 0
    while cursor < order.count {
      let state = order[cursor]
      // The epsilon closure of `state` (the NFA has no epsilon cycles).
      var closure: [Int32] = [state]
      seen[Int(state)] = cursor
      var next = 0
      while next < closure.count {
        for target in epsilons[Int(closure[next])] where seen[Int(target)] != cursor {
          seen[Int(target)] = cursor
          closure.append(target)
        }
        next += 1
      }
      var rowLiterals: [(token: Int32, target: Int32)] = []
      var rowSlots: [Automaton.SlotEdge] = []
      var rowAccepts: [Int32] = []
      for member in closure {
        rowLiterals.append(contentsOf: literals[Int(member)])
        rowSlots.append(contentsOf: slots[Int(member)])
        rowAccepts.append(contentsOf: accepts[Int(member)])
      }
      func number(_ target: Int32) -> Int32 {
        if newID[Int(target)] < 0 {
          newID[Int(target)] = Int32(order.count)
          order.append(target)
        }
        return newID[Int(target)]
      }
      rowLiterals = rowLiterals.map { ($0.token, number($0.target)) }
      rowLiterals.sort { ($0.token, $0.target) < ($1.token, $1.target) }
      for edge in rowLiterals {
        automaton.literalTokens.append(edge.token)
        automaton.literalTargets.append(edge.target)
      }
      automaton.literalOffsets.append(Int32(automaton.literalTokens.count))
      for edge in rowSlots {
        automaton.slotEdges.append(Automaton.SlotEdge(slot: edge.slot, target: number(edge.target)))
      }
      automaton.slotOffsets.append(Int32(automaton.slotEdges.count))
      rowAccepts.sort()
      automaton.acceptTemplates.append(contentsOf: rowAccepts)
      automaton.acceptOffsets.append(Int32(automaton.acceptTemplates.count))
      cursor += 1
    }
    automaton.indexStart()
    return automaton
  }
}
