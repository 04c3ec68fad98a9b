/// A view of a ``CompiledGrammar``'s automaton for the grammar-designer tools: which
/// template every state belongs to, the words behind token ids, the list tables in use and
/// a topological order of the states.
///
/// Every template is compiled from the start state into states of its own (rules are
/// inlined afresh at every reference), so each state but the start belongs to exactly one
/// template: the one whose accepting states it reaches. That lets the tools follow one
/// template through the shared automaton.
struct GrammarGraph {
  /// A transition out of a state, literal or slot.
  enum Edge {
    /// A literal token (`token` indexes ``GrammarGraph/words``).
    case literal(token: Int32, target: Int32)
    /// A slot (`slot` indexes ``CompiledGrammar/slots``).
    case slot(slot: Int32, target: Int32)

    var target: Int32 {
      switch self {
      case .literal(_, let target), .slot(_, let target): return target
      }
    }
  }

  let grammar: CompiledGrammar
  /// The template each state belongs to; -1 for the start state (which belongs to all).
  let owner: [Int32]
  /// The word of every interned token id.
  let words: [String]
  /// The entries of every list (static lists from the grammar, external ones from the
  /// values given), by list index; `nil` for an external list without values.
  let tables: [ListTable?]
  /// Every state after the states it has edges to (reverse topological order).
  let postOrder: [Int32]

  init(grammar: CompiledGrammar, values: ListValues) {
    self.grammar = grammar
    let automaton = grammar.automaton
    let stateCount = automaton.stateCount

    var words = Array(repeating: "", count: grammar.tokenIDs.count)
    for (word, id) in grammar.tokenIDs where Int(id) < words.count { words[Int(id)] = word }
    self.words = words
    self.tables = grammar.lists.map { $0.isExternal ? values.tables[$0.name] : $0.table }

    // Owners: walk backwards from the accepting states.
    var predecessors = Array(repeating: [Int32](), count: stateCount)
    for state in 0..<stateCount {
      let from = Int32(state)
      for row in Int(automaton.literalOffsets[state])..<Int(automaton.literalOffsets[state + 1]) {
        let target = Int(automaton.literalTargets[row])
        if target < stateCount { predecessors[target].append(from) }
      }
      for row in automaton.slotRange(of: from) {
        let target = Int(automaton.slotEdges[row].target)
        if target < stateCount { predecessors[target].append(from) }
      }
    }
    var owner = Array(repeating: Int32(-1), count: stateCount)
    var queue: [Int32] = []
    for state in 1..<max(stateCount, 1) {
      let range = automaton.acceptRange(of: Int32(state))
      if let first = range.first {
        owner[state] = automaton.acceptTemplates[first]
        queue.append(Int32(state))
      }
    }
    var cursor = 0
    while cursor < queue.count {
      let state = queue[cursor]
      cursor += 1
      for source in predecessors[Int(state)] where source != Automaton.start && owner[Int(source)] < 0 {
        owner[Int(source)] = owner[Int(state)]
        queue.append(source)
      }
    }
    self.owner = owner

    // Post-order by an iterative depth-first search (the automaton has no cycles).
    var order: [Int32] = []
    order.reserveCapacity(stateCount)
    var visited = Array(repeating: false, count: stateCount)
    var stack: [(state: Int32, next: Int)] = []
    if stateCount > 0 {
      stack.append((Automaton.start, 0))
      visited[0] = true
    }
    var successors = Array(repeating: [Int32](), count: stateCount)
    for (target, sources) in predecessors.enumerated() {
      for source in sources { successors[Int(source)].append(Int32(target)) }
    }
    while let top = stack.last {
      let list = successors[Int(top.state)]
      if top.next < list.count {
        stack[stack.count - 1].next += 1
        let target = list[top.next]
        if !visited[Int(target)] {
          visited[Int(target)] = true
          stack.append((target, 0))
        }
      } else {
        order.append(top.state)
        stack.removeLast()
      }
    }
    self.postOrder = order
  }

  var stateCount: Int { owner.count }

  /// The edges out of `state`, literal edges first (by token), then slot edges in order.
  func edges(of state: Int32) -> [Edge] {
    let automaton = grammar.automaton
    var result: [Edge] = []
    let index = Int(state)
    guard index >= 0, index < stateCount else { return [] }
    for row in Int(automaton.literalOffsets[index])..<Int(automaton.literalOffsets[index + 1]) {
      result.append(.literal(token: automaton.literalTokens[row], target: automaton.literalTargets[row]))
    }
    for row in automaton.slotRange(of: state) {
      let edge = automaton.slotEdges[row]
      result.append(.slot(slot: edge.slot, target: edge.target))
    }
    return result
  }

  /// Whether `state` accepts `template`.
  func accepts(_ state: Int32, template: Int32) -> Bool {
    let automaton = grammar.automaton
    return automaton.acceptRange(of: state).contains { automaton.acceptTemplates[$0] == template }
  }

  /// The word of a token id.
  func word(_ token: Int32) -> String {
    token >= 0 && Int(token) < words.count ? words[Int(token)] : ""
  }

  /// The entries a list slot can take, empty for free text, entities and external lists
  /// without values.
  func entries(ofSlot slot: Int32) -> [ListEntry] {
    guard case .list(let list, _) = grammar.slots[Int(slot)].source, list < tables.count else { return [] }
    return tables[list]?.entries ?? []
  }

  /// The slot as a template writes it: `{list}` when the slot is named after the list,
  /// `{list:slot}` otherwise.
  func label(ofSlot slot: Int32) -> String {
    let descriptor = grammar.slots[Int(slot)]
    let list: String
    switch descriptor.source {
    case .list(_, let name): list = name
    case .entity(let entity): list = entity.rawValue
    case .freeText: list = "text"
    }
    return list == descriptor.name ? "{\(list)}" : "{\(list):\(descriptor.name)}"
  }

  /// The templates' indices belonging to `intent` (all templates for `nil`), in order.
  func templates(of intent: String?) -> [Int32] {
    let templates = grammar.templates
    guard let intent else { return templates.indices.map { Int32($0) } }
    guard let number = grammar.intentNames.firstIndex(of: intent) else { return [] }
    return templates.indices.filter { templates[$0].intent == number }.map { Int32($0) }
  }
}
