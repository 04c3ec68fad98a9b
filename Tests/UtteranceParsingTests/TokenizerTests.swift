import Testing
@testable import UtteranceParsing

struct TokenizerTests {
  @Test(arguments: [
    ("Play HELLO!", ["play", "hello"]),
    ("twenty-five", ["twenty", "five"]),
    ("play 89.1 FM", ["play", "89.1", "fm"]),
    ("at 1.5x speed", ["at", "1.5x", "speed"]),
    ("the 81st song", ["the", "81st", "song"]),
    ("don't stop", ["dont", "stop"]),
    // A possessive 's is a word of its own; contractions of "is" stay whole.
    ("add it to Joann's Party playlist", ["add", "it", "to", "joann", "s", "party", "playlist"]),
    ("Pop Punk\u{2019}s Not Dead", ["pop", "punk", "s", "not", "dead"]),
    ("what's playing, let's go, it's here", ["whats", "playing", "lets", "go", "its", "here"]),
    ("the 80's and 90s", ["the", "80", "s", "and", "90s"]),
    ("Jess'salad", ["jesssalad"]),
    ("Café Harbor", ["cafe", "harbor"]),
    // Accented Latin letters of names fold through a table made once (U+0080–U+024F);
    // letters past it (Vietnamese, Greek) through Foundation each time: the same fold.
    ("Björk, BEYONCÉ, Sigur Rós", ["bjork", "beyonce", "sigur", "ros"]),
    ("Mañana Señor Zoë Ærø Łódź Dvořák ǅemal", ["manana", "senor", "zoe", "ærø", "łodz", "dvorak", "ǆemal"]),
    ("Sơn Tùng Ἀθῆναι", ["son", "tung", "αθηναι"]),
    ("Outer Peace (Deluxe)", ["outer", "peace", "deluxe"]),
    ("30-minute climb", ["30", "minute", "climb"]),
    ("播放音乐", ["播", "放", "音", "乐"]),
    ("play周杰伦的歌", ["play", "周", "杰", "伦", "的", "歌"]),
    ("🎵 hey, siri… ", ["hey", "siri"]),
    ("1,000 miles", ["1000", "miles"]),
    // Invisible format characters inside a word don't split it; around words they separate.
    ("play kha\u{200B}lid", ["play", "khalid"]),
    ("\u{200F}play khalid\u{200E}", ["play", "khalid"]),
    ("soft\u{00AD}ware \u{FEFF}now", ["software", "now"]),
    ("zero\u{200D}\u{200C}width", ["zerowidth"]),
    // Combining marks fold away, however many there are.
    ("cafe\u{301} Z\u{335}\u{321}\u{30A}algo", ["cafe", "zalgo"]),
    ("", []),
  ])
  func foldsAndSplits(input: String, expected: [String]) {
    #expect(Tokenizer.words(input) == expected)
  }

  @Test func rangesPointIntoTheOriginalText() {
    let text = "Play “HELLO!” now"
    let tokens = Tokenizer.tokenize(text)
    let utf8 = Array(text.utf8)
    let spelled = tokens.map { String(decoding: utf8[$0.range], as: UTF8.self) }
    #expect(spelled == ["Play", "HELLO", "now"])
  }

  @Test func survivesInvalidAndControlInput() {
    let garbage = String(decoding: [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x41, 0x61], as: UTF8.self)
    #expect(Tokenizer.words(garbage) == ["aa"])
  }

  @Test func normalizeJoinsWithoutSpacesBetweenIdeographs() {
    #expect(Tokenizer.normalize("HELLO!  World") == "hello world")
    #expect(Tokenizer.normalize("播放 音乐 by Khalid") == "播放音乐 by khalid")
  }

  /// ASCII text takes a byte-by-byte path: it must tokenize exactly as the general one
  /// (words, folding, apostrophes, possessives, decimals, ranges).
  @Test func asciiFastPathAgreesWithTheGeneralOne() {
    var random = GrammarTestRandom(seed: 99)
    let pieces = ["play", "Joann", "'s", "'", "it's", "89", ".", "1", ",", "000", " ", "  ", "-", "HELLO", "x", "!", "s", "'S", "FM", "am", "MHz",
      "don't", "\t", "(", ")", "R&B", "Sun,", "Vol.", "6", "81st", "a", "é"]
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      #expect(Tokenizer.tokenize(text) == Tokenizer.tokenizeScalars(text), "\(text)")
    }
  }
}

/// The ASCII shortcuts of the matcher's per-utterance checks agree with Unicode's
/// properties, on ASCII and on other text.
struct CaseShortcutTests {
  @Test(arguments: [
    "Play Khalid", "play khalid", "PLAY KHALID", "", "123", "a1B", "Ébène", "éBÈNE", "ÉBÈNE", "straße", "東京 Tokyo",
    "東京", "İstanbul rock", "ǅemal", "x\u{301}Y",
  ])
  func mixedCaseAgreesWithUnicode(text: String) {
    let expected = text.contains(where: \.isLowercase) && text.contains(where: \.isUppercase)
    #expect(CompiledGrammar.isMixedCase(text) == expected)
  }

  @Test(arguments: ["1973", "0", "", "12a", "a12", "٣٤", "½", "1½", "1.5", "x"])
  func allNumberAgreesWithUnicode(word: String) {
    #expect(CompiledGrammar.isAllNumber(word) == word.allSatisfy(\.isNumber))
  }
}
