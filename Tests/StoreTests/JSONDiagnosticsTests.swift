import Foundation
import Testing

@testable import SiriIntents

/// One-line messages for what JSONDecoder rejects: where a syntax error is, which key
/// holds the wrong thing.
struct JSONDiagnosticsTests {
  struct Thing: Decodable {
    enum Kind: String, Decodable { case song, podcast }
    var count: Int
    var name: String
    var tags: [String]
    var nested: [String: [Double]]?
    var kind: Kind?
    var blob: Data?
  }

  static func message<T: Decodable>(_ type: T.Type, _ text: String) -> String {
    message(type, Data(text.utf8))
  }

  static func message<T: Decodable>(_ type: T.Type, _ data: Data) -> String {
    do {
      _ = try JSONDecoder().decode(T.self, from: data)
      return "accepted"
    } catch {
      return JSONDiagnostics.describe(error, in: data)
    }
  }

  @Test(arguments: [
    ("{\n  \"a\": 1,\n  \"b\" 2}", "line 3, column 7: unexpected character '2'"),
    ("{\r\n  \"a\": 1,\r\n  \"b\" 2}", "line 3, column 7: unexpected character '2'"),
    ("{\"é\": 1 2}", "line 1, column 9: unexpected character '2'"),
    ("\u{FEFF}{\n\"a\" 1}", "line 2, column 5: unexpected character '1'"),
    ("{\"a\": 1} x", "line 1, column 10: unexpected character 'x'"),
    ("{1: 2}", "line 1, column 2: unexpected character '1'"),
    ("[NaN]", "line 1, column 2: unexpected character 'N'"),
    ("[1, 2", "line 1, column 6: unexpected end of the text"),
    ("{\"a\": tru", "line 1, column 10: unexpected end of the text"),
    ("", "line 1, column 1: unexpected end of the text"),
    ("[\"\\q\"]", "line 1, column 3: bad escape in a string"),
    ("[\"\\u12\"]", "line 1, column 5: bad \\u escape in a string"),
    ("[\"a\tb\"]", "line 1, column 4: a control character in a string must be escaped"),
    ("[01]", "line 1, column 2: a number can't start with 0"),
    ("[1.]", "line 1, column 4: unexpected character ']'"),
    ("[\"ok\", \"\\ud800\"]", "line 1, column 9: a \\u escape is half of a surrogate pair"),
    ("[\"\\ud83c\\udfa7\", \"\\udfa7\"]", "line 1, column 19: a \\u escape is half of a surrogate pair"),
    ("[\n1e999]", "line 2, column 1: the number 1e999 is out of range"),
    (String(repeating: "[", count: 600), "line 1, column 513: arrays and objects are nested too deeply"),
  ])
  func syntaxErrorsSayWhere(text: String, expected: String) {
    #expect(Self.message([JSONValue].self, text) == expected || Self.message([String: JSONValue].self, text) == expected)
  }

  @Test func invalidUTF8SaysWhere() {
    let data = Data([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])  // ["a\xFF"]
    #expect(Self.message([String].self, data) == "line 1, column 3: the string that starts here is not valid UTF-8")
  }

