import Foundation

/// Turns grammar files into a ``CompiledGrammar``.
public enum GrammarCompiler {
  /// The lists every grammar has without declaring them.
  static let builtinLists: [String] = ["text", "name", "fullname", "person", "collection"] + BuiltinEntity.allCases.map(\.rawValue)

  /// Parses, checks and compiles `sources` (in the order given) into one matcher.
  ///
  /// Every problem found in any file is reported, in file and line order.
  public static func compile(_ sources: [GrammarSource], locale: String) throws(GrammarError) -> CompiledGrammar {
    var checker = GrammarChecker(sources: sources)
    let files = sources.map { source -> GrammarFile in
      let (file, diagnostics) = GrammarParser.parse(source)
      checker.diagnostics.append(contentsOf: diagnostics)
      return file
    }
    checker.check(files)
    guard checker.diagnostics.isEmpty else {
      throw GrammarError(diagnostics: checker.sortedDiagnostics())
    }
    // Each declared spelling said wherever another is (after the checks: diagnostics
    // point at the files as written).
    var assembler = GrammarAssembler(files: SpellingVariants(files).applied(to: files), locale: locale)
    var grammar = assembler.assemble()
    grammar.spellings = GrammarSpellings.collect(sources)
    return grammar
  }

  /// Compiles every `*.grammar` file of `directory`, in file-name order. The locale
  /// defaults to the folder's name (`Grammars/en-US` → `en-US`).
  ///
  /// With `cache`, a grammar compiled before from the same files by the same program
  /// is read back instead (see ``GrammarCache``), and one compiled now is kept.
  public static func load(directory: String, locale: String? = nil, cache: GrammarCache? = nil) throws(GrammarError) -> CompiledGrammar {
    let (sources, locale) = try read(directory: directory, locale: locale)
    guard let cache else { return try compile(sources, locale: locale) }
    return try cache.grammar(for: sources, locale: locale) { () throws(GrammarError) in try compile(sources, locale: locale) }
  }

  /// The `*.grammar` files of `directory`, in file-name order, and the locale (the
  /// folder's name unless given).
  static func read(directory: String, locale: String?) throws(GrammarError) -> (sources: [GrammarSource], locale: String) {
    var folder = directory
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    let locale = locale ?? URL(fileURLWithPath: folder).lastPathComponent
    let fileLevel = SourceLocation(file: folder, line: 0, column: 0)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw GrammarError(diagnostics: [
        GrammarDiagnostic(location: fileLevel, message: GrammarMessage.unreadableDirectory(folder), sourceLine: "")
      ])
    }
    let grammarNames = names.filter { $0.hasSuffix(".grammar") }.sorted()
    guard !grammarNames.isEmpty else {
      throw GrammarError(diagnostics: [
        GrammarDiagnostic(location: fileLevel, message: GrammarMessage.noGrammarFiles(folder), sourceLine: "")
      ])
    }
    var sources: [GrammarSource] = []
    var problems: [GrammarDiagnostic] = []
    for name in grammarNames {
      let path = folder + "/" + name
      do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(data: data, encoding: .utf8) else {
          problems.append(GrammarDiagnostic(
            location: SourceLocation(file: path, line: 0, column: 0),
            message: GrammarMessage.unreadableFile(path, reason: "not UTF-8 text"), sourceLine: ""))
          continue
        }
        sources.append(GrammarSource(path: path, text: text))
      } catch {
        problems.append(GrammarDiagnostic(
          location: SourceLocation(file: path, line: 0, column: 0),
          message: GrammarMessage.unreadableFile(path, reason: "the file cannot be opened"), sourceLine: ""))
      }
    }
    guard problems.isEmpty else { throw GrammarError(diagnostics: problems) }
    return (sources, locale)
  }
}

// MARK: - Checks across files

/// Checks what one file cannot check alone: duplicate and unknown names, rule cycles.
struct GrammarChecker {
  var diagnostics: [GrammarDiagnostic] = []
  private let fileOrder: [String: Int]
  private let lines: [String: [Substring]]

