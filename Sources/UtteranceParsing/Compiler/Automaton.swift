import Synchronization

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

  /// Intents' closings (`intent PlayMedia closing [<occasion>]`), compiled once each
  /// instead of after every template; all empty in a grammar without them.
  ///
  /// Where a template's body ends, `bodyEnds` lists it: a reading standing there may go
  /// on into its intent's closing (`closingOfTemplate`), which starts at state
  /// `closingEntries[c]`; at the end of the utterance, a state listing closing `c` in
  /// `closingFinals` accepts the templates whose bodies ended where the reading entered
  /// it (see ``Matcher``). Row `s` of each is `offsets[s]..<offsets[s + 1]`; empty
  /// offsets mean no rows at all.
  var bodyEndOffsets: [Int32] = []
  var bodyEndTemplates: [Int32] = []
  var closingFinalOffsets: [Int32] = []
  var closingFinals: [Int32] = []
  var closingEntries: [Int32] = []
  var closingOfTemplate: [Int32] = []

  /// What only compiling needs of the closings in the per-template automaton (see
  /// ``AutomatonBuilder/build(closingRoots:closingOfTemplate:)``): the closings' own
  /// start states, from which the matcher's copies are made, and which states are the
  /// closings' copies after each template (the tools walk them, the matcher doesn't).
  struct ClosingLayout {
    var roots: [Int32] = []
    var copyStates: [Bool] = []
  }

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

  /// `values` sorted, each once (most rows are empty or of one value).
  static func distinct(_ values: [Int32]) -> [Int32] {
    guard values.count > 1 else { return values }
    var sorted = values.sorted()
    var kept = 1
    for index in 1..<sorted.count where sorted[index] != sorted[kept - 1] {
      sorted[kept] = sorted[index]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  /// The rows of ``bodyEndTemplates`` for `state` (none without closings); in the
  /// matching automaton, by closing (``closingOfTemplate``), then template.
  @inline(__always)
  func bodyEndRange(of state: Int32) -> Range<Int> {
    bodyEndOffsets.isEmpty ? 0..<0 : Int(bodyEndOffsets[Int(state)])..<Int(bodyEndOffsets[Int(state) + 1])
  }

  /// Whether `state` ends closing `closing`.
  @inline(__always)
  func endsClosing(_ state: Int32, _ closing: Int32) -> Bool {
    guard !closingFinalOffsets.isEmpty else { return false }
    return closingFinals[Int(closingFinalOffsets[Int(state)])..<Int(closingFinalOffsets[Int(state) + 1])].contains(closing)
  }
}

/// The per-template automaton of a ``CompiledGrammar``, which only the designer tools
/// walk: compiled, or loaded the first time a tool asks (a cache file keeps it in a
/// section of its own, which start-up does not read).
final class TemplateAutomaton: Sendable {
  private enum Storage {
    case ready(Automaton)
    case deferred(@Sendable () -> Automaton?)
  }
  private let storage: Mutex<Storage>

  init(_ automaton: Automaton) {
    storage = Mutex(.ready(automaton))
  }

  /// `load` gives the automaton, or `nil` when it can't (a section gone or damaged, and
  /// no way to compile it again): then the tools see an automaton with no templates
  /// rather than trap.
  init(load: @escaping @Sendable () -> Automaton?) {
    storage = Mutex(.deferred(load))
  }

  var value: Automaton {
    storage.withLock { storage in
      switch storage {
      case .ready(let automaton):
        return automaton
      case .deferred(let load):
        let automaton = load() ?? Automaton.empty
        storage = .ready(automaton)
        return automaton
      }
    }
  }
}

extension Automaton {
  /// The first `states` states, whose edges stay among them (the templates' states, which
  /// come before the closings' own), without the closings' tables.
  func prefix(states: Int) -> Automaton {
    guard states < stateCount else { return self }
    var result = Automaton()
    result.literalOffsets = Array(literalOffsets[0...states])
    result.literalTokens = Array(literalTokens[0..<Int(literalOffsets[states])])
    result.literalTargets = Array(literalTargets[0..<Int(literalOffsets[states])])
    result.slotOffsets = Array(slotOffsets[0...states])
    result.slotEdges = Array(slotEdges[0..<Int(slotOffsets[states])])
    result.acceptOffsets = Array(acceptOffsets[0...states])
    result.acceptTemplates = Array(acceptTemplates[0..<Int(acceptOffsets[states])])
    result.indexStart()
    return result
  }

  /// The start state alone: nothing matches.
  static var empty: Automaton {
    var automaton = Automaton()
    automaton.literalOffsets = [0, 0]
    automaton.slotOffsets = [0, 0]
    automaton.acceptOffsets = [0, 0]
    return automaton
  }
}

/// Builds the NFA (Thompson construction, with epsilon edges), then removes the epsilon
/// edges and unreachable states to give an ``Automaton``.
struct AutomatonBuilder {
  private var literals: [[(token: Int32, target: Int32)]] = [[]]
  private var slots: [[Automaton.SlotEdge]] = [[]]
  private var epsilons: [[Int32]] = [[]]
  private var accepts: [[Int32]] = [[]]
  private var bodyEnds: [[Int32]] = [[]]
  private var closingFinals: [[Int32]] = [[]]
  /// Whether states are being made as a closing's copy (see ``beginClosingCopy()``).
  private var copying = false
  private var copyStates: [Bool] = [false]

  mutating func newState() -> Int32 {
    literals.append([])
    slots.append([])
    epsilons.append([])
    accepts.append([])
    bodyEnds.append([])
    closingFinals.append([])
    copyStates.append(copying)
    return Int32(literals.count - 1)
  }

  /// The states made until ``endClosingCopy()`` are a copy of a closing after one
  /// template's body: the tools walk them, the matcher doesn't.
  mutating func beginClosingCopy() { copying = true }
  mutating func endClosingCopy() { copying = false }

  /// Template `template`'s body ends at `state` (its intent has a closing).
  mutating func bodyEnd(_ template: Int32, at state: Int32) {
    bodyEnds[Int(state)].append(template)
  }

  /// Closing `closing`, compiled once for the matcher, ends at `state`.
  mutating func closingEnds(_ closing: Int32, at state: Int32) {
    closingFinals[Int(state)].append(closing)
  }

  /// A literal edge from `source` to `target`, or to a new state.
  mutating func addLiteral(_ token: Int32, from source: Int32, to target: Int32? = nil) -> Int32 {
    let target = target ?? newState()
    literals[Int(source)].append((token, target))
    return target
  }

  /// A slot edge from `source` to `target`, or to a new state.
  mutating func addSlot(_ slot: Int32, from source: Int32, to target: Int32? = nil) -> Int32 {
    let target = target ?? newState()
    slots[Int(source)].append(Automaton.SlotEdge(slot: slot, target: target))
    return target
  }

  mutating func addEpsilon(from source: Int32, to target: Int32) {
    if source != target { epsilons[Int(source)].append(target) }
  }

  mutating func accept(_ template: Int32, at state: Int32) {
    accepts[Int(state)].append(template)
  }

  /// The automaton without epsilon edges, keeping only states reachable from the start,
  /// and after them those reachable from the closings' `roots`: with ``Automaton/closingOfTemplate``
  /// (by template: its intent's closing, or -1), the closings' tables are filled.
  func build(
    closingRoots roots: [Int32] = [], closingOfTemplate: [Int32] = []
  ) -> (automaton: Automaton, closings: Automaton.ClosingLayout) {
    var automaton = Automaton()
    var layout = Automaton.ClosingLayout()
    var newID: [Int32] = Array(repeating: -1, count: literals.count)
    var order: [Int32] = [Automaton.start]
    newID[Int(Automaton.start)] = 0
    var seen: [Int] = Array(repeating: -1, count: literals.count)
    var cursor = 0
    var pendingRoots = roots[...]
    let hasClosings = !roots.isEmpty
    if hasClosings { (automaton.bodyEndOffsets, automaton.closingFinalOffsets) = ([0], [0]) }
    while true {
      if cursor == order.count {
        guard let root = pendingRoots.popFirst() else { break }
        if newID[Int(root)] < 0 {
          newID[Int(root)] = Int32(order.count)
          order.append(root)
        }
        continue
      }
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
      var rowBodyEnds: [Int32] = []
      var rowFinals: [Int32] = []
      for member in closure {
        rowLiterals.append(contentsOf: literals[Int(member)])
        rowSlots.append(contentsOf: slots[Int(member)])
        rowAccepts.append(contentsOf: accepts[Int(member)])
        rowBodyEnds.append(contentsOf: bodyEnds[Int(member)])
        rowFinals.append(contentsOf: closingFinals[Int(member)])
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
      if hasClosings {
        automaton.bodyEndTemplates.append(contentsOf: Automaton.distinct(rowBodyEnds))
        automaton.bodyEndOffsets.append(Int32(automaton.bodyEndTemplates.count))
        automaton.closingFinals.append(contentsOf: Automaton.distinct(rowFinals))
        automaton.closingFinalOffsets.append(Int32(automaton.closingFinals.count))
        layout.copyStates.append(copyStates[Int(state)])
      }
      cursor += 1
    }
    if hasClosings {
      layout.roots = roots.map { newID[Int($0)] }
      automaton.closingOfTemplate = closingOfTemplate
    }
    automaton.indexStart()
    return (automaton, layout)
  }
}

extension Automaton {
  /// The subset construction: a deterministic automaton over the same symbols (a literal
  /// token, or a slot), whose states are sets of this automaton's states (`members`, each
  /// sorted). Templates that share an opening ("i want to hear …") share its states, so
  /// the matcher follows one thread where it followed one per template.
  ///
  /// Sound for ranking: a thread's score depends only on the symbols it consumed, so every
  /// state of a set is reached with the same score and captures.
  /// `closings` is the layout ``AutomatonBuilder/build(closingRoots:closingOfTemplate:)``
  /// gave with this automaton (none: a grammar without closings).
  func determinized(
    closings: ClosingLayout = ClosingLayout()
  ) -> (automaton: Automaton, memberOffsets: [Int32], members: [Int32]) {
    var result = Automaton()
    result.literalTokens.reserveCapacity(literalTokens.count)
    result.literalTargets.reserveCapacity(literalTokens.count)
    var memberOffsets: [Int32] = [0, 1]
    var members: [Int32] = [Automaton.start]
    // Sets by hash: the ids of the sets with that hash (almost always one).
    var index: [UInt64: [Int32]] = [:]
    func hash(_ set: ArraySlice<Int32>) -> UInt64 {
      var value: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(set.count + 1)
      for state in set {
        value = (value ^ UInt64(UInt32(bitPattern: state))) &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 29
      }
      return value
    }
    index[hash([Automaton.start][...])] = [0]
    let hasClosings = !closings.roots.isEmpty
    let copies = closings.copyStates
    if hasClosings {
      result.bodyEndOffsets = [0]
      result.closingFinalOffsets = [0]
      result.closingOfTemplate = closingOfTemplate
    }
    func number(_ set: ArraySlice<Int32>) -> Int32 {
      let key = hash(set)
      if let known = index[key] {
        for id in known where members[Int(memberOffsets[Int(id)])..<Int(memberOffsets[Int(id) + 1])] == set {
          return id
        }
      }
      let id = Int32(memberOffsets.count - 1)
      members.append(contentsOf: set)
      memberOffsets.append(Int32(members.count))
      index[key, default: []].append(id)
      return id
    }
    // Each closing's start is a state of its own, reached by no edge: the matcher enters it.
    result.closingEntries = closings.roots.map { number([$0][...]) }
    var pairs: [UInt64] = []
    var targets: [Int32] = []
    var slotPairs: [(slot: Int32, order: Int32, target: Int32)] = []
    var accepts: [Int32] = []
    var bodyEnds: [Int32] = []
    var finals: [Int32] = []
    var set: [Int32] = []
    var cursor = 0
    while cursor < memberOffsets.count - 1 {
      // A copy: a slice would share `members`' storage, and every append below copy it.
      set.removeAll(keepingCapacity: true)
      set.append(contentsOf: members[Int(memberOffsets[cursor])..<Int(memberOffsets[cursor + 1])])
      cursor += 1
      pairs.removeAll(keepingCapacity: true)
      slotPairs.removeAll(keepingCapacity: true)
      accepts.removeAll(keepingCapacity: true)
      bodyEnds.removeAll(keepingCapacity: true)
      finals.removeAll(keepingCapacity: true)
      for state in set {
        let s = Int(state)
        // A closing's copy after a template is the tools': the matcher uses the one closing.
        for row in Int(literalOffsets[s])..<Int(literalOffsets[s + 1]) where !hasClosings || !copies[Int(literalTargets[row])] {
          pairs.append(UInt64(UInt32(bitPattern: literalTokens[row])) << 32 | UInt64(UInt32(bitPattern: literalTargets[row])))
        }
        for row in Int(slotOffsets[s])..<Int(slotOffsets[s + 1]) where !hasClosings || !copies[Int(slotEdges[row].target)] {
          slotPairs.append((slotEdges[row].slot, Int32(slotPairs.count), slotEdges[row].target))
        }
        for row in Int(acceptOffsets[s])..<Int(acceptOffsets[s + 1]) { accepts.append(acceptTemplates[row]) }
        if hasClosings {
          for row in bodyEndRange(of: state) { bodyEnds.append(bodyEndTemplates[row]) }
          for row in Int(closingFinalOffsets[s])..<Int(closingFinalOffsets[s + 1]) { finals.append(closingFinals[row]) }
        }
      }
      pairs.sort()
      var row = 0
      while row < pairs.count {
        let token = UInt32(truncatingIfNeeded: pairs[row] >> 32)
        targets.removeAll(keepingCapacity: true)
        while row < pairs.count && UInt32(truncatingIfNeeded: pairs[row] >> 32) == token {
          let target = Int32(bitPattern: UInt32(truncatingIfNeeded: pairs[row]))
          if targets.last != target { targets.append(target) }
          row += 1
        }
        result.literalTokens.append(Int32(bitPattern: token))
        result.literalTargets.append(number(targets[...]))
      }
      result.literalOffsets.append(Int32(result.literalTokens.count))
      // Slot edges in the order the members list them, one per slot.
      var firstOrder: [Int32: Int32] = [:]
      for pair in slotPairs where firstOrder[pair.slot] == nil { firstOrder[pair.slot] = pair.order }
      slotPairs.sort { (firstOrder[$0.slot]!, $0.target) < (firstOrder[$1.slot]!, $1.target) }
      row = 0
      while row < slotPairs.count {
        let slot = slotPairs[row].slot
        targets.removeAll(keepingCapacity: true)
        while row < slotPairs.count && slotPairs[row].slot == slot {
          if targets.last != slotPairs[row].target { targets.append(slotPairs[row].target) }
          row += 1
        }
        result.slotEdges.append(SlotEdge(slot: slot, target: number(targets[...])))
      }
      result.slotOffsets.append(Int32(result.slotEdges.count))
      accepts.sort()
      var last: Int32 = -1
      for template in accepts where template != last {
        result.acceptTemplates.append(template)
        last = template
      }
      result.acceptOffsets.append(Int32(result.acceptTemplates.count))
      if hasClosings {
        // By closing, then template: the matcher enters each closing once per run.
        result.bodyEndTemplates.append(contentsOf: Automaton.distinct(bodyEnds).sorted {
          (closingOfTemplate[Int($0)], $0) < (closingOfTemplate[Int($1)], $1)
        })
        result.bodyEndOffsets.append(Int32(result.bodyEndTemplates.count))
        result.closingFinals.append(contentsOf: Automaton.distinct(finals))
        result.closingFinalOffsets.append(Int32(result.closingFinals.count))
      }
    }
    result.indexStart()
    return (result, memberOffsets, members)
  }
}
