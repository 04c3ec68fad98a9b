import Foundation

/// The store file's content, once read and brought up to the current version.
struct StoreDocument: Equatable, Sendable {
  /// Bumped by every save; also kept in the lock file so other processes notice.
  var generation: UInt64
  /// Every key and its value as compact JSON (or raw bytes for non-JSON data).
  var values: [String: Data]
}

/// The store file format: a human-readable JSON document.
///
/// ```json
/// {
///   "format" : "siri-simulator.app-group-store",
///   "generation" : 42,
///   "identifier" : "group.simulator.shared",
///   "values" : {
///     "simulator.clock" : {
///       "elapsed" : 300
///     }
///   },
///   "version" : 1
/// }
/// ```
///
/// Keys are sorted at every level the store writes; values are embedded as JSON with
/// their literals untouched, so loading gives back exactly the bytes that were saved
/// (whitespace aside). Data that isn't JSON (only possible through `replaceAll`) goes
/// under `"binaryValues"` as base64 instead of being dropped.
///
/// Older layouts are brought up to date by ``migrations``, one version at a time;
/// version 0 is the legacy layout, a bare `{ key: value }` object.
enum StoreFileFormat {
  /// The `"format"` member that marks a versioned store file.
  static let formatName = "siri-simulator.app-group-store"
  /// The version this build writes and the newest it reads.
  static let currentVersion = 1

  /// Why a store file can't be used.
  struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// A step from one version to the next, applied to the parsed document.
  struct Migration: Sendable {
    let from: Int
    let migrate: @Sendable (RawJSON) throws(FormatError) -> RawJSON
  }

  /// The migrations, by the version they start from. Adding version N+1 means
  /// bumping ``currentVersion`` and adding a migration from N here.
  static let migrations: [Int: Migration] = [
    0: Migration(from: 0, migrate: migrateLegacyToVersion1)
  ]

  /// Version 0 → 1: the legacy layout was the bare map of values; wrap it.
  static func migrateLegacyToVersion1(_ document: RawJSON) throws(FormatError) -> RawJSON {
    guard case .object = document else { throw FormatError("the top level is not a JSON object") }
    return .sortedObject([
      ("format", .text(formatName)),
      ("generation", .number("0")),
      ("values", document),
      ("version", .number("1")),
    ])
  }

  /// The result of reading a file.
  enum Decoded: Equatable, Sendable {
    /// The content, and the version it was migrated from when it was older.
    case current(StoreDocument, migratedFrom: Int?)
    /// The file has a version newer than ``currentVersion``; it must not be touched.
    case newer(version: Int)
  }

  /// Reads a store file's bytes, migrating older versions.
  static func decode(_ bytes: [UInt8]) throws(FormatError) -> Decoded {
    guard !bytes.isEmpty else { throw FormatError("the file is empty") }
    var document: RawJSON
    do {
      document = try RawJSON.parse(bytes)
    } catch {
      throw FormatError("it is not valid JSON: \(error)")
    }
    let original = try version(of: document)
    if original > currentVersion { return .newer(version: original) }
    var version = original
    while version < currentVersion {
      guard let migration = migrations[version] else {
        throw FormatError("there is no migration from format version \(version)")
      }
      document = try migration.migrate(document)
      let next = try self.version(of: document)
      guard next > version else { throw FormatError("the migration from format version \(version) failed") }
      version = next
    }
    return .current(try decodeCurrent(document), migratedFrom: original == currentVersion ? nil : original)
  }

  /// The format version of a parsed document: 0 for the legacy bare map.
  static func version(of document: RawJSON) throws(FormatError) -> Int {
    let members = try self.members(of: document, what: "the top level")
    guard members["format"]?.stringValue == formatName else { return 0 }
    guard case .number(let literal)? = members["version"], let version = Int(literal), version >= 1 else {
      throw FormatError("\"version\" is missing or not a positive whole number")
    }
    return version
  }

  /// Reads a current-version document.
  static func decodeCurrent(_ document: RawJSON) throws(FormatError) -> StoreDocument {
    let members = try self.members(of: document, what: "the top level")
    var generation: UInt64 = 0
    if let value = members["generation"] {
      guard case .number(let literal) = value, let number = UInt64(literal) else {
        throw FormatError("\"generation\" is not a whole number")
      }
      generation = number
    }
    guard let valuesObject = members["values"] else { throw FormatError("\"values\" is missing") }
    var values: [String: Data] = [:]
    for (key, value) in try self.members(of: valuesObject, what: "\"values\"") {
      values[key] = Data(value.compact.utf8)
    }
    if let binaryObject = members["binaryValues"] {
      for (key, value) in try self.members(of: binaryObject, what: "\"binaryValues\"") {
        guard let text = value.stringValue, let data = Data(base64Encoded: text) else {
          throw FormatError("\"binaryValues\" has a value that isn't base64 under \"\(key)\"")
        }
        guard values[key] == nil else { throw FormatError("the key \"\(key)\" appears twice") }
        values[key] = data
      }
    }
    return StoreDocument(generation: generation, values: values)
  }

  /// An object's members by key; rejects duplicate keys rather than drop one.
  static func members(of value: RawJSON, what: String) throws(FormatError) -> [String: RawJSON] {
    guard case .object(let members) = value else { throw FormatError("\(what) is not a JSON object") }
    var result: [String: RawJSON] = [:]
    for member in members {
      guard let key = RawJSON.unescape(member.key) else {
        throw FormatError("\(what) has a key with a broken escape: \"\(member.key)\"")
      }
      guard result.updateValue(member.value, forKey: key) == nil else {
        throw FormatError("\(what) has the key \"\(key)\" twice")
      }
    }
    return result
  }

  /// The file's bytes for `values` (pretty-printed, sorted keys, trailing newline).
  static func encode(identifier: String, generation: UInt64, values: [String: Data]) -> [UInt8] {
    var json: [(String, RawJSON)] = []
    var binary: [(String, RawJSON)] = []
    for (key, data) in values {
      if let parsed = try? RawJSON.parse(data) {
        json.append((key, parsed))
      } else {
        binary.append((key, .text(data.base64EncodedString())))
      }
    }
    var top: [(String, RawJSON)] = [
      ("format", .text(formatName)),
      ("generation", .number(String(generation))),
      ("identifier", .text(identifier)),
      ("values", .sortedObject(json)),
      ("version", .number(String(currentVersion))),
    ]
    if !binary.isEmpty { top.append(("binaryValues", .sortedObject(binary))) }
    return Array((RawJSON.sortedObject(top).pretty() + "\n").utf8)
  }
}
