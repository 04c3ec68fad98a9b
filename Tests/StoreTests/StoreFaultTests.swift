import Foundation
import Synchronization
import Testing

@testable import SiriIntents

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad store files and failing file operations. Every case ends with a notice that
/// names the file and the problem, the old file kept (moved aside when unusable, never
/// deleted or overwritten), and nothing dropped without a word. Tests run as root,
/// where permissions don't stop anything, so missing permissions and a full disk are
/// injected failures (``StoreFaults``).
struct StoreFaultTests {
  /// A failure that can be switched on and off while a store is open.
  final class Switch: Sendable {
    let failure = Mutex<(operation: StoreError.Operation, code: Int32)?>(nil)

    var faults: StoreFaults {
      StoreFaults { [self] operation, _ in
        failure.withLock { $0.flatMap { $0.operation == operation ? $0.code : nil } }
      }
    }

    func fail(_ operation: StoreError.Operation, with code: Int32) { failure.withLock { $0 = (operation, code) } }
    func heal() { failure.withLock { $0 = nil } }
  }

  static let file = "\(testIdentifier).json"

  // MARK: - Files that can't be used

  static let current = #"{"format": "siri-simulator.app-group-store", "version": 1, "generation": 3, "#

  @Test(arguments: [
    // Truncated: the reason says where the text ends.
    (String(StoreFileFixtures.version1.prefix(200)), "it is not valid JSON: line 11, column 2: unexpected end of the text"),
    (current + #""values": {"a": [1, 2"#, "it is not valid JSON: line 1, column 98: unexpected end of the text"),
    // The version is not a number.
    (#"{"format": "siri-simulator.app-group-store", "version": "2", "values": {}}"#,
     "version: expected a whole number from 1 up, found a string"),
    (#"{"format": "siri-simulator.app-group-store", "version": 0, "values": {}}"#,
     "version: expected a whole number from 1 up, found 0"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1.5, "values": {}}"#,
     "version: expected a whole number from 1 up, found 1.5"),
    (#"{"format": "siri-simulator.app-group-store", "values": {}}"#, "version: required, but missing"),
    // Wrong types.
    (current + #""values": []}"#, "values: expected an object, found an array"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "generation": "x", "values": {}}"#,
     "generation: expected a whole number, found a string"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "generation": -1, "values": {}}"#,
     "generation: expected a whole number, found -1"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "generation": 2.5, "values": {}}"#,
     "generation: expected a whole number, found 2.5"),
    (current + #""values": {}, "binaryValues": {"a": 1}}"#, "binaryValues.a: expected a string, found a number"),
    (current + #""values": {}, "binaryValues": {"a": "!!"}}"#, "binaryValues.a: encountered Data is not valid Base64"),
    (current + #""values": {}, "identifier": 7}"#, "identifier: expected a string, found a number"),
    // Not JSON, or not the store's JSON.
    ("\u{FEFF}", "it is not valid JSON: line 1, column 1: unexpected end of the text"),
    ("null", "top level: expected an object, found null"),
    (#""a string""#, "top level: expected an object, found a string"),
  ])
  func unusableFileIsMovedAsideWithItsReason(content: String, reason expected: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file(Self.file)
    try Data(content.utf8).write(to: file)

    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(let path, let movedTo, let reason)? = notices.first, notices.count == 1 else {
      Issue.record("expected one corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(path == file.path)
    #expect(reason.hasPrefix(expected), "\(reason)")
    #expect(notices[0].description.contains(file.path) && notices[0].description.contains(reason))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data(content.utf8))
    #expect(store.snapshot() == [:] && store.isPersistent)
    store.set(1, forKey: "after")
    #expect(try openStore(folder).value(Int.self, forKey: "after") == 1)
  }

  @Test func newerVersionIsLeftAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file(Self.file)
    let content = Data(#"{"format": "siri-simulator.app-group-store", "version": 2, "values": {"a": 1}}"#.utf8)
    try content.write(to: file)
    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    #expect(notices == [.newerVersion(file: file.path, version: 2, supportedVersion: 1)])
    #expect(notices[0].description.contains(file.path))
    store.set(5, forKey: "b")
    #expect(store.value(Int.self, forKey: "b") == 5)
    #expect(try Data(contentsOf: file) == content)
    #expect(try folder.names() == [Self.file, "\(testIdentifier).lock"])
  }

  @Test func folderWhereTheFileShouldBeIsMovedAside() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file(Self.file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    try Data("inside".utf8).write(to: file.appendingPathComponent("kept"))
    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(_, let movedTo, _)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(
      notices[0].description == "The app-group store file \(file.path) can't be used (it couldn't be read: "
        + "it is not a regular file). It was moved aside to \(movedTo), and the store starts empty.")
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo).appendingPathComponent("kept")) == Data("inside".utf8))
    store.set(1, forKey: "a")
    #expect(try openStore(folder).value(Int.self, forKey: "a") == 1)
  }

  // MARK: - Injected failures

  /// A file that can't be read is moved aside (and kept), like a corrupt one.
  @Test func unreadableFileIsMovedAside() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try openStore(folder).set("old", forKey: "a")
    let original = try Data(contentsOf: folder.file(Self.file))

    let (store, notices) = try AppGroupStore.open(
      directory: folder.url, identifier: testIdentifier, faults: .failing(.read, with: EACCES))
    guard case .corruptFileMovedAside(let path, let movedTo, let reason)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(path == folder.file(Self.file).path)
    #expect(reason == "it couldn't be read: Permission denied (errno 13)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == original)
    #expect(store.snapshot() == [:])
  }

  /// When the bad file can't be moved aside either, it is left as it is, and the store
  /// keeps its changes in memory only, saying so.
  @Test func unreadableFileInAFolderWithoutWritePermissionIsLeftAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try openStore(folder).set("old", forKey: "a")
    let original = try Data(contentsOf: folder.file(Self.file))

    let faults = StoreFaults { operation, _ in operation == .read || operation == .moveAside ? EACCES : nil }
    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier, faults: faults)
    let file = folder.file(Self.file).path
    #expect(
      notices == [
        .corruptFileKept(
          file: file, reason: "it couldn't be read: Permission denied (errno 13)",
          error: StoreError(.moveAside, path: file, code: EACCES))
      ])
    #expect(
      notices.first?.description
        == "The app-group store file \(file) can't be used (it couldn't be read: Permission denied (errno 13)), "
        + "and it couldn't be moved aside: Couldn't move \(file) aside: Permission denied (errno 13). "
        + "The file was left untouched; changes in this session won't be saved.")
    #expect(!store.isPersistent)
    store.set("new", forKey: "a")
    #expect(store.value(String.self, forKey: "a") == "new")
    #expect(try Data(contentsOf: folder.file(Self.file)) == original)
    #expect(try folder.names() == [Self.file, "\(testIdentifier).lock"])
  }

  /// A full disk, a folder that can't be written, a flush or a rename that fails: the
  /// change stays in memory and a notice says so; the file on disk is the old one;
  /// once the failure is gone, the next save writes the kept change too.
  @Test(arguments: [
    (StoreError.Operation.writeTemporaryFile, ENOSPC, "No space left on device (errno 28)"),
    (.writeTemporaryFile, EACCES, "Permission denied (errno 13)"),
    (.sync, EIO, "Input/output error (errno 5)"),
    (.replace, EACCES, "Permission denied (errno 13)"),
    (.writeLockFile, ENOSPC, "No space left on device (errno 28)"),
    (.lock, ENOLCK, "No locks available (errno 37)"),
  ])
  func failedSaveKeepsTheChangeAndSaysSo(operation: StoreError.Operation, code: Int32, text: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let failure = Switch()
    let (store, opened) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier, faults: failure.faults)
    #expect(opened == [])
    store.set("saved", forKey: "a")
    let before = try Data(contentsOf: folder.file(Self.file))

    failure.fail(operation, with: code)
    store.set("kept in memory", forKey: "b")
    #expect(store.value(String.self, forKey: "b") == "kept in memory")
    let notices = store.takeNotices()
    guard case .saveFailed(let error)? = notices.first, notices.count == 1 else {
      Issue.record("expected one saveFailed notice, got \(notices)")
      return
    }
    #expect(error.operation == operation && error.code == code)
    #expect(notices[0].description.hasSuffix("\(text). The change is kept in memory only."), "\(notices[0])")
    #expect(notices[0].description.contains(folder.path + "/" + testIdentifier))
    #expect(try Data(contentsOf: folder.file(Self.file)) == before)
    #expect(try openStore(folder).value(String.self, forKey: "b") == nil)
    #expect(try folder.names() == [Self.file, "\(testIdentifier).lock"])

    // modify() reports the same failure by throwing, and leaves the content as it was.
    #expect(throws: StoreError.self) { try store.modify { $0["c"] = Data("3".utf8) } }
    #expect(store.value(Int.self, forKey: "c") == nil)

    failure.heal()
    store.set("later", forKey: "d")
    #expect(store.takeNotices() == [])
    let reopened = try openStore(folder)
    #expect(reopened.value(String.self, forKey: "b") == "kept in memory")
    #expect(reopened.value(String.self, forKey: "d") == "later")
  }

  /// A lock file that can't be opened is an error from `open`: there is no store to
  /// fall back on that could keep other processes' changes.
  @Test func lockFileThatCannotBeOpenedIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let lock = folder.file("\(testIdentifier).lock").path
    #expect(throws: StoreError(.openLockFile, path: lock, code: EACCES)) {
      try AppGroupStore.open(directory: folder.url, identifier: testIdentifier, faults: .failing(.openLockFile, with: EACCES))
    }
    #expect(
      StoreError(.openLockFile, path: lock, code: EACCES).description
        == "Couldn't open the lock file \(lock): Permission denied (errno 13)")
  }
}
