import Foundation
import Testing

@testable import SiriIntents

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Other processes writing the same store: concurrent writers, and writers killed
/// in the middle of a save. Uses the `siri-store-tool` executable.
@Suite(.serialized)
struct StoreProcessTests {
  @Test func twoConcurrentWriterProcessesLoseNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let writers = try (0..<2).map { _ in try StoreTool.start(["increment", folder.path, "count", "300"]) }
    for (process, output, errors) in writers {
      _ = output.fileHandleForReading.readDataToEndOfFile()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(message)")
    }
    let store = try openStore(folder)
    #expect(store.value(Int.self, forKey: "count") == 600)
    #expect(try StoreTool.run(["get", folder.path, "count"]).output == "600\n")
  }

  @Test func anotherProcessesWritesAreSeenByAnOpenStore() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder)
    store.set("from the test", forKey: "a")
    #expect(try StoreTool.run(["get", folder.path, "a"]).output == "\"from the test\"\n")
    #expect(try StoreTool.run(["write", folder.path, "b", "from the tool"]).status == 0)
    #expect(store.value(String.self, forKey: "b") == "from the tool")
    #expect(store.value(String.self, forKey: "a") == "from the test")
  }

  /// The crash hook stops a save after N bytes of the temporary file (or, for N past
  /// its end, just before the rename): the store must still be the old state.
  @Test(arguments: [0, 1, 40, 1_000_000])
  func writerKilledMidSaveLeavesTheOldState(crashAfterBytes: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    do {
      let store = try openStore(folder)
      store.set("old", forKey: "a")
      store.set(7, forKey: "n")
    }
    let before = try Data(contentsOf: folder.file("\(testIdentifier).json"))

    let outcome = try StoreTool.run(
      ["write", folder.path, "a", "new"], environment: ["SIRI_STORE_CRASH_AFTER_BYTES": "\(crashAfterBytes)"])
    #expect(outcome.reason == .exit && outcome.status == 9, "\(outcome)")
    // The half-written temporary file is there, and it is not the store.
    let leftovers = try folder.names().filter { $0.hasPrefix("\(testIdentifier).json.tmp-") }
    #expect(leftovers.count == 1)
    #expect(try Data(contentsOf: folder.file("\(testIdentifier).json")) == before)

    let store = try openStore(folder)
    #expect(store.value(String.self, forKey: "a") == "old")
    #expect(store.value(Int.self, forKey: "n") == 7)
    #expect(try folder.names() == ["\(testIdentifier).json", "\(testIdentifier).lock"])

    // The next save works and the state moves on.
    store.set("newer", forKey: "a")
    #expect(try StoreTool.run(["get", folder.path, "a"]).output == "\"newer\"\n")
  }

  /// A process saving large records in a loop, killed with SIGKILL at a random moment:
  /// the file is always one whole record, never broken or mixed.
  @Test func writerKilledWithSIGKILLLeavesAWholeRecord() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var lastSeen = 0
    for round in 0..<4 {
      let (process, output, _) = try StoreTool.start(["loop", folder.path, "record", "300000"])
      let ready = output.fileHandleForReading.availableData
      #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"), "round \(round)")
      usleep(UInt32.random(in: 5_000...40_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)

      let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
      #expect(notices == [], "round \(round)")
      let record = try #require(store.value(LoopRecord.self, forKey: "record"), "round \(round)")
      #expect(record.isWhole && record.padding.count == 300_000, "round \(round): n = \(record.n)")
      #expect(record.n > lastSeen, "round \(round)")
      lastSeen = record.n
      #expect(try folder.names() == ["\(testIdentifier).json", "\(testIdentifier).lock"])
    }
  }
}
