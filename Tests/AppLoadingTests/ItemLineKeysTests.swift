@testable import AppLoading
import Foundation
import Testing

/// The byte scan that lets a large items file skip asking each object for its keys: it
/// must say "don't know" (nil) for anything the careful way has to look at.
struct ItemLineKeysTests {
  static func bits(_ names: String...) -> UInt32 {
    names.reduce(0) { mask, name in mask | 1 << UInt32(ItemLineKeys.names.firstIndex(of: Array(name.utf8))!) }
  }

  static let cases: [(line: String, mask: UInt32?)] = [
    (#"{"id": "s1", "type": "song", "title": "A"}"#, bits("id", "type", "title")),
    (#"  {"title":"A","id":"s1","type":"song"}  "#, bits("id", "type", "title")),
    (#"{}"#, 0),
    (#"{"id": "s1", "genres": ["a]", "b\"}"], "year": 1999, "explicit": true, "rating": -1.5e2}"#,
     bits("id", "genres", "year", "explicit", "rating")),
    (#"{"id": "s1", "children": [], "artist": null}"#, bits("id", "children", "artist")),
    (#"{"id": "a \"quoted\" \\ id", "title": "x"}"#, bits("id", "title")),
    // Nested objects are stepped over whole, their keys aren't the item's.
    (#"{"id": "s1", "album": {"id": 1, "zz": [{}]}}"#, bits("id", "album")),
    // For the careful way: an unknown key, a repeated one, an escaped or non-ASCII one.
    (#"{"id": "s1", "titel": "A"}"#, nil),
    (#"{"id": "s1", "id": "s2"}"#, nil),
    (#"{"i\u0064": "s1"}"#, nil),
    (#"{"tïtle": "A"}"#, nil),
    // Not one plain object: also the careful way, which says what is wrong.
    (#"["id"]"#, nil),
    (#"{"id": "s1"} {"id": "s2"}"#, nil),
    (#"{"id": "s1",}"#, nil),
    (#"{"id": }"#, nil),
    (#"{"id" "s1"}"#, nil),
    (#"{"id": "s1""#, nil),
    (#"{"id": "unterminated}"#, nil),
    (#"{"id": [1, 2}"#, nil),
    (#""#, nil),
  ]

  @Test(arguments: cases)
  func masks(_ example: (line: String, mask: UInt32?)) {
    let bytes = Array(example.line.utf8)
    let mask = bytes.withUnsafeBytes { ItemLineKeys.mask($0) }
    #expect(mask == example.mask, "\(example.line)")
  }
}
