import Foundation
import SiriIntents

/// `store`: the input as the bytes of an app-group store file (`<identifier>.json`).
///
/// Decodes it with `AppGroupStoreFile.decode`, as opening the store does. Bytes that are
/// not a store file must give a `Problem` with a message, never a trap; bytes that are one
/// must survive the round trip: encoding the values and decoding them again gives the
/// same values, byte for byte (what the store relies on when it saves and loads).
enum StoreTarget {
  static func run(_ input: [UInt8]) {
    let values: [String: Data]
    do {
      values = try AppGroupStoreFile.decode(input)
    } catch {
      fuzzCheck(!error.description.isEmpty, "a store file refused without a message")
      return
    }
    let encoded: [UInt8]
    do {
      encoded = try AppGroupStoreFile.encode(values, identifier: "group.fuzz", generation: 1)
    } catch {
      fuzzCheck(false, "values read from a store file cannot be written again: \(error)")
      return
    }
    do {
      let again = try AppGroupStoreFile.decode(encoded)
      fuzzCheck(again == values, "a store file read, written and read again has other values")
    } catch {
      fuzzCheck(false, "a store file written by the store does not read back: \(error)")
    }
  }
}
