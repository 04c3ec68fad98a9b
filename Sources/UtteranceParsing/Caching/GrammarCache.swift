import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiled grammars kept on disk, so that `siri` starts without compiling its grammar
/// again (compiling is most of a start-up: about 150 ms in a release build, a second in
/// a debug one).
///
/// One file per grammar folder under the user's cache folder (`$XDG_CACHE_HOME/siri/grammars`,
/// else `~/.cache/siri/grammars`), named after a hash of the program's identity (its
/// executable's path, size and modification time: any rebuild is a new program), the
/// locale, and every grammar file's path and bytes. A changed file or a rebuilt program is
/// a different key, never a stale hit.
///
/// The cache is never trusted: a file with another magic or version, a wrong length or
/// checksum, or indexes out of range is ignored and replaced; reading it runs no code of
/// its own, only bounds-checked reads. Writing goes to a temporary name and is renamed,
/// so a reader never sees half a file; a failure to write is silent (it is only a cache).
public struct GrammarCache: Sendable, Equatable {
  /// The folder holding the cache files.
  public var directory: String
  /// How many grammars are kept; the least recently written beyond it are removed.
  public var capacity: Int

  public init(directory: String, capacity: Int = 16) {
    self.directory = directory
    self.capacity = capacity
  }

  /// The per-user cache folder: `$XDG_CACHE_HOME/siri/grammars`, else `~/.cache/siri/grammars`.
  public static func userDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> GrammarCache {
    GrammarCache(directory: UserCacheFolder.path("grammars", environment: environment))
  }

  /// The grammar of `sources`: from the cache when it holds a good one, else from
  /// `compile`, then kept. Errors are `compile`'s (a broken grammar is never cached).
  ///
  /// Start-up reads only the part of the file the matcher needs; the designer tools'
  /// automaton, its own section, is read when a tool first asks (and compiled again if
  /// the file has changed or gone by then).
  func grammar(
    for sources: [GrammarSource], locale: String, compile: @escaping @Sendable () throws(GrammarError) -> CompiledGrammar
  ) throws(GrammarError) -> CompiledGrammar {
    guard let key = Self.key(sources: sources, locale: locale) else { return try compile() }
    let path = self.path(forKey: key)
    let recompile: @Sendable () -> CompiledGrammar? = {
      guard let grammar = try? compile() else { return nil }
      write(grammar.encoded(), to: path)  // the file was damaged or removed since
      return grammar
    }
    if let grammar = Self.grammar(at: path, recompile: recompile) {
      return grammar
    }
    // A miss: compile under the folder's lock, unless another process or thread did it
    // while this one waited (a cold cache at the start of a test run compiled the same
    // grammar once per test that loads it, a second each in a debug build).
    return try folder.whileLocked(path: path) { () throws(GrammarError) -> CompiledGrammar in
      if let grammar = Self.grammar(at: path, recompile: recompile) { return grammar }
      let grammar = try compile()
      write(grammar.encoded(), to: path)
      return grammar
    }
  }

  /// The grammar of the cache file at `path`, reading its matcher part now and its
  /// tools' section later; `nil` when it is missing or damaged.
  static func grammar(at path: String, recompile: @escaping @Sendable () -> CompiledGrammar?) -> CompiledGrammar? {
    guard let head = contents(of: path, from: 0, count: CompiledGrammar.headerLength),
      let sectionHeader = try? CompiledGrammar.sectionHeaderOffset(prefix: head),
      let prefix = contents(of: path, from: 0, count: sectionHeader + CompiledGrammar.sectionHeaderLength),
      let section = try? CompiledGrammar.readSectionHeader(prefix[sectionHeader...])
    else { return nil }
    let start = sectionHeader + CompiledGrammar.sectionHeaderLength
    return try? CompiledGrammar.decoded(
      prefix: Array(prefix[..<sectionHeader]),
      section: {
        guard let bytes = contents(of: path, from: start, count: section.length, wholeFile: true),
          CompiledGrammar.checksum(bytes) == section.checksum
        else { return nil }
        return bytes
      },
      recompile: recompile)
  }

  static func contents(of path: String, from offset: Int = 0, count size: Int? = nil, wholeFile: Bool = false) -> [UInt8]? {
    CacheFolder.contents(of: path, from: offset, count: size, wholeFile: wholeFile)
  }

  var folder: CacheFolder {
    CacheFolder(directory: directory, suffix: ".compiled-grammar", capacity: capacity)
  }

  func path(forKey key: String) -> String {
    folder.path(forKey: key)
  }

  /// The key of `sources` compiled for `locale` by this program; `nil` when the program
  /// can't be told apart from another (no executable to look at).
  static func key(sources: [GrammarSource], locale: String, program: String? = programIdentity()) -> String? {
    guard let program else { return nil }
    var hash = ContentHash()
    hash.addPart("\(CompiledGrammar.codingVersion)")
    hash.addPart(program)
    hash.addPart(locale)
    for source in sources {
      hash.addPart(source.path)
      hash.addPart(source.text)
    }
    return String(hash.value, radix: 16)
  }

  /// The path, size and modification time of the file this code was loaded from: the
  /// `siri` executable, or a test bundle (not the test runner that loaded it).
  static func programIdentity() -> String? {
    var image: String?
    #if canImport(Darwin)
    // Under `swift test` the process is the test runner; the code is in the test bundle.
    var information = Dl_info()
    if dladdr(#dsohandle, &information) != 0, let name = information.dli_fname {
      image = String(cString: name)
    }
    #else
    // Linux links everything, tests included, into the executable that runs.
    image = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    #endif
    guard let executable = image ?? CommandLine.arguments.first else { return nil }
    var status = stat()
    guard stat(executable, &status) == 0 else { return nil }
    #if os(Linux)
    let modified = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    #else
    let modified = "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
    #endif
    return "\(executable)\u{0}\(status.st_size)\u{0}\(modified)"
  }

  private func write(_ bytes: [UInt8], to path: String) {
    folder.write(bytes, to: path)
  }
}
