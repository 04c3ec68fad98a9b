import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  /// Tries to take the line as the answer to `question`.
  ///
  /// In order: a refusal ("no", "cancel", "never mind") drops the request; an ordinal
  /// ("the second one") or an option's name picks an option; a line that is a
  /// request of its own replaces the question; otherwise, when Siri asked for a name,
  /// the words are the name. Anything else counts as an unhelpful answer, and after
  /// `maximumFailedAnswers` of those Siri gives up politely.
  ///
  /// - Returns: `true` when the turn is finished, `false` when the line should be
  ///   treated as a new request.
  mutating func handleAnswer(
    to question: PendingQuestion, answers: [ParseCandidate], requests: [ParseCandidate], turn: inout Turn
  ) async -> Bool {
    let answer = answers.first
    if answer?.intent == "_Cancel" || answer?.intent == "_No" {
      state = .idle
      turn.intent = question.intent.name
      turn.events.append(.answered(question: question.summary, answer: "refused"))
      turn.replies.append(Reply("cancelled"))
      return true
    }

    switch question.kind {
    case .chooseMediaItem(let items):
      let labels = items.map { [$0.title, $0.artist ?? ""] }
      if let index = choice(in: answer, count: items.count) ?? optionIndex(matching: turn.utterance, labels: labels) {
        return await resume(question, turn: &turn, answer: "\"\(items[index].title)\"") { intent in
          if case .playMedia(var play) = intent {
            play.mediaItems = [items[index]]
            intent = .playMedia(play)
          }
        }
      }
    case .chooseApp(let names):
      if let index = choice(in: answer, count: names.count) ?? optionIndex(matching: turn.utterance, labels: names.map { [$0] }) {
        return await resume(question, appName: names[index], turn: &turn, answer: names[index]) { _ in }
      }
    case .mediaName:
      break
    }

    if let request = requests.first, Self.isRequest(request) {
      state = .idle
      turn.events.append(.replacedQuestion(question: question.summary))
      return false
    }

    if case .mediaName = question.kind, let text = answer?[slot: "answer"]?.text, !text.isEmpty {
      return await resume(question, turn: &turn, answer: "\"\(text)\"") { intent in
        if case .playMedia(var play) = intent {
          play.mediaSearch.mediaName = text
          intent = .playMedia(play)
        }
      }
    }

    // Not an answer Siri can use.
    var pending = question
    pending.failedAnswers += 1
    turn.intent = question.intent.name
    turn.app = question.app
    if pending.failedAnswers >= maximumFailedAnswers {
      state = .idle
      turn.events.append(.answered(question: question.summary, answer: "gave up"))
      turn.replies.append(Reply("ask.giveUp"))
    } else {
      state = .awaiting(pending)
      turn.events.append(.awaiting(pending.summary))
      turn.awaiting = pending.summary
      turn.replies.append(Reply("ask.again", ["question": .phrase(pending.question)]))
    }
    return true
  }

  /// Continues the pending request after an answer changed it.
  private mutating func resume(
    _ question: PendingQuestion, appName: String? = nil, turn: inout Turn, answer: String,
    change: (inout Intent) -> Void
  ) async -> Bool {
    state = .idle
    var intent = question.intent
    change(&intent)
    turn.events.append(.answered(question: question.summary, answer: answer))
    turn.intent = intent.name
    guard let name = appName ?? question.app, let app = apps.first(where: { $0.name == name }) else {
      await start(intent, appName: nil, turn: &turn)
      return true
    }
    turn.events.append(.routed(app: app.name, reason: appName == nil ? "continuing the request" : "chosen by the user"))
    await run(intent, in: app, turn: &turn)
    return true
  }

  /// The option index an ordinal answer names: "the second one" → 1, "the last one".
  private func choice(in answer: ParseCandidate?, count: Int) -> Int? {
    guard let answer, answer.intent == "_Choose", let value = answer[slot: "choice"]?.value else { return nil }
    let index: Int
    switch value {
    case .ordinal(let n): index = n - 1
    case .number(let n): index = Int(n) - 1
    case .text("last"): index = count - 1
    default: return nil
    }
    return (0..<count).contains(index) ? index : nil
  }

  /// The option whose name the line says, when exactly one option fits best.
  private func optionIndex(matching utterance: String, labels: [[String]]) -> Int? {
    let said = Set(Tokenizer.words(utterance)).subtracting(Self.answerFillers)
    guard !said.isEmpty else { return nil }
    var scores: [Double] = []
    for label in labels {
      var best = 0.0
      for text in label where !text.isEmpty {
        let words = Set(Tokenizer.words(text)).subtracting(Self.answerFillers)
        guard !words.isEmpty else { continue }
        let common = Double(said.intersection(words).count)
        best = max(best, common / Double(words.count) * 0.7 + common / Double(said.count) * 0.3)
      }
      scores.append(best)
    }
    guard let top = scores.max(), top >= 0.5 else { return nil }
    let winners = scores.indices.filter { scores[$0] == top }
    return winners.count == 1 ? winners[0] : nil
  }

  /// A parse that is a request in its own right, not just words caught as free text.
  static func isRequest(_ candidate: ParseCandidate) -> Bool {
    candidate.score >= 0.5
  }

  static let answerFillers: Set<String> = ["the", "a", "an", "one", "play", "please", "i", "want", "mean", "meant", "that", "from", "by", "on", "in", "show", "episode"]
}
