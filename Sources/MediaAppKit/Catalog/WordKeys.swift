import UtteranceParsing

/// ``TitleKeys`` in word ids: the same forms (full, without asides, without credits,
/// without optional words), each as folded word ids, the ids of the words left out to
/// get it, and its words as a sorted set. ``score(_:_:)`` gives exactly what
/// ``TitleMatcher/score(_:_:)`` gives for the same texts: ids stand for words one to one.
///
/// All forms share three flat arrays, so filling one for a candidate reuses memory.
struct WordKeys: Sendable {
  struct Form: Sendable {
    var words: Range<Int>
    var dropped: Range<Int>
    var set: Range<Int>
  }

  var forms: [Form] = []
  /// Folded word ids of every form, one form after another.
  var words: [UInt32] = []
  /// Ids of the words each form leaves out (as said, not folded), sorted.
  var dropped: [UInt32] = []
  /// Each form's words without repeats, sorted.
  var sets: [UInt32] = []

  mutating func removeAll() {
    forms.removeAll(keepingCapacity: true)
    words.removeAll(keepingCapacity: true)
    dropped.removeAll(keepingCapacity: true)
    sets.removeAll(keepingCapacity: true)
  }

  var isEmpty: Bool { forms.first.map { $0.words.isEmpty } ?? true }

  /// Appends a form with these folded words unless a form has the same words already
  /// (as ``TitleMatcher/keys(_:)`` does) and `deduplicating` is set.
  mutating func add(folded: ArraySlice<UInt32>, dropped droppedWords: ArraySlice<UInt32>, deduplicating: Bool = true) {
    if deduplicating {
      for form in forms where words[form.words].elementsEqual(folded) { return }
    }
    let wordStart = words.count
    words.append(contentsOf: folded)
    let droppedStart = dropped.count
    dropped.append(contentsOf: droppedWords)
    Self.sortTail(&dropped, from: droppedStart)
    let setStart = sets.count
    sets.append(contentsOf: folded)
    Self.sortTail(&sets, from: setStart)
    // Remove repeats in place.
    if sets.count - setStart > 1 {
      var write = setStart + 1
      for read in (setStart + 1)..<sets.count where sets[read] != sets[write - 1] {
        sets[write] = sets[read]
        write += 1
      }
      sets.removeLast(sets.count - write)
    }
    forms.append(Form(words: wordStart..<words.count, dropped: droppedStart..<dropped.count, set: setStart..<sets.count))
  }

  /// Insertion sort of `array[from...]` (a handful of words).
  @inline(__always)
  static func sortTail(_ array: inout [UInt32], from start: Int) {
    guard array.count - start > 1 else { return }
    for index in (start + 1)..<array.count {
      let value = array[index]
      var position = index
      while position > start && array[position - 1] > value {
        array[position] = array[position - 1]
        position -= 1
      }
      array[position] = value
    }
  }

  /// How well `query` names `title`: ``TitleMatcher/score(_:_:)`` in ids.
  static func score(_ query: WordKeys, _ title: WordKeys) -> Double {
    guard let first = query.forms.first, !first.words.isEmpty else { return 0 }
    var best = 0.0
    for q in query.forms where !q.words.isEmpty {
      for t in title.forms where !t.words.isEmpty {
        if query.words[q.words].elementsEqual(title.words[t.words]) {
          let cost = symmetricDifference(query.dropped[q.dropped], title.dropped[t.dropped])
          best = max(best, max(0.9, 1.0 - 0.02 * Double(cost)))
        } else {
          let common = intersectionCount(query.sets[q.set], title.sets[t.set])
          best = max(best, TitleMatcher.overlap(common: common, q.set.count, t.set.count))
        }
      }
    }
    return best
  }

