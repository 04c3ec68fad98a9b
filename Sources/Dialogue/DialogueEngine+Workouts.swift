import SiriIntents
import UtteranceParsing

extension DialogueEngine {
  // MARK: - StartWorkout

  /// Resolve → confirm → handle for "start a 30 minute outdoor wall climb with Ascent".
  /// The workout name is the parameter that talks back: needsValue asks what kind,
  /// confirmationRequired asks yes or no, disambiguation asks which one.
  mutating func runStartWorkout(
    _ intent: StartWorkoutIntent, handler: any StartWorkoutIntentHandling, app: any SimulatedApp, turn: inout Turn
  ) async {
    var intent = intent
    let name = await handler.resolveWorkoutName(for: intent)
    record("workoutName", name.erased { $0 }, app: app, turn: &turn)
    switch name {
    case .success(let value):
      intent.workoutName = value
    case .notRequired:
      break
    case .needsValue:
      let options = workoutNames(in: app).map(ReplyValue.text)
      ask(
        PendingQuestion(
          kind: .provideValue(parameter: "workoutName"), intent: .startWorkout(intent), app: app.name,
          question: Reply("ask.workoutName", ["app": .text(app.name), "options": .list(options)])),
        turn: &turn)
      return
    case .confirmationRequired(let value):
      ask(
        PendingQuestion(
          kind: .confirmValue(parameter: "workoutName", value: value), intent: .startWorkout(intent), app: app.name,
          question: Reply("ask.confirm.workoutName", ["value": .text(value), "app": .text(app.name)])),
        turn: &turn)
      return
    case .disambiguation(let values):
      ask(
        PendingQuestion(
          kind: .chooseValue(parameter: "workoutName", options: values), intent: .startWorkout(intent), app: app.name,
          question: Reply("ask.disambiguation", ["options": .list(values.map(ReplyValue.text))])),
        turn: &turn)
      return
    case .unsupported(let reason):
      turn.replies.append(workoutReply("StartWorkout", outcome: "unsupported.\(reason?.name ?? "generic")", intent: .startWorkout(intent), app: app))
      return
    }

    let goal = await handler.resolveGoalValue(for: intent)
    record("goalValue", goal.erased { SlotValue.number($0).description }, app: app, turn: &turn)
    let unit = await handler.resolveWorkoutGoalUnitType(for: intent)
    record("workoutGoalUnitType", unit.erased(\.name), app: app, turn: &turn)
    if case .unsupported = goal {
      turn.replies.append(workoutReply("StartWorkout", outcome: "unsupported.goal", intent: .startWorkout(intent), app: app))
      return
    }
    if case .needsValue = unit {
      // A goal with no unit ("a 30 climb"): start open-ended rather than guess.
      intent.goalValue = nil
      intent.workoutGoalUnitType = .unknown
    }
    let location = await handler.resolveWorkoutLocationType(for: intent)
    record("workoutLocationType", location.erased(\.name), app: app, turn: &turn)
    let openEnded = await handler.resolveIsOpenEnded(for: intent)
    record("isOpenEnded", openEnded.erased { String($0) }, app: app, turn: &turn)
    if case .success(let value) = openEnded { intent.isOpenEnded = value }

    let confirmation = await handler.confirm(intent: intent)
    turn.events.append(.confirmed(app: app.name, code: confirmation.code.name))
    guard confirmation.code == .ready || confirmation.code == .success else {
      turn.code = confirmation.code.name
      turn.replies.append(
        workoutReply("StartWorkout", outcome: confirmation.code.name, note: confirmation.note, intent: .startWorkout(intent), app: app))
      return
    }
    let response = await handler.handle(intent: intent)
    turn.events.append(.handled(app: app.name, code: response.code.name))
    turn.code = response.code.name
    guard response.code == .handleInApp || response.code == .continueInApp else {
      turn.replies.append(workoutReply("StartWorkout", outcome: response.code.name, note: response.note, intent: .startWorkout(intent), app: app))
      return
    }
    await launch(app, foreground: response.code == .continueInApp, turn: &turn)
    let appResponse = await app.mainApp.application(handle: .startWorkout(intent))
    turn.events.append(.appHandled(app: app.name, code: appResponse.codeName, detail: workoutDetail(app)))
    var outcome = "success"
    var note: String? = intent.goalValue == nil ? "openEnded" : nil
    if case .startWorkout(let started) = appResponse, started.code != .success {
      outcome = started.code.name
      note = started.note
    }
    turn.replies.append(workoutReply("StartWorkout", outcome: outcome, note: note, intent: .startWorkout(intent), app: app))
  }

  // MARK: - Pause, resume, cancel, end