  init(sources: [GrammarSource]) {
    var order: [String: Int] = [:]
    var lines: [String: [Substring]] = [:]
    for (index, source) in sources.enumerated() where order[source.path] == nil {
      order[source.path] = index
      var text = Substring(source.text)
      if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
      lines[source.path] = text.split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\r\n" || $0 == "\r"
      }
    }
    self.fileOrder = order
    self.lines = lines
  }

  mutating func report(_ message: String, at location: SourceLocation) {
    let fileLines = lines[location.file] ?? []
    let line = location.line >= 1 && location.line <= fileLines.count ? String(fileLines[location.line - 1]) : ""
    diagnostics.append(GrammarDiagnostic(location: location, message: message, sourceLine: line))
  }

  /// Diagnostics in source order, then line, then column (stable otherwise).
  func sortedDiagnostics() -> [GrammarDiagnostic] {
    diagnostics.enumerated().sorted { left, right in
      let a = left.element.location
      let b = right.element.location
      let fileA = fileOrder[a.file] ?? Int.max
      let fileB = fileOrder[b.file] ?? Int.max
      if fileA != fileB { return fileA < fileB }
      if a.line != b.line { return a.line < b.line }
      if a.column != b.column { return a.column < b.column }
      return left.offset < right.offset
    }.map(\.element)
  }

  mutating func check(_ files: [GrammarFile]) {
    var rules: [String: RuleDeclaration] = [:]
    var ruleOrder: [RuleDeclaration] = []
    var lists: [String: SourceLocation] = [:]
    var minimumScore: SourceLocation?
    for file in files {
      if let location = file.minimumScore?.location {
        if let first = minimumScore {
          report(GrammarMessage.duplicateMinimumScore(first: first), at: location)
        } else {
          minimumScore = location
        }
      }
      for rule in file.rules {
        if let first = rules[rule.name] {
          report(GrammarMessage.duplicate("rule", rule.name, firstAt: first.location), at: rule.location)
        } else {
          rules[rule.name] = rule
          ruleOrder.append(rule)
        }
      }
      for list in file.lists {
        if GrammarCompiler.builtinLists.contains(list.name) {
          report(GrammarMessage.reservedListName(list.name), at: list.location)
        } else if let first = lists[list.name] {
          report(GrammarMessage.duplicate("list", list.name, firstAt: first), at: list.location)
        } else {
          lists[list.name] = list.location
        }
      }
      var intents: [String: SourceLocation] = [:]
      for intent in file.intents {
        if let first = intents[intent.name] {
          report(GrammarMessage.duplicateIntentInFile(intent.name, firstAt: first), at: intent.location)
        } else {
          intents[intent.name] = intent.location
        }
      }
    }

    let ruleNames = ruleOrder.map(\.name)
    let listNames = GrammarCompiler.builtinLists + lists.keys.sorted()
    func checkReferences(_ expression: GrammarExpression) {
      expression.forEachRuleReference { name, location in
        if rules[name] == nil {
          report(GrammarMessage.unknownRule(name, suggestion: GrammarChecker.suggestion(for: name, among: ruleNames)), at: location)
        }
      }
      expression.forEachSlot { list, _, location in
        if lists[list] == nil && !GrammarCompiler.builtinLists.contains(list) {
          report(GrammarMessage.unknownList(list, suggestion: GrammarChecker.suggestion(for: list, among: listNames)), at: location)
        }
      }
    }
    for file in files {
      for rule in file.rules { checkReferences(rule.expression) }
      for intent in file.intents {
        if let closing = intent.closing { checkReferences(closing) }
        for template in intent.templates { checkReferences(template.expression) }
      }
    }
    let cycles = diagnostics.count
    checkCycles(ruleOrder, rules: rules)
    // A cycle longer than the depth limit is found as too deep; the size is only finite
    // without cycles.
    guard diagnostics.count == cycles, checkRuleDepth(ruleOrder, rules: rules) else { return }
    checkSize(files, rules: rules)
    checkSlotsFilledOnce(files, rules: rules)
  }

  /// A template cannot fill a slot twice on every path through it: `play {text:x} and
  /// {text:x}` is a mistake. Filling it in one of two places (`[<goal>] … [<goal_tail>]`,
  /// `(by {text:artist} | from {name:artist})`) is how grammars say a slot may come
  /// early or late, and is fine. Reported at the second filling (for a rule, at the
  /// reference that brings it in). Needs the rules to be free of cycles.
  private mutating func checkSlotsFilledOnce(_ files: [GrammarFile], rules: [String: RuleDeclaration]) {
    var memo: [String: [String: SourceLocation]] = [:]
    var found: [(slot: String, first: SourceLocation, again: SourceLocation)] = []

    /// The slots every match of `expression` fills, each with where; conflicts inside
    /// sequences go to `found` when `collect` is set.
    func filled(_ expression: GrammarExpression, collect: Bool) -> [String: SourceLocation] {
      switch expression {
      case .words:
        return [:]
      case .slot(_, let name, let location):
        return [name: location]
      case .rule(let name, let location):
        if memo[name] == nil, let rule = rules[name] {
          memo[name] = filled(rule.expression, collect: false)
        }
        return (memo[name] ?? [:]).mapValues { _ in location }
      case .optional(let inner):
        _ = filled(inner, collect: collect)
        return [:]
      case .alternatives(let items):
        var common: [String: SourceLocation]?
        for item in items {
          let slots = filled(item, collect: collect)
          common = common.map { $0.filter { slots[$0.key] != nil } } ?? slots
        }
        return common ?? [:]
      case .sequence(let items):
        var seen: [String: SourceLocation] = [:]
        for item in items {
          let slots = filled(item, collect: collect).sorted { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }
          for (slot, location) in slots {
            if let first = seen[slot] {
              if collect { found.append((slot, first, location)) }
            } else {
              seen[slot] = location
            }
          }
        }
        return seen
      }
    }

    for file in files {
      for rule in file.rules { _ = filled(rule.expression, collect: true) }
      for intent in file.intents {
        for template in intent.templates { _ = filled(intent.expression(of: template), collect: true) }
      }
    }
    for conflict in found {
      report(GrammarMessage.slotFilledTwice(conflict.slot, firstAt: conflict.first), at: conflict.again)
    }
  }

  /// How deep rules may use rules. Every use of a rule is inlined, and the compiler walks
  /// the result recursively: a chain of ten thousand rules overflows the stack. The grammars
  /// go three deep.
  static let maximumRuleDepth = 16
  /// The most words and slots all templates may add up to once their rules are inlined.
  /// A rule used twice in the rule above it, thirty times over, is a billion copies: the
  /// compiler would take hours and gigabytes. The English grammars come to about 500,000
  /// (a template that opens with every way of asking and ends with every option is about
  /// 2,000), compiled cold in about 1.5 s and 140 MB; near the limit a compile takes about
  /// 5 s and 350 MB (2-core VM).
  static let maximumInlinedSize = 2_000_000

  /// Reports the first rule that uses rules more than ``maximumRuleDepth`` deep; `false` then.
  private mutating func checkRuleDepth(_ ruleOrder: [RuleDeclaration], rules: [String: RuleDeclaration]) -> Bool {
    let limit = GrammarChecker.maximumRuleDepth
    var depths: [String: Int] = [:]
    // Past the limit the recursion stops, so the value is only known to be over it.
    func depth(of rule: RuleDeclaration, level: Int) -> Int {
      if let known = depths[rule.name] { return known }
      guard level < limit else { return limit + 1 }
      var result = 1
      rule.expression.forEachRuleReference { name, _ in
        if let used = rules[name] { result = max(result, 1 + depth(of: used, level: level + 1)) }
      }
      depths[rule.name] = result
      return result
    }
    for rule in ruleOrder where depth(of: rule, level: 0) > limit {
      report(GrammarMessage.rulesTooDeep(rule.name, limit: limit), at: rule.location)
      return false
    }
    return true
  }

  /// Reports the template at which the templates, rules inlined, grow past
  /// ``maximumInlinedSize`` words and slots.
  private mutating func checkSize(_ files: [GrammarFile], rules: [String: RuleDeclaration]) {
    let limit = GrammarChecker.maximumInlinedSize
    var sizes: [String: Int] = [:]
    func size(of expression: GrammarExpression) -> Int {
      switch expression {
      case .words(let words, _): return words.count
      case .slot: return 1
      case .sequence(let items), .alternatives(let items):
        return items.reduce(0) { min($0 + size(of: $1), limit + 1) }
      case .optional(let inner): return size(of: inner)
      case .rule(let name, _):
        if let known = sizes[name] { return known }
        let result = rules[name].map { size(of: $0.expression) } ?? 0
        sizes[name] = result
        return result
      }
    }
    var total = 0
    for file in files {
      for intent in file.intents {
        for template in intent.templates {
          total += size(of: intent.expression(of: template))
          if total > limit {
            report(GrammarMessage.grammarTooLarge(limit: limit), at: template.location)
            return
          }
        }
      }
    }
  }

  /// Depth-first search over rule references; each back edge is one cycle, reported at the
  /// reference that closes it.
  private mutating func checkCycles(_ ruleOrder: [RuleDeclaration], rules: [String: RuleDeclaration]) {
    enum Mark { case visiting, done }
    var marks: [String: Mark] = [:]
    var stack: [String] = []
    var found: [(chain: [String], location: SourceLocation)] = []

    func visit(_ rule: RuleDeclaration) {
      marks[rule.name] = .visiting
      stack.append(rule.name)
      rule.expression.forEachRuleReference { name, location in
        guard let target = rules[name] else { return }
        switch marks[name] {
        case .visiting?:
          let start = stack.lastIndex(of: name) ?? 0
          found.append((Array(stack[start...]) + [name], location))
        case .done?:
          break
        case nil:
          // Deeper than that is reported by checkRuleDepth, cycle or not.
          if stack.count <= GrammarChecker.maximumRuleDepth { visit(target) }
        }
      }
      stack.removeLast()
      marks[rule.name] = .done
    }
    for rule in ruleOrder where marks[rule.name] == nil { visit(rule) }
    for cycle in found { report(GrammarMessage.ruleCycle(cycle.chain), at: cycle.location) }
  }

  /// The closest name, if it is close enough to be a likely typo.
  static func suggestion(for name: String, among candidates: [String]) -> String? {
    guard name.count >= 3 else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(Array(name.lowercased()), Array(candidate.lowercased()))
      // Short names allow one slip ("plya"), longer ones two: "nope" is not "name".
      if distance <= (name.count <= 5 ? 1 : 2), best == nil || distance < best!.distance {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Levenshtein distance, counting a swap of two neighbours as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}

// MARK: - Assembly

/// Compiles checked files: interns tokens, inlines rules and builds the shared automaton.
struct GrammarAssembler {
  let files: [GrammarFile]
  let locale: String
  private var rules: [String: GrammarExpression] = [:]
  private var tokenIDs: [String: Int32] = [:]
  private var slots: [SlotDescriptor] = []
  private var slotIndex: [SlotDescriptor: Int32] = [:]
  private var listIndex: [String: Int] = [:]
  private var builder = AutomatonBuilder()

  init(files: [GrammarFile], locale: String) {
    self.files = files
    self.locale = locale
    for file in files {
      for rule in file.rules where rules[rule.name] == nil { rules[rule.name] = rule.expression }
    }
  }

  mutating func assemble() -> CompiledGrammar {
    var lists: [CompiledList] = []
    for file in files {
      for list in file.lists where listIndex[list.name] == nil {
        listIndex[list.name] = lists.count
        let entries = list.entries.map { ListEntry(phrases: $0.phrases, value: $0.value) }
        lists.append(CompiledList(name: list.name, isExternal: list.isExternal, table: ListTable(entries: entries)))
      }
    }

    var intentNames: [String] = []
    var intentIndex: [String: Int] = [:]
    var templates: [CompiledTemplate] = []
    var closingRoots: [Int32] = []
    var closingOfTemplate: [Int32] = []
    for file in files {
      for intent in file.intents {
        let intentNumber: Int
        if let known = intentIndex[intent.name] {
          intentNumber = known
        } else {
          intentNumber = intentNames.count
          intentIndex[intent.name] = intentNumber
          intentNames.append(intent.name)
        }
        // An intent's closing is compiled once for the matcher (from a root of its own)
        // and copied after each template for the tools, which follow one template at a time.
        var closing: Int32 = -1
        if let expression = intent.closing {
          closing = Int32(closingRoots.count)
          let root = builder.newState()
          closingRoots.append(root)
          builder.closingEnds(closing, at: add(Self.required(expression), from: root))
        }
        for template in intent.templates {
          let id = Int32(templates.count)
          closingOfTemplate.append(closing)
          var end = add(template.expression, from: Automaton.start)
          if let expression = intent.closing {
            builder.bodyEnd(id, at: end)
            builder.beginClosingCopy()
            end = add(expression, from: end)
            builder.endClosingCopy()
          }
          builder.accept(id, at: end)
          templates.append(CompiledTemplate(
            intent: intentNumber,
            reference: TemplateReference(location: template.location, text: intent.text(of: template)),
            fixedSlots: template.fixedSlots.map { ($0.name, $0.value) }))
        }
      }
    }

    // Filler, by where it may be said (the payload): a phrase may be declared for several places.
    var skips = TokenTrie()
    for file in files {
      for (phrases, place) in [
        (file.skipPhrases, CompiledGrammar.SkipPlace.anywhere), (file.openingSkipPhrases, .opening), (file.closingSkipPhrases, .closing),
      ] {
        for phrase in phrases { skips.insert(phrase.words, payload: place.rawValue) { $0 == place.rawValue } }
      }
    }

    // The word lists of every file, merged: `name excludes`, `unlikely first/last/inside`.
    var nameExcluded = Set<String>()
    var titleWords = Set<String>()
    var collectionWords = Set<String>()
    var nameParticles = Set<String>()
    var unlikelyFirst = Set<String>()
    var unlikelyLast = Set<String>()
    var unlikelyInside: [String: Set<String>] = [:]
    var rejection = RejectionRules()
    var slips = SlipRules()
    var starts = RequestStarts()
    var persons = PersonRules()
    for file in files {
      for phrase in file.requestStarts.map(\.words) where !starts.phrases.contains(phrase) { starts.phrases.append(phrase) }
      starts.excludedAfter.formUnion(file.requestStartExcludedWords.flatMap(\.words))
      starts.questions.formUnion(file.requestStartQuestionWords.flatMap(\.words))
      persons.commonWords.formUnion(file.commonWords)
      persons.givenNames.formUnion(file.givenNames)
      for word in file.slipWords.flatMap(\.words) where !slips.words.contains(word) { slips.words.append(word) }
      slips.excluded.formUnion(file.slipExcludedWords.flatMap(\.words))
      for form in file.shortForms { slips.shortForms[form.written] = form.meant }
      rejection.textExcluded.formUnion(file.textExcludedWords.flatMap(\.words))
      rejection.openingExcluded.formUnion(file.openingExcludedWords.flatMap(\.words))
      rejection.noName.formUnion(file.noNameWords.flatMap(\.words))
      if let score = file.minimumScore?.value { rejection.minimumScore = score }
      nameExcluded.formUnion(file.nameExcludedWords.flatMap(\.words))
      titleWords.formUnion(file.titleWords.flatMap(\.words))
      collectionWords.formUnion(file.collectionWords)
      nameParticles.formUnion(file.nameParticles.flatMap(\.words))
      unlikelyFirst.formUnion(file.unlikelyFirstWords.flatMap(\.words))
      unlikelyLast.formUnion(file.unlikelyLastWords.flatMap(\.words))
      for (slot, phrases) in file.unlikelyInsideWords { unlikelyInside[slot, default: []].formUnion(phrases.flatMap(\.words)) }
    }

    // The closings' own states come after every template's (see ``AutomatonBuilder/build(closingRoots:closingOfTemplate:)``):
    // the matcher's automaton is made from all, the tools' keeps the templates' alone.
    let (full, layout) = builder.build(closingRoots: closingRoots, closingOfTemplate: closingOfTemplate)
    let templateStates = Int(layout.roots.min() ?? Int32(full.stateCount))
    var (matching, memberOffsets, members) = full.determinized(closings: layout)
    if templateStates < full.stateCount {
      (memberOffsets, members) = Self.members(memberOffsets, members, below: Int32(templateStates))
    }
    var grammar = CompiledGrammar(
      locale: locale,
      intentNames: intentNames,
      externalLists: lists.filter(\.isExternal).map(\.name),
      automaton: TemplateAutomaton(full.prefix(states: templateStates)),
      matching: (matching, memberOffsets, members),
      tokenIDs: tokenIDs,
      slots: slots,
      lists: lists,
      templates: templates,
      skips: skips,
      entities: EntityRecognizer(locale: locale))
    grammar.setWordLists(
      unlikelyFirst: unlikelyFirst, unlikelyLast: unlikelyLast, unlikelyInside: slots.map { unlikelyInside[$0.name] ?? [] },
      nameExcluded: nameExcluded, titleWords: titleWords, nameParticles: nameParticles, rejection: rejection,
      slips: slips, starts: starts, persons: PersonTable(persons), collectionWords: collectionWords)
    return grammar
  }

  /// The member lists without the states from `limit` on (the closings' own, which
  /// belong to no template the tools follow).
  static func members(_ offsets: [Int32], _ members: [Int32], below limit: Int32) -> ([Int32], [Int32]) {
    var newOffsets: [Int32] = [0]
    var newMembers: [Int32] = []
    newOffsets.reserveCapacity(offsets.count)
    newMembers.reserveCapacity(members.count)
    for state in 0..<(offsets.count - 1) {
      for member in members[Int(offsets[state])..<Int(offsets[state + 1])] where member < limit { newMembers.append(member) }
      newOffsets.append(Int32(newMembers.count))
    }
    return (newOffsets, newMembers)
  }

  /// A closing as the matcher enters it, from a template's end: without its outer `[…]`
  /// (a template that ends before it is accepted there already).
  static func required(_ closing: GrammarExpression) -> GrammarExpression {
    switch closing {
    case .optional(let inner): return inner
    case .sequence(let items) where items.count == 1: return required(items[0])
    default: return closing
    }
  }

  /// Adds the edges for `expression` starting at `state`; returns the state it ends in:
  /// `target` when given. The last edge of every alternative (and of an optional group)
  /// goes straight to the group's one end state instead of to a state of its own joined
  /// to the end by an epsilon edge: removing epsilons copies the edges that follow a group
  /// into every state that ends it, so "(kitchen | bedroom | … 17 rooms) [<option>] …"
  /// would copy them 17 times, and a template's tail of optional groups multiplies that.
  private mutating func add(_ expression: GrammarExpression, from state: Int32, to target: Int32? = nil) -> Int32 {
    switch expression {
    case .words(let words, _):
      guard let last = words.last else { return join(state, to: target) }
      var current = state
      for word in words.dropLast() { current = builder.addLiteral(intern(word), from: current) }
      return builder.addLiteral(intern(last), from: current, to: target)
    case .sequence(let items):
      guard let last = items.last else { return join(state, to: target) }
      var current = state
      for item in items.dropLast() { current = add(item, from: current) }
      return add(last, from: current, to: target)
    case .alternatives(let items):
      let end = target ?? builder.newState()
      for item in items { _ = add(item, from: state, to: end) }
      return end
    case .optional(let inner):
      let end = target ?? builder.newState()
      _ = add(inner, from: state, to: end)
      builder.addEpsilon(from: state, to: end)
      return end
    case .rule(let name, _):
      // Checked beforehand: the rule exists and is not part of a cycle.
      return add(rules[name] ?? .empty, from: state, to: target)
    case .slot(let list, let name, _):
      let source: SlotDescriptor.Source
      let isName = list == "name" || list == "fullname" || list == "person"
      if list == "text" || list == "collection" || isName {
        source = .freeText
      } else if let entity = BuiltinEntity(rawValue: list) {
        source = .entity(entity)
      } else {
        source = .list(listIndex[list] ?? 0, list)
      }
      let descriptor = SlotDescriptor(
        name: name, source: source, isName: isName, minimumWords: list == "fullname" ? 2 : 1, isPerson: list == "person",
        isCollection: list == "collection")
      return builder.addSlot(slot(descriptor), from: state, to: target)
    }
  }

  /// `state`, or `target` joined to it by an epsilon edge: where an empty expression ends.
  private mutating func join(_ state: Int32, to target: Int32?) -> Int32 {
    guard let target else { return state }
    builder.addEpsilon(from: state, to: target)
    return target
  }

  private mutating func intern(_ word: String) -> Int32 {
    if let id = tokenIDs[word] { return id }
    let id = Int32(tokenIDs.count)
    tokenIDs[word] = id
    return id
  }

  private mutating func slot(_ descriptor: SlotDescriptor) -> Int32 {
    if let index = slotIndex[descriptor] { return index }
    let index = Int32(slots.count)
    slots.append(descriptor)
    slotIndex[descriptor] = index
    return index
  }
}

/// A slot as the automaton's edges refer to it.
struct SlotDescriptor: Sendable, Hashable {
  enum Source: Sendable, Hashable {
    /// A declared list, by index into ``CompiledGrammar/lists``, and name.
    case list(Int, String)
    case entity(BuiltinEntity)
    case freeText
  }

  var name: String
  var source: Source
  /// `{name:slot}`: free text shaped like a name — at most
  /// ``CompiledGrammar/maximumNameWords`` words, none of them a `name excludes` word,
  /// not beginning with a number.
  var isName = false
  /// The fewest words the slot takes: 2 for `{fullname:slot}` ("Billie Eilish", not
  /// "Yellow"), 1 otherwise.
  var minimumWords = 1
  /// `{person:slot}`: a `{name}` that reads as a person's, not a title's (``PersonRules``).
  var isPerson = false
  /// `{collection:slot}`: free text with a `collection words` word or a number in it
  /// ("Punk Essentials", "Piano 100"): a playlist's or a compilation's name.
  var isCollection = false
}

struct CompiledList: Sendable {
  var name: String
  var isExternal: Bool
  /// The entries of a static list; empty for an external one.
  var table: ListTable
}

struct CompiledTemplate: Sendable {
  var intent: Int
  var reference: TemplateReference
  var fixedSlots: [(name: String, value: String)]
}
