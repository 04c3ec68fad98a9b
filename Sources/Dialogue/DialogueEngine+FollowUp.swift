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
    case .chooseValue(let parameter, let options):
      if let index = choice(in: answer, count: options.count) ?? optionIndex(matching: turn.utterance, labels: options.map { [$0] }) {
        return await resume(question, turn: &turn, answer: "\"\(options[index])\"") { $0 = $0.setting(parameter, to: options[index]) }
      }
    case .confirmValue(let parameter, let value):
      if answer?.intent == "_Yes" {
        return await resume(question, turn: &turn, answer: "yes") { $0 = $0.setting(parameter, to: value) }
      }
      if let named = listValue(for: parameter, in: turn.utterance) {
        return await resume(question, turn: &turn, answer: "\"\(named)\" instead") { $0 = $0.setting(parameter, to: named) }
      }
    case .provideValue(let parameter):
      if let named = listValue(for: parameter, in: turn.utterance) {
        return await resume(question, turn: &turn, answer: "\"\(named)\"") { $0 = $0.setting(parameter, to: named) }
      }
    }

    // A request read through a typing slip does not replace the question: a misspelt
    // answer ("Radoi Ga Ga") is likelier than a misspelt new request.
    if let request = requests.first, Self.isRequest(request), request.slips.isEmpty {
      state = .idle
      turn.events.append(.replacedQuestion(question: question.summary))
      return false
    }

    if case .provideValue(let parameter) = question.kind, let text = answer?[slot: "answer"]?.text, !text.isEmpty {
      return await resume(question, turn: &turn, answer: "\"\(text)\"") { $0 = $0.setting(parameter, to: text) }
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
    // The answer didn't settle it and Siri asks the same thing again: that counts as
    // an unhelpful answer, so the conversation can't go round forever.
    if case .awaiting(var again) = state, again.kind.sameQuestion(as: question.kind) {
      again.failedAnswers = question.failedAnswers + 1
      if again.failedAnswers >= maximumFailedAnswers {
        state = .idle
        turn.awaiting = nil
        turn.replies.removeLast()
        turn.events.append(.answered(question: question.summary, answer: "gave up"))
        turn.replies.append(Reply("ask.giveUp"))
      } else {
        state = .awaiting(again)
      }
    }
    return true
  }

  /// A value of the grammar list that feeds `parameter`, said anywhere in the line
  /// ("no, a boulder climb" → "boulder climb").
  private func listValue(for parameter: String, in utterance: String) -> String? {
    guard let list = Self.parameterLists[parameter] else { return nil }
    let words = Tokenizer.words(utterance)
    var best: (value: String, length: Int)?
    for entry in lists.entries(of: list) {
      for phrase in entry.phrases {
        let phraseWords = Tokenizer.words(phrase)
        guard !phraseWords.isEmpty, phraseWords.count <= words.count else { continue }
        for start in 0...(words.count - phraseWords.count) where Array(words[start..<(start + phraseWords.count)]) == phraseWords {
          if phraseWords.count > best?.length ?? 0 { best = (entry.value, phraseWords.count) }
        }
      }
    }
    return best?.value
  }

  /// The external list whose values answer a question about each parameter.
  static let parameterLists: [String: String] = ["workoutName": "workoutActivityName"]

  /// The option index an ordinal answer names: "the second one" → 1, "the last one".
  private func choice(in answer: ParseCandidate?, count: Int) -> Int? {
    guard let answer, answer.intent == "_Choose", let value = answer[slot: "choice"]?.value else { return nil }
    let index: Int
    switch value {
    case .ordinal(let n): index = n - 1
    case .number(let n):
      guard n.isFinite, n == n.rounded(), abs(n) < 1_000 else { return nil }
      index = Int(n) - 1
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

  static let answerFillers: Set<String> = [
    "the", "a", "an", "one", "play", "please", "i", "want", "mean", "meant", "that", "from", "by", "on", "in", "show", "episode",
    // Chinese, a character a token: "我要Coffee Break那个", "就用AudioCast吧".
    "我", "要", "想", "就", "用", "选", "那", "这", "个", "一", "首", "的", "吧", "是", "播", "放", "听", "在", "上",
  ]
}

extension PendingQuestion.Kind {
  /// Whether two questions ask for the same thing (the same parameter, or the same kind of choice).
  func sameQuestion(as other: PendingQuestion.Kind) -> Bool {
    switch (self, other) {
    case (.chooseMediaItem, .chooseMediaItem), (.mediaName, .mediaName), (.chooseApp, .chooseApp): return true
    case (.chooseValue(let a, _), .chooseValue(let b, _)): return a == b
    case (.confirmValue(let a, _), .confirmValue(let b, _)): return a == b
    case (.provideValue(let a), .provideValue(let b)): return a == b
    default: return false
    }
  }
}

extension Intent {
  /// The intent with one parameter set from an answer.
  func setting(_ parameter: String, to value: String) -> Intent {
    switch (self, parameter) {
    case (.startWorkout(var intent), "workoutName"):
      intent.workoutName = value
      return .startWorkout(intent)
    case (.workoutControl(var intent), "workoutName"):
      intent.workoutName = value
      return .workoutControl(intent)
    case (.playMedia(var intent), "mediaName"):
      intent.mediaSearch.mediaName = value
      return .playMedia(intent)
    default:
      return self
    }
  }
}
