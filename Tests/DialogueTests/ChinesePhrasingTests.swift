import AppLoading
@testable import Dialogue
import Foundation
import SiriIntents
import Testing
import UtteranceParsing

/// How the zh-CN grammar reads the ways people say each request, one pattern a row,
/// with the sample apps' lists (so 周杰伦 and 晴天 are known names, and others are not):
/// no spaces, Latin names inside Chinese, full-width text, Chinese numerals, 的 between
/// artist and work, devices and rooms, chatter around the request.
struct ChinesePhrasingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var utterance: String
    var intent: String
    /// `nil`: only the intent is compared (what is not media keeps its words anyhow).
    var slots: Set<String>?
    var testDescription: String { utterance }
  }

  static let engine: DialogueEngine = {
    let grammars = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Grammars/zh-CN").path
    do {
      let grammar = try GrammarCompiler.load(directory: grammars, locale: "zh-CN", cache: .userDefault())
      let store = AppGroupStore(identifier: "test")
      let apps = try InstalledApps.load().makeApps(store: store, device: .phone, locale: "zh-CN")
      return DialogueEngine(grammar: grammar, apps: apps, store: store)
    } catch {
      fatalError("\(error)")
    }
  }()

  /// The slots that say what was asked, as `name=value` (devices and rooms, which Siri
  /// hears and leaves out, are not compared).
  static func reading(_ utterance: String) -> (intent: String, slots: Set<String>)? {
    guard let best = engine.parse(utterance).first else { return nil }
    let heard = best.slots.filter { !["screen", "room", "preamble", "chatter"].contains($0.name) }
    return (best.intent, Set(heard.map { "\($0.name)=\($0.value)" }))
  }

  @Test(arguments: [
    // The sentences.
    Case(utterance: "在Deezer上播放周杰伦的歌", intent: "PlayMedia", slots: ["app=Deezer", "artist=周杰伦", "domain=song"]),
    Case(utterance: "用AudioCast播放Stuff You Should Know的最新一集", intent: "PlayMedia", slots: ["app=AudioCast", "mediaName=Stuff You Should Know", "sortOrder=newest", "mediaType=podcastShow"]),
    Case(utterance: "两倍速播放最新一集", intent: "PlayMedia", slots: ["playbackSpeed=2x", "sortOrder=newest", "mediaType=podcastEpisode"]),
    // 在车上、用耳机：设备说在哪里播放（设备不比较，请求照样听懂）。
    Case(utterance: "在车上播放郭德纲的相声", intent: "PlayMedia", slots: ["artist=郭德纲", "genre=crosstalk"]),
    Case(utterance: "我想用耳机听歌", intent: "PlayMedia", slots: ["domain=song"]),
    // 关注、订阅：放进资料库。
    Case(utterance: "订阅这个播客", intent: "AddMedia", slots: ["destination=library", "reference=currentlyPlaying"]),
    Case(utterance: "关注这个歌手", intent: "AddMedia", slots: ["destination=library", "reference=currentlyPlaying"]),
    // 播放模式单说（"放" 不是歌名），轻快是一种心情。
    Case(utterance: "顺序播放", intent: "PlayMedia", slots: ["shuffle=false"]),
    Case(utterance: "列表循环", intent: "PlayMedia", slots: ["repeat=all"]),
    Case(utterance: "放一首轻快的歌", intent: "PlayMedia", slots: ["mood=energetic", "domain=song"]),
    // 排行榜上的歌，不是谁的歌（"放" 不是歌手）。
    Case(utterance: "播放排行榜前十的歌", intent: "PlayMedia", slots: ["topCount=10", "domain=song"]),
    Case(utterance: "随机播放Khalid", intent: "PlayMedia", slots: ["shuffle=true", "artist=Khalid"]),
    // The music left unsaid after 的; 儿化 in the asking; a book's kind after its title.
    Case(utterance: "来点儿周杰伦的", intent: "PlayMedia", slots: ["artist=周杰伦"]),
    Case(utterance: "放一首陈奕迅的", intent: "PlayMedia", slots: ["artist=陈奕迅"]),
    Case(utterance: "帮我播放鬼吹灯有声小说", intent: "PlayMedia", slots: ["mediaName=鬼吹灯", "mediaType=audioBook"]),
    // A station by name after 切换到; what the music suits is no artist.
    Case(utterance: "切换到音乐台", intent: "PlayMedia", slots: ["mediaName=音乐", "mediaType=radioStation"]),
    Case(utterance: "放一首适合跑步的歌", intent: "PlayMedia", slots: ["domain=song", "rest=跑步"]),
    // A performer's crosstalk or storytelling, without 的.
    Case(utterance: "播放一段郭德纲相声", intent: "PlayMedia", slots: ["artist=郭德纲", "genre=crosstalk"]),
    Case(utterance: "播放单田芳评书白眉大侠", intent: "PlayMedia", slots: ["artist=单田芳", "mediaName=白眉大侠", "mediaType=audioBook"]),
    Case(utterance: "下一首播放Outer Peace", intent: "PlayMedia", slots: ["queueLocation=next", "mediaName=Outer Peace"]),
    Case(utterance: "把这首歌加到我的公路旅行歌单", intent: "AddMedia", slots: ["destinationPlaylist=公路旅行", "reference=currentlyPlaying", "mediaType=song"]),
    Case(utterance: "我喜欢这首歌", intent: "UpdateMediaAffinity", slots: ["affinity=like", "reference=currentlyPlaying"]),
    Case(utterance: "在我的app中查找Billie Eilish", intent: "SearchForMedia", slots: ["artist=Billie Eilish"]),
    Case(utterance: "播放89.1 FM", intent: "PlayMedia", slots: ["mediaName=89.1 FM"]),
    Case(utterance: "开始一个30分钟的户外攀岩", intent: "StartWorkout", slots: ["goalValue=30", "goalUnit=minute", "locationType=outdoor", "workoutName=climbing"]),
    Case(utterance: "暂停锻炼", intent: "PauseWorkout", slots: []),
    Case(utterance: "结束锻炼", intent: "EndWorkout", slots: []),
    // The app named first and nothing to play: the app's own choice, as "播放Deezer";
    // never free text made of the verb's last character (播 + "放").
    Case(utterance: "用Chapters播放", intent: "PlayMedia", slots: ["app=Chapters", "reference=my"]),
    Case(utterance: "请在Deezer上放吧", intent: "PlayMedia", slots: ["app=Deezer", "reference=my"]),
    Case(utterance: "打开AudioCast然后播放", intent: "PlayMedia", slots: ["app=AudioCast", "reference=my"]),
    // Chinese numerals in the built-in entities.
    // (一个半小时 is an hour and a half; 半小时 half an hour.)
    Case(utterance: "开始一个半小时的室内抱石", intent: "StartWorkout", slots: ["goalDuration=5400s", "locationType=indoor", "workoutName=抱石"]),
    Case(utterance: "开始半小时的抱石", intent: "StartWorkout", slots: ["goalDuration=1800s", "workoutName=抱石"]),
    Case(utterance: "开始二十五分钟的墙面攀岩", intent: "StartWorkout", slots: ["goalValue=25", "goalUnit=minute", "workoutName=墙面攀岩"]),
    Case(utterance: "用Ascent开始两个小时的抱石", intent: "StartWorkout", slots: ["app=Ascent", "goalDuration=7200s", "workoutName=抱石"]),
    Case(utterance: "播放Stuff You Should Know的第八十一集", intent: "PlayMedia", slots: ["mediaName=Stuff You Should Know", "episode=81", "mediaType=podcastEpisode"]),
    Case(utterance: "收听调频八十九点一", intent: "PlayMedia", slots: ["frequency=89.1", "mediaType=radioStation"]),
    Case(utterance: "播放二零零四年的歌", intent: "PlayMedia", slots: ["releaseYear=2004", "domain=song"]),
    // Full width and half width alike; Latin glued to Chinese.
    Case(utterance: "用ＡｕｄｉｏＣａｓｔ播放Ｃｏｆｆｅｅ　Ｂｒｅａｋ", intent: "PlayMedia", slots: ["app=AudioCast", "mediaName=Coffee Break", "mediaType=podcastShow"]),
    Case(utterance: "播放ＦＭ８９．１", intent: "PlayMedia", slots: ["frequency=89.1", "mediaType=radioStation"]),
    Case(utterance: "用１．５倍速播放Becoming", intent: "PlayMedia", slots: ["playbackSpeed=1.5x", "mediaName=Becoming", "mediaType=audioBook"]),
    // Segmentation from the catalog: the longest known name wins, 的 splits the rest.
    Case(utterance: "我想听周杰伦的七里香", intent: "PlayMedia", slots: ["artist=周杰伦", "mediaName=七里香", "mediaType=song"]),
    Case(utterance: "播放刘若英的后来", intent: "PlayMedia", slots: ["artist=刘若英", "mediaName=后来"]),
    Case(utterance: "播放海明威的乞力马扎罗的雪", intent: "PlayMedia", slots: ["artist=海明威", "mediaName=乞力马扎罗的雪"]),
    // Devices and rooms are heard and left out; chatter around the request is a clause.
    Case(utterance: "用三楼那个大屏幕播放曾经的关云长", intent: "PlayMedia", slots: ["artist=曾经", "mediaName=关云长"]),
    Case(utterance: "能在爸妈的房间的电视上帮我搜一下刘慈欣的球状闪电吗", intent: "SearchForMedia", slots: ["artist=刘慈欣", "mediaName=球状闪电"]),
    Case(utterance: "好无聊啊，用客厅的电视播放林忆莲的至少还有你", intent: "PlayMedia", slots: ["artist=林忆莲", "mediaName=至少还有你"]),
    Case(utterance: "用书房的电脑播放余华的活着，我想再听一遍", intent: "PlayMedia", slots: ["artist=余华", "mediaName=活着"]),
    // What a smart speaker hears: no verb, the object unsaid, who it is for.
    Case(utterance: "周杰伦的歌", intent: "PlayMedia", slots: ["artist=周杰伦", "domain=song"]),
    Case(utterance: "添加到我喜欢的音乐", intent: "AddMedia", slots: ["destination=library", "reference=currentlyPlaying"]),
    Case(utterance: "把这首歌收藏了", intent: "UpdateMediaAffinity", slots: ["affinity=like", "reference=currentlyPlaying"]),
    Case(utterance: "给孩子放个故事", intent: "PlayMedia", slots: ["mediaName=故事"]),
    Case(utterance: "随便来一首", intent: "PlayMedia", slots: []),
    Case(utterance: "收听江苏交通广播", intent: "PlayMedia", slots: ["mediaName=江苏交通", "mediaType=radioStation"]),
    Case(utterance: "七里香是谁唱的", intent: "SearchForMedia", slots: ["mediaName=七里香"]),
    // Not media, whatever the verb.
    Case(utterance: "今天天气怎么样", intent: "", slots: []),
    Case(utterance: "查一下北京明天的天气", intent: "OutOfScope", slots: nil),
    Case(utterance: "播报一下今天的新闻", intent: "OutOfScope", slots: nil),
    Case(utterance: "用电视播放电视剧甄嬛传", intent: "OutOfScope", slots: nil),
    Case(utterance: "取消明天早上的闹钟", intent: "", slots: nil),
    // A music service is no workout app.
    Case(utterance: "在QQ音乐开始跑步", intent: "", slots: nil),
  ])
  func readsAsPeopleMeanIt(_ example: Case) throws {
    guard let reading = Self.reading(example.utterance) else {
      #expect(example.intent.isEmpty, "no reading")
      return
    }
    #expect(reading.intent == example.intent)
    if let slots = example.slots { #expect(reading.slots == slots) }
  }

  /// Clause punctuation of either width splits a line; a point between digits and
  /// punctuation in English text don't.
  @Test func clausesOfALine() {
    func clauses(_ text: String) -> [String] { DialogueEngine.clauses(of: text).map { String(text[$0]) } }
    #expect(clauses("好无聊啊，播放周杰伦的晴天。") == ["好无聊啊", "播放周杰伦的晴天"])
    #expect(clauses("你现在方便么?帮我播放晴天") == ["你现在方便么", "帮我播放晴天"])
    #expect(clauses("播放89.1 FM") == ["播放89.1 FM"])
    #expect(clauses("play Hello, Goodbye") == ["play Hello, Goodbye"])
    #expect(clauses("，，") == [])
  }
}
