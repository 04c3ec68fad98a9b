import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

@testable import UtteranceParsing

/// The compiled-grammar cache: a grammar read back is the grammar compiled, a changed
/// file or program is a new key, and a damaged file is rebuilt, never trusted.
struct GrammarCacheTests {
  static let grammar = Result { try GrammarCompiler.load(directory: GrammarOvermatchTests.grammarDirectory) }

  static func temporaryFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("siri-grammar-cache-\(UUID().uuidString)").path
  }

  /// Sampled sentences of every intent, parsed, explained and completed by the grammar
  /// compiled and by the one read back: the same answers, down to the scores.
  @Test func aGrammarReadBackParsesAsTheOneCompiled() throws {
    let compiled = try Self.grammar.get()
    let cached = try CompiledGrammar.decoded(compiled.encoded())
    #expect(cached.locale == compiled.locale)
    #expect(cached.intentNames == compiled.intentNames)
    #expect(cached.externalLists == compiled.externalLists)
    #expect(cached.slips == compiled.slips)
    #expect(!compiled.requestStarts.isEmpty && cached.requestStarts == compiled.requestStarts)
    var values = ListValues()
    for list in compiled.externalLists {
      values.set(list, to: [ListEntry("Maybe Sometime"), ListEntry("Outer Peace"), ListEntry("Deezer"), ListEntry("wall climb")])
    }
    let samples = compiled.sample(intent: nil, count: 60, lists: values, seed: 7)
    #expect(samples.count > 50)
    #expect(cached.sample(intent: nil, count: 60, lists: values, seed: 7) == samples)
    let extra = ["", "play", "i'm doing yoga play something calm", "we're leaving put on your shoes", "play Outer Peace by Toro y Moi on Deezer", "start a 30 minute outdoor wall climb", "garbage ☃ line"]
    for sentence in samples.map(\.sentence) + extra {
      #expect(cached.parse(sentence, lists: values) == compiled.parse(sentence, lists: values), "\(sentence)")
      #expect(cached.explain(sentence, lists: values) == compiled.explain(sentence, lists: values), "\(sentence)")
    }
    for prefix in ["pl", "play my", "start a", "add this"] {
      #expect(cached.completions(forPrefix: prefix, lists: values) == compiled.completions(forPrefix: prefix, lists: values))
    }
  }

  /// Any damage is refused: a cut, a changed byte anywhere, another version.
  @Test func damageIsRefused() throws {
    let bytes = try Self.grammar.get().encoded()
    #expect(throws: BinaryReader.Corrupt.self) { try CompiledGrammar.decoded(Array(bytes.prefix(bytes.count / 2))) }
    #expect(throws: BinaryReader.Corrupt.self) { try CompiledGrammar.decoded([]) }
    for offset in [0, 9, 20, 40, bytes.count / 3, bytes.count - 1] {
      var damaged = bytes
      damaged[offset] ^= 0x5A
      #expect(throws: BinaryReader.Corrupt.self, "byte \(offset)") { try CompiledGrammar.decoded(damaged) }
    }
  }

  /// What passes the checksum but holds nonsense (a writer's bug) still can't make the
  /// matcher trap: indexes out of range are refused.
  @Test func indexesOutOfRangeAreRefused() throws {
    let grammar = try Self.grammar.get()
    var damaged = grammar.encoded()
    // Re-seal the payload after changing it, as a buggy writer would.
    let (payloadBytes, section) = try Self.split(damaged)
    var payload = payloadBytes
    var reader = BinaryReader(bytes: payload)
    _ = try reader.string()
    _ = try reader.strings()
    _ = try reader.strings()
    _ = try reader.count()  // the tools' automaton's states
    _ = try reader.int32s()  // the matcher's automaton's literal offsets
    let tokensAt = reader.offset
    let count = try reader.count()
    #expect(count > 0)
    // The first literal token's target (after the tokens) becomes a state that isn't there.
    let targetsAt = reader.offset + count * 4
    var targets = BinaryReader(bytes: Array(payload[targetsAt...]))
    #expect(try targets.count() == count)
    let firstTarget = targetsAt + (reader.offset - tokensAt)
    payload.replaceSubrange(firstTarget..<(firstTarget + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
    damaged = CompiledGrammar.sealedCacheFile(payload: payload, section: section)
    #expect(throws: BinaryReader.Corrupt.self) { try CompiledGrammar.decoded(damaged) }
  }

  /// Loads grammars through a cache, counting how often they had to be compiled.
  final class CompileCounter: Sendable {
    private let compiles = Mutex(0)
    var count: Int { compiles.withLock { $0 } }

    func load(_ sources: [GrammarSource], locale: String, from cache: GrammarCache) throws -> CompiledGrammar {
      try cache.grammar(for: sources, locale: locale) { () throws(GrammarError) in
        self.compiles.withLock { $0 += 1 }
        return try GrammarCompiler.compile(sources, locale: locale)
      }
    }
  }

  /// A small grammar with what the cache keeps (literals, rules, static and external
  /// lists, free text, filler) for the tests of cache behaviour, which compile it several
  /// times: the full en-US grammar takes a second of the test run each time.
  static let smallSources = [
    GrammarSource(
      path: "small.grammar",
      text: """
        skip
          please
        rule play = (play | put on | i want to hear)
        list kind
          song
          album
          playlist
        list mediaTitle external
        intent PlayMedia
          <play> {mediaTitle:mediaName}
          <play> my {kind:mediaType} {text:mediaName}
          <play> my favorites
          <play> {text:mediaName} by {text:artist}
        intent AddMedia
          add {text:mediaName} to my playlist {text:destinationPlaylist}

        """)
  ]

  /// A cache file's payload (the matcher's part) and section (the tools' automaton).
  static func split(_ file: [UInt8]) throws -> (payload: [UInt8], section: [UInt8]) {
    let payloadEnd = try CompiledGrammar.sectionHeaderOffset(prefix: file)
    return (Array(file[CompiledGrammar.headerLength..<payloadEnd]), Array(file[(payloadEnd + CompiledGrammar.sectionHeaderLength)...]))
  }

  /// Start-up reads the matcher's part of a cache file; the tools' automaton is read when
  /// a tool first asks. Gone or damaged by then, it is compiled again from the same files.
  @Test func theToolsSectionIsReadWhenFirstAskedAndRebuiltWhenDamaged() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = GrammarCache(directory: folder)
    let (sources, locale) = (Self.smallSources, "en-US")
    let compiles = CompileCounter()
    let load = { try compiles.load(sources, locale: locale, from: cache) }
    let compiled = try load()
    let path = cache.path(forKey: try #require(GrammarCache.key(sources: sources, locale: locale)))
    let file = try #require(GrammarCache.contents(of: path))
    let sectionStart = try CompiledGrammar.sectionHeaderOffset(prefix: file) + CompiledGrammar.sectionHeaderLength
    let question = "play Outer Peace by Toro y Moi please"
    // What only the tools' automaton answers: completion, and a miss explained.
    func toolAnswers(_ grammar: CompiledGrammar) -> [String] {
      grammar.completions(forPrefix: "play my") + grammar.explain("hum the thing zz").nearMisses.map(\.template.text)
    }
    let expected = toolAnswers(compiled)
    #expect(!expected.isEmpty)

    // Read back whole: the tools' answers are the compiled grammar's.
    let intact = try load()
    #expect(compiles.count == 1)
    #expect(toolAnswers(intact) == expected)

    // The section damaged after start-up: the parse doesn't notice, the tools compile again.
    let early = try load()
    var damaged = file
    damaged[sectionStart + (file.count - sectionStart) / 2] ^= 0x5A
    try Data(damaged).write(to: URL(fileURLWithPath: path))
    #expect(early.parse(question) == compiled.parse(question))
    #expect(compiles.count == 1)
    #expect(toolAnswers(early) == expected)
    #expect(compiles.count == 2)
    // ... and the cache file is whole again.
    #expect(GrammarCache.contents(of: path) == file)

    // The file gone after start-up: the same.
    try Data(file).write(to: URL(fileURLWithPath: path))
    let beforeRemoval = try load()
    #expect(compiles.count == 2)
    try FileManager.default.removeItem(atPath: path)
    #expect(toolAnswers(beforeRemoval) == expected)
    #expect(compiles.count == 3)
  }

  @Test func theSecondLoadReadsTheCacheAndADamagedFileIsRebuilt() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = GrammarCache(directory: folder)
    let (sources, locale) = (Self.smallSources, "en-US")
    let compiles = CompileCounter()
    let load = { try compiles.load(sources, locale: locale, from: cache) }
    let first = try load()
    let second = try load()
    #expect(compiles.count == 1)
    #expect(second.parse("play Outer Peace") == first.parse("play Outer Peace"))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".compiled-grammar") }
    #expect(files.count == 1)
    let path = (folder as NSString).appendingPathComponent(files[0])
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes[CompiledGrammar.headerLength + 100] ^= 0xFF  // in the matcher's part, which start-up reads
    try bytes.write(to: URL(fileURLWithPath: path))
    _ = try load()
    #expect(compiles.count == 2)
    _ = try load()
    #expect(compiles.count == 2)
    // The cached grammar (no temporary left) and the lock its compiles were made under.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [files[0], files[0] + ".lock"])
  }

  /// Something else where the cache file would be (a FIFO, a folder) is no cache: the
  /// grammar compiles, and nothing waits on it.
  @Test(.timeLimit(.minutes(1))) func aFIFOOrFolderInTheCacheIsIgnored() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let cache = GrammarCache(directory: folder)
    let sources = [GrammarSource(path: "a.grammar", text: "intent A\n  hello\n")]
    let path = cache.path(forKey: try #require(GrammarCache.key(sources: sources, locale: "en-US")))
    #expect(mkfifo(path, 0o644) == 0)
    let compiles = CompileCounter()
    let grammar = try compiles.load(sources, locale: "en-US", from: cache)
    #expect(compiles.count == 1)
    #expect(grammar.parse("hello").first?.intent == "A")
  }

  @Test func aChangedFileLocaleOrProgramIsAnotherKey() throws {
    let sources = [GrammarSource(path: "a.grammar", text: "intent A\n  hello\n")]
    let key = GrammarCache.key(sources: sources, locale: "en-US", program: "siri 1")
    #expect(key != nil)
    #expect(GrammarCache.key(sources: sources, locale: "en-US", program: "siri 1") == key)
    #expect(GrammarCache.key(sources: sources, locale: "en-GB", program: "siri 1") != key)
    #expect(GrammarCache.key(sources: sources, locale: "en-US", program: "siri 2") != key)
    #expect(GrammarCache.key(sources: [GrammarSource(path: "a.grammar", text: "intent A\n  hello!\n")], locale: "en-US", program: "siri 1") != key)
    #expect(GrammarCache.key(sources: [GrammarSource(path: "b.grammar", text: "intent A\n  hello\n")], locale: "en-US", program: "siri 1") != key)
    #expect(GrammarCache.key(sources: sources, locale: "en-US", program: nil) == nil)
    #expect(GrammarCache.programIdentity() != nil)
  }

  /// A broken grammar is never cached: its errors come back every time.
  /// Loads that miss at once (tests starting together, several `siri` started at once)
  /// compile once: the others wait for the folder's lock and read what it wrote.
  @Test func simultaneousMissesCompileOnce() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = GrammarCache(directory: folder)
    let compiles = Mutex(0)
    let answers = Mutex<[[ParseCandidate]]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let grammar = try? cache.grammar(for: Self.smallSources, locale: "en-US") { () throws(GrammarError) in
        compiles.withLock { $0 += 1 }
        Thread.sleep(forTimeInterval: 0.1)  // long enough for the other loads to miss too
        return try GrammarCompiler.compile(Self.smallSources, locale: "en-US")
      }
      answers.withLock { $0.append(grammar?.parse("play my album Outer Peace") ?? []) }
    }
    #expect(compiles.withLock { $0 } == 1)
    let all = answers.withLock { $0 }
    #expect(all.count == 4 && !all[0].isEmpty && all.allSatisfy { $0 == all[0] })
  }

  @Test func aBrokenGrammarIsNotCached() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let grammars = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: grammars) }
    try FileManager.default.createDirectory(atPath: grammars, withIntermediateDirectories: true)
    try "intent A\n  hello {missing}\n".write(toFile: grammars + "/a.grammar", atomically: true, encoding: .utf8)
    for _ in 0..<2 {
      #expect(throws: GrammarError.self) { try GrammarCompiler.load(directory: grammars, locale: "en-US", cache: GrammarCache(directory: folder)) }
    }
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".compiled-grammar") }.isEmpty)
  }

  @Test func oldGrammarsArePrunedBeyondTheCapacity() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = GrammarCache(directory: folder, capacity: 2)
    for index in 0..<4 {
      let sources = [GrammarSource(path: "a.grammar", text: "intent A\n  hello \(index)\n")]
      _ = try cache.grammar(for: sources, locale: "en-US") { () throws(GrammarError) in try GrammarCompiler.compile(sources, locale: "en-US") }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".compiled-grammar") }.count == 2)
  }
}

