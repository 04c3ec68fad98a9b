import Foundation

/// Splits text into ``Token``s without assuming spaces between words.
///
/// The rules, shared by utterances, grammar phrases and list values so that both sides
/// fold the same way:
/// - A run of letters and digits is one token (`81st`, `1.5x`, `wall`), except a radio
///   band glued to a frequency (`FM89.1`, `89.1FM`, `97.3MHz`: `fm`, `89.1`; see
///   ``bandSplit(_:)``). A `.` or `,` (or a full-width `．`)
///   between two digits stays inside the run (`89.1`, `1,000`), and so does an
///   apostrophe between two letters, which is dropped (`don't` → `dont`, `what's` →
///   `whats`), except a possessive `'s`, which becomes a word of its own so grammars can
///   say who owns something (`Joann's` → `joann`, `s`).
/// - Every other character (spaces, punctuation, hyphens, emoji, symbols) separates
///   tokens and is not itself a token, so `twenty-five` → `twenty`, `five`.
/// - Each CJK ideograph, kana or hangul syllable is a token of its own, so Chinese or
///   Japanese text needs no spaces: `播放音乐` → `播`, `放`, `音`, `乐`.
/// - Text is lower-cased and diacritics are removed (`Café` → `cafe`).
public enum Tokenizer {
  /// Tokenizes `text`. Never fails: input with no words gives no tokens.
  public static func tokenize(_ text: String) -> [Token] {
    var prints: [WordPrint]? = nil
    return tokenize(text, prints: &prints)
  }

