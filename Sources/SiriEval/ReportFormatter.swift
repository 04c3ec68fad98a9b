import Foundation

/// A row the parser got wrong, for `--misses`.
public struct EvalMiss: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// An in-domain row given the wrong intent (another SiriKit intent, or `none`).
    case intent
    /// A `none` row taken for a SiriKit intent.
    case falseAccept = "false accept"
    /// The intent is right, some slots are not.
    case slots
  }

  public var kind: Kind
  public var outcome: RowOutcome

  /// The misses in report order, at most `limit`: in-domain intent misses (a wrong
  /// SiriKit intent before no intent), then false accepts, then slot misses (most
  /// slot errors first). Within each group the sources take turns, so one large file
  /// does not hide the others.
  public static func worst(_ results: EvalResults, limit: Int) -> [EvalMiss] {
    guard limit > 0 else { return [] }
    let outcomes = results.outcomes
    let inDomain = outcomes.filter { $0.row.isInDomain && !$0.isIntentCorrect }
    let wrongIntent = inDomain.filter { $0.predictedIntent != EvalIntents.none }
    let noIntent = inDomain.filter { $0.predictedIntent == EvalIntents.none }
    let falseAccepts = outcomes.filter(\.isFalseAccept)
    let slotMisses = outcomes.filter { $0.isIntentCorrect && ($0.slots?.total.errors ?? 0) > 0 }
    let byErrors = Dictionary(grouping: slotMisses) { $0.slots!.total.errors }

    var misses: [EvalMiss] = []
    func take(_ group: [RowOutcome], as kind: Kind) {
      for outcome in interleavedBySource(group) {
        guard misses.count < limit else { return }
        misses.append(EvalMiss(kind: kind, outcome: outcome))
      }
    }
    take(wrongIntent, as: .intent)
    take(noIntent, as: .intent)
    take(falseAccepts, as: .falseAccept)
    for errors in byErrors.keys.sorted(by: >) { take(byErrors[errors]!, as: .slots) }
    return misses
  }

  static func interleavedBySource(_ outcomes: [RowOutcome]) -> [RowOutcome] {
    var order: [String] = []
    var groups: [String: [RowOutcome]] = [:]
    for outcome in outcomes {
      if groups[outcome.row.source] == nil { order.append(outcome.row.source) }
      groups[outcome.row.source, default: []].append(outcome)
    }
    var result: [RowOutcome] = []
    result.reserveCapacity(outcomes.count)
    var index = 0
    while result.count < outcomes.count {
      for source in order where index < groups[source]!.count { result.append(groups[source]![index]) }
      index += 1
    }
    return result
  }
}