/// The designer tools walk the automaton assuming it has no cycle; a cache file that
/// holds one is refused.
struct AutomatonCycleTests {
  static func automaton(literals: [[Int32]]) -> Automaton {
    var automaton = Automaton()
    for targets in literals {
      for target in targets {
        automaton.literalTokens.append(0)
        automaton.literalTargets.append(target)
      }
      automaton.literalOffsets.append(Int32(automaton.literalTokens.count))
      automaton.slotOffsets.append(0)
      automaton.acceptOffsets.append(0)
    }
    return automaton
  }

  @Test func cyclesAreFound() {
    #expect(Self.automaton(literals: [[1, 2], [2], []]).isAcyclic)
    #expect(!Self.automaton(literals: [[1], [2], [1]]).isAcyclic)
    #expect(!Self.automaton(literals: [[0]]).isAcyclic)
    #expect(Self.automaton(literals: [[]]).isAcyclic)
  }

  @Test func compiledGrammarsHaveNone() throws {
    #expect(try GrammarCacheTests.grammar.get().automaton.isAcyclic)
  }

  /// The matcher's automaton is the subset construction of the tools' one: deterministic
  /// (one target per token and per slot), and a state accepts exactly the templates its
  /// members accept.
  @Test func theMatchersAutomatonIsDeterministicAndAcceptsWhatItsMembersAccept() throws {
    let grammar = try GrammarCacheTests.grammar.get()
    let dfa = grammar.matching
    let nfa = grammar.automaton
    #expect(dfa.stateCount < nfa.stateCount)
    for state in 0..<dfa.stateCount {
      let tokens = dfa.literalTokens[Int(dfa.literalOffsets[state])..<Int(dfa.literalOffsets[state + 1])]
      #expect(Set(tokens).count == tokens.count)
      let slots = dfa.slotEdges[dfa.slotRange(of: Int32(state))].map(\.slot)
      #expect(Set(slots).count == slots.count)
      let members = grammar.matchingMembers[Int(grammar.matchingMemberOffsets[state])..<Int(grammar.matchingMemberOffsets[state + 1])]
      let accepted = Set(members.flatMap { nfa.acceptTemplates[nfa.acceptRange(of: $0)] })
      #expect(Set(dfa.acceptTemplates[dfa.acceptRange(of: Int32(state))]) == accepted)
    }
  }
}
