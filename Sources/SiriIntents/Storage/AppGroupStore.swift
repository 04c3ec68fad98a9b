import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The container an app and its Intents extension share, like
/// `UserDefaults(suiteName: "group.…")`: typed values under string keys.
///
/// It is a reference type on purpose: the simulated extension and the simulated
/// main app each hold the same store, the way both processes open the same app-group
/// container. It is created by whoever wires the session and passed in; there is no
/// shared instance. Values are kept encoded, so what one side writes is exactly what
/// the other reads back.
///
/// ## Ephemeral and persistent stores
///
/// ``init(identifier:values:)`` makes an ephemeral store: it lives in memory and keeps
/// nothing (transcript tests use it). ``open(directory:identifier:)`` makes a
/// persistent one, backed by `<directory>/<identifier>.json` (see the format below)
/// and `<directory>/<identifier>.lock`. Any number of stores, in this process or in
/// others, may be open on the same folder; they all see one content:
///
/// - Every change takes an exclusive `flock` on the lock file, re-reads the store file
///   if another store saved since this one last read it, applies the change to that
///   fresh content, saves, and unlocks — all before returning. So concurrent
///   ``update(_:forKey:default:_:)`` calls never lose each other's changes.
/// - A save writes a temporary file in the same folder, flushes it, records the new
///   generation in the lock file, renames the temporary file over the store file and
///   flushes the folder. A process killed at any point leaves either the old or the
///   new file, never a broken one.
/// - Reads check for other stores' saves cheaply (the lock file's generation counter
///   and the store file's inode, size and times) and re-read only when something changed.
///
/// ## Problems
///
/// Nothing crashes and nothing is silently dropped. A corrupt or unreadable store file
/// is moved aside as `<identifier>.json.corrupt-<UTC YYYYMMDD-HHMMSS>` and the store
/// starts empty; a file from a newer version is left untouched and the store keeps its
/// content in memory only. Each such event is a ``StoreNotice``: those from opening
/// are returned by ``open(directory:identifier:)``, later ones (e.g. a save that
/// failed; the change is then kept in memory) collect in ``takeNotices()``. Use
/// ``modify(_:)`` to get save failures as a thrown ``StoreError`` instead.
///
/// ## File format
///
/// A JSON document with sorted keys, indented by two spaces:
/// `"format": "siri-simulator.app-group-store"`, `"version": 1`, `"generation"` (bumped
/// by every save), `"identifier"` and `"values"`, the values themselves embedded as JSON
/// (read and written with Foundation's coders; loading gives back the very bytes saved).
/// A legacy file that is just a `{ key: value }` object (version 0) is migrated on open.
public final class AppGroupStore: Sendable {
  /// The group identifier, e.g. `group.com.example.audiocast`.
  public let identifier: String
  private let state: Mutex<State>
  private let backing: Backing?

  /// Makes an ephemeral store: it keeps its values in memory only and touches no files.
  public init(identifier: String, values: [String: Data] = [:]) {
    self.identifier = identifier
    self.state = Mutex(State(values: values, savesToDisk: false))
    self.backing = nil
  }

  private init(identifier: String, backing: Backing) {
    self.identifier = identifier
    self.state = Mutex(State(values: [:], savesToDisk: true, needsLoad: true))
    self.backing = backing
  }

