import Foundation
import Testing
@testable import UtteranceParsing

/// Compiles one grammar text, failing the test with the rendered diagnostics if it does not compile.
func compileTestGrammar(_ text: String, path: String = "test.grammar", locale: String = "en-US") throws -> CompiledGrammar {
  do {
    return try GrammarCompiler.compile([GrammarSource(path: path, text: text)], locale: locale)
  } catch {
    Issue.record("grammar did not compile:\n\(error)")
    throw error
  }
}

extension CompiledGrammar {
  /// The best reading of `utterance` as its intent and its slots' values as text, or `nil`.
  func bestReading(_ utterance: String) -> (intent: String, slots: [String: String])? {
    guard let best = parse(utterance).first else { return nil }
    var slots: [String: String] = [:]
    for slot in best.slots { slots[slot.name] = slot.value.description }
    return (best.intent, slots)
  }
}

/// Whether the candidate's score is `expected` (within rounding).
func hasScore(_ candidate: ParseCandidate?, _ expected: Double) -> Bool {
  guard let candidate else { return false }
  return abs(candidate.score - expected) < 1e-9
}

/// `name=value` for every slot of a candidate, for compact expectations.
func slotSummary(_ candidate: ParseCandidate?) -> [String] {
  candidate?.slots.map { "\($0.name)=\($0.value)" } ?? []
}

struct MatcherTests {
  static let media = """
    # A small media grammar.
    rule play = (play | put on | start playing | listen to | i want to hear)
    rule app = (on | in | from | using | with) {app}

    list mediaType
      episode | podcast episode => podcastEpisode
      podcast | show | podcast show => podcastShow

    list artist
      Adele
      Daft Punk => daftPunk
      The Beatles | Beatles => beatles

    list app external
    list show external

    skip
      please
      hey siri | siri

    intent PlayMedia
      <play> {text:mediaName} [<app>]
      <play> {text:mediaName} by {artist} [<app>]
      <play> the (latest | newest | most recent) {mediaType} of {show} [<app>] => sortOrder = newest
      <play> {app}                      => reference = my
      <play> {artist}

    intent Pause
      (pause | stop) [the music]
    """

  static let mediaGrammar = Result { try GrammarCompiler.compile([GrammarSource(path: "media.grammar", text: media)], locale: "en-US") }

  var grammar: CompiledGrammar { get throws { try Self.mediaGrammar.get() } }

  var values: ListValues {
    var values = ListValues()
    values.set("app", to: [ListEntry("AudioCast", value: "audiocast"), ListEntry(phrases: ["Music", "Apple Music"], value: "music")])
    values.set("show", to: [ListEntry("The Daily", value: "show-1"), ListEntry("Hard Fork", value: "show-2")])
    return values
  }

  @Test func readmeExample() throws {
    let best = try grammar.parse("put on the newest episode of The Daily in AudioCast", lists: values).first
    #expect(best?.intent == "PlayMedia")
    #expect(slotSummary(best) == ["mediaType=podcastEpisode", "show=show-1", "app=audiocast", "sortOrder=newest"])
    #expect(best?.template.text == "<play> the (latest | newest | most recent) {mediaType} of {show} [<app>] => sortOrder = newest")
    #expect(best?.template.location == SourceLocation(file: "media.grammar", line: 24, column: 3))
    #expect(best?[slot: "show"]?.text == "The Daily")
    #expect(best?[slot: "show"]?.source == .list("show"))
    #expect(best?[slot: "sortOrder"]?.source == .fixed)
    #expect(best?[slot: "sortOrder"]?.text == "")
    #expect(best?[slot: "nothing"] == nil)
  }

  @Test(arguments: [
    // Alternatives of the <play> rule, including multi-word ones.
    ("play hello", "hello"),
    ("put on hello", "hello"),
    ("start playing hello world", "hello world"),
    ("i want to hear something nice", "something nice"),
  ])
  func alternativesOfARule(utterance: String, mediaName: String) throws {
    let best = try grammar.parse(utterance, lists: values).first
    #expect(best?.intent == "PlayMedia")
    #expect(best?[slot: "mediaName"]?.value == .text(mediaName))
  }

