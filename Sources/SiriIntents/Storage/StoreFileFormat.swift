import Foundation

/// The store file's content, once read and brought up to the current version.
struct StoreDocument: Equatable, Sendable {
  /// Bumped by every save; also kept in the lock file so other processes notice.
  var generation: UInt64
  /// Every key and its value as compact JSON (or raw bytes for non-JSON data).
  var values: [String: Data]
}

/// The store file format: a human-readable JSON document, read with `JSONDecoder` and
/// written with `JSONEncoder` (`.prettyPrinted`, `.sortedKeys`, and a final newline).
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
/// Loading gives back exactly the bytes that were saved, for every value: a value that
/// is JSON exactly as `JSONEncoder` with `.sortedKeys` writes it (everything `set` and
/// `update` store, unless nested more than 509 levels deep) is embedded as readable
/// JSON, because decoding and encoding it again gives the same bytes; any other data
/// (other whitespace, key order or number spelling, deeper nesting, or not JSON at all)
/// goes under `"binaryValues"` as base64, rather than be changed or dropped. Values in files
/// written before this layer used Foundation's coders load as what `JSONEncoder` writes
/// for them: the same bytes for values it wrote, equal values for the rest.
///
/// An object with a key twice makes the file unusable (`JSONDecoder` would keep one
/// silently). Older layouts are brought up to date by ``migrations``, one version at a
/// time; version 0 is the legacy layout, a bare `{ key: value }` object.
enum StoreFileFormat {
  /// The `"format"` member that marks a versioned store file.
  static let formatName = "siri-simulator.app-group-store"
  /// The version this build writes and the newest it reads.
  static let currentVersion = 1

  /// The current layout, as written.
  struct Layout: Codable, Equatable, Sendable {
    var format: String
    /// Always written; files without it (none written by the simulator) read as 0.
    var generation: UInt64?
    var identifier: String?
    var values: [String: JSONValue]
    /// Values that aren't canonical JSON, as base64.
    var binaryValues: [String: Data]?
    var version: Int

    init(
      format: String, generation: UInt64?, identifier: String?, values: [String: JSONValue],
      binaryValues: [String: Data]?, version: Int
    ) {
      self.format = format
      self.generation = generation
      self.identifier = identifier
      self.values = values
      self.binaryValues = binaryValues
      self.version = version
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      format = try container.decode(String.self, forKey: .format)
      // Read as any JSON value, so that a negative or fractional generation is
      // reported with its key (JSONDecoder reports a number that doesn't fit UInt64
      // as invalid JSON, without saying where).
      switch try container.decodeIfPresent(JSONValue.self, forKey: .generation) {
      case nil: generation = nil
      case .integer(let number)? where number >= 0: generation = UInt64(number)
      case .unsigned(let number)?: generation = number
      case let other?:
        throw DecodingError.typeMismatch(
          UInt64.self,
          DecodingError.Context(
            codingPath: container.codingPath + [CodingKeys.generation],
            debugDescription: "Expected to decode UInt64 but found \(StoreFileFormat.kind(of: other)) instead."))
      }
      identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
      values = try container.decode([String: JSONValue].self, forKey: .values)
      binaryValues = try container.decodeIfPresent([String: Data].self, forKey: .binaryValues)
      version = try container.decode(Int.self, forKey: .version)
    }
  }

  /// Why a store file can't be used.
  struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// A step from one version to the next, applied to the parsed document.
  struct Migration: Sendable {
    let from: Int
    let migrate: @Sendable (JSONValue) throws(FormatError) -> JSONValue
  }

  /// The migrations, by the version they start from. Adding version N+1 means
  /// bumping ``currentVersion`` and adding a migration from N here.
  static let migrations: [Int: Migration] = [
    0: Migration(from: 0, migrate: migrateLegacyToVersion1)
  ]

  /// Version 0 → 1: the legacy layout was the bare map of values; wrap it.
  static func migrateLegacyToVersion1(_ document: JSONValue) throws(FormatError) -> JSONValue {
    guard case .object = document else { throw FormatError("the top level is not a JSON object") }
    return .object([
      "format": .string(formatName),
      "generation": .integer(0),
      "values": document,
      "version": .integer(1),
    ])
  }

  /// The result of reading a file.
  enum Decoded: Equatable, Sendable {
    /// The content, and the version it was migrated from when it was older.
    case current(StoreDocument, migratedFrom: Int?)
    /// The file has a version newer than ``currentVersion``; it must not be touched.
    case newer(version: Int)
  }

