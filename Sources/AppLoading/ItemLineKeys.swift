/// Which of an item's keys a line of a JSON Lines items file has, from one pass over its
/// bytes: so that 100,000 lines can be decoded without asking each object for all its
/// keys (`allKeys` is most of what `JSONDecoder` spends on an item), and so that a key
/// written twice on a line is caught (`JSONDecoder` keeps one and drops the other).
///
/// This is no parser: it reads no value and converts nothing (`JSONDecoder` does both,
/// and reports what is wrong). It says "don't know" (`nil`) for anything but a plain
/// object whose keys are all known, plain ASCII and different: then the line is decoded
/// the careful way, which names unknown keys and finds duplicates in any spelling.
enum ItemLineKeys {
  /// The known keys, in the order of their bits in a mask.
  static let names: [[UInt8]] = ItemDefinition.CodingKeys.allCases.map { Array($0.rawValue.utf8) }

  /// The mask of the keys the object on `line` has (bit `i`: `names[i]`), or `nil` when
  /// it isn't a simple object with known keys, each once.
  static func mask(_ line: UnsafeRawBufferPointer) -> UInt32? {
    var scanner = Scanner(bytes: line)
    return scanner.object()
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
    }

    mutating func skipSpace() {
      while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard offset < bytes.count, bytes[offset] == byte else { return false }
      offset += 1
      return true
    }

    mutating func object() -> UInt32? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var mask: UInt32 = 0
      if take(UInt8(ascii: "}")) { return end() ? mask : nil }
      repeat {
        guard let bit = key(), mask & bit == 0, take(UInt8(ascii: ":")), skipValue() else { return nil }
        mask |= bit
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), end() else { return nil }
      return mask
    }

    mutating func end() -> Bool {
      skipSpace()
      return offset == bytes.count
    }

    /// The bit of the key at the offset, if it is a known one written plainly.
    mutating func key() -> UInt32? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = offset
      while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
        // An escape or a non-ASCII letter: the careful way compares keys as strings.
        guard bytes[offset] != UInt8(ascii: "\\"), bytes[offset] < 0x80 else { return nil }
        offset += 1
      }
      guard offset < bytes.count else { return nil }
      let key = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
      offset += 1
      for (index, name) in ItemLineKeys.names.enumerated() where name.count == key.count && name.elementsEqual(key) {
        return 1 << UInt32(index)
      }
      return nil
    }

    /// Steps over one value: a string, an array or object (to its matching bracket,
    /// minding strings), or a scalar (to the next `,`, `]` or `}`).
    mutating func skipValue() -> Bool {
      skipSpace()
      var depth = 0
      var started = false
      while offset < bytes.count {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\""):
          offset += 1
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
          }
          guard offset < bytes.count else { return false }
          offset += 1
          started = true
          if depth == 0 { return true }
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          offset += 1
          started = true
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          if depth == 0 { return started }
          depth -= 1
          offset += 1
          if depth == 0 { return true }
        case UInt8(ascii: ","):
          if depth == 0 { return started }
          offset += 1
        default:
          offset += 1
          started = true
        }
      }
      return started && depth == 0
    }
  }
}
