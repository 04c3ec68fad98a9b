import Foundation
import Testing

@testable import SiriIntents

/// The store file read and written with Foundation's coders: values come back byte for
/// byte, files of version 1 written before load unchanged, a key twice is refused, and
/// no input makes decoding trap or hang.
struct StoreFileFormatTests {
  static func encoded<Value: Encodable>(_ value: Value) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try! encoder.encode(value)
  }

  /// The values the brief names, as `set` stores them.
  static let listedValues: [String: Data] = [
    "escapes": encoded("quote \" backslash \\ slash / newline \n tab \t nul \u{0} del \u{7F} bell \u{7}"),
    "unicode": encoded("café e\u{301} 日本語 \u{1F3A7} \u{1F469}\u{200D}\u{1F4BB} \u{2028} \u{FEFF}"),
    "fractions": encoded([0.1, 1e-7, -0.0, 0.30000000000000004, .leastNonzeroMagnitude, 1.7976931348623157e308, 1e20, 2.5]),
    "int64": encoded([Int64.max, Int64.min, 0, -1]),
    "uint64": encoded(UInt64.max),
    "nested": encoded(["a": ["b": ["c": [[1, 2], [3]]]], "z": [:]]),
    "empty array": encoded([Int]()),
    "empty object": encoded([String: Int]()),
    "null": encoded(Int?.none),
    "bool": encoded(false),
    "float": encoded(Float(0.1)),
  ]

  static func layout(_ bytes: [UInt8]) throws -> StoreFileFormat.Layout {
    try JSONShape.Guide.decoder(for: Data(bytes)).decoder.decode(StoreFileFormat.Layout.self, from: Data(bytes))
  }

  @Test func listedValuesComeBackByteForByte() throws {
    let bytes = try AppGroupStoreFile.encode(Self.listedValues, identifier: "group.x", generation: 3)
    #expect(try AppGroupStoreFile.decode(bytes) == Self.listedValues)
    // All of them are embedded as readable JSON, not base64.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("binaryValues"))
    #expect(text.contains(#""uint64" : 18446744073709551615"#))
    #expect(text.contains("9223372036854775807") && text.contains("1e-07") && text.contains("\"a\\/b\"") == false)
    #expect(text.hasSuffix("}\n"))
  }

  @Test func whatJSONEncoderWritesIsCanonical() {
    var generator = SeededGenerator(seed: 11)
    for round in 0..<3_000 {
      let data = RandomJSON.random(using: &generator).encoded
      let value = JSONValue.canonical(data)
      #expect(value != nil, "round \(round): \(String(decoding: data, as: UTF8.self))")
      #expect((try? value?.compactData()) == data, "round \(round)")
    }
  }

  /// Any values, JSON or not, canonical or not, come back as the same bytes.
  @Test func anyValuesComeBackByteForByte() throws {
    var generator = SeededGenerator(seed: 12)
    for round in 0..<500 {
      var values: [String: Data] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        let key = RandomJSON.randomString(using: &generator)
        let json = RandomJSON.random(using: &generator).encoded
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: values[key] = Data(mutate(Array(json), using: &generator))  // most often not JSON
        case 1: values[key] = Data((0..<Int.random(in: 0...20, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case 2: values[key] = Data(" ".utf8) + json  // JSON, but not as JSONEncoder writes it
        default: values[key] = json
        }
      }
      let bytes = try AppGroupStoreFile.encode(values, identifier: "g", generation: UInt64(round))
      #expect(try AppGroupStoreFile.decode(bytes) == values, "round \(round)")
    }
  }

  @Test func otherDataIsKeptAsBase64() throws {
    let values: [String: Data] = [
      "spaced": Data("[1, 2]".utf8), "unsorted": Data(#"{"b":1,"a":2}"#.utf8), "exponent": Data("1E+2".utf8),
      "twice": Data(#"{"a":1,"a":2}"#.utf8), "binary": Data([0xFF, 0x00]), "empty": Data(), "canonical": Data("[1,2]".utf8),
    ]
    let bytes = try AppGroupStoreFile.encode(values, identifier: "g")
    let layout = try Self.layout(bytes)
    #expect(Set(layout.values.keys) == ["canonical"])
    #expect(Set(layout.binaryValues?.keys ?? [:].keys) == ["spaced", "unsorted", "exponent", "twice", "binary", "empty"])
    #expect(try AppGroupStoreFile.decode(bytes) == values)
  }

  /// JSONEncoder writes 511 levels; the file puts values two levels down.
  @Test func deeplyNestedValuesStillLoad() throws {
    func nested(_ depth: Int) -> Data { Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) }
    let values = ["509": nested(509), "510": nested(510), "600": nested(600)]
    let bytes = try AppGroupStoreFile.encode(values, identifier: "g")
    let layout = try Self.layout(bytes)
    #expect(Set(layout.values.keys) == ["509"])
    #expect(try AppGroupStoreFile.decode(bytes) == values)
  }

  // MARK: - Files written before

  @Test func version1FileFromRawJSONLoadsUnchanged() throws {
    #expect(try AppGroupStoreFile.decode(Array(StoreFileFixtures.version1.utf8)) == StoreFileFixtures.version1Values)
    // Rewriting it gives the same JSON document: the layout didn't change, so neither
    // did the version. The text differs only where JSONEncoder writes differently from
    // RawJSON: empty containers over three lines ("{\n\n}") and "/" in base64 as "\/".
    let rewritten = try AppGroupStoreFile.encode(StoreFileFixtures.version1Values, identifier: testIdentifier, generation: 11)
    let old = try JSONValue.decode(Data(StoreFileFixtures.version1.utf8))
    #expect(try JSONValue.decode(Data(rewritten)) == old)
    #expect(
      String(decoding: rewritten, as: UTF8.self).replacing(/\[\s+\]/, with: "[]").replacing(/\{\s+\}/, with: "{}")
        == StoreFileFixtures.version1.replacingOccurrences(of: #""/wB7""#, with: #""\/wB7""#))

    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("\(testIdentifier).json")
    try Data(StoreFileFixtures.version1.utf8).write(to: file)
    let store = try openStore(folder)  // no notices: no migration
    #expect(store.snapshot() == StoreFileFixtures.version1Values)
    #expect(store.clock.elapsed == 0)
    // Storing what is already there is no change, so no save: the file stays as it was.
    store.set(UInt64.max, forKey: "unsigned")
    store.set([1e-7, -0.0, 1.7976931348623157e308, 3, 1e20, 0.30000000000000004], forKey: "numbers")
    try store.modify { $0["blob"] = Data([0xFF, 0x00, 0x7B]) }
    #expect(try String(contentsOf: file, encoding: .utf8) == StoreFileFixtures.version1)
    store.set(1, forKey: "new")
    #expect(try String(contentsOf: file, encoding: .utf8).contains(#""generation" : 12"#))
    #expect(store.takeNotices() == [])
  }

  @Test func version1FileWithOtherSpellingsLoadsAsEqualValues() throws {
    let values = try AppGroupStoreFile.decode(Array(StoreFileFixtures.version1OtherSpellings.utf8))
    #expect(
      values == [
        "escaped": Data(#""é\/🎧""#.utf8),
        "exponent": Data("100".utf8),
        "spaced": Data("[1,2.5]".utf8),
        "unsorted": Data(#"{"a":[2,3],"b":1}"#.utf8),
      ])
    for (key, old) in StoreFileFixtures.version1OtherSpellingsAsRawJSONRead {
      let oldValue = try JSONSerialization.jsonObject(with: old, options: .fragmentsAllowed) as? NSObject
      let newValue = try JSONSerialization.jsonObject(with: try #require(values[key]), options: .fragmentsAllowed) as? NSObject
      #expect(oldValue == newValue, "\(key)")
    }
  }

  // MARK: - Keys twice

  @Test(arguments: [
    (#"{"format": "siri-simulator.app-group-store", "format": "x", "version": 1, "values": {}}"#, #"top level: the key "format" appears twice (line 1, column 46)"#),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"a": 1, "a": 2}}"#, #"values: the key "a" appears twice"#),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"k": [0, {"x": 1, "x": 1}]}}"#, #"values.k[1]: the key "x" appears twice"#),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {}, "binaryValues": {"b": "", "b": ""}}"#, #"binaryValues: the key "b" appears twice"#),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"é": 1, "\u00e9": 2}}"#, #"values: the key "é" appears twice"#),
    (#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"é": 1, "e\u0301": 2}}"#, #"values: the key "é" appears twice"#),
    (#"{"a": 1, "a": 2}"#, #"top level: the key "a" appears twice (line 1, column 10)"#),
  ])
  func aKeyTwiceIsRefused(text: String, message: String) {
    #expect {
      try AppGroupStoreFile.decode(Array(text.utf8))
    } throws: { error in
      (error as? AppGroupStoreFile.Problem)?.description.hasPrefix(message) == true
    }
  }

  @Test func aValueThatIsBothJSONAndBase64IsRefused() {
    let text = #"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"a": 1}, "binaryValues": {"a": ""}}"#
    #expect(throws: AppGroupStoreFile.Problem(description: #"the key "a" is both in "values" and in "binaryValues""#)) {
      try AppGroupStoreFile.decode(Array(text.utf8))
    }
  }

  // MARK: - Hostile input

  static func problem(_ bytes: [UInt8]) -> String? {
    do {
      _ = try AppGroupStoreFile.decode(bytes)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(.timeLimit(.minutes(2))) func hostileInputIsRefused() {
    var generator = SeededGenerator(seed: 13)
    // Eight random bytes at a time: a byte at a time takes seconds in a debug build.
    let garbage = [UInt8](unsafeUninitializedCapacity: 10_000_000) { buffer, count in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      for offset in stride(from: 0, to: raw.count, by: 8) {
        withUnsafeBytes(of: generator.next()) { raw.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: min(8, raw.count - offset)) }
      }
      count = buffer.count
    }
    let header = Array(#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {"a": "#.utf8)
    func file(_ value: String) -> [UInt8] { header + Array(value.utf8) + Array("}}".utf8) }
    let cases: [(String, [UInt8], String)] = [
      ("10 MB of garbage", garbage, "it is not valid JSON: "),
      ("100,000 [", Array(repeating: UInt8(ascii: "["), count: 100_000), "it is not valid JSON: line 1, column 513: arrays and objects are nested too deeply"),
      ("100,000 {\"a\":", Array(String(repeating: #"{"a":"#, count: 100_000).utf8), "it is not valid JSON: line 1, column 2561: arrays and objects are nested too deeply"),
      ("deep in a value", file(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)), "it is not valid JSON: line 1, column 586: arrays and objects are nested too deeply"),
      ("1e999", file("1e999"), "it is not valid JSON: line 1, column 76: the number 1e999 is out of range"),
      ("-1e99999", file("-1e99999"), "it is not valid JSON: line 1, column 76: the number -1e99999 is out of range"),
      ("100,000 digits", file("1" + String(repeating: "0", count: 100_000)), "it is not valid JSON: line 1, column 76: the number 1"),
      ("NaN", file("NaN"), "it is not valid JSON: line 1, column 76: unexpected character 'N'"),
      ("Infinity", file("Infinity"), "it is not valid JSON: line 1, column 76: unexpected character 'I'"),
      ("-Infinity", file("-Infinity"), "it is not valid JSON: line 1, column 77: unexpected character 'I'"),
      ("invalid UTF-8 in a string", file("\"a\u{0}\"").map { $0 == 0 ? 0xFF : $0 }, "it is not valid JSON: line 1, column 77: the string that starts here is not valid UTF-8"),
      ("invalid UTF-8 in a key", Array(#"{"format": "siri-simulator.app-group-store", "version": 1, "values": {""#.utf8) + [0xC3] + Array(#"": 1}}"#.utf8), "it is not valid JSON: line 1, column 72: the string that starts here is not valid UTF-8"),
      ("lone surrogate", file(#""\ud800""#), "it is not valid JSON: line 1, column 77: a \\u escape is half of a surrogate pair"),
      ("NUL", [0], "it is not valid JSON: "),
      ("only a BOM", [0xEF, 0xBB, 0xBF], "it is not valid JSON: line 1, column 1: unexpected end of the text"),
      ("only whitespace", Array(" \n\t\r\n ".utf8), "it is not valid JSON: line 3, column 2: unexpected end of the text"),
    ]
    for (name, bytes, expected) in cases {
      let problem = Self.problem(bytes)
      #expect(problem?.hasPrefix(expected) == true, "\(name): \(problem ?? "accepted")")
    }
  }

  @Test func aByteOrderMarkIsAllowed() throws {
    let bytes = try AppGroupStoreFile.encode(["a": Data("1".utf8)], identifier: "g")
    #expect(try AppGroupStoreFile.decode([0xEF, 0xBB, 0xBF] + bytes) == ["a": Data("1".utf8)])
  }

  /// Cut short anywhere, a file is refused (and says where it ends), never misread.
  @Test func aFileTruncatedAtAnyByteIsRefused() throws {
    let bytes = Array(StoreFileFixtures.version1.utf8)
    for length in 0..<(bytes.count - 1) {
      let problem = Self.problem(Array(bytes[..<length]))
      let expected = length == 0 ? "the file is empty" : "it is not valid JSON: line "
      #expect(problem?.hasPrefix(expected) == true, "\(length) bytes: \(problem ?? "accepted")")
    }
    // Only the final newline may go.
    #expect(try AppGroupStoreFile.decode(Array(bytes.dropLast())) == StoreFileFixtures.version1Values)
  }

  /// Damaged files never trap; what is accepted reads back the same after a save.
  @Test func damagedFilesNeverTrap() throws {
    var generator = SeededGenerator(seed: 14)
    let original = Array(StoreFileFixtures.version1.utf8)
    var accepted = 0
    for _ in 0..<3_000 {
      let damaged = mutate(original, using: &generator)
      guard let values = try? AppGroupStoreFile.decode(damaged) else { continue }
      accepted += 1
      #expect(try AppGroupStoreFile.decode(AppGroupStoreFile.encode(values, identifier: "g")) == values)
    }
    #expect(accepted > 0)
  }
}