  /// Reads a store file's bytes, migrating older versions. Never traps, whatever the bytes.
  static func decode(_ bytes: [UInt8]) throws(FormatError) -> Decoded {
    guard !bytes.isEmpty else { throw FormatError("the file is empty") }
    let data = Data(bytes)
    // Foundation checks the whole text's structure before decoding anything, so a
    // broken file fails here; strings and numbers are checked as they are decoded.
    let marks = try read(VersionMarks.self, from: data, with: JSONDecoder())
    // One scan of the structure tells JSONValue each value's kind and finds keys given twice.
    let (decoder, duplicate) = JSONShape.Guide.decoder(for: data)
    if let duplicate { throw FormatError(describe(JSONDiagnostics.duplicateKeyError(duplicate, in: data), in: data)) }
    let original = try version(format: marks.format, version: marks.version)
    if original > currentVersion { return .newer(version: original) }

    let layout: Layout
    if original == currentVersion {
      layout = try read(Layout.self, from: data, with: decoder)
    } else {
      var document = try read(JSONValue.self, from: data, with: decoder)
      var version = original
      while version < currentVersion {
        guard let migration = migrations[version] else {
          throw FormatError("there is no migration from format version \(version)")
        }
        document = try migration.migrate(document)
        guard case .object(let members) = document,
          try self.version(format: members["format"], version: members["version"]) > version
        else { throw FormatError("the migration from format version \(version) failed") }
        version += 1
      }
      let text: Data
      do {
        text = try JSONEncoder().encode(document)
      } catch {
        throw FormatError("the migrated content couldn't be encoded: \(error)")
      }
      layout = try read(Layout.self, from: text, with: JSONShape.Guide.decoder(for: text).decoder)
    }

    var values: [String: Data] = [:]
    values.reserveCapacity(layout.values.count + (layout.binaryValues?.count ?? 0))
    for (key, value) in layout.values {
      do {
        values[key] = try value.compactData()
      } catch {
        // Only non-finite numbers fail to encode, and JSON text has none.
        throw FormatError("the value under \"\(key)\" couldn't be encoded again: \(error)")
      }
    }
    for (key, data) in layout.binaryValues ?? [:] {
      guard values.updateValue(data, forKey: key) == nil else {
        throw FormatError("the key \"\(key)\" is both in \"values\" and in \"binaryValues\"")
      }
    }
    let document = StoreDocument(generation: layout.generation ?? 0, values: values)
    return .current(document, migratedFrom: original == currentVersion ? nil : original)
  }

  /// What tells a file's version: `"format"` and `"version"`, whatever their types.
  struct VersionMarks: Decodable {
    var format: JSONValue?
    var version: JSONValue?
  }

  static func read<T: Decodable>(_ type: T.Type, from data: Data, with decoder: JSONDecoder) throws(FormatError) -> T {
    do {
      return try decoder.decode(T.self, from: data)
    } catch {
      throw FormatError(describe(error, in: data))
    }
  }

  /// The reason a file can't be used, for a decoding error.
  static func describe(_ error: any Error, in data: Data) -> String {
    let message = JSONDiagnostics.describe(error, in: data)
    return JSONDiagnostics.isSyntaxError(error) ? "it is not valid JSON: \(message)" : message
  }

  /// The format version: 0 for the legacy bare map, which has no `"format"` of ours.
  static func version(format: JSONValue?, version: JSONValue?) throws(FormatError) -> Int {
    guard format == .string(formatName) else { return 0 }
    switch version {
    case .integer(let version)? where version >= 1:
      return Int(version)
    case let other?:
      throw FormatError("version: expected a whole number from 1 up, found \(kind(of: other))")
    case nil:
      throw FormatError("version: required, but missing")
    }
  }

  static func kind(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .integer(let value): "\(value)"
    case .unsigned(let value): "\(value)"
    case .double(let value): "\(value)"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The file's bytes for `values` (pretty-printed, sorted keys, trailing newline).
  ///
  /// `canonical`: a value's readable JSON form, `JSONValue.canonical` (the store keeps
  /// what it found at its last save, so unchanged values aren't decoded again).
  static func encode(
    identifier: String, generation: UInt64, values: [String: Data],
    canonical: (_ key: String, _ data: Data) -> JSONValue? = { JSONValue.canonical($1) }
  ) throws(FormatError) -> [UInt8] {
    var json: [String: JSONValue] = [:]
    var binary: [String: Data] = [:]
    for (key, data) in values {
      // The file nests values two levels down.
      if let value = canonical(key, data), value.depth <= JSONValue.maximumDepth - 2 {
        json[key] = value
      } else {
        binary[key] = data
      }
    }
    let layout = Layout(
      format: formatName, generation: generation, identifier: identifier, values: json,
      binaryValues: binary.isEmpty ? nil : binary, version: currentVersion)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      return Array(try encoder.encode(layout)) + [UInt8(ascii: "\n")]
    } catch {
      throw FormatError("the store couldn't be encoded: \(error)")
    }
  }
}
