/// A compiled grammar as bytes, for the on-disk cache (see ``GrammarCache``): every
/// field, so that a grammar read back parses, explains and samples exactly as the one
/// compiled. The entity recognizer is made anew from the locale (it is code, not data).
extension CompiledGrammar {
  static let codingMagic = Array("SIRIGRMC".utf8)
  /// Bumped whenever what a compiled grammar holds changes.
  static let codingVersion: UInt32 = 11  // 7: slip words and excludes; 8: {person}, common words, given names; 9: short forms; 10: request starts; 11: {collection}, collection words

  /// The grammar as the bytes of a cache file (see ``GrammarCache``).
  public func cacheFile() -> [UInt8] { encoded() }

  /// The grammar a cache file holds.
  /// - Throws: ``BinaryReader/Corrupt`` for anything but a whole, consistent cache file.
  public init(cacheFile bytes: [UInt8]) throws(BinaryReader.Corrupt) {
    self = try Self.decoded(bytes)
  }

  /// A cache file around `payload` (and `section`, the tools' automaton), with the right
  /// magic, version, lengths and checksums: so that tests and the fuzzer reach the checks
  /// that come after those.
  public static func sealedCacheFile(payload: [UInt8], section: [UInt8] = []) -> [UInt8] {
    BinaryWriter.file(magic: codingMagic, version: codingVersion, payload: payload) + sectionHeader(for: section) + section
  }

  /// A cache file is a ``BinaryWriter/file(magic:version:payload:)`` of everything the
  /// matcher needs, then the tools' automaton: its length and checksum, 8 bytes each, and
  /// its bytes. Start-up reads up to the section's header (see ``GrammarCache``).
  static var headerLength: Int { codingMagic.count + 24 }
  static let sectionHeaderLength = 16

  /// Where the section header of a cache file that begins with `prefix` lies (its first
  /// ``headerLength`` bytes are enough): just after the matcher's part.
  static func sectionHeaderOffset(prefix: [UInt8]) throws(BinaryReader.Corrupt) -> Int {
    var reader = BinaryReader(bytes: prefix)
    guard try reader.raw(codingMagic.count).elementsEqual(codingMagic) else { throw BinaryReader.Corrupt() }
    _ = try reader.fixed()
    let length = try reader.fixed()
    guard length <= 1 << 28 else { throw BinaryReader.Corrupt() }
    return headerLength + Int(length)
  }

  private static func sectionHeader(for section: [UInt8]) -> [UInt8] {
    var hash = ContentHash()
    hash.add(section)
    var writer = BinaryWriter()
    writer.fixed(UInt64(section.count))
    writer.fixed(hash.value)
    return writer.bytes
  }

  /// The length and checksum a section header holds.
  static func readSectionHeader(_ bytes: ArraySlice<UInt8>) throws(BinaryReader.Corrupt) -> (length: Int, checksum: UInt64) {
    var reader = BinaryReader(bytes: Array(bytes))
    let length = try reader.fixed()
    let checksum = try reader.fixed()
    guard length <= 1 << 28 else { throw BinaryReader.Corrupt() }
    return (Int(length), checksum)
  }

  static func checksum(_ bytes: [UInt8]) -> UInt64 {
    var hash = ContentHash()
    hash.add(bytes)
    return hash.value
  }