  /// The size of the symmetric difference of two sorted multisets.
  static func symmetricDifference(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Int {
    var i = a.startIndex
    var j = b.startIndex
    var different = 0
    while i < a.endIndex && j < b.endIndex {
      if a[i] == b[j] {
        i += 1
        j += 1
      } else if a[i] < b[j] {
        different += 1
        i += 1
      } else {
        different += 1
        j += 1
      }
    }
    return different + (a.endIndex - i) + (b.endIndex - j)
  }

  /// How many values two sorted sets share.
  @inline(__always)
  static func intersectionCount(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Int {
    var i = a.startIndex
    var j = b.startIndex
    var common = 0
    while i < a.endIndex && j < b.endIndex {
      if a[i] == b[j] {
        common += 1
        i += 1
        j += 1
      } else if a[i] < b[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return common
  }

  /// An order-independent hash of a sorted set of ids (the key of the form-set table).
  @inline(__always)
  static func setHash(_ set: some Sequence<UInt32>) -> UInt64 {
    var hash: UInt64 = 0x5851_F42D_4C95_7F2D
    for id in set { hash &+= mix64(UInt64(id) &+ 0x2545_F491_4F6C_DD1D) }
    return hash
  }
}

/// Splits ASCII text into folded words exactly as ``Tokenizer/tokenize(_:)`` does (its
/// rules restricted to ASCII: letters and digits make words, lower-cased; a `.` or
/// `,` between digits stays in, `.` kept; an apostrophe between letters is dropped, a
/// possessive `'s` becoming a word of its own), without making a string per word.
struct ASCIIWords {
  /// The folded words, one after another; `ends` says where each stops.
  private(set) var bytes: [UInt8] = []
  private(set) var ends: [Int] = []
  private(set) var count = 0

  init() {
    bytes = [UInt8](repeating: 0, count: 256)
    ends = [Int](repeating: 0, count: 128)
  }

  func word(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// Calls `body` with the bytes of each word.
  @inline(__always)
  func forEachWord(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer { bytes in
      var start = 0
      for index in 0..<count {
        body(UnsafeBufferPointer(rebasing: bytes[start..<ends[index]]))
        start = ends[index]
      }
    }
  }

  /// Tokenizes `text` (ASCII only), after removing parenthesized and bracketed asides
  /// as ``TitleMatcher/removingAsides(_:)`` does when `removingAsides` is set.
  mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, removingAsides: Bool) {
    if removingAsides {
      var kept: [UInt8] = []
      kept.reserveCapacity(text.count)
      var depth = 0
      for byte in text {
        if byte == 0x28 || byte == 0x5B {
          depth += 1
        } else if byte == 0x29 || byte == 0x5D {
          depth = max(0, depth - 1)
        } else if depth == 0 {
          kept.append(byte)
        }
      }
      kept.withUnsafeBufferPointer { split($0) }
    } else {
      split(text)
    }
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
  @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
  @inline(__always) private static func isWord(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

  private mutating func split(_ text: UnsafeBufferPointer<UInt8>) {
    // Words are never longer than the text, nor more than half its length plus one.
    if bytes.count < text.count { bytes = [UInt8](repeating: 0, count: text.count * 2) }
    if ends.count < text.count / 2 + 2 { ends = [Int](repeating: 0, count: text.count + 2) }
    let count = text.count
    var words = 0
    bytes.withUnsafeMutableBufferPointer { out in
      ends.withUnsafeMutableBufferPointer { ends in
        var length = 0  // bytes written
        var start = 0  // where the current word starts
        var index = 0
        while index < count {
          let byte = text[index]
          if Self.isWord(byte) {
            out[length] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            length += 1
            index += 1
            continue
          }
          if length > start, index + 1 < count {
            let previous = text[index - 1]
            let next = text[index + 1]
            if byte == 0x2E || byte == 0x2C, Self.isDigit(previous), Self.isDigit(next) {
              if byte == 0x2E {
                out[length] = 0x2E
                length += 1
              }
              index += 1
              continue
            }
            if byte == 0x27, Self.isLetter(previous), Self.isLetter(next) {
              let possessive = (next | 0x20) == 0x73 && (index + 2 >= count || !Self.isWord(text[index + 2]))
              if possessive, !Self.isSContraction(UnsafeBufferPointer(rebasing: out[start..<length])) {
                ends[words] = length
                words += 1
                start = length
              }
              index += 1
              continue
            }
          }
          if length > start {
            ends[words] = length
            words += 1
            start = length
          }
          index += 1
        }
        if length > start {
          ends[words] = length
          words += 1
        }
      }
    }
    self.count = words
  }

  private static func isSContraction(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard word.count >= 2, word.count <= 10 else { return false }
    return sContractions.contains { $0.elementsEqual(word) }
  }

  /// ``Tokenizer``'s words whose `'s` is not a possessive.
  static let sContractions: [[UInt8]] = [
    "it", "that", "what", "let", "he", "she", "there", "here", "who", "where", "how", "when", "why",
    "everything", "nothing", "something", "everyone", "everybody", "somebody", "nobody", "this",
  ].map { Array($0.utf8) }
}
