import Foundation
import Testing

@testable import UtteranceParsing

/// The tokenizer as it was before its fast paths (a scalar at a time, Unicode's
/// properties for every letter): the truth the fast tokenizer is compared with.
enum ReferenceTokenizer {
  static func tokenize(_ text: String) -> [Token] {
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
    var current = String.UnicodeScalarView()
    var currentStart = 0

    func flush(endingAt end: Int) {
      if !current.isEmpty {
        let word = String(current)
        if let (head, tail) = bandParts(word) {
          // The source's letters are where its digits aren't.
          let digits = (currentStart..<end).filter { isDigit(scalars[$0]) }
          let boundary = word.hasPrefix(head) && head.first?.isLetter == true ? digits[0] : digits[digits.count - 1] + 1
          tokens.append(Token(text: head, range: offsets[currentStart]..<offsets[boundary]))
          tokens.append(Token(text: tail, range: offsets[boundary]..<offsets[end]))
        } else {
          tokens.append(Token(text: word, range: offsets[currentStart]..<offsets[end]))
        }
        current = String.UnicodeScalarView()
      }
    }

    while index < scalars.count {
      let scalar = scalars[index]
      if isIdeographic(scalar) {
        flush(endingAt: index)
        var single = String.UnicodeScalarView()
        fold(scalar, into: &single)
        tokens.append(Token(text: String(single), range: offsets[index]..<offsets[index + 1]))
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
          if scalar != "," { current.append(".") }
          index += 1
          continue
        }
        if isApostrophe(scalar), isLetter(previous), isLetter(next), !isIdeographic(next) {
          if isPossessive(at: index, in: scalars), !Tokenizer.sContractions.contains(String(current)) {
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

  /// A radio band and its frequency in one word ("fm89.1", "89.1fm", "97.3mhz",
  /// "am1026"), as two words in the order written.
  static func bandParts(_ word: String) -> (String, String)? {
    for (band, canLead, minimum) in [("fm", true, 2), ("am", true, 3), ("mhz", false, 2), ("khz", false, 3)] {
      if canLead, word.hasPrefix(band), isFrequency(String(word.dropFirst(band.count)), minimum: minimum) {
        return (band, String(word.dropFirst(band.count)))
      }
      if word.hasSuffix(band), isFrequency(String(word.dropLast(band.count)), minimum: minimum) {
        return (String(word.dropLast(band.count)), band)
      }
    }
    return nil
  }

  static func isFrequency(_ text: String, minimum: Int) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
    return parts[0].count >= minimum
  }

  static func isPossessive(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    guard index + 1 < scalars.count, scalars[index + 1] == "s" || scalars[index + 1] == "S" else { return false }
    return index + 2 >= scalars.count || !isWordScalar(scalars[index + 2])
  }
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value >= 48 && scalar.value <= 57 }
    return scalar.properties.numericType == .decimal
  }
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 }
    return scalar.properties.isAlphabetic
  }
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isLetter(scalar) || isDigit(scalar) }
    return isLetter(scalar) || isDigit(scalar) || scalar.properties.generalCategory == .nonspacingMark
  }
  static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && scalar.properties.generalCategory == .format
  }
  static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
  }
  static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return false }
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
  static func fold(_ scalar: Unicode.Scalar, into text: inout String.UnicodeScalarView) {
    if scalar.isASCII {
      if scalar.value >= 65 && scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32) {
        text.append(lower)
      } else {
        text.append(scalar)
      }
      return
    }
    for part in folded(scalar) { text.append(part) }
  }
  static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.properties.generalCategory == .nonspacingMark { return [] }
    let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    return folded.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
  }

  /// Whether `text` has a lower-case and an upper-case letter, by Unicode's properties of
  /// each scalar. (`Character.isLowercase` would say both of "ª" and "𝐀", which have no
  /// other case: such text is not written in mixed case.)
  static func isMixedCase(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.isLowercase } && text.unicodeScalars.contains { $0.properties.isUppercase }
  }
}

/// The fast paths of the tokenizer (bytes for ASCII, tables for accented Latin) split
/// and fold exactly as the reference does, on random text of every kind of character.
struct TokenizerReferenceTests {
  static let alphabet: [Unicode.Scalar] = Array("abcSTZ09 .,'-!?&()_sfmFM".unicodeScalars) + [
    "\u{E9}", "\u{C9}", "\u{F1}", "\u{E6}", "\u{F8}", "\u{DF}", "\u{C6}", "\u{1EA}", "\u{24F}", "\u{B5}", "\u{AA}",  // Latin letters
    "\u{B2}", "\u{D7}", "\u{BF}", "\u{A0}", "\u{AD}", "\u{2019}", "\u{2BC}", "\u{200B}", "\u{200D}", "\u{FEFF}",  // marks, spaces, joiners
    "\u{301}", "\u{308}", "\u{3B1}", "\u{391}", "\u{436}", "\u{416}", "\u{660}", "\u{663}",  // combining, Greek, Cyrillic, Arabic digits
    "\u{64AD}", "\u{653E}", "\u{3042}", "\u{30AB}", "\u{AC00}", "\u{FF21}", "\u{FF41}", "\u{FF11}", "\u{3002}", "\u{FF0C}", "\u{FF0E}", "\u{FF26}", "\u{FF2D}",  // CJK, full width
    "\u{1F3B5}", "\u{1D400}",
  ]

  /// Every ideograph the fold leaves as it is, `folding(options:)` leaves as it is too.
  @Test func ideographsFoldToThemselves() {
    for value in Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF) {
      let scalar = Unicode.Scalar(UInt32(value))!
      #expect(Tokenizer.foldsToItself(scalar))
      #expect(Tokenizer.folded(scalar) == [scalar], "U+\(String(value, radix: 16))")
    }
    #expect(!Tokenizer.foldsToItself("Ａ") && !Tokenizer.foldsToItself("\u{F900}") && !Tokenizer.foldsToItself("\u{3000}"))
  }

  @Test func fastPathsTokenizeAsTheReference() {
    var random = SplitMix64(seed: 41)
    var texts = [
      "Joann's", "it's", "don't", "89.1 FM", "1,000", "Café Ærø", "björk-ish", "播放音乐", "Ｈｅｌｌｏ", "kha\u{200B}lid", "a'", "'s",
      "FM89.1", "播放fm97.4", "89.1FM", "８９．１ＦＭ", "ＦＭ１０３．９", "97.3MHz", "am1026", "10am", "fm8", "fm.1", "fm1,000",
    ]
    for _ in 0..<20_000 {
      let length = random.below(12)
      var text = String.UnicodeScalarView()
      for _ in 0..<length { text.append(Self.alphabet[random.below(Self.alphabet.count)]) }
      texts.append(String(text))
    }
    for text in texts {
      #expect(Tokenizer.tokenize(text) == ReferenceTokenizer.tokenize(text), "\(text.debugDescription)")
      #expect(CompiledGrammar.isMixedCase(text) == ReferenceTokenizer.isMixedCase(text), "\(text.debugDescription)")
    }
  }
}
