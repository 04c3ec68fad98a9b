import Foundation

/// The numbers of an evaluation, as the report's last line prints them (one JSON
/// object). Rates are in 0…1, rounded to 4 decimals; a rate over no rows is 0.
///
/// Decoding the last line with `JSONDecoder` gives back an equal value.
public struct EvalSummary: Sendable, Equatable, Codable {
  /// Rows evaluated (after the `--locale` filter; skipped lines not included).
  public var rows: Int
  public var intentAccuracy: Double
  /// Accuracy over rows whose expected intent is not `none`.
  public var inDomainAccuracy: Double
  /// Share of `none` rows predicted as a SiriKit intent.
  public var falseAcceptRate: Double
  public var slotPrecision: Double
  public var slotRecall: Double
  public var slotF1: Double
  /// Slot F1 over the scored rows whose predicted intent is right.
  public var slotF1IntentCorrect: Double
  public var inDomainRows: Int
  public var noneRows: Int
  public var intentCorrect: Int
  public var inDomainCorrect: Int
  public var falseAccepts: Int
  /// Rows whose slots are scored (expected intent not `none`, slots annotated).
  public var slotRows: Int
  public var slotTP: Int
  public var slotFP: Int
  public var slotFN: Int
  /// Malformed lines, skipped.
  public var skippedRows: Int
  /// Rows left out by the locale filter.
  public var filteredRows: Int
  /// Rows whose locale has no grammar folder, counted as unparsed (`none`).
  public var noGrammarRows: Int
  /// Headline figures by locale.
  public var locales: [String: EvalGroupSummary]
  /// Headline figures by source (the file's name without `.jsonl`).
  public var sources: [String: EvalGroupSummary]
  /// By intent label (expected or predicted): tp = correct, fp = predicted wrongly as
  /// it, fn = expected but predicted as something else.
  public var intents: [String: EvalScores]
  /// By scored slot name.
  public var slots: [String: EvalScores]
  /// `--variants`: by family, how many variants of the rows read right read the same
  /// (``PhrasingVariants``); `nil` without `--variants`.
  public var variants: [String: VariantFigures]?

  enum CodingKeys: String, CodingKey {
    case rows
    case intentAccuracy = "intent_accuracy"
    case inDomainAccuracy = "in_domain_accuracy"
    case falseAcceptRate = "false_accept_rate"
    case slotPrecision = "slot_precision"
    case slotRecall = "slot_recall"
    case slotF1 = "slot_f1"
    case slotF1IntentCorrect = "slot_f1_intent_correct"
    case inDomainRows = "in_domain_rows"
    case noneRows = "none_rows"
    case intentCorrect = "intent_correct"
    case inDomainCorrect = "in_domain_correct"
    case falseAccepts = "false_accepts"
    case slotRows = "slot_rows"
    case slotTP = "slot_tp"
    case slotFP = "slot_fp"
    case slotFN = "slot_fn"
    case skippedRows = "skipped_rows"
    case filteredRows = "filtered_rows"
    case noGrammarRows = "no_grammar_rows"
    case locales, sources, intents, slots, variants
  }

  public init(results: EvalResults) {
    let overall = results.overall
    rows = overall.rows
    intentAccuracy = round4(overall.intentAccuracy)
    inDomainAccuracy = round4(overall.inDomainAccuracy)
    falseAcceptRate = round4(overall.falseAcceptRate)
    slotPrecision = round4(overall.slotCounts.precision)
    slotRecall = round4(overall.slotCounts.recall)
    slotF1 = round4(overall.slotCounts.f1)
    slotF1IntentCorrect = round4(results.intentCorrectSlotCounts.f1)
    inDomainRows = overall.inDomainRows
    noneRows = overall.noneRows
    intentCorrect = overall.intentCorrect
    inDomainCorrect = overall.inDomainCorrect
    falseAccepts = overall.falseAccepts
    slotRows = overall.slotRows
    slotTP = overall.slotCounts.truePositives
    slotFP = overall.slotCounts.falsePositives
    slotFN = overall.slotCounts.falseNegatives
    skippedRows = results.problems.count
    filteredRows = results.filteredRows
    noGrammarRows = overall.noGrammarRows
    locales = Dictionary(uniqueKeysWithValues: results.figures { $0.locale }.map { ($0.key, EvalGroupSummary($0.figures)) })
    sources = Dictionary(uniqueKeysWithValues: results.figures { $0.source }.map { ($0.key, EvalGroupSummary($0.figures)) })
    intents = Dictionary(uniqueKeysWithValues: results.intents.map {
      ($0.intent, EvalScores(SlotCounts(
        truePositives: $0.correct, falsePositives: $0.predicted - $0.correct, falseNegatives: $0.support - $0.correct)))
    })
    slots = results.slots.mapValues(EvalScores.init)
  }