  @Test func optionalWords() throws {
    #expect(try grammar.parse("pause").first?.intent == "Pause")
    #expect(try grammar.parse("stop the music").first?.intent == "Pause")
    #expect(try grammar.parse("stop the").isEmpty)
    #expect(try grammar.parse("the music").isEmpty)
  }

  @Test func nestedRulesAndOptionalRule() throws {
    let withApp = try grammar.parse("play hello in AudioCast", lists: values).first
    #expect(slotSummary(withApp) == ["mediaName=hello", "app=audiocast"])
    let withoutApp = try grammar.parse("play hello", lists: values).first
    #expect(slotSummary(withoutApp) == ["mediaName=hello"])
  }

  @Test(arguments: [
    ("play episode", "podcastEpisode"),
    ("play podcast episode", "podcastEpisode"),
    ("play podcast show", "podcastShow"),
    ("play show", "podcastShow"),
  ])
  func staticListSynonyms(utterance: String, value: String) throws {
    let grammar = try compileTestGrammar("""
      list mediaType
        episode | podcast episode => podcastEpisode
        podcast | show | podcast show => podcastShow
      intent PlayType
        play {mediaType}
      """)
    let results = grammar.parse(utterance)
    #expect(results.count == 1)
    #expect(results.first?[slot: "mediaType"]?.value == .text(value))
    #expect(results.first?[slot: "mediaType"]?.source == .list("mediaType"))
  }

