import AudioCastKit
import MediaAppKit
import Dialogue
import Foundation
import SiriIntents
import Testing
import UtteranceParsing

/// The dialogue engine over the real en-US grammar and AudioCast, without a terminal.
struct DialogueEngineTests {
  static let grammars = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Grammars/en-US").path

  static let grammar: CompiledGrammar = {
    do { return try GrammarCompiler.load(directory: grammars, cache: .userDefault()) } catch { fatalError("\(error)") }
  }()

  func engine(store: AppGroupStore = AppGroupStore(identifier: "test"), device: Device = .phone) -> DialogueEngine {
    DialogueEngine(grammar: Self.grammar, apps: [AudioCast(name: "AudioCast", library: .sample, store: store, device: device)], store: store)
  }

  @Test(arguments: [
    ("play How Sleep Works on AudioCast", "handleInApp", "ep.sysk.sleep"),
    ("play the latest episode of stuff you should know", "handleInApp", "ep.sysk.lighthouses"),
    ("put on the crag podcast", "handleInApp", "ep.crag.3"),
    ("play Monday Headlines", "continueInApp", "ep.briefing.1"),
  ])
  func playsWhatWasAskedFor(utterance: String, code: String, episode: String) async {
    let store = AppGroupStore(identifier: "test")
    var engine = engine(store: store)
    let turn = await engine.respond(to: utterance)
    #expect(turn.intent == .playMedia)
    #expect(turn.app == "AudioCast")
    #expect(turn.code == code)
    #expect(store.podcastPlayback(.audioCast).nowPlaying?.itemID == episode)
    #expect(engine.state == .idle)
  }

  @Test func handleInAppHandsOverToTheMainAppInTheBackground() async {
    var engine = engine()
    let turn = await engine.respond(to: "play how coffee works")
    let steps = turn.events.compactMap { event -> String? in
      switch event {
      case .handled(_, let code): return "handled \(code)"
      case .launched(_, let foreground): return foreground ? "foreground" : "background"
      case .appHandled(_, let code, _): return "app \(code)"
      default: return nil
      }
    }
    #expect(steps == ["handled handleInApp", "background", "app success"])
    #expect(turn.replies.first?.key == "PlayMedia.success.podcastEpisode")
  }

  @Test func unknownTitleGivesUnsupportedWithWhatWasHeard() async {
    var engine = engine()
    let turn = await engine.respond(to: "play Awsome Song on AudioCast")
    #expect(turn.resolutions.first == ParameterResolution(parameter: "mediaItems", outcome: .unsupported(.notFound)))
    #expect(turn.replies.first?.arguments["query"] == .text("Awsome Song"))
    #expect(turn.code == nil)
  }

  @Test func disambiguationIsAnsweredOnTheNextLine() async {
    var engine = engine()
    let question = await engine.respond(to: "play coffee")
    #expect(question.awaiting != nil)
    guard case .awaiting(let pending) = engine.state, case .chooseMediaItem(let items) = pending.kind else {
      Issue.record("expected a pending choice, got \(engine.state)")
      return
    }
    #expect(items.map(\.title) == ["Coffee Break", "How Coffee Works"])
    let answer = await engine.respond(to: "the second one")
    #expect(answer.code == "handleInApp")
    #expect(engine.state == .idle)
  }

  @Test(arguments: ["never mind", "cancel", "no"])
  func aQuestionCanBeRefused(refusal: String) async {
    let store = AppGroupStore(identifier: "test")
    var engine = engine(store: store)
    _ = await engine.respond(to: "play coffee")
    let turn = await engine.respond(to: refusal)
    #expect(turn.replies.map(\.key) == ["cancelled"])
    #expect(engine.state == .idle)
    #expect(store.podcastPlayback(.audioCast).nowPlaying == nil)
  }

  @Test func aNewRequestReplacesTheQuestion() async {
    var engine = engine()
    _ = await engine.respond(to: "play coffee")
    let turn = await engine.respond(to: "play the latest episode of night sky stories")
    #expect(turn.events.contains { if case .replacedQuestion = $0 { return true }; return false })
    #expect(turn.code == "handleInApp")
  }

  /// While Siri waits, a line that reads as a request only through a typing slip is taken
  /// as the answer: a misspelt answer is likelier than a misspelt new request.
  @Test func aRequestReadThroughASlipDoesNotReplaceTheQuestion() async {
    var asked = engine()
    _ = await asked.respond(to: "play coffee")
    #expect(asked.state != .idle)
    let turn = await asked.respond(to: "plkay the latest episode of night sky stories")
    #expect(!turn.events.contains { if case .replacedQuestion = $0 { return true }; return false })
    // Outside a question, the same line is read through its slip.
    var fresh = engine(store: AppGroupStore(identifier: "slips"))
    let request = await fresh.respond(to: "plkay the latest episode of night sky stories")
    #expect(request.code == "handleInApp")
  }

  @Test func siriGivesUpAfterTwoUnhelpfulAnswers() async {
    var engine = engine()
    _ = await engine.respond(to: "play coffee")
    let first = await engine.respond(to: "purple elephants")
    #expect(first.replies.map(\.key) == ["ask.again"])
    let second = await engine.respond(to: "seventeen bananas")
    #expect(second.replies.map(\.key) == ["ask.giveUp"])
    #expect(engine.state == .idle)
  }

  @Test func answersAreIgnoredWhenNothingWasAsked() async {
    var engine = engine()
    let turn = await engine.respond(to: "the second one")
    #expect(turn.intent == nil || turn.intent == .playMedia)
    #expect(turn.code == nil || turn.replies.first?.key != "cancelled")
    let refusal = await engine.respond(to: "never mind")
    #expect(refusal.replies.map(\.key) != ["cancelled"])
  }

  @Test func nothingMatchedSuggestsSomethingToSay() async {
    var engine = engine()
    let turn = await engine.respond(to: "rearrange the kitchen cupboards")
    #expect(turn.intent == nil)
    #expect(turn.replies.map(\.key) == ["noMatch"])
    #expect(turn.events == [.noParse])
  }
}