  /// Opens the persistent store `<directory>/<identifier>.json`, creating the folder
  /// and an empty store when there are none.
  ///
  /// Problems with the existing file don't make this fail; they come back as notices
  /// to show the user: a corrupt file moved aside (the store starts empty), an older
  /// format migrated, a newer format left untouched (the store then keeps its content
  /// in memory only, and ``isPersistent`` is `false`).
  ///
  /// - Parameters:
  ///   - directory: The data folder; the app and its extension pass the same one.
  ///   - identifier: The group identifier; it must be usable as a file name.
  /// - Throws: ``StoreError`` when the identifier isn't a valid file name, when the
  ///   folder or lock file can't be created or locked, or when the store file can't be
  ///   read for a passing reason (the process is out of file descriptors or memory).
  ///
  /// - Parameter durable: whether each save waits for the disk (`fsync`), so a saved
  ///   value survives a power cut. A store in a throwaway folder (a transcript replay)
  ///   doesn't need that: its saves are still atomic (a new file renamed over the old),
  ///   so another process or a crash never sees half of one.
  public static func open(
    directory: URL, identifier: String, durable: Bool = true
  ) throws(StoreError) -> (store: AppGroupStore, notices: [StoreNotice]) {
    try open(directory: directory, identifier: identifier, faults: .none, durable: durable)
  }

  /// ``open(directory:identifier:)`` with failures injected into its file operations,
  /// for tests (see ``StoreFaults``).
  static func open(
    directory: URL, identifier: String, faults: StoreFaults, durable: Bool = true
  ) throws(StoreError) -> (store: AppGroupStore, notices: [StoreNotice]) {
    try validate(identifier: identifier)
    let directoryPath = StoreFiles.path(of: directory)
    try StoreFiles.makeDirectories(directoryPath)
    let base = directoryPath.hasSuffix("/") ? directoryPath + identifier : directoryPath + "/" + identifier
    let lockFile = try StoreLockFile(path: base + ".lock", faults: faults)
    let backing = Backing(
      directoryPath: directoryPath,
      filePath: base + ".json",
      temporaryPath: base + ".json.tmp-\(getpid())",
      lockFile: lockFile,
      faults: faults,
      durable: durable
    )
    let store = AppGroupStore(identifier: identifier, backing: backing)
    let notices = try store.state.withLock { (state) throws(StoreError) -> [StoreNotice] in
      try lockFile.lock()
      defer { lockFile.unlock() }
      StoreFiles.removeLeftoverTemporaryFiles(in: directoryPath, prefix: identifier + ".json.tmp-")
      if let error = store.reloadLocked(&state, backing) { throw error }
      defer { state.notices = [] }
      return state.notices
    }
    return (store, notices)
  }

  /// The store file, or `nil` for an ephemeral store.
  public var fileURL: URL? {
    backing.map { URL(fileURLWithPath: $0.filePath) }
  }

  /// Whether changes are being saved to ``fileURL``: `false` for an ephemeral store,
  /// and for a persistent one that fell back to memory (see ``StoreNotice``).
  public var isPersistent: Bool {
    backing != nil && state.withLock { $0.savesToDisk }
  }

  /// Notices raised since the store was opened (or since the last call), oldest
  /// first, e.g. a save that failed or a corrupt file found on a later read.
  public func takeNotices() -> [StoreNotice] {
    state.withLock { state in
      defer { state.notices = [] }
      return state.notices
    }
  }

  // MARK: - Values

