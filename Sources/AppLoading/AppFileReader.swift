import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import SiriIntents

/// An app definition file that can't be used, with every problem found in it, each
/// located: `harbor.json: error: items[41].type: "sng" is not a media type; …`, or
/// `harbor.json: error: line 3, column 7: …` for text that isn't JSON.
public struct AppFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One problem: the file it is in (the definition, or its items file) and what.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// The line, for a problem in a JSON Lines items file.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
      self.file = file
      self.line = line
      self.message = message
    }

    public var description: String {
      "\(file)\(line.map { ":\($0)" } ?? ""): error: \(message)"
    }
  }

  public var problems: [Problem]

  public init(_ problems: [Problem]) {
    self.problems = problems
  }

  /// The most problems ``description`` lists; the rest are counted.
  public static let maximumShown = 20

  public var description: String {
    var lines = problems.prefix(Self.maximumShown).map(\.description)
    let hidden = problems.count - Self.maximumShown
    if hidden > 0 { lines.append("… and \(hidden) more problem\(hidden == 1 ? "" : "s")") }
    return lines.joined(separator: "\n")
  }
}

/// A definition as read from its file, not yet checked.
public struct AppFile: Sendable, Equatable {
  /// The file's path, as given.
  public var path: String
  public var definition: AppDefinition
  /// Where each item came from, in order (`items[3]` or `harbor-items.jsonl:41`), for
  /// messages about it.
  public var itemSources: [String]
  /// Unknown keys and other things that don't stop the app from loading.
  public var warnings: [String]
}

/// Reads app definition files with Foundation's `JSONDecoder`.
public enum AppFileReader {
  /// Reads the definition at `path` and the JSON Lines items file it names.
  ///
  /// - Parameter baseDirectory: the folder a relative `path` is in (the current folder
  ///   when `nil`); messages name the file as `path` says it.
  /// - Throws: ``AppFileError`` when a file can't be read or isn't a definition.
  public static func read(path: String, baseDirectory: String? = nil) throws(AppFileError) -> AppFile {
    let location = resolve(path, in: baseDirectory)
    let data: Data
    do {
      data = try contents(of: location)
    } catch {
      throw AppFileError(error.problems.map { .init(file: path, line: $0.line, message: $0.message) })
    }
    return try read(data: data, path: path, baseDirectory: baseDirectory)
  }

  /// Reads a definition from `data`, as if from the file at `path` (which places the
  /// items file and names the file in messages).
  public static func read(data: Data, path: String, baseDirectory: String? = nil) throws(AppFileError) -> AppFile {
    try read(data: data, path: path, baseDirectory: baseDirectory, skippingItems: false)
  }

  /// With `skippingItems`, the definition without its catalog: its `items` are not
  /// decoded and its items file is not read (a cached catalog stands in for them).
  ///
  /// `itemsData`: the items file's bytes when the caller has read them already (the
  /// cache reads them for its key), so the file is not read twice.
  static func read(
    data: Data, path: String, baseDirectory: String?, skippingItems: Bool, itemsData: Data? = nil
  ) throws(AppFileError) -> AppFile {
    let notes = DecodingNotes()
    let decoder = JSONDecoder()
    decoder.userInfo[DecodingNotes.key] = notes
    decoder.userInfo[AppDefinition.skipsItemsKey] = skippingItems
    var definition: AppDefinition
    do {
      try JSONDiagnostics.checkForDuplicateKeys(in: data)
      definition = try decoder.decode(AppDefinition.self, from: data)
    } catch {
      throw AppFileError([.init(file: path, message: JSONDiagnostics.describe(error, in: data))])
    }
    var sources = definition.items.indices.map { "items[\($0)]" }
    var warnings = notes.all.map { "\(path): warning: \($0)" }
    if let itemsFile = definition.itemsFile, !skippingItems {
      let itemsPath = resolve(itemsFile, relativeTo: path)
      let lines = try readItemLines(path: itemsPath, baseDirectory: baseDirectory, data: itemsData)
      definition.items += lines.items
      sources += lines.sources
      warnings += lines.warnings
    }
    return AppFile(path: path, definition: definition, itemSources: sources, warnings: warnings)
  }

  /// `file` as written in a definition: absolute, or relative to the definition's folder.
  public static func resolve(_ file: String, relativeTo definitionPath: String) -> String {
    if file.hasPrefix("/") { return file }
    let folder = (definitionPath as NSString).deletingLastPathComponent
    return folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
  }

  /// `path` when absolute (or no folder is given), else in `folder`.
  public static func resolve(_ path: String, in folder: String?) -> String {
    guard let folder, !folder.isEmpty, !path.hasPrefix("/") else { return path }
    return (folder as NSString).appendingPathComponent(path)
  }

