import Dispatch
import Foundation
import Testing

@testable import SiriIntents

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The persistent store in one process: sharing, persistence, format, migration and
/// every kind of bad file.
struct AppGroupStoreTests {
  struct Episode: Codable, Equatable {
    var title: String
    var position: Double
    var tags: [String]
  }

  @Test func ephemeralStoreIsTheDefaultAndTouchesNoFiles() throws {
    let store = AppGroupStore(identifier: "test", values: ["a": Data("1".utf8)])
    #expect(store.isPersistent == false)
    #expect(store.fileURL == nil)
    store.set(2, forKey: "b")
    store.update(Int.self, forKey: "a", default: 0) { $0 += 10 }
    #expect(store.value(Int.self, forKey: "a") == 11)
    #expect(try store.modify { $0.count } == 2)
    #expect(store.takeNotices() == [])
  }

  @Test func twoStoresOnOneFolderSeeEachOthersWrites() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let app = try openStore(folder)
    let extensionStore = try openStore(folder)
    #expect(app.isPersistent)

    extensionStore.set(Episode(title: "Lighthouses", position: 12.5, tags: ["coast"]), forKey: "nowPlaying")
    #expect(app.value(Episode.self, forKey: "nowPlaying")?.title == "Lighthouses")

    app.update(Episode.self, forKey: "nowPlaying", default: Episode(title: "", position: 0, tags: [])) {
      $0.position = 30
    }
    #expect(extensionStore.value(Episode.self, forKey: "nowPlaying")?.position == 30)

    extensionStore.removeValue(forKey: "nowPlaying")
    #expect(app.value(Episode.self, forKey: "nowPlaying") == nil)

    app.replaceAll(with: ["likes": Data(#"["a"]"#.utf8)])
    #expect(extensionStore.snapshot() == ["likes": Data(#"["a"]"#.utf8)])
    #expect(app.takeNotices() == [] && extensionStore.takeNotices() == [])
  }

  /// The generation written in the store file: one more at every save.
  func savedGeneration(_ store: AppGroupStore) throws -> Int {
    let data = try Data(contentsOf: try #require(store.fileURL))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(object["generation"] as? Int)
  }

  /// A transaction saves once, at its end (the outermost, when nested): reads inside see
  /// its changes, another store sees them after; `modify` inside still saves at once.
  @Test func aTransactionSavesOnceAtItsEnd() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let app = try openStore(folder)
    let other = try openStore(folder)
    app.set(1, forKey: "a")
    let start = try savedGeneration(app)
    let seen = app.transaction {
      app.set(2, forKey: "a")
      app.update(Int.self, forKey: "b", default: 0) { $0 += 5 }
      app.transaction { app.removeValue(forKey: "c"); app.set(["x"], forKey: "c") }
      return app.value(Int.self, forKey: "a")
    }
    #expect(seen == 2)
    #expect(try savedGeneration(app) == start + 1)
    #expect(other.value(Int.self, forKey: "a") == 2 && other.value(Int.self, forKey: "b") == 5)
    #expect(other.value([String].self, forKey: "c") == ["x"])
    // Nothing changed: nothing saved.
    app.transaction { app.set(2, forKey: "a") }
    #expect(try savedGeneration(app) == start + 1)
    // `modify` reports its save, so it saves at once, with what came before it.
    try app.transaction {
      app.set(3, forKey: "a")
      try app.modify { $0["d"] = Data("4".utf8) }
      #expect(try savedGeneration(app) == start + 2)
    }
    #expect(try savedGeneration(app) == start + 2)
    #expect(other.value(Int.self, forKey: "a") == 3 && other.value(Int.self, forKey: "d") == 4)
    #expect(app.takeNotices() == [] && other.takeNotices() == [])
    // An ephemeral store just runs the body.
    let memory = AppGroupStore(identifier: "m")
    #expect(memory.transaction { memory.set(1, forKey: "a"); return memory.value(Int.self, forKey: "a") } == 1)
  }

  /// A store that doesn't wait for the disk (a throwaway folder) saves the same files:
  /// other stores see each write, a reopened store reads every value, and a value that
  /// changes back and forth is written as it is now (the save remembers each value's
  /// readable form only while its bytes are the same).
  @Test func aStoreThatDoesNotWaitForTheDiskSavesTheSame() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (fast, _) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier, durable: false)
    let other = try openStore(folder)
    for position in [1.0, 2.5, 1.0] {
      fast.set(Episode(title: "Lighthouses", position: position, tags: []), forKey: "nowPlaying")
      #expect(other.value(Episode.self, forKey: "nowPlaying")?.position == position)
    }
    fast.set(Data([0xFF, 0x00]), forKey: "binary")
    fast.removeValue(forKey: "binary")
    fast.set("kept", forKey: "string")
    let values = fast.snapshot()
    #expect(try openStore(folder).snapshot() == values)
    #expect(fast.takeNotices() == [])
  }