  func encoded() -> [UInt8] {
    var w = BinaryWriter(capacity: automaton.literalTokens.count * 8 + 1 << 16)
    w.string(locale)
    w.strings(intentNames)
    w.strings(externalLists)
    // Both automata (their start indexes are derived), and what the matching one's states
    // stand for. The tools' automaton is a section of its own, decoded when first used.
    let perTemplate = automaton
    var section = BinaryWriter(capacity: perTemplate.literalTokens.count * 8 + 1 << 12)
    Self.encode(perTemplate, into: &section)
    w.count(perTemplate.stateCount)
    Self.encode(matching, into: &w)
    Self.encodeClosings(of: matching, into: &w)
    w.int32s(matchingMemberOffsets)
    w.int32s(matchingMembers)
    let tokens = tokenIDs.sorted { $0.value < $1.value }
    w.strings(tokens.map(\.key))
    w.int32s(tokens.map(\.value))
    w.count(slots.count)
    for slot in slots {
      w.string(slot.name)
      switch slot.source {
      case .list(let index, let name):
        w.count(0)
        w.count(index)
        w.string(name)
      case .entity(let entity):
        w.count(1)
        w.string(entity.rawValue)
      case .freeText:
        w.count(2)
      }
      w.bool(slot.isName)
      w.count(slot.minimumWords)
      w.bool(slot.isPerson)
      w.bool(slot.isCollection)
    }
    w.count(lists.count)
    for list in lists {
      w.string(list.name)
      w.bool(list.isExternal)
      Self.encode(list.table.entries, into: &w)
      Self.encode(list.table.trie, into: &w)
    }
    w.count(templates.count)
    for template in templates {
      w.count(template.intent)
      w.string(template.reference.location.file)
      w.count(template.reference.location.line)
      w.count(template.reference.location.column)
      w.string(template.reference.text)
      w.strings(template.fixedSlots.map(\.name))
      w.strings(template.fixedSlots.map(\.value))
    }
    Self.encode(skips, into: &w)
    w.strings(unlikelyFirstWords.sorted())
    w.strings(unlikelyLastWords.sorted())
    w.count(unlikelyInsideWords.count)
    for words in unlikelyInsideWords { w.strings(words.sorted()) }
    w.strings(nameExcludedWords.sorted())
    w.strings(titleWords.sorted())
    w.strings(nameParticles.sorted())
    w.strings(collectionWords.sorted())
    w.strings(rejection.textExcluded.sorted())
    w.strings(rejection.openingExcluded.sorted())
    w.strings(rejection.noName.sorted())
    w.double(rejection.minimumScore)
    w.strings(slips.words)
    w.strings(slips.excluded.sorted())
    let shortForms = slips.shortForms.sorted { $0.key < $1.key }
    w.strings(shortForms.map(\.key))
    w.strings(shortForms.map(\.value))
    w.strings(requestStarts.phrases.map { $0.joined(separator: " ") })
    w.strings(requestStarts.excludedAfter.sorted())
    w.strings(requestStarts.questions.sorted())
    w.int32s(personTable.slots)
    let spelled = spellings.sorted { $0.key < $1.key }
    w.strings(spelled.map(\.key))
    w.strings(spelled.map(\.value))
    return Self.sealedCacheFile(payload: w.bytes, section: section.bytes)
  }

  /// The grammar `encoded()` gave `bytes`; throws when they are damaged in any way.
  static func decoded(_ bytes: [UInt8]) throws(BinaryReader.Corrupt) -> CompiledGrammar {
    let sectionHeader = try sectionHeaderOffset(prefix: Array(bytes.prefix(headerLength)))
    guard sectionHeader + sectionHeaderLength <= bytes.count else { throw BinaryReader.Corrupt() }
    let header = try readSectionHeader(bytes[sectionHeader..<(sectionHeader + sectionHeaderLength)])
    let start = sectionHeader + sectionHeaderLength
    guard bytes.count - start == header.length else { throw BinaryReader.Corrupt() }
    let section = Array(bytes[start...])
    guard checksum(section) == header.checksum else { throw BinaryReader.Corrupt() }
    return try decoded(prefix: Array(bytes[..<sectionHeader])) { section }
  }

