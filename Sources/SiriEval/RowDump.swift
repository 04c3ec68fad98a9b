import Foundation

/// `siri eval --rows FILE`: every row's outcome as one JSON object a line, in input
/// order, so two grammar versions can be compared row by row (`diff`, `jq`).
///
/// Each line holds `id`, `source`, `text`, `intent` (expected), `predicted` (intent
/// label), `grammar_intent`, `template`, `slots` (expected), `predicted_slots` (name,
/// value and the words taken), `tp` / `fp` / `fn` and `errors` (missed and extra values).
public enum RowDump {
  public static func lines(for results: EvalResults) -> [String] {
    results.outcomes.map(line(for:))
  }

  static func line(for outcome: RowOutcome) -> String {
    var object: [String: Any] = [
      "id": outcome.row.id,
      "source": outcome.row.source,
      "text": outcome.row.text,
      "intent": outcome.row.intent,
      "predicted": outcome.predictedIntent,
      "slots": outcome.row.slots,
    ]
    if let prediction = outcome.prediction {
      object["grammar_intent"] = prediction.grammarIntent ?? NSNull()
      object["template"] = prediction.templateLocation ?? NSNull()
      object["predicted_slots"] = prediction.slots.map { ["name": $0.name, "value": $0.value, "text": $0.text] }
    } else {
      object["grammar_intent"] = NSNull()
      object["predicted_slots"] = [Any]()
    }
    if let slots = outcome.slots {
      let total = slots.total
      object["tp"] = total.truePositives
      object["fp"] = total.falsePositives
      object["fn"] = total.falseNegatives
      object["errors"] = slots.errors.map { ["kind": $0.kind.rawValue, "name": $0.name, "value": $0.value] }
    }
    guard
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
      let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
  }
}
