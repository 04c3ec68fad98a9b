import Foundation

/// A seeded generator (SplitMix64), so a failing case can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A random JSON value made of Swift values, encoded by `JSONEncoder` the way the store
/// encodes what it is given: the test side's oracle, independent of the store's code.
indirect enum RandomJSON: Encodable {
  case null
  case bool(Bool)
  case int(Int64)
  case unsigned(UInt64)
  case double(Double)
  case float(Float)
  case string(String)
  case array([RandomJSON])
  case object([String: RandomJSON])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .unsigned(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .float(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// What `set(_:forKey:)` stores for this value.
  var encoded: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try! encoder.encode(self)  // finite numbers only: never throws
  }

  static let interestingDoubles: [Double] = [
    0, -0.0, 0.1, 0.2, 1.5, -2.25, 1e-7, 1e-300, .leastNonzeroMagnitude, 1e20, 1e300, 2e19, 9_007_199_254_740_992,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 123_456_789.123_456_789,
  ]
  static let interestingIntegers: [Int64] = [0, 1, -1, 42, .max, .min, 9_007_199_254_740_993, 1_000_000]
  static let interestingStrings: [String] = [
    "", "plain", "with \"quotes\"", "back\\slash", "a/b", "tab\tnew\nline\r", "\u{0}\u{1}\u{1F}\u{7F}",
    "caf\u{E9}", "cafe\u{301}", "\u{1F3A7}\u{1F469}\u{200D}\u{1F4BB}", "\u{2028}\u{2029}", "\u{FEFF}bom",
    "日本語", "\u{8}\u{C}", "1e5", "null", "{\"not\": \"an object\"}", "   ",
  ]

  static func random(depth: Int = 0, using generator: inout SeededGenerator) -> RandomJSON {
    let leafOnly = depth >= 4
    switch Int.random(in: 0..<(leafOnly ? 7 : 9), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2:
      return Bool.random(using: &generator)
        ? .int(interestingIntegers.randomElement(using: &generator)!)
        : .int(Int64.random(in: .min ... .max, using: &generator))
    case 3:
      return Bool.random(using: &generator) ? .unsigned(.max) : .unsigned(UInt64.random(in: 0 ... .max, using: &generator))
    case 4:
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: return .double(interestingDoubles.randomElement(using: &generator)!)
      case 1: return .double(Double.random(in: -1e6...1e6, using: &generator))
      default:
        var bits = Double(bitPattern: generator.next())
        while !bits.isFinite { bits = Double(bitPattern: generator.next()) }
        return .double(bits)
      }
    case 5: return .float(Float.random(in: -1000...1000, using: &generator))
    case 6: return .string(randomString(using: &generator))
    case 7:
      return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth: depth + 1, using: &generator) })
    default:
      var members: [String: RandomJSON] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        members[randomString(using: &generator)] = random(depth: depth + 1, using: &generator)
      }
      return .object(members)
    }
  }

  static func randomString(using generator: inout SeededGenerator) -> String {
    if Bool.random(using: &generator) { return interestingStrings.randomElement(using: &generator)! }
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
      let range = ranges.randomElement(using: &generator)!
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { scalars.append(scalar) }
    }
    return String(scalars)
  }
}

/// Random damage to a valid text: flipped, inserted, deleted or duplicated bytes, and truncation.
func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
  var bytes = bytes
  let interesting: [UInt8] = Array("{}[]\":,\\0123456789.eE+-tfnul \n".utf8) + [0x00, 0x80, 0xC3, 0xFF]
  for _ in 0..<Int.random(in: 1...4, using: &generator) {
    guard !bytes.isEmpty else {
      bytes.append(interesting.randomElement(using: &generator)!)
      continue
    }
    let index = Int.random(in: bytes.indices, using: &generator)
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: bytes[index] = interesting.randomElement(using: &generator)!
    case 1: bytes.insert(interesting.randomElement(using: &generator)!, at: index)
    case 2: bytes.remove(at: index)
    case 3: bytes.removeSubrange(index...)
    default:
      let end = min(bytes.count, index + Int.random(in: 1...8, using: &generator))
      bytes.insert(contentsOf: bytes[index..<end], at: index)
    }
  }
  return bytes
}