  static func contents(of path: String) throws(AppFileError) -> Data {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw AppFileError([.init(file: path, message: "no such file")])
    }
    guard !isFolder.boolValue else { throw AppFileError([.init(file: path, message: "this is a folder, not an app definition file")]) }
    // A device or a pipe (/dev/zero, a FIFO) would be read forever.
    // (stat follows a symbolic link, as reading does.)
    var information = stat()
    guard stat(path, &information) == 0, information.st_mode & S_IFMT == S_IFREG else {
      throw AppFileError([.init(file: path, message: "this is not a regular file")])
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw AppFileError([.init(file: path, message: "the file can't be read")])
    }
    return data
  }

  /// Items in a JSON Lines file: one JSON object a line; blank lines are skipped.
  ///
  /// Decoding a line at a time costs `JSONDecoder` a few microseconds of set-up each, so
  /// lines are decoded in batches (joined into one array), the batches in parallel; a
  /// batch that fails is decoded again line by line, to say which line is wrong.
  static func readItemLines(
    path: String, baseDirectory: String? = nil, data given: Data? = nil
  ) throws(AppFileError) -> (items: [ItemDefinition], sources: [String], warnings: [String]) {
    let data: Data
    do throws(AppFileError) {
      if let given { data = given } else { data = try contents(of: resolve(path, in: baseDirectory)) }
    } catch {
      throw AppFileError(error.problems.map { .init(file: path, message: $0.message) })
    }
    var lines: [(number: Int, range: Range<Int>)] = []
    data.withUnsafeBytes { bytes in
      var start = 0
      var number = 1
      for index in 0...bytes.count {
        if index == bytes.count || bytes[index] == 0x0A {
          var end = index
          if end > start, bytes[end - 1] == 0x0D { end -= 1 }
          let isBlank = (start..<end).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
          if !isBlank { lines.append((number, start..<end)) }
          start = index + 1
          number += 1
        }
      }
    }
    let name = (path as NSString).lastPathComponent
    // Batches are decoded in parallel (each with its own decoder): JSONDecoder takes a
    // few microseconds an item, so a 100,000-item file is most of a cold start.
    let batch = 2_000
    let batches = stride(from: 0, to: lines.count, by: batch).map { lines[$0..<min($0 + batch, lines.count)] }
    let decoded = Mutex<[[ItemDefinition]?]>(Array(repeating: nil, count: batches.count))
    DispatchQueue.concurrentPerform(iterations: batches.count) { index in
      let chunk = batches[index]
      var joined = Data(capacity: chunk.reduce(2) { $0 + $1.range.count + 1 })
      joined.append(UInt8(ascii: "["))
      for (offset, line) in chunk.enumerated() {
        if offset > 0 { joined.append(UInt8(ascii: ",")) }
        joined.append(data[line.range])
      }
      joined.append(UInt8(ascii: "]"))
      // The keys of every line, from a scan of its bytes: when they are all known, each
      // once, items are decoded without listing each object's keys. Otherwise (an unknown
      // or repeated key, or not an object) the batch goes the careful way below.
      var keys: UInt32 = 0
      let scanned = data.withUnsafeBytes { bytes in
        chunk.allSatisfy { line in
          guard let mask = ItemLineKeys.mask(UnsafeRawBufferPointer(rebasing: bytes[line.range])) else { return false }
          keys |= mask
          return true
        }
      }
      guard scanned else { return }
      let decoder = JSONDecoder()
      decoder.userInfo[ItemDefinition.keyMaskKey] = keys
      if let items = try? decoder.decode([ItemDefinition].self, from: joined) {
        decoded.withLock { $0[index] = items }
      }
    }
    var items: [ItemDefinition] = []
    items.reserveCapacity(lines.count)
    var sources: [String] = []
    sources.reserveCapacity(lines.count)
    var warnings: [String] = []
    var problems: [AppFileError.Problem] = []
    for (index, chunk) in batches.enumerated() {
      if let batchItems = decoded.withLock({ $0[index] }) {
        items += batchItems
        sources += chunk.map { "\(name):\($0.number)" }
        continue
      }
      // Something in this batch is wrong (or has an unknown or repeated key): line by
      // line, to say where.
      for line in chunk {
        let lineNotes = DecodingNotes()
        let lineDecoder = JSONDecoder()
        lineDecoder.userInfo[DecodingNotes.key] = lineNotes
        let text = data[line.range]
        do {
          try JSONDiagnostics.checkForDuplicateKeys(in: Data(text))
          items.append(try lineDecoder.decode(ItemDefinition.self, from: Data(text)))
          sources.append("\(name):\(line.number)")
          warnings += lineNotes.all.map { "\(path):\(line.number): warning: \(Self.withoutTopLevel($0))" }
        } catch {
          problems.append(.init(file: path, line: line.number, message: Self.withoutTopLevel(JSONDiagnostics.describe(error, in: Data(text)))))
          if problems.count > AppFileError.maximumShown * 5 { throw AppFileError(problems) }
        }
      }
    }
    if !problems.isEmpty { throw AppFileError(problems) }
    return (items, sources, warnings)
  }

  /// A line's own messages don't need "top level" (the line is the item) nor "line 1".
  static func withoutTopLevel(_ message: String) -> String {
    if message.hasPrefix("top level: ") { return String(message.dropFirst("top level: ".count)) }
    if message.hasPrefix("line 1, ") { return String(message.dropFirst("line 1, ".count)) }
    return message
  }
}
