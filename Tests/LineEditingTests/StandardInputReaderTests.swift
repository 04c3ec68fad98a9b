import Dispatch
import LineEditing
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Feeds `input` through a pipe (written from another thread, so inputs
/// larger than the pipe buffer work) and returns every line read.
private func lines(from input: [UInt8]) -> [String] {
  var fds: [Int32] = [0, 0]
  #expect(pipe(&fds) == 0)
  let (readEnd, writeEnd) = (fds[0], fds[1])
  DispatchQueue.global().async {
    var offset = 0
    while offset < input.count {
      let written = input.withUnsafeBytes { write(writeEnd, $0.baseAddress! + offset, input.count - offset) }
      if written <= 0 { break }
      offset += written
    }
    close(writeEnd)
  }
  var reader = StandardInputReader(fileDescriptor: readEnd)
  var result: [String] = []
  while let line = reader.readLine(prompt: "> ") { result.append(line) }
  #expect(reader.readLine(prompt: "> ") == nil)
  close(readEnd)
  return result
}

private func lines(from input: String) -> [String] {
  lines(from: Array(input.utf8))
}

@Suite struct StandardInputReaderTests {
  @Test func splitsLines() {
    #expect(lines(from: "hey siri\nwhat's the weather\n") == ["hey siri", "what's the weather"])
  }

  @Test func emptyInputHasNoLines() {
    #expect(lines(from: "") == [])
  }

  @Test func keepsEmptyLines() {
    #expect(lines(from: "\n") == [""])
    #expect(lines(from: "a\n\n\nb\n") == ["a", "", "", "b"])
  }

  @Test func lastLineWithoutNewline() {
    #expect(lines(from: "a\nb") == ["a", "b"])
    #expect(lines(from: "only") == ["only"])
  }

  @Test func stripsCRLF() {
    #expect(lines(from: "a\r\nb\r\nc\r") == ["a", "b", "c"])
    // Only the \r that ends a line goes.
    #expect(lines(from: "a\rb\r\r\n") == ["a\rb\r"])
    #expect(lines(from: "\r\n") == [""])
  }

  @Test func repairsInvalidUTF8() {
    let input: [UInt8] = [0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x0A, 0xE2, 0x82, 0x0A, 0xC3, 0xA9, 0x0A]
    #expect(lines(from: input) == ["a\u{FFFD}b", "\u{FFFD}", "\u{FFFD}", "é"])
  }

  @Test func keepsNULAndControlCharacters() {
    let input: [UInt8] = [0x61, 0x00, 0x62, 0x0A, 0x00, 0x0A, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x07, 0x09, 0x08, 0x7F, 0x0A]
    #expect(lines(from: input) == ["a\u{0}b", "\u{0}", "\u{1B}[31m\u{7}\t\u{8}\u{7F}"])
  }

  @Test func dropsAByteOrderMarkAtTheStartOnly() {
    #expect(lines(from: "\u{FEFF}hey\n\u{FEFF}siri\n") == ["hey", "\u{FEFF}siri"])
    #expect(lines(from: "\u{FEFF}") == [""])
  }

  @Test func readsLongLines() {
    let long = String(repeating: "y", count: 2_000_000)
    let result = lines(from: "short\n" + long + "\n" + long + "x")
    #expect(result.count == 3)
    #expect(result.first == "short")
    #expect(result.dropFirst().first == long)
    #expect(result.last == long + "x")
  }

  @Test(.timeLimit(.minutes(2))) func readsManyLines() {
    let input = (0..<10_000).map { "line \($0) with some words in it\n" }.joined()
    let result = lines(from: input)
    #expect(result.count == 10_000)
    #expect(result.last == "line 9999 with some words in it")
  }

  @Test func linesSplitAcrossReads() {
    // Bytes arrive in several reads of arbitrary size; lines still come out whole.
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    var reader = StandardInputReader(fileDescriptor: fds[0])
    _ = write(fds[1], "hel", 3)
    _ = write(fds[1], "lo\r", 3)
    _ = write(fds[1], "\nwor", 4)
    _ = write(fds[1], "ld", 2)
    close(fds[1])
    #expect(reader.readLine(prompt: "") == "hello")
    #expect(reader.readLine(prompt: "") == "world")
    #expect(reader.readLine(prompt: "") == nil)
    close(fds[0])
  }

  @Test func copiesShareTheInput() {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    _ = write(fds[1], "a\nb\nc\n", 6)
    close(fds[1])
    var first = StandardInputReader(fileDescriptor: fds[0])
    #expect(first.readLine(prompt: "") == "a")
    var second = first
    #expect(second.readLine(prompt: "") == "b")
    #expect(first.readLine(prompt: "") == "c")
    #expect(second.readLine(prompt: "") == nil)
    close(fds[0])
  }

  @Test func matchesASimpleSplitOnArbitraryBytes() {
    // Pseudo-random bytes, rich in \n, \r, NUL and bytes ≥ 0x80.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x0D, 0x00, 0x61, 0x62, 0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0xAC, 0xEF, 0xBB, 0xBF]
    var input: [UInt8] = []
    for _ in 0..<300_000 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      let pick = Int(state >> 33)
      input.append(pick % 7 == 0 ? UInt8(truncatingIfNeeded: pick >> 8) : alphabet[pick % alphabet.count])
    }
    var expected = input.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
    }
    if input.last == 0x0A { expected.removeLast() }
    if expected.first?.hasPrefix("\u{FEFF}") == true { expected[0].removeFirst() }
    #expect(lines(from: input) == expected)
  }

  @Test func unreadableDescriptorIsEndOfInput() {
    var reader = StandardInputReader(fileDescriptor: -1)
    #expect(reader.readLine(prompt: "") == nil)
  }
}
