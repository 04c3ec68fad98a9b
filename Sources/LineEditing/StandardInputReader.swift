#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``LineReader`` for input that is not a terminal: a pipe, a file, or
/// /dev/null.
///
/// It accepts any bytes:
/// - lines end at `\n`; a `\r` just before it (CRLF) is removed;
/// - the last line counts even without a final `\n`;
/// - invalid UTF-8 becomes U+FFFD; NUL and other control characters are kept;
/// - a UTF-8 byte order mark at the very start of the input is removed;
/// - lines may be of any length.
///
/// It never prints the prompt; the caller decides what to echo.
///
/// A read interrupted by a signal is retried, unless the reader's
/// ``Interruption`` is requested: then the input ends there.
///
/// Reads go through a buffer with `read(2)`. Copies of a reader share that
/// buffer, so together they read each line once.
public struct StandardInputReader: LineReader {
  private let buffer: Buffer

  /// - Parameters:
  ///   - fileDescriptor: where to read from; stdin by default. The reader
  ///     does not close it.
  ///   - interruption: when requested, a read that a signal interrupts
  ///     ends the input instead of waiting on (for more from a pipe that
  ///     may never come).
  public init(fileDescriptor: Int32 = 0, interruption: Interruption = .never) {
    buffer = Buffer(fileDescriptor: fileDescriptor, interruption: interruption)
  }

  public mutating func readLine(prompt: String) -> String? {
    buffer.nextLine()
  }
}

extension StandardInputReader {
  /// The bytes read but not returned yet, in memory managed by hand so
  /// that reading stays fast in debug builds too.
  private final class Buffer {
    private static let chunkSize = 64 * 1024

    private let fileDescriptor: Int32
    private let interruption: Interruption
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Unreturned bytes are `storage[start..<end]`.
    private var start = 0
    private var end = 0
    /// `storage[start..<scanned]` holds no newline, so long lines are not
    /// searched again after every read.
    private var scanned = 0
    private var isFirstLine = true

    init(fileDescriptor: Int32, interruption: Interruption) {
      self.fileDescriptor = fileDescriptor
      self.interruption = interruption
      capacity = Self.chunkSize
      storage = .allocate(capacity: capacity)
    }

    deinit {
      storage.deallocate()
    }

    func nextLine() -> String? {
      while true {
        if scanned < end, let hit = memchr(storage + scanned, 0x0A, end - scanned) {
          let newline = hit.assumingMemoryBound(to: UInt8.self) - storage
          let line = makeLine(start, newline)
          start = newline + 1
          scanned = start
          return line
        }
        scanned = end
        if !fill() {
          // End of input (or a read error): what is left is the last line.
          guard start < end else { return nil }
          let line = makeLine(start, end)
          start = end
          scanned = end
          return line
        }
      }
    }

    /// Reads more bytes; false at the end of input.
    private func fill() -> Bool {
      if start == end {
        (start, end, scanned) = (0, 0, 0)
      } else if capacity - end < Self.chunkSize {
        let pending = end - start
        if start > 0 && pending + Self.chunkSize <= capacity {
          // Move the unreturned bytes to the front.
          memmove(storage, storage + start, pending)
        } else {
          // Grow.
          let newCapacity = max(capacity * 2, pending + Self.chunkSize)
          let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
          newStorage.update(from: storage + start, count: pending)
          storage.deallocate()
          storage = newStorage
          capacity = newCapacity
        }
        scanned -= start
        end = pending
        start = 0
      }
      while true {
        let count = read(fileDescriptor, storage + end, capacity - end)
        if count < 0 && errno == EINTR {
          if interruption.isRequested { return false }
          continue
        }
        guard count > 0 else { return false }
        end += count
        return true
      }
    }

    private func makeLine(_ lineStart: Int, _ lineEnd: Int) -> String {
      var lineStart = lineStart
      var lineEnd = lineEnd
      if isFirstLine {
        isFirstLine = false
        if lineEnd - lineStart >= 3, storage[lineStart] == 0xEF,
           storage[lineStart + 1] == 0xBB, storage[lineStart + 2] == 0xBF {
          lineStart += 3
        }
      }
      if lineEnd > lineStart && storage[lineEnd - 1] == 0x0D {
        lineEnd -= 1
      }
      return String(
        decoding: UnsafeBufferPointer(start: storage + lineStart, count: lineEnd - lineStart),
        as: UTF8.self)
    }
  }
}
