/// An example sentence generated from a template by ``CompiledGrammar/sample(intent:count:lists:seed:)``.
public struct Sample: Sendable, Equatable {
  /// The sentence: literal words as the grammar files write them (lower case), list values
  /// as written in the list or catalog.
  public var sentence: String
  public var intent: String
  /// The template it was generated from.
  public var template: TemplateReference
  /// The slots the template fills for this sentence: list entries' values, entity values
  /// as ``SlotValue/description`` prints them, free text as written, and the fixed
  /// (`=>`) slots. When a slot name occurs twice, the first value is kept.
  public var slots: [String: String]

  public init(sentence: String, intent: String, template: TemplateReference, slots: [String: String]) {
    self.sentence = sentence
    self.intent = intent
    self.template = template
    self.slots = slots
  }
}

/// How many different sentences an intent's templates can produce, from
/// ``CompiledGrammar/sentenceCounts(lists:)``.
public struct SentenceCount: Sendable, Equatable {
  /// Counts stop growing here instead of overflowing.
  public static let cap = 1_000_000_000_000_000_000

  public var intent: String
  /// The sum over the intent's templates, at most ``cap``.
  public var total: Int
  /// Every template of the intent with its count, in the order written.
  public var templates: [TemplateSentenceCount]

  public init(intent: String, total: Int, templates: [TemplateSentenceCount]) {
    self.intent = intent
    self.total = total
    self.templates = templates
  }

  /// Whether the count reached ``cap`` (the real number is at least that).
  public var isSaturated: Bool { total >= SentenceCount.cap }
}

/// One template's sentence count.
public struct TemplateSentenceCount: Sendable, Equatable {
  public var template: TemplateReference
  /// At most ``SentenceCount/cap``.
  public var count: Int

  public init(template: TemplateReference, count: Int) {
    self.template = template
    self.count = count
  }
}

/// SplitMix64 (Steele, Lea and Flood): a small, fast generator whose output depends only
/// on the seed, on every platform and Swift version.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is not positive), by the multiply-high method.
  mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(UInt64(bound).multipliedFullWidth(by: next()).high)
  }
}

extension CompiledGrammar {
  /// Values the built-in entities take in samples, tried in order; each must be read in
  /// full by the locale's recognizer to be used (digit forms work everywhere).
  static let sampleEntityPhrases: [BuiltinEntity: [String]] = [
    .number: ["30", "5", "twelve", "三十"],
    .ordinal: ["second", "3rd", "first", "2nd", "第二"],
    .duration: ["30 minutes", "an hour", "90 seconds", "30min", "三十分钟"],
    .speed: ["double speed", "1.5x", "half speed"],
    .year: ["1999", "2003", "nineteen ninety nine"],
    .frequency: ["98.1", "ninety eight point one", "1010", "89.1"],
  ]

  /// Free text in samples: made-up names that no template or list of a typical grammar
  /// uses, so that the sample reads back the same way. Phrases with a word the grammar
  /// knows are left out; "something" is the last resort.
  static let sampleFreeText: [String] = [
    "Blue Harbor", "Paper Lanterns", "Velvet Orchard", "Marigold", "Copper Meadow", "Quiet Lagoon",
    "Saffron Tide", "Willow Creek",
  ]

  /// Free text for `{person}` slots: made-up names of people, whose surnames are no
  /// everyday words, so that a sample reads back as a person's (``PersonRules``).
  static let samplePersonNames: [String] = ["Mira Kessler", "Tomas Varga", "Lena Okafor", "Ravi Lindqvist"]

