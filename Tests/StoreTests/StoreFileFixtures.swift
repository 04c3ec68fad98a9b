import Foundation

/// Store files as the version-1 writer before Foundation's coders (RawJSON, a
/// hand-written pretty printer) wrote them, and the values it had saved: they must
/// load unchanged.
enum StoreFileFixtures {
  /// Values stored with `set` (so by `JSONEncoder` with `.sortedKeys`), and one that
  /// isn't JSON (`modify`), from commit f9b90c9.
  static let version1 = """
    {
      "binaryValues" : {
        "blob" : "/wB7"
      },
      "format" : "siri-simulator.app-group-store",
      "generation" : 11,
      "identifier" : "group.simulator.shared",
      "values" : {
        "empty" : [
          []
        ],
        "episode" : {
          "position" : 0.1,
          "tags" : [
            "a\\/b",
            ""
          ],
          "title" : "Café \\"Night\\"\\n\\/\\\\ 🎧\\u0001"
        },
        "flag" : true,
        "integers" : [
          9223372036854775807,
          -9223372036854775808
        ],
        "nested" : {
          "nested" : [
            {
              "deep" : {}
            }
          ]
        },
        "nothing" : null,
        "numbers" : [
          1e-07,
          -0,
          1.7976931348623157e+308,
          3,
          1e+20,
          0.30000000000000004
        ],
        "simulator.clock" : {
          "B" : 2,
          "a" : 3,
          "a b" : 5,
          "z" : 1,
          "é" : 4
        },
        "string" : "plain",
        "unsigned" : 18446744073709551615
      },
      "version" : 1
    }

    """

  /// What ``version1`` holds, byte for byte (as `snapshot()` returned it then).
  static let version1Values: [String: Data] = [
    "blob": Data([0xFF, 0x00, 0x7B]),
    "empty": Data("[[]]".utf8),
    "episode": Data(#"{"position":0.1,"tags":["a\/b",""],"title":"Café \"Night\"\n\/\\ 🎧\u0001"}"#.utf8),
    "flag": Data("true".utf8),
    "integers": Data("[9223372036854775807,-9223372036854775808]".utf8),
    "nested": Data(#"{"nested":[{"deep":{}}]}"#.utf8),
    "nothing": Data("null".utf8),
    "numbers": Data("[1e-07,-0,1.7976931348623157e+308,3,1e+20,0.30000000000000004]".utf8),
    "simulator.clock": Data(#"{"B":2,"a":3,"a b":5,"z":1,"é":4}"#.utf8),
    "string": Data(#""plain""#.utf8),
    "unsigned": Data("18446744073709551615".utf8),
  ]

  /// Values given to `replaceAll` as JSON in other spellings than `JSONEncoder`'s:
  /// RawJSON kept their literals and key order, and only dropped whitespace.
  static let version1OtherSpellings = """
    {
      "format" : "siri-simulator.app-group-store",
      "generation" : 1,
      "identifier" : "group.simulator.shared",
      "values" : {
        "escaped" : "\\u00e9\\/\\ud83c\\udfa7",
        "exponent" : 1E+2,
        "spaced" : [
          1,
          2.50
        ],
        "unsorted" : {
          "b" : 1,
          "a" : [
            2,
            3
          ]
        }
      },
      "version" : 1
    }

    """

  /// What RawJSON gave back for ``version1OtherSpellings`` after reopening.
  static let version1OtherSpellingsAsRawJSONRead: [String: Data] = [
    "escaped": Data(#""\u00e9\/\ud83c\udfa7""#.utf8),
    "exponent": Data("1E+2".utf8),
    "spaced": Data("[1,2.50]".utf8),
    "unsorted": Data(#"{"b":1,"a":[2,3]}"#.utf8),
  ]
}