  /// ``tokenize(_:)``, with each token's ``WordPrint`` appended to `prints` (when given):
  /// the ASCII path has each word's bytes at hand, so the parse that needs them doesn't
  /// read the words again.
  static func tokenize(_ text: String, prints: inout [WordPrint]?) -> [Token] {
    var text = text
    if let tokens = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? tokenizeASCII(bytes, prints: &prints) : nil }) {
      return tokens
    }
    let tokens = tokenizeScalars(text)
    if prints != nil { prints!.append(contentsOf: tokens.map { WordPrint.of($0.text) }) }
    return tokens
  }

  static func tokenizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
    var prints: [WordPrint]? = nil
    return tokenizeASCII(bytes, prints: &prints)
  }

  /// ``tokenize(_:)`` for text that is all ASCII (most catalog names and typed
  /// requests): the same rules, read byte by byte, without Unicode property lookups.
  static func tokenizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, prints: inout [WordPrint]?) -> [Token] {
    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    @inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
    @inline(__always) func isWord(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    var tokens: [Token] = []
    tokens.reserveCapacity(bytes.count / 4 + 2)
    let count = bytes.count
    // A word's folded bytes are written here (at most its length: joiners are dropped or
    // kept, never added), then made a string once.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { folded in
      var index = 0
      while index < count {
        guard isWord(bytes[index]) else {
          index += 1
          continue
        }
        let start = index
        var length = 0
        while index < count {
          let byte = bytes[index]
          if isWord(byte) {
            folded[length] = byte >= 65 && byte <= 90 ? byte + 32 : byte
            length += 1
            index += 1
            continue
          }
          // Joiners: "89.1", "1,000" (digits around), "don't" (letters around).
          guard index + 1 < count else { break }
          let previous = bytes[index - 1]
          let next = bytes[index + 1]
          if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ","), isDigit(previous), isDigit(next) {
            if byte == UInt8(ascii: ".") {
              folded[length] = byte
              length += 1
            }
            index += 1
            continue
          }
          if byte == UInt8(ascii: "'"), isLetter(previous), isLetter(next) {
            let possessive = (next == UInt8(ascii: "s") || next == UInt8(ascii: "S"))
              && (index + 2 >= count || !isWord(bytes[index + 2]))
            if possessive,
              !sContractions.contains(String(decoding: UnsafeBufferPointer(rebasing: folded[0..<length]), as: UTF8.self))
            {
              break  // "Joann's" → `joann`, then `s`
            }
            index += 1
            continue
          }
          break
        }
        let word = UnsafeBufferPointer(rebasing: folded[0..<length])
        if let split = bandSplit(word) {
          // "fm89.1": the letters and the digits are words of their own; in the source
          // the letters are where the digits aren't.
          var boundary = start
          if split.lettersFirst {
            while boundary < index, !isDigit(bytes[boundary]) { boundary += 1 }
          } else {
            boundary = index
            while boundary > start, !isDigit(bytes[boundary - 1]) { boundary -= 1 }
          }
          let head = UnsafeBufferPointer(rebasing: folded[0..<split.at])
          let tail = UnsafeBufferPointer(rebasing: folded[split.at..<length])
          tokens.append(Token(text: String(decoding: head, as: UTF8.self), range: start..<boundary))
          tokens.append(Token(text: String(decoding: tail, as: UTF8.self), range: boundary..<index))
          if prints != nil { prints!.append(contentsOf: [WordPrint.of(head), WordPrint.of(tail)]) }
        } else {
          tokens.append(Token(text: String(decoding: word, as: UTF8.self), range: start..<index))
          if prints != nil { prints!.append(WordPrint.of(word)) }
        }
        // A possessive's apostrophe ends the word; the `s` after it starts the next one.
        if index < count, bytes[index] == UInt8(ascii: "'") { index += 1 }
      }
      return tokens
    }
  }

  static func tokenizeScalars(_ text: String) -> [Token] {
    var tokens: [Token] = []
    let scalars = Array(text.unicodeScalars)
    var offsets: [Int] = []
    offsets.reserveCapacity(scalars.count + 1)
    var offset = 0
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)

    var index = 0
    // The word being read, folded, as UTF-8.
    var current: [UInt8] = []
    current.reserveCapacity(32)
    var currentStart = 0

    func flush(endingAt end: Int) {
      if !current.isEmpty {
        if let split = current.withUnsafeBufferPointer(bandSplit) {
          var boundary = currentStart
          if split.lettersFirst {
            while boundary < end, !isDigit(scalars[boundary]) { boundary += 1 }
          } else {
            boundary = end
            while boundary > currentStart, !isDigit(scalars[boundary - 1]) { boundary -= 1 }
          }
          tokens.append(Token(text: String(decoding: current[..<split.at], as: UTF8.self), range: offsets[currentStart]..<offsets[boundary]))
          tokens.append(Token(text: String(decoding: current[split.at...], as: UTF8.self), range: offsets[boundary]..<offsets[end]))
        } else {
          tokens.append(Token(text: String(decoding: current, as: UTF8.self), range: offsets[currentStart]..<offsets[end]))
        }
        current.removeAll(keepingCapacity: true)
      }
    }

    while index < scalars.count {
      let scalar = scalars[index]
      if isIdeographic(scalar) {
        flush(endingAt: index)
        var single: [UInt8] = []
        fold(scalar, into: &single)
        tokens.append(Token(text: String(decoding: single, as: UTF8.self), range: offsets[index]..<offsets[index + 1]))
        index += 1
        continue
      }
      if isWordScalar(scalar) {
        if current.isEmpty { currentStart = index }
        fold(scalar, into: &current)
        index += 1
        continue
      }
      // Joiners that stay inside a word when surrounded by the right characters.
      if !current.isEmpty, index + 1 < scalars.count {
        let previous = scalars[index - 1]
        let next = scalars[index + 1]
        if isInvisibleFormat(scalar) {
          // A zero-width space, joiner, soft hyphen or direction mark pasted inside a
          // word ("kha\u{200B}lid") is not seen by a reader: it doesn't split the word.
          index += 1
          continue
        }
        if (scalar == "." || scalar == "," || scalar == "\u{FF0E}"), isDigit(previous), isDigit(next) {
          // (A full-width point, "８９．１", is a point too.)
          if scalar != "," { current.append(UInt8(ascii: ".")) }
          index += 1
          continue
        }
        if isApostrophe(scalar), isLetter(previous), isLetter(next), !isIdeographic(next) {
          if isPossessive(at: index, in: scalars), !sContractions.contains(String(decoding: current, as: UTF8.self)) {
            // "Joann's" → `joann`, `s`: the owner is a word of its own.
            flush(endingAt: index)
          }
          index += 1
          continue
        }
      }
      flush(endingAt: index)
      index += 1
    }
    flush(endingAt: scalars.count)
    return tokens
  }

  /// The folded texts of `tokenize(text)`, for callers that need no positions.
  public static func words(_ text: String) -> [String] {
    tokenize(text).map(\.text)
  }

  /// Folds text the way the tokenizer does and joins the words with single spaces
  /// (no spaces between ideographs), e.g. "HELLO!" → "hello", "Outer  Peace" → "outer peace".
  public static func normalize(_ text: String) -> String {
    join(tokenize(text).map(\.text))
  }

  /// Joins folded words with spaces, leaving none between two ideographic tokens.
  public static func join<S: Sequence>(_ words: S) -> String where S.Element == String {
    var result = ""
    var previousIdeographic = false
    for word in words {
      let ideographic = word.unicodeScalars.first.map(isIdeographic) ?? false
      if !result.isEmpty && !(ideographic && previousIdeographic) { result += " " }
      result += word
      previousIdeographic = ideographic
    }
    return result
  }

  /// Where a folded word that is a radio band glued to a frequency splits: `fm89.1`
  /// (after `fm`), `89.1fm`, `97.3mhz` (before the band); `am` only with a frequency of
  /// three digits or more (`am1026`), so a time ("10am") stays as it is. `nil` for any
  /// other word, and for a band alone or a number alone.
  static func bandSplit(_ word: UnsafeBufferPointer<UInt8>) -> (at: Int, lettersFirst: Bool)? {
    let count = word.count
    guard count >= 4 else { return nil }
    @inline(__always) func isDigitByte(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    /// Whether `word[range]` is a frequency: digits, at most one point between digits,
    /// and `minimum` digits or more before it.
    func isFrequency(_ range: Range<Int>, minimum: Int) -> Bool {
      var whole = 0
      var seenPoint = false
      for position in range {
        let byte = word[position]
        if isDigitByte(byte) {
          if !seenPoint { whole += 1 }
        } else if byte == UInt8(ascii: "."), !seenPoint, position > range.lowerBound, position + 1 < range.upperBound {
          seenPoint = true
        } else {
          return false
        }
      }
      return whole >= minimum
    }
    // Most words have a letter at one end and no digit at the other: no band glued on.
    guard isDigitByte(word[0]) || isDigitByte(word[count - 1]) else { return nil }
    /// Whether `word` has `letters` from `start`, compared byte by byte (no allocation:
    /// this runs for every word of every utterance).
    func has(_ letters: [UInt8], at start: Int) -> Bool {
      for (offset, letter) in letters.enumerated() where word[start + offset] != letter { return false }
      return true
    }
    for band in bands {
      let length = band.letters.count
      guard count > length + 1 else { continue }
      if band.prefix, has(band.letters, at: 0), isFrequency(length..<count, minimum: band.minimumDigits) {
        return (length, true)
      }
      if has(band.letters, at: count - length), isFrequency(0..<(count - length), minimum: band.minimumDigits) {
        return (count - length, false)
      }
    }
    return nil
  }

  /// Radio bands written against their frequency: the band's letters, whether it may
  /// come first, and the fewest digits its frequencies have before the point.
  static let bands: [(letters: [UInt8], prefix: Bool, minimumDigits: Int)] = [
    (Array("fm".utf8), true, 2), (Array("am".utf8), true, 3), (Array("mhz".utf8), false, 2), (Array("khz".utf8), false, 3),
  ]

  /// Words whose `'s` is "is", "has" or "us", not a possessive: they stay one token.
  static let sContractions: Set<String> = [
    "it", "that", "what", "let", "he", "she", "there", "here", "who", "where", "how", "when", "why",
    "everything", "nothing", "something", "everyone", "everybody", "somebody", "nobody", "this",
  ]

  /// Whether the apostrophe at `index` starts a final `'s` ("Joann's", not "it'sy").
  static func isPossessive(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    guard index + 1 < scalars.count, scalars[index + 1] == "s" || scalars[index + 1] == "S" else { return false }
    return index + 2 >= scalars.count || !isWordScalar(scalars[index + 2])
  }

  // MARK: - Character classes

  // ASCII takes a fast path in each: looking up Unicode properties costs far more than
  // the rest of tokenizing.

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value >= 48 && scalar.value <= 57 }
    if scalar.value < latinFoldsEnd { return latinClasses[Int(scalar.value) - 0x80] & LatinClass.digit != 0 }
    return scalar.properties.numericType == .decimal
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 }
    if scalar.value < latinFoldsEnd { return latinClasses[Int(scalar.value) - 0x80] & LatinClass.letter != 0 }
    return scalar.properties.isAlphabetic
  }

  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isLetter(scalar) || isDigit(scalar) }
    if scalar.value < latinFoldsEnd { return latinClasses[Int(scalar.value) - 0x80] & LatinClass.word != 0 }
    return isLetter(scalar) || isDigit(scalar) || scalar.properties.generalCategory == .nonspacingMark
  }

  /// Characters that take no space and carry no letter (category Cf: zero-width space
  /// and joiners, soft hyphen, direction marks, word joiner, byte order mark).
  static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return false }
    if scalar.value < latinFoldsEnd { return latinClasses[Int(scalar.value) - 0x80] & LatinClass.format != 0 }
    return scalar.properties.generalCategory == .format
  }

  /// What U+0080 to U+024F are, looked up once (Unicode properties are a search in
  /// tables each time): the accented letters of names and the Latin-1 punctuation.
  enum LatinClass {
    static let letter: UInt8 = 1
    static let digit: UInt8 = 2
    static let word: UInt8 = 4
    static let format: UInt8 = 8
    static let lowercase: UInt8 = 16
    static let uppercase: UInt8 = 32
  }

  enum LetterCase { case lower, upper, none }

  /// Whether `scalar` is a lower-case or upper-case letter (Unicode's properties; ASCII
  /// and the accented Latin letters from a table).
  static func letterCase(of scalar: Unicode.Scalar) -> LetterCase {
    let value = scalar.value
    if value < 0x80 {
      guard (value | 0x20) >= 97 && (value | 0x20) <= 122 else { return .none }
      return value & 0x20 != 0 ? .lower : .upper
    }
    if value < latinFoldsEnd {
      let flags = latinClasses[Int(value) - 0x80]
      return flags & LatinClass.lowercase != 0 ? .lower : flags & LatinClass.uppercase != 0 ? .upper : .none
    }
    let properties = scalar.properties
    return properties.isLowercase ? .lower : properties.isUppercase ? .upper : .none
  }
  static let latinClasses: [UInt8] = (UInt32(0x80)..<latinFoldsEnd).map { value in
    guard let scalar = Unicode.Scalar(value) else { return 0 }
    let properties = scalar.properties
    var flags: UInt8 = 0
    if properties.isAlphabetic { flags |= LatinClass.letter }
    if properties.numericType == .decimal { flags |= LatinClass.digit }
    if flags != 0 || properties.generalCategory == .nonspacingMark { flags |= LatinClass.word }
    if properties.generalCategory == .format { flags |= LatinClass.format }
    if properties.isLowercase { flags |= LatinClass.lowercase } else if properties.isUppercase { flags |= LatinClass.uppercase }
    return flags
  }

  static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
  }

  /// Whether `tokens[position]` (of `utterance`) is the `s` of a possessive, which the
  /// tokenizer splits off ("Joann's", "Joann’s" → `joann`, `s`): an `s` written right
  /// after an apostrophe, not one standing alone ("robin s").
  static func isPossessive(_ tokens: [Token], at position: Int, in utterance: String) -> Bool {
    guard position > 0, position < tokens.count, tokens[position].text == "s" else { return false }
    let offset = tokens[position].range.lowerBound
    guard offset > 0, offset <= utterance.utf8.count,
      let index = utterance.utf8.index(utterance.utf8.startIndex, offsetBy: offset).samePosition(in: utterance.unicodeScalars),
      index > utterance.unicodeScalars.startIndex
    else { return false }
    return isApostrophe(utterance.unicodeScalars[utterance.unicodeScalars.index(before: index)])
  }

  /// Scripts written without spaces between words: each character is a token. (The one
  /// test of "Chinese-like text" for the dialogue, the catalog search and the REPL too.)
  public static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    // (Nothing below U+3000 is: Latin, Greek, Cyrillic... take no table lookup.)
    if scalar.value < 0x3000 { return false }
    if scalar.properties.isIdeographic { return true }
    switch scalar.value {
    case 0x3040...0x30FF,  // Hiragana, Katakana
      0x31F0...0x31FF,  // Katakana extensions
      0xAC00...0xD7AF,  // Hangul syllables
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xF900...0xFAFF:  // CJK compatibility ideographs
      return true
    default:
      return false
    }
  }

  /// Appends `scalar` lower-cased and without diacritics (É → e) to `text`. ASCII
  /// takes a fast path, with no allocation.
  static func fold(_ scalar: Unicode.Scalar, into utf8: inout [UInt8]) {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      utf8.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
      return
    }
    if scalar.value < latinFoldsEnd {
      utf8.append(contentsOf: latinFoldsUTF8[Int(scalar.value) - 0x80])
      return
    }
    if foldsToItself(scalar) {
      utf8.append(contentsOf: String(scalar).utf8)
      return
    }
    for part in folded(scalar) { utf8.append(contentsOf: String(part).utf8) }
  }

  static func fold(_ scalar: Unicode.Scalar, into text: inout String.UnicodeScalarView) {
    if scalar.isASCII {
      if scalar.value >= 65 && scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32) {
        text.append(lower)
      } else {
        text.append(scalar)
      }
      return
    }
    if scalar.value < latinFoldsEnd {
      for part in latinFolds[Int(scalar.value) - 0x80] { text.append(part) }
      return
    }
    if foldsToItself(scalar) {
      text.append(scalar)
      return
    }
    for part in folded(scalar) { text.append(part) }
  }

  /// The CJK unified ideographs (U+3400–U+4DBF, U+4E00–U+9FFF): no case, no marks, no
  /// other width, so folding leaves them as they are. Most of a Chinese line, which went
  /// through `folding(options:)` (NSString, microseconds a character) one by one.
  @inline(__always)
  static func foldsToItself(_ scalar: Unicode.Scalar) -> Bool {
    (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
  }

  /// `scalar` lower-cased, without diacritics, at its normal width: nothing for a
  /// combining mark.
  static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.properties.generalCategory == .nonspacingMark { return [] }
    let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    return folded.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
  }

  /// The accented Latin letters of names ("Björk", "Beyoncé", "Ærø"), U+0080 to U+024F,
  /// folded once: `folding(options:)` goes through NSString, a few microseconds a letter,
  /// which made a name with one "ñ" the slowest line of the peer workload to parse.
  static let latinFoldsEnd: UInt32 = 0x250
  static let latinFolds: [[Unicode.Scalar]] = (UInt32(0x80)..<latinFoldsEnd).map { value in
    Unicode.Scalar(value).map(folded) ?? []
  }
  /// The same, as UTF-8.
  static let latinFoldsUTF8: [[UInt8]] = latinFolds.map { Array(String(String.UnicodeScalarView($0)).utf8) }

}