  @Test func listValueDefaultsToTheFirstSpokenForm() throws {
    let best = try grammar.parse("play the beatles").first
    #expect(best?[slot: "artist"]?.value == .text("beatles"))
    #expect(try grammar.parse("play adele").first?[slot: "artist"]?.value == .text("Adele"))
    #expect(try grammar.staticEntries(of: "artist") == [
      ListEntry("Adele"),
      ListEntry(phrases: ["Daft Punk"], value: "daftPunk"),
      ListEntry(phrases: ["The Beatles", "Beatles"], value: "beatles"),
    ])
    #expect(try grammar.staticEntries(of: "app").isEmpty)
    #expect(try grammar.staticEntries(of: "nope").isEmpty)
  }

  @Test func externalListsComeFromListValues() throws {
    let grammar = try grammar
    #expect(grammar.externalLists == ["app", "show"])
    #expect(grammar.intentNames == ["PlayMedia", "Pause"])
    // Without values, "play AudioCast" is only free text.
    let bare = grammar.parse("play AudioCast")
    #expect(bare.map(\.intent) == ["PlayMedia"])
    #expect(bare.first?[slot: "mediaName"]?.source == .freeText)
    // With values, the app reading comes first.
    let known = grammar.parse("play apple music", lists: values)
    #expect(slotSummary(known.first) == ["app=music", "reference=my"])
    #expect(known.first?[slot: "app"]?.text == "apple music")
    #expect(values.entries(of: "show").map(\.value) == ["show-1", "show-2"])
    #expect(values.entries(of: "unknown").isEmpty)
  }

  @Test func listValuesReplaceEntries() throws {
    var values = ListValues()
    values.set("app", to: [ListEntry("AudioCast", value: "audiocast")])
    values.set("app", to: [ListEntry("Podcasts", value: "podcasts")])
    #expect(values.entries(of: "app") == [ListEntry("Podcasts", value: "podcasts")])
    let results = try grammar.parse("play audiocast", lists: values)
    #expect(!results.contains { $0[slot: "app"] != nil })
  }

  @Test func freeTextBetweenLiterals() throws {
    let results = try grammar.parse("play hello by adele")
    let best = try #require(results.first)
    #expect(best.intent == "PlayMedia")
    #expect(slotSummary(best) == ["mediaName=hello", "artist=Adele"])
    #expect(best[slot: "mediaName"]?.tokenRange == 1..<2)
    #expect(best[slot: "artist"]?.tokenRange == 3..<4)
    #expect(hasScore(best, 3.1 / 4))
    #expect(best.parts == [
      MatchedPart(kind: .literal, tokenRange: 0..<1),
      MatchedPart(kind: .freeText, tokenRange: 1..<2, slot: "mediaName"),
      MatchedPart(kind: .literal, tokenRange: 2..<3),
      MatchedPart(kind: .list("artist"), tokenRange: 3..<4, slot: "artist"),
    ])
    // The all-free-text reading is kept, below.
    #expect(results.dropFirst().contains { slotSummary($0) == ["mediaName=hello by adele"] })
  }

  @Test func freeTextRanksBelowAListMatchForTheSameWords() throws {
    let results = try grammar.parse("play daft punk")
    #expect(results.count == 2)
    #expect(slotSummary(results[0]) == ["artist=daftPunk"])
    #expect(hasScore(results[0], 2.9 / 3))
    #expect(slotSummary(results[1]) == ["mediaName=daft punk"])
    #expect(hasScore(results[1], 1.5 / 3))
  }

  @Test func caseAndPunctuationDoNotMatterButSlotTextKeepsThem() throws {
    let best = try grammar.parse("PLAY Hello!!!").first
    #expect(best?.intent == "PlayMedia")
    #expect(best?[slot: "mediaName"]?.value == .text("Hello"))
    #expect(best?[slot: "mediaName"]?.text == "Hello")
    let spelled = try grammar.parse("Play “Café Tacvba”, by ADELE…").first
    #expect(spelled?[slot: "mediaName"]?.text == "Café Tacvba")
    #expect(spelled?[slot: "artist"]?.text == "ADELE")
    #expect(spelled?[slot: "artist"]?.value == .text("Adele"))
  }

  @Test(arguments: [
    "please play hello",
    "play please hello",
    "play hello please",
    "hey siri play hello",
    "play hello hey siri please",
    "Hey, Siri: play hello, please!",
  ])
  func skipPhrasesAnywhere(utterance: String) throws {
    let results = try grammar.parse(utterance)
    let best = try #require(results.first)
    #expect(slotSummary(best) == ["mediaName=hello"])
    #expect(best.parts.contains { $0.kind == .skip })
    // Free text does not begin or end with a skip phrase when the phrase can be skipped.
    #expect(!results.contains { ($0[slot: "mediaName"]?.text.lowercased().contains("please")) ?? false })
    #expect(!results.contains { ($0[slot: "mediaName"]?.text.lowercased().hasPrefix("hey")) ?? false })
  }

  @Test func skipPhrasesInsideFreeTextStayThere() throws {
    let best = try grammar.parse("play hello please world").first
    #expect(slotSummary(best) == ["mediaName=hello please world"])
  }

  @Test func skipScore() throws {
    let best = try #require(try grammar.parse("please pause").first)
    #expect(hasScore(best, 0.75))
    #expect(best.parts == [MatchedPart(kind: .skip, tokenRange: 0..<1), MatchedPart(kind: .literal, tokenRange: 1..<2)])
  }

  @Test func onlySkipPhrasesMatchNothing() throws {
    #expect(try grammar.parse("please").isEmpty)
    #expect(try grammar.parse("hey siri please").isEmpty)
  }

  @Test func fixedSlotsComeAfterUtteranceSlotsInTemplateOrder() throws {
    let grammar = try compileTestGrammar("""
      list show external
      intent Play
        play the newest of {show} => sortOrder = newest, reference = my,kind=podcast show
      """)
    var values = ListValues()
    values.set("show", to: [ListEntry("hard fork", value: "hf")])
    let best = try #require(grammar.parse("play the newest of hard fork", lists: values).first)
    #expect(slotSummary(best) == ["show=hf", "sortOrder=newest", "reference=my", "kind=podcast show"])
    #expect(best.slots[1] == SlotMatch(name: "sortOrder", value: .text("newest"), text: "", tokenRange: 6..<6, source: .fixed))
    #expect(hasScore(best, 5.6 / 6))
  }

  @Test func twoIntentsAreBothKept() throws {
    let grammar = try compileTestGrammar("""
      intent Pause
        stop
      intent StopTimer
        stop [the timer]
      intent Cancel
        (stop | cancel) everything
      """)
    let results = grammar.parse("stop")
    #expect(results.map(\.intent) == ["Pause", "StopTimer"])
    #expect(results.allSatisfy { hasScore($0, 0.9) })
  }

  @Test func duplicateReadingsAreMerged() throws {
    let grammar = try compileTestGrammar("""
      intent Pause
        pause [please]
        pause please
        (pause | halt) [now]
      skip = please
      """)
    let results = grammar.parse("pause please")
    #expect(results.count == 1)
    // The literal reading of "please" beats skipping it.
    #expect(hasScore(results.first, 0.9))
    #expect(results.first?.template.text == "pause [please]")
  }

  @Test func tiesFollowTemplateOrderAcrossFiles() throws {
    let grammar = try GrammarCompiler.compile([
      GrammarSource(path: "a.grammar", text: "intent B\n  hello there\nintent A\n  hello {text:who}\n"),
      GrammarSource(path: "b.grammar", text: "intent C\n  hello {text:name}\nintent B\n  (hello) there\n"),
    ], locale: "en-US")
    #expect(grammar.parse("hello there").map(\.intent) == ["B", "A", "C"])
    #expect(grammar.intentNames == ["B", "A", "C"])
  }

  @Test func sameWordsAsListValueOrFreeTextInTwoIntents() throws {
    let grammar = try compileTestGrammar("""
      list station
        jazz fm => jazz
      intent PlayRadio
        tune in to {station}
      intent PlaySong
        tune in to {text:title}
      """)
    let results = grammar.parse("tune in to jazz fm")
    #expect(results.map(\.intent) == ["PlayRadio", "PlaySong"])
    #expect(results[0][slot: "station"]?.value == .text("jazz"))
    #expect(results[1][slot: "title"]?.value == .text("jazz fm"))
  }

  @Test func ambiguousListEntriesGiveOneCandidateEach() throws {
    let grammar = try compileTestGrammar("""
      list show
        the daily => nyt
        the daily => other
        the daily | daily => nyt
      intent Play
        play {show}
      """)
    let results = grammar.parse("play the daily")
    #expect(results.map { $0[slot: "show"]?.value } == [.text("nyt"), .text("other")])
  }

  @Test func limitAndRanking() throws {
    let grammar = try compileTestGrammar("""
      intent Split
        {text:a} {text:b}
      """)
    let results = grammar.parse("one two three four")
    #expect(results.count == 3)
    #expect(results.map { $0[slot: "a"]?.text } == ["one", "one two", "one two three"])
    #expect(grammar.parse("one two three four", limit: 2).count == 2)
    #expect(grammar.parse("one two three four", limit: 0).isEmpty)
    #expect(grammar.parse("one").isEmpty)  // free text cannot be empty
  }

  @Test func entitySlots() throws {
    let grammar = try compileTestGrammar("""
      intent SetVolume
        set the volume to {number:level} [percent]
      intent SkipAhead
        skip ahead [by] {duration}
      intent SetSpeed
        play at {speed:rate}
      intent PlayEpisode
        play the {ordinal:index} episode
      """)
    let volume = try #require(grammar.parse("set the volume to 30 percent").first)
    #expect(volume[slot: "level"]?.value == .number(30))
    #expect(volume[slot: "level"]?.source == .entity(.number))
    #expect(volume.parts.contains(MatchedPart(kind: .entity(.number), tokenRange: 4..<5, slot: "level")))
    #expect(grammar.parse("set the volume to twenty five").first?[slot: "level"]?.value == .number(25))
    #expect(grammar.parse("skip ahead by half an hour").first?[slot: "duration"]?.value == .duration(seconds: 1800))
    #expect(grammar.parse("play at double speed").first?[slot: "rate"]?.value == .speed(2))
    #expect(grammar.parse("play the third episode").first?[slot: "index"]?.value == .ordinal(3))
    #expect(grammar.parse("set the volume to loud").isEmpty)
  }

  @Test func chineseTemplatesNeedNoSpaces() throws {
    let grammar = try compileTestGrammar("""
      list singer
        周杰伦 => jay
      intent PlayMedia
        播放{text:song}
        播放{singer}的歌
      """, locale: "zh-CN")
    let song = try #require(grammar.parse("播放七里香").first)
    #expect(song[slot: "song"]?.text == "七里香")
    #expect(song[slot: "song"]?.tokenRange == 2..<5)
    let singer = try #require(grammar.parse("播放周杰伦的歌").first)
    #expect(singer[slot: "singer"]?.value == .text("jay"))
    #expect(hasScore(singer, 6.6 / 7))
    #expect(grammar.parse("播 放 周 杰 伦 的 歌").first?[slot: "singer"]?.value == .text("jay"))
  }

  @Test func literalsAreTokenizedLikeUtterances() throws {
    let grammar = try compileTestGrammar("""
      intent Hello
        hello-world, Café don't
      """)
    #expect(grammar.parse("Hello world cafe DONT").count == 1)
    #expect(grammar.parse("hello-world café don't").count == 1)
    #expect(grammar.parse("helloworld cafe dont").isEmpty)
  }

  @Test func emptyAndUnmatchedInput() throws {
    let grammar = try grammar
    #expect(grammar.parse("").isEmpty)
    #expect(grammar.parse("   ...!!! ").isEmpty)
    #expect(grammar.parse("xyzzy plugh").isEmpty)
    #expect(grammar.parse("by adele").isEmpty)
  }

  /// Garbage and huge input: no reading, and no hang (the time limit is a hang guard
  /// only; how fast is `siri bench robustness`'s business, in a release build).
  @Test(.timeLimit(.minutes(3))) func garbageAndHugeInputReturnNothing() throws {
    let grammar = try grammar
    var random = GrammarTestRandom(seed: 7)
    let huge = String((0..<1_000_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 32...126, using: &random))) })
    #expect(grammar.parse(huge, lists: values).isEmpty)
    let tooManyWords = Array(repeating: "a", count: CompiledGrammar.maximumTokenCount + 1).joined(separator: " ")
    #expect(grammar.parse(tooManyWords, lists: values).isEmpty)
    _ = grammar.parse(Array(repeating: "play hello", count: 200).joined(separator: " "), lists: values)
    for _ in 0..<200 {
      let length = Int.random(in: 1...300, using: &random)
      let garbage = String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 32...126, using: &random))) })
      _ = grammar.parse(garbage, lists: values)
    }
  }

  @Test(.timeLimit(.minutes(3))) func pathologicalFreeTextIsCapped() throws {
    let grammar = try compileTestGrammar("""
      intent Many
        {text:a} {text:b} {text:c} {text:d}
        {text:a} and {text:b} and {text:c}
      """)
    let utterance = Array(repeating: "and", count: 250).joined(separator: " ")
    let results = grammar.parse(utterance)
    #expect(results.count == 8)
  }

  /// Letting go of the threads of positions already read (as long utterances do) changes
  /// no reading: the same candidates with compaction after every few threads as without.
  @Test func compactionChangesNoReading() throws {
    let grammar = try grammar
    let sentences = [
      "play daft punk by adele in audiocast", "play the song by khalid on my chill playlist and some music",
      "add maybe sometime to my road trip playlist", "play play play play by by by on on on",
      Array(repeating: "play the song by khalid on my chill playlist", count: 6).joined(separator: " "),
    ]
    for sentence in sentences {
      let plain = grammar.parse(sentence, lists: values, limit: 8, compactionThreshold: .max)
      for threshold in [1, 7, 64] {
        #expect(grammar.parse(sentence, lists: values, limit: 8, compactionThreshold: threshold) == plain, "\(sentence)")
      }
    }
  }

  @Test func parsingIsDeterministic() throws {
    let grammar = try grammar
    let first = grammar.parse("play daft punk by adele in audiocast", lists: values, limit: 20)
    for _ in 0..<5 {
      #expect(grammar.parse("play daft punk by adele in audiocast", lists: values, limit: 20) == first)
    }
    #expect(first.count > 2)
    #expect(zip(first, first.dropFirst()).allSatisfy { $0.score >= $1.score })
  }

  /// `unlikely first/last` words count for nothing inside free text, so a reading that
  /// explains them wins; with no such reading the free text still matches.
  @Test func unlikelyEdgeWordsRankFreeTextLower() throws {
    let grammar = try compileTestGrammar("""
      unlikely first = my
      unlikely last = of
      intent AddMedia
        add {text:mediaName} to {text:destinationPlaylist}
        add {text:mediaName} to my {text:destinationPlaylist}
      intent PlayMedia
        play {text:mediaName}
      """)
    let add = grammar.parse("add yellow to my road trip")
    #expect(slotSummary(add.first) == ["mediaName=yellow", "destinationPlaylist=road trip"])
    // "add" + "to" + "my" literal, "yellow", "road trip" free: (3 × 9 + 3 × 3) / 60.
    #expect(hasScore(add.first, 0.6))
    #expect(add.contains { slotSummary($0) == ["mediaName=yellow", "destinationPlaylist=my road trip"] })
    // Free text that begins with "my" and ends with "of" gives both words back.
    let play = grammar.parse("play my best of")
    #expect(slotSummary(play.first) == ["mediaName=my best of"])
    #expect(hasScore(play.first, (9 + 3) / 40.0))
    // One word that is both: given back once.
    #expect(hasScore(grammar.parse("play my").first, 9 / 20.0))
    let explained = grammar.explain("play my best of")
    #expect(explained.matches.first?.components.formula == "1 literal × 0.9 + 1 free text × 0.3 + 2 unlikely free text × 0 = 1.2 of 4 words = 0.300")
  }

  /// `unlikely inside slot`: words that count for nothing anywhere in that slot's text.
  @Test func unlikelyInsideWordsMoveTheSplit() throws {
    let grammar = try compileTestGrammar("""
      unlikely inside destinationPlaylist = to
      intent AddMedia
        add {text:mediaName} to {text:destinationPlaylist}
      """)
    let best = grammar.parse("add welcome to the jungle to road trip").first
    #expect(slotSummary(best) == ["mediaName=welcome to the jungle", "destinationPlaylist=road trip"])
    // Without the declaration both splits tie and the earlier one wins.
    let plain = try compileTestGrammar("""
      intent AddMedia
        add {text:mediaName} to {text:destinationPlaylist}
      """)
    #expect(slotSummary(plain.parse("add welcome to the jungle to road trip").first) == ["mediaName=welcome", "destinationPlaylist=the jungle to road trip"])
    let explained = grammar.explain("add welcome to the jungle to road trip")
    #expect(explained.matches.first?.components.unlikelyWords == 0)
    #expect(explained.matches.dropFirst().contains { $0.components.unlikelyWords == 1 })
  }

  /// `{name:slot}` takes at most three words and none of the `name excludes` words, so
  /// a title-shaped phrase falls through to a `{text}` template.
  @Test func nameSlotsAreShortAndExcludeWords() throws {
    let grammar = try compileTestGrammar("""
      name excludes = the | of
      intent AddMedia
        add {name:artist} to {text:destinationPlaylist}
        add {text:mediaName} to {text:destinationPlaylist}
      """)
    #expect(slotSummary(grammar.parse("add billie eilish to chill").first) == ["artist=billie eilish", "destinationPlaylist=chill"])
    #expect(slotSummary(grammar.parse("add the sound of silence to chill").first) == ["mediaName=the sound of silence", "destinationPlaylist=chill"])
    #expect(slotSummary(grammar.parse("add one two three four to chill").first) == ["mediaName=one two three four", "destinationPlaylist=chill"])
    #expect(slotSummary(grammar.parse("add one two three to chill").first) == ["artist=one two three", "destinationPlaylist=chill"])
    #expect(slotSummary(grammar.parse("add 1999 to chill").first) == ["mediaName=1999", "destinationPlaylist=chill"])
    #expect(slotSummary(grammar.parse("add blink 182 to chill").first) == ["artist=blink 182", "destinationPlaylist=chill"])
    // A full name is two or three words.
    let full = try compileTestGrammar("""
      intent AddMedia
        add {fullname:artist} to {text:destinationPlaylist}
        add {text:mediaName} to {text:destinationPlaylist}
      """)
    #expect(slotSummary(full.parse("add yellow to chill").first) == ["mediaName=yellow", "destinationPlaylist=chill"])
    #expect(slotSummary(full.parse("add billie eilish to chill").first) == ["artist=billie eilish", "destinationPlaylist=chill"])
    #expect(full.explain("add yellow to chill").matches.map(\.intent) == ["AddMedia"])
    // Where a name template stops, as :why tells it: at the word a name can't take.
    let miss = try compileTestGrammar("""
      name excludes = the | of
      intent AddMedia
        add {name:artist} to {text:destinationPlaylist}
      """).explain("add the sound of silence to chill")
    #expect(miss.matches.isEmpty)
    #expect(miss.nearMisses.first?.stoppedAt == 1)
  }

  /// In written text a `{name}` keeps one case ("Billie Eilish", "billie eilish"), except
  /// for `name particles` ("Ludwig van Beethoven"); text in one case says nothing.
  @Test func namesKeepOneCase() throws {
    let grammar = try compileTestGrammar("""
      name particles = van | de
      intent AddMedia
        add {name:artist} to {text:destinationPlaylist}
        add {text:mediaName} to {text:destinationPlaylist}
      """)
    let readings: [(utterance: String, item: String, playlist: String)] = [
      ("add Billie Eilish to Chill", "artist=Billie Eilish", "Chill"),
      ("add billie eilish to Chill", "artist=billie eilish", "Chill"),
      ("add Aprite le finestre to Chill", "mediaName=Aprite le finestre", "Chill"),
      ("add Ludwig van Beethoven to Chill", "artist=Ludwig van Beethoven", "Chill"),
      ("add aprite le finestre to chill", "artist=aprite le finestre", "chill"),
      ("ADD APRITE LE FINESTRE TO CHILL", "artist=APRITE LE FINESTRE", "CHILL"),
    ]
    for reading in readings {
      #expect(slotSummary(grammar.parse(reading.utterance).first) == [reading.item, "destinationPlaylist=\(reading.playlist)"])
    }
    // :why's trace follows the matcher: a name template stops where the case changes.
    let miss = try compileTestGrammar("""
      intent AddMedia
        add {name:artist} to {text:destinationPlaylist}
      """).explain("add Aprite le to Chill")
    #expect(miss.matches.isEmpty)
    #expect(miss.nearMisses.first?.stoppedAt == 2)
  }

  /// `title words`: an article written with a capital after the first word begins a
  /// title, so the template's optional "the" does not take it; lower-case or all-capital
  /// text reads as before, and `:why` follows the matcher.
  @Test func capitalizedTitleWordsBeginAName() throws {
    let grammar = try compileTestGrammar("""
      title words = the | a
      intent PlayMedia
        play [the | a] {text:mediaName} [by {text:artist}]
      """)
    #expect(slotSummary(grammar.parse("play The Fool On The Hill by Khwaja").first) == ["mediaName=The Fool On The Hill", "artist=Khwaja"])
    #expect(slotSummary(grammar.parse("Play A Chaos Of Desire").first) == ["mediaName=A Chaos Of Desire"])
    #expect(slotSummary(grammar.parse("play the fool on the hill").first) == ["mediaName=fool on the hill"])
    #expect(slotSummary(grammar.parse("PLAY THE FOOL ON THE HILL").first) == ["mediaName=FOOL ON THE HILL"])
    #expect(slotSummary(grammar.parse("The fool on the hill").first) == [])
    // Where a template that needs the literal stops, as :why tells it: at the title word.
    let miss = try compileTestGrammar("""
      title words = the
      intent PlayMedia
        play the {text:mediaName}
      """).explain("play The Hill")
    #expect(miss.matches.isEmpty)
    #expect(miss.nearMisses.first?.stoppedAt == 1)
    #expect(miss.titleWords == [1])
    #expect(miss.lines.contains("title words: word 2 'The' (capitalized in mid-sentence: no literal takes them)"))
    #expect(grammar.explain("play the fool on the hill").titleWords.isEmpty)
    // Without the declaration, the literal takes it as before.
    let plain = try compileTestGrammar("""
      intent PlayMedia
        play [the | a] {text:mediaName}
      """)
    #expect(slotSummary(plain.parse("play The Fool On The Hill").first) == ["mediaName=Fool On The Hill"])
  }

  @Test func oneAutomatonForAllTemplates() throws {
    let grammar = try grammar
    // Literal edges leaving the start state are indexed by token; "play", "put", "start",
    // "listen", "i" (from the inlined <play> rule) and "pause", "stop".
    let starts = Set(grammar.automaton.startIndex.keys.compactMap { id in grammar.tokenIDs.first { $0.value == id }?.key })
    #expect(starts == ["play", "put", "start", "listen", "i", "pause", "stop"])
    #expect(grammar.templates.count == 6)
  }
}

/// A small deterministic generator for fuzz and garbage tests.
struct GrammarTestRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