  /// The value stored under `key`, or `nil` when there is none or it doesn't decode
  /// as `type` (the stored data is left as it is).
  public func value<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
    let data = state.withLock { state -> Data? in
      refreshIfChanged(&state)
      return state.values[key]
    }
    guard let data else { return nil }
    return try? JSONDecoder().decode(Value.self, from: data)
  }

  /// Stores `value` under `key`, replacing what was there, and saves before returning.
  public func set<Value: Encodable>(_ value: Value, forKey key: String) {
    let data: Data
    do {
      data = try Self.encoder.encode(value)
    } catch {
      state.withLock { $0.note(.encodingFailed(key: key, reason: "\(error)")) }
      return
    }
    mutate(ifNotSaved: { _ in }) { values, _ in values[key] = data }
  }

  /// Removes the value under `key`, and saves before returning.
  public func removeValue(forKey key: String) {
    mutate(ifNotSaved: { _ in }) { values, _ in _ = values.removeValue(forKey: key) }
  }

  /// Reads, changes and writes back the value under `key` in one step.
  ///
  /// For a persistent store `body` runs under the cross-process lock on the latest
  /// content, so concurrent updates from other processes are never lost. When the
  /// stored value doesn't decode as `type`, its data is kept under a new key
  /// (`<key>.undecodable-<timestamp>`, with a notice) and `body` starts from the default.
  @discardableResult
  public func update<Value: Codable, Result: Sendable>(
    _ type: Value.Type, forKey key: String, default defaultValue: @autoclosure () -> Value,
    _ body: (inout Value) -> sending Result
  ) -> Result {
    mutate(ifNotSaved: { _ in }) { values, notices in
      var value = defaultValue()
      if let data = values[key] {
        if let decoded = try? JSONDecoder().decode(Value.self, from: data) {
          value = decoded
        } else {
          let base = "\(key).undecodable-\(StoreFiles.utcTimestamp())"
          var asideKey = base
          var counter = 2
          while values[asideKey] != nil {
            asideKey = "\(base)-\(counter)"
            counter += 1
          }
          values[asideKey] = data
          values[key] = nil
          notices.append(.undecodableValueMovedAside(key: key, movedTo: asideKey, expectedType: "\(Value.self)"))
        }
      }
      let result = body(&value)
      do {
        values[key] = try Self.encoder.encode(value)
      } catch {
        notices.append(.encodingFailed(key: key, reason: "\(error)"))
      }
      return result
    }
  }

  /// Every key and its encoded value (the latest content), for `:state`.
  public func snapshot() -> [String: Data] {
    state.withLock { state in
      refreshIfChanged(&state)
      return state.values
    }
  }

  /// Replaces the whole content (restoring a snapshot, `:reset`), and saves before returning.
  public func replaceAll(with newValues: [String: Data]) {
    mutate(ifNotSaved: { _ in }) { values, _ in values = newValues }
  }

  /// Runs `body` as one change of the store: what it sets, updates and removes is saved
  /// once, when it returns, instead of at every call, and no other process changes the
  /// store in between (the cross-process lock is held throughout). An app's handler
  /// that touches several keys (playback, history, suggestions) uses it so that a turn
  /// writes the file once. Reads inside `body` see its changes. Calls may nest; the
  /// outermost saves. A save that fails at the end is a notice, as for ``set(_:forKey:)``.
  /// ``modify(_:)`` inside a transaction still saves at once (it must report a failure).
  /// Keep `body` short and synchronous: other processes wait for it, and so would
  /// another store opened on the same file in this process (never use one inside).
  @discardableResult
  public func transaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard let backing else { return try body() }
    let began = state.withLock { state -> Bool in
      guard state.savesToDisk else { return false }
      if state.transactionDepth == 0 {
        let locked = withLatestContent(
          &state, backing, keepingLock: true,
          ifFailed: { state, error, reading in
            state.note(reading ? .reloadFailed(error) : .saveFailed(error))
            return false
          }
        ) { _ in true }
        guard locked else { return false }
      }
      state.transactionDepth += 1
      return true
    }
    guard began else { return try body() }
    defer {
      state.withLock { state in
        state.transactionDepth -= 1
        guard state.transactionDepth == 0 else { return }
        defer { backing.lockFile.unlock() }
        guard state.hasUnsavedChanges else { return }
        state.hasUnsavedChanges = false
        guard state.savesToDisk else { return }
        do throws(StoreError) {
          try saveLocked(state.values, &state, backing)
        } catch {
          state.note(.saveFailed(error))
        }
      }
    }
    return try body()
  }

  /// Changes the raw content in one step and saves it before returning; unlike the
  /// other mutations, a failed save throws and leaves the content unchanged.
  ///
  /// For a persistent store `body` runs under the cross-process lock on the latest
  /// content. For an ephemeral store (or one that fell back to memory) it never throws.
  /// - Throws: ``StoreError`` when the change couldn't be saved.
  @discardableResult
  public func modify<Result: Sendable>(_ body: (inout [String: Data]) -> Result) throws(StoreError) -> Result {
    try mutate(ifNotSaved: { (error: StoreError) throws(StoreError) in throw error }, deferrable: false) { values, _ in
      body(&values)
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()

  // MARK: - Persistence

  /// The files behind a persistent store.
  private final class Backing: Sendable {
    let directoryPath: String
    let filePath: String
    let temporaryPath: String
    let lockFile: StoreLockFile
    let faults: StoreFaults
    /// Whether saves wait for the disk (see ``AppGroupStore/open(directory:identifier:durable:)``).
    let durable: Bool

    init(
      directoryPath: String, filePath: String, temporaryPath: String, lockFile: StoreLockFile, faults: StoreFaults,
      durable: Bool = true
    ) {
      self.directoryPath = directoryPath
      self.filePath = filePath
      self.temporaryPath = temporaryPath
      self.lockFile = lockFile
      self.faults = faults
      self.durable = durable
    }
  }

  private struct State {
    var values: [String: Data]
    /// `false` for an ephemeral store, or after falling back to memory.
    var savesToDisk: Bool
    /// Set until the first load of a persistent store.
    var needsLoad = false
    /// The lock file's generation when the content was last read or saved.
    var seenCounter: UInt64 = 0
    /// The store file as last read or saved (`nil`: there was none).
    var seenStamp: FileStamp?
    /// The generation recorded in the store file last read or saved.
    var fileGeneration: UInt64 = 0
    var notices: [StoreNotice] = []
    /// Each value's readable JSON form as the last save found it: a save re-reads only
    /// the values that changed (decoding every value on every save was 15% of a
    /// transcript run).
    var canonicalValues: [String: (data: Data, value: JSONValue?)] = [:]
    /// How many ``AppGroupStore/transaction(_:)`` calls are running; while above 0 the
    /// cross-process lock is held and changes wait for the end to be saved.
    var transactionDepth = 0
    /// Whether a transaction changed the content since it began.
    var hasUnsavedChanges = false

    mutating func note(_ notice: StoreNotice) {
      notices.append(notice)
      if notices.count > 100 { notices.removeFirst(notices.count - 100) }
    }
  }

  /// Applies `body` to the latest content and saves it. When the save fails,
  /// `ifNotSaved` either throws (and the content stays as it was) or returns (and the
  /// change is kept in memory, with a ``StoreNotice/saveFailed(_:)`` notice).
  @discardableResult
  private func mutate<Result: Sendable, Failure: Error>(
    ifNotSaved: (StoreError) throws(Failure) -> Void, deferrable: Bool = true,
    _ body: (inout [String: Data], inout [StoreNotice]) -> Result
  ) throws(Failure) -> Result {
    try state.withLock { (state) throws(Failure) -> Result in
      var notices: [StoreNotice] = []
      guard let backing, state.savesToDisk else {
        let result = body(&state.values, &notices)
        notices.forEach { state.note($0) }
        return result
      }
      // In a transaction this store holds the lock and is the only writer: it changes the
      // content now and saves at the transaction's end (or now, for a change that must
      // report a failed save).
      let inTransaction = state.transactionDepth > 0
      func change(_ state: inout State) throws(Failure) -> Result {
        var values = state.values
        let result = body(&values, &notices)
        if values != state.values {
          if inTransaction && deferrable {
            state.hasUnsavedChanges = true
          } else if state.savesToDisk {
            do throws(StoreError) {
              try saveLocked(values, &state, backing)
              state.hasUnsavedChanges = false
            } catch {
              try ifNotSaved(error)
              state.note(.saveFailed(error))
            }
          }
        }
        state.values = values
        notices.forEach { state.note($0) }
        return result
      }
      if inTransaction { return try change(&state) }
      return try withLatestContent(
        &state, backing,
        ifFailed: { (state, error, _) throws(Failure) -> Result in
          // Saving without the lock, or without the latest content, could undo another
          // process's changes.
          try ifNotSaved(error)
          let result = body(&state.values, &notices)
          notices.forEach { state.note($0) }
          state.note(.saveFailed(error))
          return result
        }, change)
    }
  }

  /// Runs `body` on the latest content, under the cross-process lock: takes the lock
  /// on the lock file, re-reads the store file if another store saved since this one
  /// last read it (``reloadLocked(_:_:)``), runs `body` and unlocks. With `keepingLock`
  /// (a transaction beginning) the lock stays held after `body`, for the caller to release.
  ///
  /// When the lock can't be taken, `ifFailed` runs instead of `body`, without the lock;
  /// when the file can't be re-read, it runs still holding the lock, which is released
  /// after it in any case. Its third argument tells which: `true` when it was the reading.
  private func withLatestContent<Result, Failure: Error>(
    _ state: inout State, _ backing: Backing, keepingLock: Bool = false,
    ifFailed: (inout State, StoreError, _ reading: Bool) throws(Failure) -> Result,
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    do throws(StoreError) {
      try backing.lockFile.lock()
    } catch {
      return try ifFailed(&state, error, false)
    }
    if let error = reloadLocked(&state, backing) {
      defer { backing.lockFile.unlock() }
      return try ifFailed(&state, error, true)
    }
    defer { if !keepingLock { backing.lockFile.unlock() } }
    return try body(&state)
  }

  /// Re-reads the file if another store saved since this one last looked. Cheap when
  /// nothing changed: one `pread` of the lock file and one `stat`.
  private func refreshIfChanged(_ state: inout State) {
    // During a transaction no other process can save, and this one's changes are not
    // in the file yet: reloading would lose them.
    guard let backing, state.savesToDisk, state.transactionDepth == 0 else { return }
    if !state.needsLoad, backing.lockFile.readCounter() == state.seenCounter,
      case .success(let stamp) = StoreFiles.stamp(atPath: backing.filePath), stamp == state.seenStamp
    {
      return
    }
    withLatestContent(&state, backing, ifFailed: { state, error, _ in state.note(.reloadFailed(error)) }) { _ in }
  }

  /// Brings `state` up to date with the file. Call only while holding the lock.
  ///
  /// Returns an error only when the file couldn't be read for a passing reason (out of
  /// file descriptors or memory); `state` is then unchanged, and the file is left alone.
  /// Other problems with the file are handled here and become notices.
  @discardableResult
  private func reloadLocked(_ state: inout State, _ backing: Backing) -> StoreError? {
    let counter = backing.lockFile.readCounter()
    if !state.needsLoad, counter == state.seenCounter,
      case .success(let stamp) = StoreFiles.stamp(atPath: backing.filePath), stamp == state.seenStamp
    {
      return nil
    }
    let contents = StoreFiles.readFile(backing.filePath, faults: backing.faults)
    if case .failed(let error) = contents, let code = error.code, StoreFiles.passingErrors.contains(code) {
      return error
    }
    let isFirstLoad = state.needsLoad
    state.needsLoad = false
    state.seenCounter = counter
    switch contents {
    case .missing:
      state.values = [:]
      state.seenStamp = nil
    case .failed(let error):
      let detail = error.code.map { "\(error.reason) (errno \($0))" } ?? error.reason
      setAsideBadFile(&state, backing, reason: "it couldn't be read: \(detail)", isFirstLoad: isFirstLoad)
    case .read(let bytes, let stamp):
      let decoded: StoreFileFormat.Decoded
      do {
        decoded = try StoreFileFormat.decode(bytes)
      } catch {
        setAsideBadFile(&state, backing, reason: error.description, isFirstLoad: isFirstLoad)
        return nil
      }
      switch decoded {
      case .current(let document, let migratedFrom):
        state.values = document.values
        state.fileGeneration = document.generation
        state.seenStamp = stamp
        if let migratedFrom {
          do {
            try saveLocked(document.values, &state, backing)
            state.note(
              .migrated(
                file: backing.filePath, fromVersion: migratedFrom, toVersion: StoreFileFormat.currentVersion))
          } catch {
            state.note(.saveFailed(error))
          }
        }
      case .newer(let version):
        state.savesToDisk = false
        if isFirstLoad { state.values = [:] }
        state.note(
          .newerVersion(file: backing.filePath, version: version, supportedVersion: StoreFileFormat.currentVersion))
      }
    }
    return nil
  }

  /// Moves an unusable store file aside and starts empty; if it can't be moved, leaves
  /// it alone and stops saving (so it is never overwritten).
  private func setAsideBadFile(_ state: inout State, _ backing: Backing, reason: String, isFirstLoad: Bool) {
    do {
      let movedTo = try StoreFiles.moveAside(
        backing.filePath, directoryPath: backing.directoryPath, faults: backing.faults)
      state.values = [:]
      state.seenStamp = nil
      state.note(.corruptFileMovedAside(file: backing.filePath, movedTo: movedTo, reason: reason))
    } catch {
      state.savesToDisk = false
      if isFirstLoad { state.values = [:] }
      state.note(.corruptFileKept(file: backing.filePath, reason: reason, error: error))
    }
  }

  /// Saves `values` as the next generation. Call only while holding the lock, after
  /// ``reloadLocked(_:_:)``.
  private func saveLocked(_ values: [String: Data], _ state: inout State, _ backing: Backing) throws(StoreError) {
    let generation = max(state.seenCounter, state.fileGeneration) + 1
    let bytes: [UInt8]
    do {
      var known = state.canonicalValues
      bytes = try StoreFileFormat.encode(identifier: identifier, generation: generation, values: values) { key, data in
        if let entry = known[key], entry.data == data { return entry.value }
        let value = JSONValue.canonical(data)
        known[key] = (data, value)
        return value
      }
      state.canonicalValues = known.filter { values[$0.key] != nil }
    } catch {
      throw StoreError(.encode, path: backing.filePath, reason: error.description)
    }
    do {
      try StoreFiles.writeAtomically(
        bytes, to: backing.filePath, temporaryPath: backing.temporaryPath, directoryPath: backing.directoryPath,
        crashAfterBytes: StoreTestingHooks.crashAfterBytes, faults: backing.faults, durable: backing.durable
      ) { () throws(StoreError) in
        try backing.lockFile.writeCounter(generation)
      }
    } catch {
      // The file wasn't replaced; the counter may have moved, which is no reason to reload.
      state.seenCounter = backing.lockFile.readCounter()
      throw error
    }
    state.seenCounter = generation
    state.fileGeneration = generation
    state.seenStamp = (try? StoreFiles.stamp(atPath: backing.filePath).get()) ?? nil
  }

  private static func validate(identifier: String) throws(StoreError) {
    let problem: String? =
      if identifier.isEmpty { "it is empty" }
      else if identifier == "." || identifier == ".." { "it is “.” or “..”" }
      else if identifier.contains("/") { "it contains “/”" }
      else if identifier.utf8.contains(0) { "it contains a NUL character" }
      else if identifier.utf8.count > 200 { "it is longer than 200 bytes" }
      else { nil }
    if let problem { throw StoreError(.validateIdentifier, path: identifier, reason: problem) }
  }
}

/// Hooks for the store's crash tests; inert unless their environment variable is set
/// for the process.
enum StoreTestingHooks {
  /// `SIRI_STORE_CRASH_AFTER_BYTES=N`: the next save writes N bytes of its temporary
  /// file and exits with status 9 (with N at least the file's size: after flushing
  /// the complete temporary file, just before the rename).
  static let crashAfterBytes: Int? = ProcessInfo.processInfo.environment["SIRI_STORE_CRASH_AFTER_BYTES"].flatMap {
    Int($0)
  }
}