/// Turns results into the human report.
public enum ReportFormatter {
  /// The report lines; the last one is the summary's JSON object.
  public static func lines(
    for results: EvalResults, summary: EvalSummary, files: [String], misses: Int, variants: VariantResults? = nil
  ) -> [String] {
    var lines: [String] = []
    let overall = results.overall
    let byLocale = results.figures { $0.locale }
    let bySource = results.figures { $0.source }

    let localeCounts = byLocale.map { "\($0.key) \($0.figures.rows)" }.joined(separator: ", ")
    lines.append("siri eval: \(overall.rows) rows from \(files.count) file\(files.count == 1 ? "" : "s")"
      + (localeCounts.isEmpty ? "" : " (\(localeCounts))"))
    if !results.problems.isEmpty {
      lines.append("Skipped \(results.problems.count) malformed line\(results.problems.count == 1 ? "" : "s") (see the warnings).")
    }
    if results.filteredRows > 0 {
      lines.append("Left out \(results.filteredRows) rows of other locales (--locale).")
    }
    let noGrammar = byLocale.filter { $0.figures.noGrammarRows > 0 }
    if !noGrammar.isEmpty {
      let parts = noGrammar.map { "\($0.key) \($0.figures.noGrammarRows)" }.joined(separator: ", ")
      lines.append("No grammar for \(overall.noGrammarRows) rows (\(parts)): no folder with .grammar files; counted as unparsed (none).")
    }

    lines.append("")
    lines.append("Headline")
    let slotTotal = overall.slotCounts
    lines += table(
      ["", "", ""],
      [
        ["intent accuracy", fmt(overall.intentAccuracy), "\(overall.intentCorrect)/\(overall.rows) rows"],
        ["in-domain accuracy", fmt(overall.inDomainAccuracy), "\(overall.inDomainCorrect)/\(overall.inDomainRows) rows expecting a SiriKit intent"],
        ["false-accept rate", fmt(overall.falseAcceptRate), "\(overall.falseAccepts)/\(overall.noneRows) none rows taken for a SiriKit intent"],
        ["slot precision", fmt(slotTotal.precision), "TP \(slotTotal.truePositives), FP \(slotTotal.falsePositives)"],
        ["slot recall", fmt(slotTotal.recall), "FN \(slotTotal.falseNegatives)"],
        ["slot F1", fmt(slotTotal.f1), "over \(overall.slotRows) rows (intent not none, slots annotated), whatever intent was predicted"],
        ["slot F1, intent right", fmt(results.intentCorrectSlotCounts.f1), "over the \(results.intentCorrectSlotRows) of them whose intent was predicted right"],
      ], header: false, right: [false, true, false])

    for (title, groups) in [("By source", bySource), ("By locale", byLocale)] {
      lines.append("")
      lines.append(title)
      lines += table(
        ["", "rows", "intent", "in-domain", "FA rate", "none", "slot P", "slot R", "slot F1", "slot rows"],
        groups.map { name, f in
          [name, "\(f.rows)", fmt(f.intentAccuracy), f.inDomainRows > 0 ? fmt(f.inDomainAccuracy) : "-",
           f.noneRows > 0 ? fmt(f.falseAcceptRate) : "-", "\(f.noneRows)",
           f.slotRows > 0 ? fmt(f.slotCounts.precision) : "-", f.slotRows > 0 ? fmt(f.slotCounts.recall) : "-",
           f.slotRows > 0 ? fmt(f.slotCounts.f1) : "-", "\(f.slotRows)"]
        })
    }
    let strata = results.falseAcceptsByStratum
    if !strata.isEmpty {
      lines.append("False accepts by out-of-domain stratum: "
        + strata.map { "\($0.stratum) \($0.falseAccepts)/\($0.rows)" }.joined(separator: ", "))
    }

    lines.append("")
    lines.append("Intents (support = rows expecting it, predicted = rows given it)")
    lines += table(
      ["intent", "support", "predicted", "correct", "precision", "recall", "F1"],
      results.intents.map {
        [$0.intent, "\($0.support)", "\($0.predicted)", "\($0.correct)", fmt($0.precision), fmt($0.recall), fmt($0.f1)]
      })
    let others = results.nonSiriKitParses
    if !others.isEmpty {
      lines.append("Grammar intents counted as none: " + countList(others))
    }

    lines.append("")
    lines.append("Confusion (rows: expected, columns: predicted)")
    let confusion = results.confusion
    let expectedLabels = EvalIntents.sorted(confusion.keys)
    let predictedLabels = EvalIntents.sorted(confusion.values.flatMap(\.keys))
    lines += table(
      ["expected \\ predicted"] + predictedLabels.map(abbreviation),
      expectedLabels.map { expected in
        [expected] + predictedLabels.map { predicted in
          let count = confusion[expected]?[predicted] ?? 0
          return count == 0 ? "." : "\(count)"
        }
      })

    lines.append("")
    lines.append("Slots (rows expecting a SiriKit intent with annotated slots)")
    let slots = results.slots
    lines += table(
      ["slot", "TP", "FP", "FN", "precision", "recall", "F1"],
      SlotVocabulary.scoredSlots.compactMap { name in
        guard let c = slots[name] else { return nil }
        return [name, "\(c.truePositives)", "\(c.falsePositives)", "\(c.falseNegatives)", fmt(c.precision), fmt(c.recall), fmt(c.f1)]
      } + [["all", "\(slotTotal.truePositives)", "\(slotTotal.falsePositives)", "\(slotTotal.falseNegatives)",
            fmt(slotTotal.precision), fmt(slotTotal.recall), fmt(slotTotal.f1)]])
    let implied = results.impliedAgreement
    if !implied.isEmpty {
      lines.append("Implied slots (not scored), parse agreed: "
        + implied.keys.sorted().map { "\($0) \(implied[$0]!.agreed)/\(implied[$0]!.implied)" }.joined(separator: ", "))
    }
    let unscored = results.unscoredSlots
    if !unscored.isEmpty {
      lines.append("Predicted but not scored: " + countList(unscored, limit: 12))
    }

    let worst = EvalMiss.worst(results, limit: misses)
    if misses > 0 {
      lines.append("")
      lines.append("Misses (\(worst.count) of \(countMisses(results)): intent, then false accepts, then slots)")
      for (index, miss) in worst.enumerated() {
        lines += missLines(miss, number: index + 1)
      }
    }

    if let variants { lines += Self.lines(for: variants) } else { lines.append("") }
    lines.append(summary.jsonLine)
    return lines
  }

  static func countMisses(_ results: EvalResults) -> Int {
    results.outcomes.filter {
      !$0.isIntentCorrect || ($0.slots?.total.errors ?? 0) > 0
    }.count
  }