  /// Up to `count` distinct example sentences of `intent` (every intent for `nil`), taking
  /// the templates in turn, with list values filled in from the grammar's lists and from
  /// `values`. The same seed gives the same samples.
  ///
  /// Built-ins get plausible values ("30", "second", "30 minutes", "double speed"), free
  /// text a made-up name. Paths through an external list without values are not taken,
  /// so a template that needs one gives no samples. Fewer than `count` samples come back
  /// when the templates cannot make that many different sentences.
  ///
  /// `including` picks the intents sampled when `intent` is `nil` (all by default).
  public func sample(
    intent: String?, count: Int, lists values: ListValues = ListValues(), seed: UInt64 = 1,
    including: (String) -> Bool = { _ in true }
  ) -> [Sample] {
    guard count > 0 else { return [] }
    var sampler = SentenceSampler(graph: GrammarGraph(grammar: self, values: values))
    var live = sampler.graph.templates(of: intent).filter { sampler.canFinish(Automaton.start, template: $0) }
    if intent == nil {
      live = live.filter { including(intentNames[Int(templates[Int($0)].intent)]) }
    }
    var random = SplitMix64(seed: seed)
    var samples: [Sample] = []
    var seen = Set<String>()
    var failures = Array(repeating: 0, count: live.count)
    var turn = 0
    while samples.count < count && !live.isEmpty {
      let slot = turn % live.count
      let template = live[slot]
      let sample = sampler.generate(template: template, random: &random)
      if seen.insert(Tokenizer.normalize(sample.sentence)).inserted {
        samples.append(sample)
        failures[slot] = 0
        turn += 1
      } else {
        failures[slot] += 1
        // A template that keeps repeating itself has (nearly) run out of sentences.
        if failures[slot] >= 12 {
          live.remove(at: slot)
          failures.remove(at: slot)
        } else {
          turn += 1
        }
      }
    }
    return samples
  }

  /// How many different sentences each intent's templates can produce, by intent name.
  ///
  /// A list counts its spoken forms, an external list the forms in `values` (1 when it has
  /// none); free text and built-in entities count 1 each. So sequences multiply,
  /// alternatives add, and an optional part adds one. Filler is not counted. Counts
  /// saturate at ``SentenceCount/cap``.
  public func sentenceCounts(lists values: ListValues = ListValues()) -> [String: SentenceCount] {
    let graph = GrammarGraph(grammar: self, values: values)
    let automaton = automaton
    // Spoken forms per slot.
    let slotWeights: [Int] = slots.indices.map { index in
      guard case .list = slots[index].source else { return 1 }
      let forms = graph.entries(ofSlot: Int32(index)).reduce(0) { sum, entry in
        sum + entry.phrases.filter { !Tokenizer.words($0).isEmpty }.count
      }
      return max(forms, 1)
    }
    func weight(_ edge: GrammarGraph.Edge) -> Int {
      if case .slot(let slot, _) = edge { return slotWeights[Int(slot)] }
      return 1
    }
    // Sentences from every state to the end of its template (the start excepted).
    var paths = Array(repeating: 0, count: graph.stateCount)
    for state in graph.postOrder where state != Automaton.start {
      var total = automaton.acceptRange(of: state).isEmpty ? 0 : 1
      for edge in graph.edges(of: state) {
        total = CompiledGrammar.saturatingAdd(total, CompiledGrammar.saturatingMultiply(weight(edge), paths[Int(edge.target)]))
      }
      paths[Int(state)] = total
    }
    var perTemplate = Array(repeating: 0, count: templates.count)
    for edge in graph.edges(of: Automaton.start) {
      let owner = graph.owner[Int(edge.target)]
      guard owner >= 0, Int(owner) < perTemplate.count else { continue }
      perTemplate[Int(owner)] = CompiledGrammar.saturatingAdd(
        perTemplate[Int(owner)], CompiledGrammar.saturatingMultiply(weight(edge), paths[Int(edge.target)]))
    }
    for row in automaton.acceptRange(of: Automaton.start) {
      let template = Int(automaton.acceptTemplates[row])
      if template < perTemplate.count { perTemplate[template] = CompiledGrammar.saturatingAdd(perTemplate[template], 1) }
    }

    var result: [String: SentenceCount] = [:]
    for (number, name) in intentNames.enumerated() {
      var total = 0
      var items: [TemplateSentenceCount] = []
      for (index, template) in templates.enumerated() where template.intent == number {
        items.append(TemplateSentenceCount(template: template.reference, count: perTemplate[index]))
        total = CompiledGrammar.saturatingAdd(total, perTemplate[index])
      }
      result[name] = SentenceCount(intent: name, total: total, templates: items)
    }
    return result
  }