  /// The grammar whose matcher part is `prefix` (a whole ``BinaryWriter/file(magic:version:payload:)``);
  /// `section` gives the bytes of the tools' automaton when a tool first needs it (`nil`
  /// when they are gone or damaged), and `recompile` the grammar compiled anew, to take
  /// it from when that fails.
  static func decoded(
    prefix: [UInt8], section: @escaping @Sendable () -> [UInt8]?,
    recompile: (@Sendable () -> CompiledGrammar?)? = nil
  ) throws(BinaryReader.Corrupt) -> CompiledGrammar {
    var r = try BinaryReader(file: prefix, magic: codingMagic, version: codingVersion)
    let locale = try r.string()
    let intentNames = try r.strings()
    let externalLists = try r.strings()
    let templateStates = try r.count()
    var matching = try decodeAutomaton(&r)
    try decodeClosings(into: &matching, &r)
    let memberOffsets = try r.int32s()
    let members = try r.int32s()
    let tokenNames = try r.strings()
    let tokenNumbers = try r.int32s()
    guard tokenNames.count == tokenNumbers.count, Set(tokenNames).count == tokenNames.count else { throw BinaryReader.Corrupt() }
    let tokenIDs = Dictionary(uniqueKeysWithValues: zip(tokenNames, tokenNumbers))
    var slots: [SlotDescriptor] = []
    for _ in 0..<(try r.elementCount()) {
      let name = try r.string()
      let source: SlotDescriptor.Source
      switch try r.count() {
      case 0: source = .list(try r.count(), try r.string())
      case 1:
        guard let entity = BuiltinEntity(rawValue: try r.string()) else { throw BinaryReader.Corrupt() }
        source = .entity(entity)
      case 2: source = .freeText
      default: throw BinaryReader.Corrupt()
      }
      let isName = try r.bool()
      let minimumWords = try r.count()
      let isPerson = try r.bool()
      let isCollection = try r.bool()
      guard !isPerson || isName, !isCollection || (!isName && source == .freeText) else { throw BinaryReader.Corrupt() }
      slots.append(
        SlotDescriptor(
          name: name, source: source, isName: isName, minimumWords: minimumWords, isPerson: isPerson, isCollection: isCollection))
    }
    var lists: [CompiledList] = []
    for _ in 0..<(try r.elementCount()) {
      let name = try r.string()
      let isExternal = try r.bool()
      let entries = try decodeEntries(&r)
      lists.append(CompiledList(name: name, isExternal: isExternal, table: ListTable(entries: entries, trie: try decodeTrie(&r))))
    }
    var templates: [CompiledTemplate] = []
    for _ in 0..<(try r.elementCount()) {
      let intent = try r.count()
      let location = SourceLocation(file: try r.string(), line: try r.count(), column: try r.count())
      let reference = TemplateReference(location: location, text: try r.string())
      let names = try r.strings()
      let values = try r.strings()
      guard names.count == values.count, intent < intentNames.count else { throw BinaryReader.Corrupt() }
      templates.append(CompiledTemplate(intent: intent, reference: reference, fixedSlots: zip(names, values).map { ($0, $1) }))
    }
    let skips = try decodeTrie(&r)
    let (tokenCount, slotCount, templateCount) = (tokenIDs.count, slots.count, templates.count)
    let automaton = TemplateAutomaton {
      if let bytes = section() {
        var reader = BinaryReader(bytes: bytes)
        if let automaton = try? decodeAutomaton(&reader), reader.isAtEnd, automaton.stateCount == templateStates,
          isConsistent(automaton, tokens: tokenCount, slots: slotCount, templates: templateCount), automaton.isAcyclic
        {
          return automaton
        }
      }
      // Compiled from the same files by the same program: the same automaton.
      guard let again = recompile?()?.automaton, again.stateCount == templateStates else { return nil }
      return again
    }
    var grammar = CompiledGrammar(
      locale: locale, intentNames: intentNames, externalLists: externalLists, automaton: automaton,
      matching: (matching, memberOffsets, members), tokenIDs: tokenIDs,
      slots: slots, lists: lists, templates: templates, skips: skips, entities: EntityRecognizer(locale: locale))
    let unlikelyFirst = Set(try r.strings())
    let unlikelyLast = Set(try r.strings())
    var inside: [Set<String>] = []
    for _ in 0..<(try r.elementCount()) { inside.append(Set(try r.strings())) }
    let nameExcluded = Set(try r.strings())
    let titleWords = Set(try r.strings())
    let nameParticles = Set(try r.strings())
    let collectionWords = Set(try r.strings())
    var rejection = RejectionRules()
    rejection.textExcluded = Set(try r.strings())
    rejection.openingExcluded = Set(try r.strings())
    rejection.noName = Set(try r.strings())
    rejection.minimumScore = try r.double()
    guard rejection.minimumScore >= 0, rejection.minimumScore <= 1 else { throw BinaryReader.Corrupt() }
    var slips = SlipRules(words: try r.strings(), excluded: Set(try r.strings()))
    let shortWritten = try r.strings()
    let shortMeant = try r.strings()
    // Each a single folded word, as the compiler writes them: a slip is read as one token.
    guard slips.words.allSatisfy({ Tokenizer.words($0) == [$0] }), Set(slips.words).count == slips.words.count,
      slips.excluded.allSatisfy({ !$0.isEmpty }), shortWritten.count == shortMeant.count,
      Set(shortWritten).count == shortWritten.count,
      (shortWritten + shortMeant).allSatisfy({ Tokenizer.words($0) == [$0] })
    else { throw BinaryReader.Corrupt() }
    slips.shortForms = Dictionary(uniqueKeysWithValues: zip(shortWritten, shortMeant))
    // Phrases of folded words, each written with single spaces; excludes single words.
    let starts = RequestStarts(
      phrases: try r.strings().map(Tokenizer.words), excludedAfter: Set(try r.strings()), questions: Set(try r.strings()))
    guard starts.phrases.allSatisfy({ !$0.isEmpty }),
      starts.excludedAfter.union(starts.questions).allSatisfy({ Tokenizer.words($0) == [$0] })
    else { throw BinaryReader.Corrupt() }
    guard let persons = PersonTable(slots: try r.int32s()) else { throw BinaryReader.Corrupt() }
    grammar.setWordLists(
      unlikelyFirst: unlikelyFirst, unlikelyLast: unlikelyLast, unlikelyInside: inside,
      nameExcluded: nameExcluded, titleWords: titleWords, nameParticles: nameParticles, rejection: rejection,
      slips: slips, starts: starts, persons: persons, collectionWords: collectionWords)
    let spellingKeys = try r.strings()
    let spellingValues = try r.strings()
    guard spellingKeys.count == spellingValues.count, Set(spellingKeys).count == spellingKeys.count else { throw BinaryReader.Corrupt() }
    grammar.spellings = Dictionary(uniqueKeysWithValues: zip(spellingKeys, spellingValues))
    guard r.isAtEnd, grammar.isConsistent(templateStates: templateStates) else { throw BinaryReader.Corrupt() }
    return grammar
  }

