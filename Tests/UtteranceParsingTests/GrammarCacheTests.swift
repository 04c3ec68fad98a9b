import Foundation
#if canImport(Glibc)
import Glibc
#endif
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
    var values = ListValues()
    for list in compiled.externalLists {
      values.set(list, to: [ListEntry("Maybe Sometime"), ListEntry("Outer Peace"), ListEntry("Deezer"), ListEntry("wall climb")])
    }
    let samples = compiled.sample(intent: nil, count: 120, lists: values, seed: 7)
    #expect(samples.count > 100)
    #expect(cached.sample(intent: nil, count: 120, lists: values, seed: 7) == samples)
    let extra = ["", "play", "play Outer Peace by Toro y Moi on Deezer", "start a 30 minute outdoor wall climb", "garbage ☃ line"]
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
    let header = 8 + 8 * 3
    var payload = Array(damaged[header...])
    var reader = BinaryReader(bytes: payload)
    _ = try reader.string()
    _ = try reader.strings()
    _ = try reader.strings()
    _ = try reader.int32s()  // literal offsets
    let tokensAt = reader.offset
    let count = try reader.count()
    #expect(count > 0)
    // The first literal token's target (after the tokens) becomes a state that isn't there.
    let targetsAt = reader.offset + count * 4
    var targets = BinaryReader(bytes: Array(payload[targetsAt...]))
    #expect(try targets.count() == count)
    let firstTarget = targetsAt + (reader.offset - tokensAt)
    payload.replaceSubrange(firstTarget..<(firstTarget + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
    damaged = BinaryWriter.file(magic: CompiledGrammar.codingMagic, version: CompiledGrammar.codingVersion, payload: payload)
    #expect(throws: BinaryReader.Corrupt.self) { try CompiledGrammar.decoded(damaged) }
  }

  @Test func theSecondLoadReadsTheCacheAndADamagedFileIsRebuilt() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = GrammarCache(directory: folder)
    let (sources, locale) = try GrammarCompiler.read(directory: GrammarOvermatchTests.grammarDirectory, locale: nil)
    var compiles = 0
    func load() throws -> CompiledGrammar {
      try cache.grammar(for: sources, locale: locale) { () throws(GrammarError) in
        compiles += 1
        return try GrammarCompiler.compile(sources, locale: locale)
      }
    }
    let first = try load()
    let second = try load()
    #expect(compiles == 1)
    #expect(second.parse("play Outer Peace") == first.parse("play Outer Peace"))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".compiled-grammar") }
    #expect(files.count == 1)
    let path = (folder as NSString).appendingPathComponent(files[0])
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: path))
    _ = try load()
    #expect(compiles == 2)
    _ = try load()
    #expect(compiles == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
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
    var compiles = 0
    let grammar = try cache.grammar(for: sources, locale: "en-US") { () throws(GrammarError) in
      compiles += 1
      return try GrammarCompiler.compile(sources, locale: "en-US")
    }
    #expect(compiles == 1)
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
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true)
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
}
