import Testing

@testable import UtteranceParsing

/// How Chinese text is cut into words with no dictionary of the language: each
/// ideograph is a token, Latin names inside Chinese stay whole, full-width letters,
/// digits and points fold to their half-width forms, and punctuation of either width
/// separates. Which tokens make a word is then the grammar's and the catalog's business
/// (see `ChineseGrammarTests`).
struct ChineseSegmentationTests {
  @Test(arguments: [
    ("播放周杰伦的歌", ["播", "放", "周", "杰", "伦", "的", "歌"]),
    ("在Deezer上播放Stuff You Should Know", ["在", "deezer", "上", "播", "放", "stuff", "you", "should", "know"]),
    ("用ＡｕｄｉｏＣａｓｔ播放", ["用", "audiocast", "播", "放"]),
    ("开始一个３０分钟的户外攀岩", ["开", "始", "一", "个", "30", "分", "钟", "的", "户", "外", "攀", "岩"]),
    ("播放《晴天》，好吗？", ["播", "放", "晴", "天", "好", "吗"]),
    ("播放89.1 FM", ["播", "放", "89.1", "fm"]),
    ("播放８９．１ＦＭ", ["播", "放", "89.1", "fm"]),
    ("用１．５倍速播放", ["用", "1.5", "倍", "速", "播", "放"]),
    ("埃尔顿·约翰", ["埃", "尔", "顿", "约", "翰"]),
    ("R＆B派对经典", ["r", "b", "派", "对", "经", "典"]),
  ])
  func segments(text: String, words: [String]) {
    #expect(Tokenizer.words(text) == words, "\(text)")
  }

  /// A radio band written against its frequency is a word of its own, in either order
  /// and either width; a time ("10am") and a name with a digit ("fm8") are not split.
  @Test(arguments: [
    ("FM89.1", ["fm", "89.1"]),
    ("收听fm97.4", ["收", "听", "fm", "97.4"]),
    ("89.1FM", ["89.1", "fm"]),
    ("ＦＭ１０３．９", ["fm", "103.9"]),
    ("97.3MHz", ["97.3", "mhz"]),
    ("AM1026", ["am", "1026"]),
    ("10am", ["10am"]),
    ("fm8", ["fm8"]),
    ("mp3", ["mp3"]),
  ])
  func radioBands(text: String, words: [String]) {
    #expect(Tokenizer.words(text) == words, "\(text)")
  }

  /// Split words still point at their own characters in the text, full width included.
  @Test(arguments: [
    ("播放ＦＭ８９．１", ["播", "放", "ＦＭ", "８９．１"]),
    ("play 89.1FM now", ["play", "89.1", "FM", "now"]),
    ("FM1,000", ["FM", "1,000"]),
  ])
  func splitWordsKeepTheirPlaceInTheText(text: String, spelled: [String]) {
    let utf8 = Array(text.utf8)
    #expect(Tokenizer.tokenize(text).map { String(decoding: utf8[$0.range], as: UTF8.self) } == spelled, "\(text)")
  }

  @Test func normalizeJoinsChineseWithoutSpacesAndLatinWithThem() {
    #expect(Tokenizer.normalize("用 AudioCast 播放 Stuff You Should Know 的 最新 一集") == "用 audiocast 播放 stuff you should know 的最新一集")
  }
}