  /// Whether every index the matcher follows is in range, so that a cache file that
  /// passed its checksum yet holds nonsense (a bug, not damage) can't make it trap. The
  /// tools' automaton (`templateStates` states) is checked when it is decoded.
  func isConsistent(templateStates: Int) -> Bool {
    func rows(_ offsets: [Int32], _ count: Int, states: Int) -> Bool {
      offsets.count == states + 1 && offsets.first == 0 && offsets.last == Int32(count)
        && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
    }
    // Token ids are numbered from 0, as the compiler numbers them; edges use only those.
    var idSeen = [Bool](repeating: false, count: tokenIDs.count)
    for id in tokenIDs.values {
      guard id >= 0, Int(id) < idSeen.count, !idSeen[Int(id)] else { return false }
      idSeen[Int(id)] = true
    }
    // The matcher makes a table of (lists + entities) × positions, and one per slot with
    // words `unlikely inside` it, for every parse: a file claiming millions of lists or
    // slots must not make each parse ask for gigabytes. Real grammars have dozens.
    let limit = 1 << 16
    guard lists.count <= limit, slots.count <= limit, templates.count <= 1 << 24 else { return false }
    return Self.isConsistent(matching, tokens: tokenIDs.count, slots: slots.count, templates: templates.count)
      && Self.closingsAreConsistent(matching, templates: templates.count)
      && templateStates >= 1
      && rows(matchingMemberOffsets, matchingMembers.count, states: matching.stateCount)
      && matchingMembers.allSatisfy { $0 >= 0 && Int($0) < templateStates }
      && slots.allSatisfy { slot in
        if case .list(let index, _) = slot.source { return index >= 0 && index < lists.count }
        return true
      }
      && unlikelyInsideWords.count <= slots.count
      && lists.allSatisfy { $0.table.trie.isConsistent(payloadCount: $0.table.entries.count) }
      && skips.isConsistent(payloadCount: Int(Int32.max))
  }

