/// How one row came out.
public struct RowOutcome: Sendable, Equatable {
  public var row: EvalRow
  /// What the parser made of it; `nil` when the row's locale has no grammar.
  public var prediction: EvalPrediction?
  /// The slot comparison; `nil` when the row's slots are not scored (expected intent
  /// `none`, or `slots_annotated: false`).
  public var slots: SlotComparison?

  public init(row: EvalRow, prediction: EvalPrediction?) {
    self.row = row
    self.prediction = prediction
    if row.isInDomain, row.slotsAnnotated {
      // A prediction of `none` (no parse, a playback command) brings no slots.
      let predicted = prediction.map { $0.intent == EvalIntents.none ? [] : $0.slots } ?? []
      slots = SlotComparison.compare(
        expected: row.slots, implied: row.implied, predicted: predicted, conventions: LabelConventions(for: row))
    }
  }

  /// The predicted label: a SiriKit intent or `none`.
  public var predictedIntent: String { prediction?.intent ?? EvalIntents.none }
  public var isIntentCorrect: Bool { LabelConventions(for: row).accepts(predictedIntent, for: row.intent) }
  public var hasGrammar: Bool { prediction != nil }
  /// An out-of-domain row taken for a SiriKit intent.
  public var isFalseAccept: Bool { !row.isInDomain && predictedIntent != EvalIntents.none }
}

/// The headline figures of a set of rows.
public struct EvalFigures: Sendable, Equatable {
  public var rows: Int
  public var inDomainRows: Int
  public var noneRows: Int
  public var noGrammarRows: Int
  public var intentCorrect: Int
  public var inDomainCorrect: Int
  public var falseAccepts: Int
  /// Rows whose slots are scored.
  public var slotRows: Int
  public var slotCounts: SlotCounts

  public var intentAccuracy: Double { ratio(intentCorrect, rows) }
  public var inDomainAccuracy: Double { ratio(inDomainCorrect, inDomainRows) }
  public var falseAcceptRate: Double { ratio(falseAccepts, noneRows) }

  public init(_ outcomes: some Sequence<RowOutcome>) {
    rows = 0
    inDomainRows = 0
    noneRows = 0
    noGrammarRows = 0
    intentCorrect = 0
    inDomainCorrect = 0
    falseAccepts = 0
    slotRows = 0
    slotCounts = SlotCounts()
    for outcome in outcomes {
      rows += 1
      if !outcome.hasGrammar { noGrammarRows += 1 }
      if outcome.isIntentCorrect { intentCorrect += 1 }
      if outcome.row.isInDomain {
        inDomainRows += 1
        if outcome.isIntentCorrect { inDomainCorrect += 1 }
      } else {
        noneRows += 1
        if outcome.isFalseAccept { falseAccepts += 1 }
      }
      if let slots = outcome.slots {
        slotRows += 1
        slotCounts += slots.total
      }
    }
  }
}

/// One line of the intent table.
public struct IntentFigures: Sendable, Equatable {
  public var intent: String
  /// Rows that expect the intent.
  public var support: Int
  /// Rows predicted as the intent.
  public var predicted: Int
  public var correct: Int

  public var precision: Double { ratio(correct, predicted) }
  public var recall: Double { ratio(correct, support) }
  public var f1: Double { f1Score(precision: precision, recall: recall) }
}

/// Everything the evaluation found, before formatting.
public struct EvalResults: Sendable {
  public var outcomes: [RowOutcome]
  /// Lines that could not be read.
  public var problems: [EvalProblem]
  /// Rows left out by the `--locale` filter.
  public var filteredRows: Int

  public init(outcomes: [RowOutcome], problems: [EvalProblem] = [], filteredRows: Int = 0) {
    self.outcomes = outcomes
    self.problems = problems
    self.filteredRows = filteredRows
  }

  /// Scores `rows` with `parse`, which returns `nil` when the row's locale has no grammar.
  public static func evaluate(
    _ rows: [EvalRow], problems: [EvalProblem] = [], filteredRows: Int = 0, parse: (EvalRow) -> EvalPrediction?
  ) -> EvalResults {
    EvalResults(outcomes: rows.map { RowOutcome(row: $0, prediction: parse($0)) }, problems: problems, filteredRows: filteredRows)
  }

  public var overall: EvalFigures { EvalFigures(outcomes) }