  @Test(arguments: [
    (#"{"count": "3", "name": "x", "tags": []}"#, "count: expected a whole number, found a string"),
    (#"{"name": "x", "tags": []}"#, "count: required, but missing"),
    (#"{"count": 1, "name": null, "tags": []}"#, "name: expected a string, found null"),
    (#"{"count": 1, "name": true, "tags": []}"#, "name: expected a string, found true or false"),
    (#"{"count": 1, "name": "x", "tags": [1]}"#, "tags[0]: expected a string, found a number"),
    (#"{"count": 1, "name": "x", "tags": {}}"#, "tags: expected an array, found an object"),
    (#"{"count": 1, "name": "x", "tags": [], "nested": []}"#, "nested: expected an object, found an array"),
    (#"{"count": 1, "name": "x", "tags": [], "nested": {"a.b": [1, "2"]}}"#, #"nested["a.b"][1]: expected a number, found a string"#),
    (#"{"count": 1, "name": "x", "tags": [], "nested": {"x_1-y": [{}]}}"#, "nested.x_1-y[0]: expected a number, found an object"),
    (#"{"count": 1, "name": "x", "tags": [], "kind": "film"}"#, "kind: cannot initialize Kind from invalid String value film"),
    (#"{"count": 1, "name": "x", "tags": [], "blob": "!!"}"#, "blob: encountered Data is not valid Base64"),
    (#"[1, 2]"#, "top level: expected an object, found an array"),
    (#"{"count": 1.5, "name": "x", "tags": []}"#,
     "a number is out of range, or has a fraction where a whole number is expected (Foundation doesn't say where)"),
  ])
  func wrongValuesSayWhichKey(text: String, expected: String) {
    #expect(Self.message(Thing.self, text) == expected)
  }

  @Test(arguments: [
    (#"{"a": 1, "b": {"x": [1, {"k": 1, "k": 2}]}}"#, #"b.x[1]: the key "k" appears twice (line 1, column 34)"#),
    (#"{"a": 1, "\u0061": 2}"#, #"top level: the key "a" appears twice (line 1, column 10)"#),
    ("{\"a\": {\"b\": 1,\n \"b\": 1}}", #"a: the key "b" appears twice (line 2, column 2)"#),
    (#"{"é": 1, "e\u0301": 2}"#, #"top level: the key "é" appears twice (line 1, column 10)"#),
    (#"{"say \"hi\"": 1, "say \"hi\"": 2}"#, #"top level: the key "say \"hi\"" appears twice (line 1, column 19)"#),
    (#"[{"a": 1}, {"a": 1}, {"b": [], "a": 1}]"#, nil),
    (#"{"a": {"a": {"a": 1}}}"#, nil),
  ] as [(String, String?)])
  func keysTwiceAreFound(text: String, expected: String?) {
    let data = Data(text.utf8)
    do {
      try JSONDiagnostics.checkForDuplicateKeys(in: data)
      #expect(expected == nil)
    } catch {
      #expect(JSONDiagnostics.describe(error, in: data) == expected)
    }
  }

  @Test func otherErrorsDescribeThemselves() {
    struct Oops: Error, CustomStringConvertible { var description: String { "oops" } }
    #expect(JSONDiagnostics.describe(Oops(), in: Data()) == "oops")
    #expect(!JSONDiagnostics.isSyntaxError(Oops()))
  }

  @Test func syntaxErrorsAreToldApart() throws {
    let broken = Data("[1,".utf8)
    let wrong = Data("[\"1\"]".utf8)
    #expect(throws: (any Error).self) { try JSONDecoder().decode([Int].self, from: broken) }
    do { _ = try JSONDecoder().decode([Int].self, from: broken) } catch { #expect(JSONDiagnostics.isSyntaxError(error)) }
    do { _ = try JSONDecoder().decode([Int].self, from: wrong) } catch { #expect(!JSONDiagnostics.isSyntaxError(error)) }
  }

  @Test func positionsCountCharactersAndLines() {
    let data = Data("ab\ncé\r\nx\ry".utf8)
    #expect(JSONDiagnostics.position(ofByteOffset: 0, in: data) == (1, 1))
    #expect(JSONDiagnostics.position(ofByteOffset: 4, in: data) == (2, 2))  // é
    #expect(JSONDiagnostics.position(ofByteOffset: 6, in: data) == (2, 3))  // \r after é
    #expect(JSONDiagnostics.position(ofByteOffset: 8, in: data) == (3, 1))  // x
    #expect(JSONDiagnostics.position(ofByteOffset: 10, in: data) == (4, 1))  // y
    #expect(JSONDiagnostics.position(ofByteOffset: 3, in: Data([0xEF, 0xBB, 0xBF, 0x7B])) == (1, 1))
  }
}