  /// Whether the closings' tables are all empty, or have a row per state and stay in range.
  static func closingsAreConsistent(_ a: Automaton, templates: Int) -> Bool {
    let states = a.literalOffsets.count - 1
    let closings = a.closingEntries.count
    if a.bodyEndOffsets.isEmpty {
      return a.bodyEndTemplates.isEmpty && a.closingFinalOffsets.isEmpty && a.closingFinals.isEmpty && closings == 0
        && a.closingOfTemplate.isEmpty
    }
    func rows(_ offsets: [Int32], _ count: Int) -> Bool {
      offsets.count == states + 1 && offsets.first == 0 && offsets.last == Int32(count)
        && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
    }
    return rows(a.bodyEndOffsets, a.bodyEndTemplates.count) && rows(a.closingFinalOffsets, a.closingFinals.count)
      && a.bodyEndTemplates.allSatisfy { $0 >= 0 && Int($0) < templates }
      && a.closingFinals.allSatisfy { $0 >= 0 && Int($0) < closings }
      && a.closingEntries.allSatisfy { $0 > 0 && Int($0) < states }
      && a.closingOfTemplate.count == templates && a.closingOfTemplate.allSatisfy { $0 >= -1 && Int($0) < closings }
  }

  /// Whether an automaton's rows are well formed and its edges stay in range.
  static func isConsistent(_ a: Automaton, tokens: Int, slots: Int, templates: Int) -> Bool {
    let states = a.literalOffsets.count - 1
    func rows(_ offsets: [Int32], _ count: Int) -> Bool {
      offsets.count == states + 1 && offsets.first == 0 && offsets.last == Int32(count)
        && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
    }
    return states >= 1
      && a.literalTokens.allSatisfy { $0 >= 0 && Int($0) < tokens }
      && rows(a.literalOffsets, a.literalTokens.count) && a.literalTargets.count == a.literalTokens.count
      && rows(a.slotOffsets, a.slotEdges.count) && rows(a.acceptOffsets, a.acceptTemplates.count)
      && a.literalTargets.allSatisfy { $0 >= 0 && Int($0) < states }
      && a.slotEdges.allSatisfy { $0.target >= 0 && Int($0.target) < states && $0.slot >= 0 && Int($0.slot) < slots }
      && a.acceptTemplates.allSatisfy { $0 >= 0 && Int($0) < templates }
  }

  private static func encode(_ automaton: Automaton, into w: inout BinaryWriter) {
    w.int32s(automaton.literalOffsets)
    w.int32s(automaton.literalTokens)
    w.int32s(automaton.literalTargets)
    w.int32s(automaton.slotOffsets)
    w.int32s(automaton.slotEdges.map(\.slot))
    w.int32s(automaton.slotEdges.map(\.target))
    w.int32s(automaton.acceptOffsets)
    w.int32s(automaton.acceptTemplates)
  }

  /// The intents' closings of the matching automaton (``Automaton/closingEntries``).
  private static func encodeClosings(of automaton: Automaton, into w: inout BinaryWriter) {
    w.int32s(automaton.bodyEndOffsets)
    w.int32s(automaton.bodyEndTemplates)
    w.int32s(automaton.closingFinalOffsets)
    w.int32s(automaton.closingFinals)
    w.int32s(automaton.closingEntries)
    w.int32s(automaton.closingOfTemplate)
  }

