import Foundation
import Synchronization

/// The structure of a JSON text, from one pass over its bytes: what kind each value
/// is, and the first key that appears twice in one object.
///
/// `JSONDecoder` can't say what kind of value it holds; the only way to ask is to try
/// a type and fail, and each failure costs about 10 µs plus 4 µs per level of nesting,
/// so guessing made a 1 MB file of small values take seconds and deep nesting take
/// quadratic time. ``JSONValue`` decoding looks its kind up here instead.
///
/// This is no parser: it checks nothing and converts nothing (Foundation does both);
/// on text `JSONDecoder` rejects it still returns, with a shape that doesn't matter.
indirect enum JSONShape: Sendable {
  case null
  case bool
  /// A number without a fraction or exponent (`negative`: it starts with `-`).
  case integer(negative: Bool)
  /// A number with a fraction or an exponent.
  case fraction
  case string
  case array([JSONShape])
  case object([String: JSONShape])

  /// The first key found twice in one object: the path to the object, the key, and
  /// the byte offset of its second appearance.
  struct Duplicate {
    var path: [any CodingKey]
    var key: String
    var offset: Int
  }

  /// How deep the scan follows nesting: past Foundation's own limit (512), the text is
  /// refused by `JSONDecoder` anyway.
  static let maximumDepth = 600

  /// Scans `data`; `nil` when it isn't UTF-8 (a leading byte-order mark is skipped).
  static func scan(_ data: Data) -> (shape: JSONShape, duplicate: Duplicate?)? {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let skipped = data.starts(with: bom) ? bom.count : 0
    // JSONDecoder reads UTF-16 and UTF-32 too (telling them by their zero bytes).
    guard !data.prefix(4).contains(0), !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]) else {
      return nil
    }
    return data.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes: bytes, offset: skipped)
      return scanner.run()
    }
  }

  private struct Scanner {
    struct Container {
      var isObject: Bool
      var elements: [JSONShape] = []
      var members: [String: JSONShape] = [:]
      /// The key being read (objects) or the element's index (arrays).
      var key: String?
      var index = 0
      var expectsKey = true
    }

    let bytes: UnsafeRawBufferPointer
    var offset: Int
    var stack: [Container] = []
    var result: JSONShape?
    var duplicate: Duplicate?

    init(bytes: UnsafeRawBufferPointer, offset: Int) {
      self.bytes = bytes
      self.offset = offset
    }

    mutating func run() -> (shape: JSONShape, duplicate: Duplicate?) {
      while offset < bytes.count {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          // Deeper than JSONDecoder goes (it refuses such text itself): stop, since a
          // shape nested a hundred thousand levels would overflow the stack when freed.
          guard stack.count < JSONShape.maximumDepth else { return (.null, duplicate) }
          stack.append(Container(isObject: byte == UInt8(ascii: "{")))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if let container = stack.popLast() {
            add(container.isObject ? .object(container.members) : .array(container.elements))
          }
        case UInt8(ascii: ","):
          if !stack.isEmpty {
            stack[stack.count - 1].index += 1
            stack[stack.count - 1].expectsKey = true
          }
        case UInt8(ascii: "\""):
          let start = offset
          offset += 1
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
          }
          if let last = stack.indices.last, stack[last].isObject, stack[last].expectsKey {
            readKey(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<min(offset, bytes.count)]), at: start)
          } else {
            add(.string)
          }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
          while offset + 1 < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[offset + 1]) {
            offset += 1
          }
          add(byte == UInt8(ascii: "n") ? .null : .bool)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          var isFraction = false
          while offset + 1 < bytes.count {
            let next = bytes[offset + 1]
            if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
              isFraction = true
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next), next != UInt8(ascii: "+"),
              next != UInt8(ascii: "-")
            {
              break
            }
            offset += 1
          }
          add(isFraction ? .fraction : .integer(negative: byte == UInt8(ascii: "-")))
        default: break
        }
        offset += 1
      }
      // Unclosed containers (the text is broken): close them, innermost first.
      while let container = stack.popLast() {
        add(container.isObject ? .object(container.members) : .array(container.elements))
      }
      return (result ?? .null, duplicate)
    }

    /// Puts a value where it belongs: the current object's key, the current array's
    /// next element, or the top level.
    mutating func add(_ shape: JSONShape) {
      // Taken out of the stack to change it, so that its collections are never copied.
      guard var container = stack.popLast() else {
        if result == nil { result = shape }
        return
      }
      if !container.isObject {
        container.elements.append(shape)
      } else if let key = container.key, container.members[key] == nil {
        container.members[key] = shape
      }
      stack.append(container)
    }

    mutating func readKey(_ literal: UnsafeRawBufferPointer, at start: Int) {
      let key: String
      if literal.contains(UInt8(ascii: "\\")) {
        let quoted = Data([UInt8(ascii: "\"")] + literal + [UInt8(ascii: "\"")])
        key = (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: literal, as: UTF8.self)
      } else {
        key = String(decoding: literal, as: UTF8.self)
      }
      let last = stack.count - 1
      if duplicate == nil, stack[last].members[key] != nil {
        let path: [any CodingKey] = stack.dropLast().map { container in
          container.isObject ? JSONDiagnostics.PathKey(container.key ?? "") : JSONDiagnostics.PathKey(index: container.index)
        }
        duplicate = Duplicate(path: path, key: key, offset: start)
      }
      stack[last].key = key
      stack[last].expectsKey = false
    }
  }

  // MARK: - Looking shapes up while decoding

  /// Hands shapes to ``JSONValue/init(from:)`` through the decoder's `userInfo`.
  final class Guide: Sendable {
    static let key = CodingUserInfoKey(rawValue: "siri-simulator.JSONShape.Guide")!

    let root: JSONShape
    /// The shape of the value about to be decoded, set by the container decoding it.
    private let next = Mutex<JSONShape?>(nil)

    init(_ root: JSONShape) { self.root = root }

    /// A decoder that looks shapes up in `data`'s (when it is UTF-8).
    static func decoder(for data: Data) -> (decoder: JSONDecoder, duplicate: Duplicate?) {
      let decoder = JSONDecoder()
      guard let (shape, duplicate) = JSONShape.scan(data) else { return (decoder, nil) }
      decoder.userInfo[key] = Guide(shape)
      return (decoder, duplicate)
    }

    /// Decodes a child value of the given shape.
    func decoding<T>(_ shape: JSONShape?, _ body: () throws -> T) rethrows -> T {
      next.withLock { $0 = shape }
      defer { next.withLock { $0 = nil } }
      return try body()
    }

    /// The shape of the value `decoder` is at: set by its parent, or found by its path.
    func shape(for decoder: any Decoder) -> JSONShape? {
      if let shape = next.withLock({ next in defer { next = nil }; return next }) { return shape }
      var shape = root
      for key in decoder.codingPath {
        switch shape {
        case .object(let members):
          guard let member = members[key.stringValue] else { return nil }
          shape = member
        case .array(let elements):
          guard let index = key.intValue, elements.indices.contains(index) else { return nil }
          shape = elements[index]
        default:
          return nil
        }
      }
      return shape
    }
  }
}
