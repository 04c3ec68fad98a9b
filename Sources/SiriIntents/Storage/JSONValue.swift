import Foundation

/// Any JSON value, read and written with Foundation's coders.
///
/// The store keeps each value as the bytes `JSONEncoder` (with `.sortedKeys`) produced
/// and embeds them in its file as readable JSON through this type. A whole number
/// decodes as `Int64` when it fits, else as `UInt64`, so `Int64.max` and `UInt64.max`
/// keep their exact value; a number with a fraction or an exponent, and `-0`, as
/// `Double`. So what `JSONEncoder` writes for a value decoded from its own output is
/// the same bytes (see ``canonical(_:)``).
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// A whole number above `Int64.max`.
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Any key of an object.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes any JSON value. Decoded by ``decode(_:)`` (or by a decoder from
  /// ``JSONShape/Guide/decoder(for:)``) it knows each value's kind beforehand; otherwise
  /// it finds it by trying each kind in turn, which is much slower.
  init(from decoder: any Decoder) throws {
    let guide = decoder.userInfo[JSONShape.Guide.key] as? JSONShape.Guide
    if let guide, let shape = guide.shape(for: decoder), let value = try Self.decode(decoder, shaped: shape, guide) {
      self = value
    } else {
      self = try Self.decodeByTrying(decoder)
    }
  }

  /// The value of `data`, which holds one JSON text.
  /// - Throws: What `JSONDecoder` throws (describe it with ``JSONDiagnostics``), or a
  ///   `DecodingError.dataCorrupted` for an object with a key twice.
  static func decode(_ data: Data) throws -> JSONValue {
    // Foundation checks the structure first, so that text that isn't JSON is refused
    // before it is scanned.
    _ = try JSONDecoder().decode(Unchecked.self, from: data)
    let (decoder, duplicate) = JSONShape.Guide.decoder(for: data)
    let value = try decoder.decode(JSONValue.self, from: data)
    if let duplicate { throw JSONDiagnostics.duplicateKeyError(duplicate, in: data) }
    return value
  }

  /// Decodes nothing: decoding it checks only the text's structure.
  private struct Unchecked: Decodable {
    init(from decoder: any Decoder) {}
  }

  /// Decodes a value whose kind the scan found; `nil` when Foundation sees another kind.
  private static func decode(_ decoder: any Decoder, shaped shape: JSONShape, _ guide: JSONShape.Guide) throws
    -> JSONValue?
  {
    do {
      switch shape {
      case .null:
        return try decoder.singleValueContainer().decodeNil() ? .null : nil
      case .bool:
        return .bool(try decoder.singleValueContainer().decode(Bool.self))
      case .string:
        return .string(try decoder.singleValueContainer().decode(String.self))
      case .fraction:
        return .double(try decoder.singleValueContainer().decode(Double.self))
      case .integer(let negative):
        return try decodeInteger(try decoder.singleValueContainer(), negative: negative)
      case .array(let shapes):
        var array = try decoder.unkeyedContainer()
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd {
          let index = elements.count
          let element = try guide.decoding(shapes.indices.contains(index) ? shapes[index] : nil) {
            try array.decode(JSONValue.self)
          }
          elements.append(element)
        }
        return .array(elements)
      case .object(let shapes):
        let object = try decoder.container(keyedBy: Key.self)
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(object.allKeys.count)
        for key in object.allKeys {
          members[key.stringValue] = try guide.decoding(shapes[key.stringValue]) {
            try object.decode(JSONValue.self, forKey: key)
          }
        }
        return .object(members)
      }
    } catch DecodingError.typeMismatch {
      return nil
    }
  }

  /// A whole number: `Int64` when it fits, then `UInt64`, then `Double`; `-0` is a `Double`.
  private static func decodeInteger(_ single: any SingleValueDecodingContainer, negative: Bool) throws -> JSONValue {
    if let integer = try? single.decode(Int64.self) {
      return integer == 0 && negative ? .double(-0.0) : .integer(integer)
    }
    if !negative, let unsigned = try? single.decode(UInt64.self) { return .unsigned(unsigned) }
    return .double(try single.decode(Double.self))
  }

  /// Finds the kind by trying each in turn: each failure is a type mismatch; any other
  /// error (a broken string or number) is about this very value and is passed on.
  private static func decodeByTrying(_ decoder: any Decoder) throws -> JSONValue {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() { return .null }
    do {
      let integer = try single.decode(Int64.self)
      if integer == 0, let double = try? single.decode(Double.self), double.sign == .minus { return .double(double) }
      return .integer(integer)
    } catch DecodingError.typeMismatch {
      // Not a number.
    } catch {
      // A number, but not an Int64: a fraction, or too large.
      if let unsigned = try? single.decode(UInt64.self) { return .unsigned(unsigned) }
      return .double(try single.decode(Double.self))
    }
    do {
      return .string(try single.decode(String.self))
    } catch DecodingError.typeMismatch {}
    if let bool = try? single.decode(Bool.self) { return .bool(bool) }
    let object: KeyedDecodingContainer<Key>
    do {
      object = try decoder.container(keyedBy: Key.self)
    } catch DecodingError.typeMismatch {
      var array = try decoder.unkeyedContainer()
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      return .array(elements)
    }
    var members: [String: JSONValue] = [:]
    for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
    return .object(members)
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .integer(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .unsigned(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .double(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
    }
  }

  /// How many arrays and objects are nested at the deepest point (0 for a scalar).
  var depth: Int {
    switch self {
    case .array(let elements): 1 + (elements.lazy.map(\.depth).max() ?? 0)
    case .object(let members): 1 + (members.values.lazy.map(\.depth).max() ?? 0)
    default: 0
    }
  }

  /// The deepest nesting Foundation's coders handle: `JSONEncoder` writes 511 levels,
  /// `JSONDecoder` reads 512.
  static let maximumDepth = 511

  /// The value `data` holds, when it is exactly what `JSONEncoder` with `.sortedKeys`
  /// writes for it (so ``compactData`` gives back these very bytes); `nil` for any
  /// other data, JSON or not: other whitespace or key order, other number or string
  /// spellings, duplicate keys.
  static func canonical(_ data: Data) -> JSONValue? {
    guard let value = try? decode(data),
      (try? value.compactData()) == data
    else { return nil }
    return value
  }

  /// The value as `JSONEncoder` with `.sortedKeys` writes it, how the store keeps values.
  func compactData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }
}
