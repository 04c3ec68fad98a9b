import Foundation
import SiriIntents
import Testing
import UtteranceParsing

@testable import MediaAppKit

/// ``TitleMatcher``'s keys and scores are what they were before its shortcuts
/// (``SearchReference``), and the shortcut that skips number normalization asks the
/// recognizer about every word that can start a number.
struct TitleKeysTests {
  static let sampleItems: [CatalogItem] =
    CatalogAppProfile.deezer.catalog.items + CatalogAppProfile.chapters.catalog.items
    + CatalogAppProfile.tuner.catalog.items
  static let synthetic = SyntheticCatalog.items(count: 1_500, seed: 11)

  /// Titles with everything keys care about: asides, credits, optional words,
  /// numbers, possessives, contractions, other scripts, brackets gluing words.
  static let tricky = [
    "Outer Peace (Deluxe)", "Rocketman (Music From The Motion Picture)", "Mood Ring (feat. Special Disaster Team)",
    "The 81st Academy Awards", "81st Street", "I Love You Sun", "HELLO!", "Lighthouses: Beacons of the Coast",
    "Joann's Song", "It's Over", "don't stop", "Peace(Deluxe)Now", "a)b", "The", "Feat. Nobody", "ft",
    "Twenty One Pilots", "one hundred and first dalmatian", "a hundred and first", "Point O", "half a dozen eggs",
    "89.1 FM", "KJAZ 88.1", "1,000 Ways", "Café del Mar", "Zoë's Élan", "播放音乐", "Won Right Sea Knight",
    "Vol. 9", "Fever, Vol. 9", "Seventy Seventh Heaven", "the the the", "[Remastered] Blue (Live)", "((nested) aside)",
    "Tom & Jerry", "x", "", "   ", "The Original Soundtrack", "Let's Go", "Who's Next", "rock 'n' roll",
  ]

  @Test func keysAreWhatTheyWere() {
    let reference = SearchReference(items: [])
    let matcher = TitleMatcher()
    var texts = Self.tricky + Self.sampleItems.flatMap { $0.titles + [$0.artist, $0.album].compactMap { $0 } }
    texts += Self.synthetic.prefix(500).flatMap { $0.titles + [$0.artist, $0.album].compactMap { $0 } }
    for text in texts {
      let keys = matcher.keys(text)
      let before = reference.keys(text)
      #expect(keys.forms.map(\.words) == before.map(\.words), "\(text)")
      #expect(keys.forms.map(\.dropped) == before.map(\.dropped), "\(text)")
    }
  }

  @Test func scoresAreWhatTheyWere() {
    let reference = SearchReference(items: [])
    let matcher = TitleMatcher()
    let texts = Self.tricky + ["outer peace", "the rocket man soundtrack", "hello", "sun", "i love you son", "peace"]
      + Self.synthetic.prefix(60).map(\.title)
    let keys = texts.map(matcher.keys)
    let before = texts.map(reference.keys)
    for query in texts.indices {
      for title in texts.indices {
        #expect(matcher.score(keys[query], keys[title]) == reference.score(before[query], before[title]))
      }
    }
  }

  /// Every word the recognizer can start a number or ordinal at is one the shortcut
  /// sends to it, over the words of the grammars, the catalogs and spelled-out numbers.
  @Test func numberWordsCoverTheRecognizer() throws {
    let matcher = TitleMatcher()
    var words = Set(Self.tricky.flatMap(Tokenizer.words))
    words.formUnion(Self.sampleItems.flatMap { $0.titles.flatMap(Tokenizer.words) })
    words.formUnion(Self.synthetic.flatMap { ($0.titles + [$0.artist ?? ""]).flatMap(Tokenizer.words) })
    let grammars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Grammars/en-US")
    for file in try FileManager.default.contentsOfDirectory(atPath: grammars.path) {
      let text = (try? String(contentsOfFile: grammars.appendingPathComponent(file).path, encoding: .utf8)) ?? ""
      words.formUnion(Tokenizer.words(text))
    }
    words.formUnion(TitleMatcher.englishNumberWords)
    words.formUnion(["oh", "o", "dozen", "and", "a", "an", "zero", "nought", "nil", "once", "twice", "thrice", "first"])
    for word in words where matcher.recognizerStartsNumber(word) {
      #expect(matcher.mayStartNumber(word), "\(word)")
    }
    #expect(!matcher.mayStartNumber("peace"))
    #expect(!matcher.mayStartNumber("a"))
  }
}