  private static func decodeClosings(into automaton: inout Automaton, _ r: inout BinaryReader) throws(BinaryReader.Corrupt) {
    automaton.bodyEndOffsets = try r.int32s()
    automaton.bodyEndTemplates = try r.int32s()
    automaton.closingFinalOffsets = try r.int32s()
    automaton.closingFinals = try r.int32s()
    automaton.closingEntries = try r.int32s()
    automaton.closingOfTemplate = try r.int32s()
  }

  static func decodeAutomaton(_ r: inout BinaryReader) throws(BinaryReader.Corrupt) -> Automaton {
    var automaton = Automaton()
    automaton.literalOffsets = try r.int32s()
    automaton.literalTokens = try r.int32s()
    automaton.literalTargets = try r.int32s()
    automaton.slotOffsets = try r.int32s()
    let slotEdgeSlots = try r.int32s()
    let slotEdgeTargets = try r.int32s()
    guard slotEdgeSlots.count == slotEdgeTargets.count else { throw BinaryReader.Corrupt() }
    automaton.slotEdges = zip(slotEdgeSlots, slotEdgeTargets).map { Automaton.SlotEdge(slot: $0, target: $1) }
    automaton.acceptOffsets = try r.int32s()
    automaton.acceptTemplates = try r.int32s()
    automaton.indexStart()
    return automaton
  }

  private static func encode(_ entries: [ListEntry], into w: inout BinaryWriter) {
    w.count(entries.count)
    for entry in entries {
      w.strings(entry.phrases)
      w.string(entry.value)
      w.optional(entry.note)
      w.optional(entry.owner)
    }
  }

  private static func decodeEntries(_ r: inout BinaryReader) throws(BinaryReader.Corrupt) -> [ListEntry] {
    var entries: [ListEntry] = []
    for _ in 0..<(try r.elementCount()) {
      entries.append(ListEntry(phrases: try r.strings(), value: try r.string(), note: try r.optional(), owner: try r.optional()))
    }
    return entries
  }

  private static func encode(_ trie: TokenTrie, into w: inout BinaryWriter) {
    w.strings(trie.wordNumbers.words)
    let children = trie.children.pairs.sorted { $0.key < $1.key }
    w.count(children.count)
    for (key, child) in children {
      w.fixed(key)
      w.count(Int(child))
    }
    w.int32s(trie.firstPayload)
    let more = trie.morePayloads.sorted { $0.key < $1.key }
    w.count(more.count)
    for (node, payloads) in more {
      w.count(Int(node))
      w.int32s(payloads)
    }
  }

  private static func decodeTrie(_ r: inout BinaryReader) throws(BinaryReader.Corrupt) -> TokenTrie {
    guard let wordNumbers = WordNumbers(words: try r.strings()) else { throw BinaryReader.Corrupt() }
    var children = ChildTable()
    let childCount = try r.elementCount()
    children.reserve(childCount)
    for _ in 0..<childCount {
      let key = try r.fixed()
      let child = Int32(try r.count())
      guard child > 0 else { throw BinaryReader.Corrupt() }
      children.set(key, to: child)
    }
    let firstPayload = try r.int32s()
    var more: [Int32: [Int32]] = [:]
    for _ in 0..<(try r.elementCount()) {
      let node = Int32(try r.count())
      more[node] = try r.int32s()
    }
    return TokenTrie(wordNumbers: wordNumbers, children: children, firstPayload: firstPayload, morePayloads: more)
  }
}

extension TokenTrie {
  /// Whether every node a lookup can reach exists and every payload is below `payloadCount`.
  func isConsistent(payloadCount: Int) -> Bool {
    !firstPayload.isEmpty
      && children.pairs.allSatisfy { key, child in
        child > 0 && Int(child) < firstPayload.count && Int(key >> 32) < firstPayload.count
          && Int(key & 0xFFFF_FFFF) < wordNumbers.count
      }
      && firstPayload.allSatisfy { $0 >= -1 && Int($0) < payloadCount }
      && morePayloads.allSatisfy { node, payloads in
        node >= 0 && Int(node) < firstPayload.count && payloads.allSatisfy { $0 >= 0 && Int($0) < payloadCount }
      }
  }
}