  /// Figures on the rows whose predicted intent is right (slot scores "given the intent").
  public var intentCorrectSlotCounts: SlotCounts {
    outcomes.filter(\.isIntentCorrect).compactMap(\.slots).reduce(SlotCounts()) { $0 + $1.total }
  }
  public var intentCorrectSlotRows: Int { outcomes.filter { $0.isIntentCorrect && $0.slots != nil }.count }

  /// Figures by a key of the row (locale, source), keys sorted.
  public func figures(by key: (EvalRow) -> String) -> [(key: String, figures: EvalFigures)] {
    var groups: [String: [RowOutcome]] = [:]
    var order: [String] = []
    for outcome in outcomes {
      let name = key(outcome.row)
      if groups[name] == nil { order.append(name) }
      groups[name, default: []].append(outcome)
    }
    return order.map { ($0, EvalFigures(groups[$0]!)) }
  }

  /// Per-intent figures over expected and predicted labels.
  public var intents: [IntentFigures] {
    var support: [String: Int] = [:]
    var predicted: [String: Int] = [:]
    var correct: [String: Int] = [:]
    for outcome in outcomes {
      support[outcome.row.intent, default: 0] += 1
      // A prediction the source's conventions accept (a search where the source files it
      // under play) counts as the intent it was accepted for, not as a wrong other one.
      predicted[outcome.isIntentCorrect ? outcome.row.intent : outcome.predictedIntent, default: 0] += 1
      if outcome.isIntentCorrect { correct[outcome.row.intent, default: 0] += 1 }
    }
    return EvalIntents.sorted(Array(support.keys) + Array(predicted.keys)).map {
      IntentFigures(intent: $0, support: support[$0] ?? 0, predicted: predicted[$0] ?? 0, correct: correct[$0] ?? 0)
    }
  }

  /// Counts of (expected, predicted) label pairs.
  public var confusion: [String: [String: Int]] {
    var matrix: [String: [String: Int]] = [:]
    for outcome in outcomes {
      matrix[outcome.row.intent, default: [:]][outcome.predictedIntent, default: 0] += 1
    }
    return matrix
  }

  /// Slot counts by slot name, over the scored rows.
  public var slots: [String: SlotCounts] {
    var byName: [String: SlotCounts] = [:]
    for comparison in outcomes.compactMap(\.slots) {
      for (name, counts) in comparison.counts { byName[name, default: SlotCounts()] += counts }
    }
    return byName
  }

  /// Grammar intents that are not SiriKit intents, counted as `none`, with how often.
  public var nonSiriKitParses: [String: Int] {
    var counts: [String: Int] = [:]
    for outcome in outcomes {
      if let intent = outcome.prediction?.grammarIntent, !EvalIntents.siriKitSet.contains(intent) {
        counts[intent, default: 0] += 1
      }
    }
    return counts
  }

  /// Predicted slots left unscored (grammar-only names, values outside the data's
  /// vocabulary), with how often.
  public var unscoredSlots: [String: Int] {
    var counts: [String: Int] = [:]
    for comparison in outcomes.compactMap(\.slots) {
      for name in comparison.unscored { counts[name, default: 0] += 1 }
    }
    return counts
  }

  /// For each implied slot: (rows where it is implied and scored, rows where the parse agreed).
  public var impliedAgreement: [String: (implied: Int, agreed: Int)] {
    var counts: [String: (implied: Int, agreed: Int)] = [:]
    for outcome in outcomes {
      guard let comparison = outcome.slots else { continue }
      for name in outcome.row.implied.keys where outcome.row.slots[name] == nil {
        counts[name, default: (0, 0)].implied += 1
      }
      for name in comparison.impliedAgreed { counts[name, default: (0, 0)].agreed += 1 }
    }
    return counts
  }

  /// False-accept figures of the out-of-domain rows by `ood_stratum`.
  public var falseAcceptsByStratum: [(stratum: String, rows: Int, falseAccepts: Int)] {
    var counts: [String: (Int, Int)] = [:]
    for outcome in outcomes where !outcome.row.isInDomain {
      guard let stratum = outcome.row.oodStratum else { continue }
      counts[stratum, default: (0, 0)].0 += 1
      if outcome.isFalseAccept { counts[stratum, default: (0, 0)].1 += 1 }
    }
    return counts.keys.sorted().map { ($0, counts[$0]!.0, counts[$0]!.1) }
  }
}