  mutating func runWorkoutControl(
    _ intent: WorkoutControlIntent, handler: any WorkoutControlIntentHandling, app: any SimulatedApp, turn: inout Turn
  ) async {
    var intent = intent
    let intentName = intent.action.intentName.rawValue
    let name = await handler.resolveWorkoutName(for: intent)
    record("workoutName", name.erased { $0 }, app: app, turn: &turn)
    if case .success(let value) = name { intent.workoutName = value }

    let before = (app as? any WorkoutReporting)?.currentWorkoutSummary()
    let confirmation = await handler.confirm(intent: intent)
    turn.events.append(.confirmed(app: app.name, code: confirmation.code.name))
    guard confirmation.code == .ready || confirmation.code == .success else {
      turn.code = confirmation.code.name
      turn.replies.append(workoutReply(intentName, outcome: confirmation.code.name, note: confirmation.note, intent: .workoutControl(intent), app: app, summary: before))
      return
    }
    let response = await handler.handle(intent: intent)
    turn.events.append(.handled(app: app.name, code: response.code.name))
    turn.code = response.code.name
    guard response.code == .handleInApp || response.code == .continueInApp else {
      turn.replies.append(workoutReply(intentName, outcome: response.code.name, note: response.note, intent: .workoutControl(intent), app: app, summary: before))
      return
    }
    await launch(app, foreground: response.code == .continueInApp, turn: &turn)
    let appResponse = await app.mainApp.application(handle: .workoutControl(intent))
    turn.events.append(.appHandled(app: app.name, code: appResponse.codeName, detail: workoutDetail(app)))
    var outcome = "success"
    var note: String?
    if case .workoutControl(let done) = appResponse, done.code != .success {
      outcome = done.code.name
      note = done.note
    }
    // After "end", the workout just finished is the last one in the history.
    let summary = intent.action == .end && outcome == "success"
      ? (app as? any WorkoutReporting)?.lastWorkoutSummary() : ((app as? any WorkoutReporting)?.currentWorkoutSummary() ?? before)
    turn.replies.append(workoutReply(intentName, outcome: outcome, note: note, intent: .workoutControl(intent), app: app, summary: summary))
  }

  // MARK: - Helpers

  /// What Siri says about a workout request: `StartWorkout.success`,
  /// `PauseWorkout.failure.alreadyPaused`, … with the workout's name, goal, place and time.
  func workoutReply(
    _ intent: String, outcome: String, note: String? = nil, intent request: Intent, app: any SimulatedApp,
    summary: WorkoutSummary? = nil
  ) -> Reply {
    var arguments: [String: ReplyValue] = ["app": .text(app.name)]
    switch request {
    case .startWorkout(let start):
      if let name = start.workoutName { arguments["workoutName"] = .text(name) }
      if let value = start.goalValue, start.workoutGoalUnitType != .unknown {
        arguments["goal"] = .phrase(Reply("goal.\(start.workoutGoalUnitType.name)", ["value": .text(SlotValue.number(value).description)]))
      }
      if start.workoutLocationType != .unknown {
        // A word of the locale ("outdoor", "户外"), not the type's name.
        arguments["location"] = .phrase(Reply("location.\(start.workoutLocationType.name)"))
      }
    case .workoutControl(let control):
      if let name = control.workoutName { arguments["workoutName"] = .text(name) }
    default:
      break
    }
    let summary = summary ?? (request.name == .startWorkout && outcome == "failureOngoingWorkout"
      ? (app as? any WorkoutReporting)?.currentWorkoutSummary() : nil)
    if let summary {
      arguments["workoutName"] = .text(summary.name)
      arguments["duration"] = .phrase(Self.durationPhrase(summary.activeSeconds))
      if let goal = summary.goal { arguments["goalText"] = .text(goal) }
    }
    var keys: [String] = []
    if let note { keys += ["\(intent).\(outcome).\(note)", "workout.\(outcome).\(note)"] }
    keys += ["\(intent).\(outcome)", "workout.\(outcome)", outcome.hasPrefix("failure") ? "failure" : "done"]
    return Reply(keys[0], fallbacks: Array(keys.dropFirst()), arguments)
  }

  /// "25 minutes", "1 hour and 5 minutes", "40 seconds".
  static func durationPhrase(_ seconds: Double) -> Reply {
    let total = Int(min(max(seconds, 0), 1e15).rounded())
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    if hours > 0 {
      return Reply("duration.hoursMinutes", fallbacks: [], ["hours": .text(String(hours)), "minutes": .text(String(minutes)), "h": .text(hours == 1 ? "one" : "many"), "m": .text(minutes == 1 ? "one" : "many")])
    }
    if minutes > 0 { return Reply(minutes == 1 ? "duration.minute" : "duration.minutes", ["minutes": .text(String(minutes))]) }
    return Reply(total == 1 ? "duration.second" : "duration.seconds", ["seconds": .text(String(total))])
  }

  /// The workout the app is running now, for the trace.
  func workoutDetail(_ app: any SimulatedApp) -> String {
    guard let summary = (app as? any WorkoutReporting)?.currentWorkoutSummary() else { return "no workout running" }
    return "\(summary.name) \(summary.isPaused ? "paused" : "active")"
  }

  /// The workout names an app knows, to offer when asking what kind.
  func workoutNames(in app: any SimulatedApp) -> [String] {
    var seen = Set<String>()
    return app.vocabulary().filter { $0.type == .workoutActivityName && $0.value != "climbing" }
      .map(\.value).filter { seen.insert($0).inserted }
  }
}
