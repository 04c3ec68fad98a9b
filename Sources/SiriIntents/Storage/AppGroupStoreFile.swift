import Foundation

/// The app-group store's file format without the disk, for fuzzers and tools: the
/// bytes of `<identifier>.json` in, the values out, and back.
public enum AppGroupStoreFile {
  /// Why bytes aren't a usable store file (or, rarely, why values couldn't be written
  /// as one), e.g. `it is not valid JSON: line 3, column 7: unexpected character '2'`.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The values that a store file's bytes hold, as opening the store would load them:
  /// an older format is migrated; a newer one is a problem here.
  ///
  /// It never traps and returns promptly whatever the bytes are: random data, invalid
  /// UTF-8, any nesting depth (JSON deeper than 512 levels is refused), huge numbers.
  /// - Throws: ``Problem`` saying what is wrong and, for a syntax error, where.
  public static func decode(_ bytes: [UInt8]) throws(Problem) -> [String: Data] {
    let decoded: StoreFileFormat.Decoded
    do {
      decoded = try StoreFileFormat.decode(bytes)
    } catch {
      throw Problem(description: error.description)
    }
    switch decoded {
    case .current(let document, _):
      return document.values
    case .newer(let version):
      throw Problem(
        description: "it was written by a newer version of the simulator (format version \(version); "
          + "this one reads up to version \(StoreFileFormat.currentVersion))")
    }
  }

  /// The bytes the store saves for `values`; ``decode(_:)`` gives back `values` exactly.
  /// - Throws: ``Problem`` only if Foundation's encoder fails, which it has no reason to.
  public static func encode(
    _ values: [String: Data], identifier: String, generation: UInt64 = 0
  ) throws(Problem) -> [UInt8] {
    do {
      return try StoreFileFormat.encode(identifier: identifier, generation: generation, values: values)
    } catch {
      throw Problem(description: error.description)
    }
  }
}