  static func missLines(_ miss: EvalMiss, number: Int) -> [String] {
    let outcome = miss.outcome
    let row = outcome.row
    var lines = ["\(number). [\(miss.kind.rawValue)] \(row.source):\(row.line) \(row.id)  \(JSONLineWriter.quote(row.text))"]
    lines.append("     expected \(row.intent)\(describe(expected: row.slots))"
      + (row.implied.isEmpty ? "" : "  (implied\(describe(expected: row.implied)))"))
    guard let prediction = outcome.prediction else {
      lines.append("     parsed   none (no grammar for \(row.locale))")
      return lines
    }
    guard let intent = prediction.grammarIntent else {
      lines.append("     parsed   none (no parse)")
      return lines
    }
    let label = prediction.intent == intent ? intent : "\(intent) (= none)"
    lines.append("     parsed   \(label)\(describe(predicted: prediction.slots))")
    if let location = prediction.templateLocation {
      lines.append("     template \(location)  \(prediction.templateText ?? "")")
    }
    if miss.kind == .slots, let errors = outcome.slots?.errors {
      let missed = errors.filter { $0.kind == .missed }.map { "\($0.name)=\(quoteIfSpan($0.name, $0.value))" }
      let extra = errors.filter { $0.kind == .extra }.map { "\($0.name)=\(quoteIfSpan($0.name, $0.value))" }
      var parts: [String] = []
      if !missed.isEmpty { parts.append("missed " + missed.joined(separator: ", ")) }
      if !extra.isEmpty { parts.append("wrong " + extra.joined(separator: ", ")) }
      lines.append("     slots    " + parts.joined(separator: "; "))
    }
    return lines
  }

  static func describe(expected slots: [String: [String]]) -> String {
    let names = SlotVocabulary.scoredSlots.filter { slots[$0] != nil } + slots.keys.filter { !SlotVocabulary.scoredSet.contains($0) }.sorted()
    return names.map { name in
      let values = slots[name]!.map { quoteIfSpan(name, $0) }
      return " \(name)=" + (values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]")
    }.joined()
  }

  static func describe(predicted slots: [PredictedSlot]) -> String {
    slots.map { slot in
      if slot.text.isEmpty || SlotVocabulary.enumerations[slot.name] != nil { return " \(slot.name)=\(slot.value)" }
      let shown = JSONLineWriter.quote(slot.text)
      return slot.value == slot.text ? " \(slot.name)=\(shown)" : " \(slot.name)=\(shown)→\(slot.value)"
    }.joined()
  }

  static func quoteIfSpan(_ name: String, _ value: String) -> String {
    SlotVocabulary.enumerations[name] == nil ? JSONLineWriter.quote(value) : value
  }

  static func countList(_ counts: [String: Int], limit: Int = .max) -> String {
    let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    var text = sorted.prefix(limit).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    if sorted.count > limit { text += ", … (\(sorted.count - limit) more)" }
    return text
  }

  static func abbreviation(_ label: String) -> String {
    switch label {
    case "PlayMedia": return "Play"
    case "AddMedia": return "Add"
    case "UpdateMediaAffinity": return "Affinity"
    case "SearchForMedia": return "Search"
    case "StartWorkout": return "StartW"
    case "PauseWorkout": return "PauseW"
    case "ResumeWorkout": return "ResumeW"
    case "CancelWorkout": return "CancelW"
    case "EndWorkout": return "EndW"
    default: return label
    }
  }

  /// The `--variants` table, and a few readings that changed.
  static func lines(for variants: VariantResults) -> [String] {
    var lines = ["", "Phrasing variants (rows read right, said another way; held = same intent and slots)"]
    let order = PhrasingVariants.familyNames.filter { variants.families[$0] != nil }
    lines += table(
      ["family", "held", "of", "share"],
      order.map { name in
        let figures = variants.families[name]!
        return [name, "\(figures.held)", "\(figures.total)", fmt(figures.share)]
      })
    if !variants.examples.isEmpty {
      lines.append("")
      lines.append("Changed readings (at most \(VariantResults.examplesPerFamily) a family)")
      for example in variants.examples {
        lines.append("  [\(example.family)] \(example.variant)")
        lines.append("      was: \(example.before)")
        lines.append("      now: \(example.after)")
      }
    }
    lines.append("")
    return lines
  }

  static func fmt(_ value: Double) -> String { String(format: "%.4f", round4(value)) }

  /// Columns padded to their widest cell; the first column left-aligned, the others
  /// right-aligned unless `right` says otherwise.
  static func table(_ header: [String], _ rows: [[String]], header showHeader: Bool = true, right: [Bool]? = nil) -> [String] {
    let all = (showHeader ? [header] : []) + rows
    let columns = all.map(\.count).max() ?? 0
    var widths = Array(repeating: 0, count: columns)
    for row in all {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return all.map { row in
      var line = "  "
      for (index, cell) in row.enumerated() {
        let alignRight = right?[index] ?? (index > 0)
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        if index > 0 { line += "  " }
        line += alignRight ? padding + cell : cell + (index == row.count - 1 ? "" : padding)
      }
      return line
    }
  }
}