  static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow || sum > SentenceCount.cap ? SentenceCount.cap : sum
  }

  static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow || product > SentenceCount.cap ? SentenceCount.cap : product
  }
}

/// Random walks through one template's states.
struct SentenceSampler {
  private enum Choice {
    case stop
    case edge(GrammarGraph.Edge)
  }

  let graph: GrammarGraph
  /// Whether each state can reach the end of its template with the lists given.
  private var finishes: [Bool]
  private let fillable: [Bool]
  private let startEdges: [GrammarGraph.Edge]
  private let entityPhrases: [BuiltinEntity: [(phrase: String, value: String)]]
  private let freeText: [String]
  /// ``CompiledGrammar/samplePersonNames`` the grammar reads as people's names.
  private let personNames: [String]
  /// Free text with a `collection words` word after it, for `{collection}` slots.
  private let collectionNames: [String]

  init(graph: GrammarGraph) {
    self.graph = graph
    let grammar = graph.grammar
    let fillable = grammar.slots.indices.map { index -> Bool in
      guard case .list = grammar.slots[index].source else { return true }
      return graph.entries(ofSlot: Int32(index)).contains { entry in
        entry.phrases.contains { !Tokenizer.words($0).isEmpty }
      }
    }
    self.fillable = fillable
    var finishes = Array(repeating: false, count: graph.stateCount)
    for state in graph.postOrder where state != Automaton.start {
      if !grammar.automaton.acceptRange(of: state).isEmpty {
        finishes[Int(state)] = true
        continue
      }
      finishes[Int(state)] = graph.edges(of: state).contains { edge in
        guard finishes[Int(edge.target)] else { return false }
        if case .slot(let slot, _) = edge { return fillable[Int(slot)] }
        return true
      }
    }
    self.finishes = finishes
    self.startEdges = graph.edges(of: Automaton.start)

    var entityPhrases: [BuiltinEntity: [(phrase: String, value: String)]] = [:]
    for entity in BuiltinEntity.allCases {
      var usable: [(phrase: String, value: String)] = []
      for phrase in CompiledGrammar.sampleEntityPhrases[entity] ?? [] {
        let words = Tokenizer.words(phrase)
        if let span = grammar.entities.matches(entity, in: words, from: 0).first(where: { $0.end == words.count }) {
          usable.append((phrase, span.value.description))
        }
      }
      if usable.isEmpty {
        let fallback = CompiledGrammar.sampleEntityPhrases[entity]?.first ?? "30"
        usable.append((fallback, fallback))
      }
      entityPhrases[entity] = usable
    }
    self.entityPhrases = entityPhrases

    var known = Set(grammar.tokenIDs.keys)
    for table in graph.tables {
      for entry in table?.entries ?? [] {
        for phrase in entry.phrases { known.formUnion(Tokenizer.words(phrase)) }
      }
    }
    func isUnknown(_ phrase: String) -> Bool {
      Tokenizer.words(phrase).allSatisfy { word in
        var skippable = false
        grammar.skips.forEachMatch(in: [word], from: 0) { _, _ in skippable = true }
        return !known.contains(word) && !skippable
      }
    }
    let free = CompiledGrammar.sampleFreeText.filter(isUnknown)
    self.freeText = free.isEmpty ? ["something"] : free
    let people = CompiledGrammar.samplePersonNames.filter { name in
      isUnknown(name) && grammar.personTable.reason(Tokenizer.words(name)) != nil
    }
    self.personNames = people.isEmpty ? freeText : people
    // A word no template or list knows, so that the sample reads back as one name.
    let collectionWord = grammar.collectionWords.sorted().first(where: isUnknown)
    let plainText = self.freeText
    self.collectionNames = collectionWord.map { word in plainText.map { "\($0) \(word)" } } ?? plainText
  }