  /// The summary as one line of JSON, keys in a fixed order, rates with 4 decimals.
  public var jsonLine: String {
    var object = JSONLineWriter()
    object.add("rows", rows)
    object.add("intent_accuracy", intentAccuracy)
    object.add("in_domain_accuracy", inDomainAccuracy)
    object.add("false_accept_rate", falseAcceptRate)
    object.add("slot_precision", slotPrecision)
    object.add("slot_recall", slotRecall)
    object.add("slot_f1", slotF1)
    object.add("slot_f1_intent_correct", slotF1IntentCorrect)
    object.add("in_domain_rows", inDomainRows)
    object.add("none_rows", noneRows)
    object.add("intent_correct", intentCorrect)
    object.add("in_domain_correct", inDomainCorrect)
    object.add("false_accepts", falseAccepts)
    object.add("slot_rows", slotRows)
    object.add("slot_tp", slotTP)
    object.add("slot_fp", slotFP)
    object.add("slot_fn", slotFN)
    object.add("skipped_rows", skippedRows)
    object.add("filtered_rows", filteredRows)
    object.add("no_grammar_rows", noGrammarRows)
    object.add("locales", locales.keys.sorted().map { ($0, locales[$0]!.json) })
    object.add("sources", sources.keys.sorted().map { ($0, sources[$0]!.json) })
    object.add("intents", EvalIntents.sorted(intents.keys).map { ($0, intents[$0]!.json) })
    let slotOrder = SlotVocabulary.scoredSlots.filter { slots[$0] != nil } + slots.keys.filter { !SlotVocabulary.scoredSet.contains($0) }.sorted()
    object.add("slots", slotOrder.map { ($0, slots[$0]!.json) })
    if let variants {
      object.add("variants", PhrasingVariants.familyNames.filter { variants[$0] != nil }.map { name in
        var figures = JSONLineWriter()
        figures.add("held", variants[name]!.held)
        figures.add("total", variants[name]!.total)
        figures.add("share", variants[name]!.share)
        return (name, figures)
      })
    }
    return object.text
  }
}

/// The headline figures of a locale or source. A rate with nothing to measure (no
/// `none` rows for the false-accept rate, no scored slots) is `nil`, `null` in JSON.
public struct EvalGroupSummary: Sendable, Equatable, Codable {
  public var rows: Int
  public var intentAccuracy: Double?
  public var inDomainAccuracy: Double?
  public var falseAcceptRate: Double?
  public var slotPrecision: Double?
  public var slotRecall: Double?
  public var slotF1: Double?
  public var inDomainRows: Int
  public var noneRows: Int
  public var slotRows: Int
  public var noGrammarRows: Int

  enum CodingKeys: String, CodingKey {
    case rows
    case intentAccuracy = "intent_accuracy"
    case inDomainAccuracy = "in_domain_accuracy"
    case falseAcceptRate = "false_accept_rate"
    case slotPrecision = "slot_precision"
    case slotRecall = "slot_recall"
    case slotF1 = "slot_f1"
    case inDomainRows = "in_domain_rows"
    case noneRows = "none_rows"
    case slotRows = "slot_rows"
    case noGrammarRows = "no_grammar_rows"
  }

  public init(_ figures: EvalFigures) {
    func rate(_ value: Double, over count: Int) -> Double? { count == 0 ? nil : round4(value) }
    rows = figures.rows
    intentAccuracy = rate(figures.intentAccuracy, over: figures.rows)
    inDomainAccuracy = rate(figures.inDomainAccuracy, over: figures.inDomainRows)
    falseAcceptRate = rate(figures.falseAcceptRate, over: figures.noneRows)
    slotPrecision = rate(figures.slotCounts.precision, over: figures.slotRows)
    slotRecall = rate(figures.slotCounts.recall, over: figures.slotRows)
    slotF1 = rate(figures.slotCounts.f1, over: figures.slotRows)
    inDomainRows = figures.inDomainRows
    noneRows = figures.noneRows
    slotRows = figures.slotRows
    noGrammarRows = figures.noGrammarRows
  }

  var json: JSONLineWriter {
    var object = JSONLineWriter()
    object.add("rows", rows)
    object.add("intent_accuracy", intentAccuracy)
    object.add("in_domain_accuracy", inDomainAccuracy)
    object.add("false_accept_rate", falseAcceptRate)
    object.add("slot_precision", slotPrecision)
    object.add("slot_recall", slotRecall)
    object.add("slot_f1", slotF1)
    object.add("in_domain_rows", inDomainRows)
    object.add("none_rows", noneRows)
    object.add("slot_rows", slotRows)
    object.add("no_grammar_rows", noGrammarRows)
    return object
  }
}

/// Counts and scores of one intent or slot.
public struct EvalScores: Sendable, Equatable, Codable {
  public var tp: Int
  public var fp: Int
  public var fn: Int
  public var precision: Double
  public var recall: Double
  public var f1: Double

  public init(_ counts: SlotCounts) {
    tp = counts.truePositives
    fp = counts.falsePositives
    fn = counts.falseNegatives
    precision = round4(counts.precision)
    recall = round4(counts.recall)
    f1 = round4(counts.f1)
  }

  var json: JSONLineWriter {
    var object = JSONLineWriter()
    object.add("tp", tp)
    object.add("fp", fp)
    object.add("fn", fn)
    object.add("precision", precision)
    object.add("recall", recall)
    object.add("f1", f1)
    return object
  }
}

/// Rounds to 4 decimals, the precision the report prints.
func round4(_ value: Double) -> Double {
  guard value.isFinite else { return 0 }
  return (value * 10_000).rounded() / 10_000
}

/// Writes a JSON object on one line with its keys in the order added.
struct JSONLineWriter {
  private var members: [String] = []

  mutating func add(_ key: String, _ value: Int) {
    members.append("\(Self.quote(key)):\(value)")
  }

  mutating func add(_ key: String, _ value: Double?) {
    guard let value else {
      members.append("\(Self.quote(key)):null")
      return
    }
    members.append("\(Self.quote(key)):\(String(format: "%.4f", round4(value)))")
  }

  mutating func add(_ key: String, _ value: String) {
    members.append("\(Self.quote(key)):\(Self.quote(value))")
  }

  mutating func add(_ key: String, _ object: JSONLineWriter) {
    members.append("\(Self.quote(key)):\(object.text)")
  }

  mutating func add(_ key: String, _ objects: [(String, JSONLineWriter)]) {
    var inner = JSONLineWriter()
    for (name, object) in objects { inner.add(name, object) }
    add(key, inner)
  }

  var text: String { "{" + members.joined(separator: ",") + "}" }

  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          result += String(format: "\\u%04x", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
