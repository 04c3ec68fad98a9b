import Foundation
import Testing

@testable import SiriIntents

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  /// - Parameter inMemory: Use a memory file system (`/dev/shm`) when there is one.
  ///   For tests of many saves that are about processes, not disks: there `fsync` costs
  ///   nothing, where on a disk each save's two flushes take milliseconds.
  init(inMemory: Bool = false) throws {
    var isFolder: ObjCBool = false
    let base =
      inMemory && FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue
      ? URL(fileURLWithPath: "/dev/shm", isDirectory: true) : FileManager.default.temporaryDirectory
    url = base.appendingPathComponent("store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The names in the folder, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

let testIdentifier = "group.simulator.shared"

/// Opens the store in `folder`, expecting no notices.
func openStore(_ folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> AppGroupStore {
  let (store, notices) = try AppGroupStore.open(directory: folder.url, identifier: testIdentifier)
  #expect(notices == [], sourceLocation: sourceLocation)
  return store
}

/// Runs the `siri-store-tool` executable built next to the test bundle.
enum StoreTool {
  struct Outcome {
    var reason: Process.TerminationReason
    var status: Int32
    var output: String
    var errors: String
  }

  /// Where the tool is: under `swift test` on Linux the test bundle and the package's
  /// executables share a build folder; look in the bundle's folder and a few above it.
  static let url: URL? = {
    var candidates: [URL] = []
    for start in [Bundle.main.bundleURL, Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
      guard var folder = start else { continue }
      for _ in 0...3 {
        candidates.append(folder.appendingPathComponent("siri-store-tool"))
        folder = folder.deletingLastPathComponent()
      }
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static func executable() throws -> URL {
    try #require(url, "siri-store-tool wasn't found near \(Bundle.main.bundleURL.path); build it with the tests")
  }

  /// Starts the tool; stdout and stderr go to pipes.
  static func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return (process, output, errors)
  }

  /// Runs the tool to the end.
  static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Outcome {
    let (process, output, errors) = try start(arguments, environment: extra)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      reason: process.terminationReason,
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self)
    )
  }
}

/// What `siri-store-tool loop` saves.
struct LoopRecord: Codable, Equatable {
  var n: Int
  var padding: String

  /// Whether this is one whole record, not a mix of two.
  var isWhole: Bool {
    padding.allSatisfy { $0 == Character(String(n % 10)) }
  }
}