  /// Whether `state` can reach the end of `template`.
  func canFinish(_ state: Int32, template: Int32) -> Bool {
    if state != Automaton.start { return graph.owner[Int(state)] == template && finishes[Int(state)] }
    if graph.accepts(Automaton.start, template: template) { return true }
    return startEdges.contains { usable($0, template: template) }
  }

  private func usable(_ edge: GrammarGraph.Edge, template: Int32) -> Bool {
    let target = Int(edge.target)
    guard graph.owner[target] == template, finishes[target] else { return false }
    if case .slot(let slot, _) = edge { return fillable[Int(slot)] }
    return true
  }

  /// One random sentence of `template` (which must be able to finish).
  mutating func generate(template: Int32, random: inout SplitMix64) -> Sample {
    let grammar = graph.grammar
    var pieces: [String] = []
    var slots: [String: String] = [:]
    var state = Automaton.start
    // Every edge leads to a new state of a finite acyclic automaton, so this ends; the
    // bound only guards against a malformed automaton.
    for _ in 0...graph.stateCount {
      var choices: [Choice] = []
      if graph.accepts(state, template: template) { choices.append(.stop) }
      let edges = state == Automaton.start ? startEdges : graph.edges(of: state)
      for edge in edges where usable(edge, template: template) { choices.append(.edge(edge)) }
      guard !choices.isEmpty else { break }
      guard case .edge(let edge) = choices[random.below(choices.count)] else { break }
      switch edge {
      case .literal(let token, _):
        pieces.append(graph.spelling(token))
      case .slot(let slot, _):
        let descriptor = grammar.slots[Int(slot)]
        let (phrase, value) = fill(slot: slot, descriptor: descriptor, random: &random)
        pieces.append(phrase)
        if slots[descriptor.name] == nil { slots[descriptor.name] = value }
      }
      state = edge.target
    }
    let compiled = grammar.templates[Int(template)]
    for fixed in compiled.fixedSlots where slots[fixed.name] == nil { slots[fixed.name] = fixed.value }
    return Sample(
      sentence: SentenceSampler.join(pieces), intent: grammar.intentNames[compiled.intent],
      template: compiled.reference, slots: slots)
  }

  private func fill(slot: Int32, descriptor: SlotDescriptor, random: inout SplitMix64) -> (String, String) {
    switch descriptor.source {
    case .freeText:
      let pool = descriptor.isPerson ? personNames : descriptor.isCollection ? collectionNames : freeText
      let phrase = pool[random.below(pool.count)]
      return (phrase, phrase)
    case .entity(let entity):
      let options = entityPhrases[entity] ?? [("30", "30")]
      return options[random.below(options.count)]
    case .list:
      let entries = graph.entries(ofSlot: slot).filter { entry in entry.phrases.contains { !Tokenizer.words($0).isEmpty } }
      guard !entries.isEmpty else { return ("", "") }
      let entry = entries[random.below(entries.count)]
      let phrases = entry.phrases.filter { !Tokenizer.words($0).isEmpty }
      return (phrases[random.below(phrases.count)], entry.value)
    }
  }

  /// Joins pieces with spaces, leaving none between two ideographs.
  static func join(_ pieces: [String]) -> String {
    var result = ""
    for piece in pieces where !piece.isEmpty {
      if let last = result.unicodeScalars.last, let first = piece.unicodeScalars.first,
        !(Tokenizer.isIdeographic(last) && Tokenizer.isIdeographic(first)), !Tokenizer.isApostrophe(first)
      {
        result += " "
      }
      result += piece
    }
    return result
  }
}