  @Test func contentSurvivesReopeningByteForByte() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let values: [String: Data]
    do {
      let store = try openStore(folder)
      store.set(Episode(title: "Caf\u{E9} \"Night\"\n/\\ \u{1F3A7}", position: 0.1, tags: []), forKey: "episode")
      store.set([1e-7, -0.0, 1.7976931348623157e308, 3], forKey: "numbers")
      store.set(["nested": [["deep": [String: Int]()]]], forKey: "nested")
      store.set(true, forKey: "flag")
      store.set("plain", forKey: "string")
      store.advanceClock(by: 90)
      values = store.snapshot()
    }
    let reopened = try openStore(folder)
    #expect(reopened.snapshot() == values)
    #expect(reopened.value(Episode.self, forKey: "episode")?.position == 0.1)
    #expect(reopened.clock.elapsed == 90)
  }

  @Test func fileIsVersionedReadableJSONWithSortedKeys() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder)
    store.set(["b": 2, "a": 1], forKey: "zeta")
    store.set("x", forKey: "alpha")
    let url = try #require(store.fileURL)
    #expect(url.lastPathComponent == "\(testIdentifier).json")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == """
        {
          "format" : "siri-simulator.app-group-store",
          "generation" : 2,
          "identifier" : "group.simulator.shared",
          "values" : {
            "alpha" : "x",
            "zeta" : {
              "a" : 1,
              "b" : 2
            }
          },
          "version" : 1
        }

        """)
    #expect(try folder.names() == ["\(testIdentifier).json", "\(testIdentifier).lock"])
  }

  @Test func dataThatIsNotJSONIsKeptAsBase64() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let raw = Data([0xFF, 0x00, 0x7B])
    try openStore(folder).replaceAll(with: ["blob": raw, "json": Data("[1]".utf8)])
    let text = try String(contentsOf: folder.file("\(testIdentifier).json"), encoding: .utf8)
    #expect(text.contains(#""binaryValues" : {"#) && text.contains(raw.base64EncodedString()))
    #expect(try openStore(folder).snapshot() == ["blob": raw, "json": Data("[1]".utf8)])
  }

  @Test func legacyLayoutIsMigratedToVersion1() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    try Data(#"{"likes": ["a", "b"], "simulator.clock": {"elapsed": 5}}"#.utf8).write(to: file)

    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    #expect(notices == [.migrated(file: file.path, fromVersion: 0, toVersion: 1)])
    #expect(notices.first?.description == "The app-group store file \(file.path) was upgraded from format version 0 to 1.")
    #expect(store.value([String].self, forKey: "likes") == ["a", "b"])
    #expect(store.clock.elapsed == 5)

    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""format" : "siri-simulator.app-group-store""#) && text.contains(#""version" : 1"#))
    let reopened = try openStore(folder)
    #expect(reopened.value([String].self, forKey: "likes") == ["a", "b"])
  }

  @Test func everyOlderVersionHasAMigration() {
    for version in 0..<StoreFileFormat.currentVersion {
      #expect(StoreFileFormat.migrations[version]?.from == version)
    }
  }

  @Test func fileFromANewerVersionIsLeftUntouched() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    let original = Data(
      #"{"format": "siri-simulator.app-group-store", "version": 7, "values": {"a": 1}, "newThing": []}"#.utf8)
    try original.write(to: file)

    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    #expect(notices == [.newerVersion(file: file.path, version: 7, supportedVersion: 1)])
    #expect(notices.first?.description.contains("newer version") == true)
    #expect(notices.first?.description.contains("left untouched") == true)
    #expect(store.isPersistent == false)
    #expect(store.snapshot() == [:])

    store.set(2, forKey: "a")
    store.update(Int.self, forKey: "n", default: 0) { $0 += 1 }
    #expect(store.value(Int.self, forKey: "a") == 2)
    #expect(try Data(contentsOf: file) == original)
    #expect(try folder.names() == ["\(testIdentifier).json", "\(testIdentifier).lock"])
  }

  @Test func corruptFileIsMovedAsideAndTheStoreStartsEmpty() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    let garbage = Data(#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"a": 1"#.utf8)
    try garbage.write(to: file)

    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(let path, let movedTo, let reason)? = notices.first, notices.count == 1 else {
      Issue.record("expected one corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(path == file.path)
    #expect(movedTo.wholeMatch(of: #/.*/group\.simulator\.shared\.json\.corrupt-\d{8}-\d{6}/#) != nil)
    #expect(reason.contains("not valid JSON"))
    #expect(
      notices[0].description == "The app-group store file \(file.path) can't be used (\(reason)). "
        + "It was moved aside to \(movedTo), and the store starts empty.")
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
    #expect(store.snapshot() == [:])
    #expect(store.isPersistent)

    // The store works from empty, and a second bad file gets a new name, not the first's.
    store.set(1, forKey: "b")
    #expect(try openStore(folder).value(Int.self, forKey: "b") == 1)
    try Data("not json".utf8).write(to: file)
    let (_, second) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(_, let secondMovedTo, _)? = second.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(second)")
      return
    }
    #expect(secondMovedTo != movedTo)
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
    #expect(try Data(contentsOf: URL(fileURLWithPath: secondMovedTo)) == Data("not json".utf8))
  }

  @Test func takenCorruptNameGetsACounter() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    // Take this second's and the next second's names, so the counter is needed either way.
    let now = Date()
    for date in [now, now.addingTimeInterval(1)] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyyMMdd-HHmmss"
      try Data("older".utf8).write(to: URL(fileURLWithPath: file.path + ".corrupt-" + formatter.string(from: date)))
    }
    try Data([0xFF, 0xFE]).write(to: file)
    let (_, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(_, let movedTo, let reason)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(movedTo.hasSuffix("-2"))
    #expect(reason.contains("UTF-8"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data([0xFF, 0xFE]))
  }

  @Test(arguments: [
    ("", "it is not valid JSON"),
    ("[1, 2]", "top level: expected an object, found an array"),
    (#"{"format": "siri-simulator.app-group-store", "version": "one", "values": {}}"#, "version: expected a whole number"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1}"#, "values: required, but missing"),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"a": 1, "a": 2}}"#, "twice"),
    (#"{"a": 1, "a": 2}"#, "twice"),
  ])
  func unusableFilesAreMovedAside(content: String, reasonPart: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data(content.utf8).write(to: folder.file("\(testIdentifier).json"))
    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(_, let movedTo, let reason)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(reason.contains(reasonPart) || (content.isEmpty && reason.contains("empty")), "\(reason)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data(content.utf8))
    #expect(store.snapshot() == [:])
  }

  @Test func unreadableStoreFileIsMovedAside() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
    guard case .corruptFileMovedAside(_, let movedTo, let reason)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(reason == "it couldn't be read: it is not a regular file")
    #expect(FileManager.default.fileExists(atPath: movedTo))
    store.set(1, forKey: "a")
    #expect(try openStore(folder).value(Int.self, forKey: "a") == 1)
  }

  @Test func corruptionFoundByALaterReadIsHandledTheSameWay() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder)
    store.set(1, forKey: "a")
    let file = try #require(store.fileURL)
    try Data("{{{".utf8).write(to: file)
    #expect(store.value(Int.self, forKey: "a") == nil)
    let notices = store.takeNotices()
    guard case .corruptFileMovedAside(let path, let movedTo, _)? = notices.first else {
      Issue.record("expected a corruptFileMovedAside notice, got \(notices)")
      return
    }
    #expect(path == file.path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("{{{".utf8))
  }

  @Test func valueThatDoesNotDecodeIsKept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder)
    store.set("not a number", forKey: "count")
    #expect(store.value(Int.self, forKey: "count") == nil)
    #expect(store.value(String.self, forKey: "count") == "not a number")

    store.update(Int.self, forKey: "count", default: 0) { $0 += 1 }
    #expect(store.value(Int.self, forKey: "count") == 1)
    let notices = store.takeNotices()
    guard case .undecodableValueMovedAside("count", let movedTo, "Int")? = notices.first else {
      Issue.record("expected an undecodableValueMovedAside notice, got \(notices)")
      return
    }
    #expect(movedTo.hasPrefix("count.undecodable-"))
    #expect(try openStore(folder).value(String.self, forKey: movedTo) == "not a number")
  }

  @Test func failedSaveIsReportedAndTheChangeKeptInMemory() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder)
    store.set(1, forKey: "a")
    folder.remove()

    store.set(2, forKey: "b")
    #expect(store.value(Int.self, forKey: "b") == 2)
    let notices = store.takeNotices()
    guard case .saveFailed(let error)? = notices.first else {
      Issue.record("expected a saveFailed notice, got \(notices)")
      return
    }
    #expect(error.operation == .writeTemporaryFile)
    #expect(error.path.hasPrefix(folder.path + "/\(testIdentifier).json.tmp-"))
    #expect(error.description == "Couldn't write the temporary file \(error.path): No such file or directory (errno 2)")
    #expect(notices[0].description.hasSuffix("The change is kept in memory only."))

    #expect(throws: error) { try store.modify { $0["c"] = Data("3".utf8) } }
    #expect(store.value(Int.self, forKey: "c") == nil)
  }

  @Test func identifierMustBeAFileName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for identifier in ["", ".", "..", "a/b", "x\u{0}y", String(repeating: "x", count: 201)] {
      #expect {
        try AppGroupStore.open(directory: folder.url, identifier: identifier)
      } throws: { error in
        (error as? StoreError)?.operation == .validateIdentifier
      }
    }
    #expect(try folder.names() == [])
    #expect(
      StoreError(.validateIdentifier, path: "a/b", reason: "it contains “/”").description
        == "“a/b” can't be used as an app-group store identifier: it contains “/”")
  }

  @Test func openCreatesMissingFolders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let nested = folder.url.appendingPathComponent("a/b/c", isDirectory: true)
    let (store, notices) = try AppGroupStore.open(directory: nested, identifier: "g")
    #expect(notices == [])
    store.set(1, forKey: "k")
    #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("g.json").path))
  }

  @Test func folderThatIsAFileIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let notAFolder = folder.file("plain")
    try Data().write(to: notAFolder)
    #expect(throws: StoreError(.createFolder, path: notAFolder.path, code: ENOTDIR)) {
      try AppGroupStore.open(directory: notAFolder, identifier: "g")
    }
  }

  /// Like the app and its extension in one process: each store has its own lock file
  /// descriptor, so they exclude each other like two processes do.
  @Test func concurrentUpdatesFromTwoStoresInOneProcessLoseNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let stores = [try openStore(folder), try openStore(folder)]
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<75 { stores[index % 2].update(Int.self, forKey: "count", default: 0) { $0 += 1 } }
    }
    #expect(try openStore(folder).value(Int.self, forKey: "count") == 300)
    #expect(stores[0].value(Int.self, forKey: "count") == 300)
    #expect(stores[0].takeNotices() == [] && stores[1].takeNotices() == [])
  }
}
