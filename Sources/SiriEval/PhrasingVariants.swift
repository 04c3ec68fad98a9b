import Foundation

/// A request said another way: with a hesitation before it, a tag or a circumstance
/// after it, or asked in other words. A grammar that understands people as they talk
/// reads each the same as the request itself; `siri eval --variants` measures how often
/// it does, family by family, on the rows it reads right.
///
/// The forms are the measuring instrument, not the grammar's: several are on purpose
/// phrasings no shipped grammar lists, so the figure says how far a grammar's patterns
/// reach, not how many of these forms were typed into it.
public struct PhrasingVariant: Sendable, Equatable {
  /// What kind of change: `opening`, `closing`, `occasion`, `asking`, `adding`.
  public var family: String
  public var text: String
}

public enum PhrasingVariants {
  /// One family: its forms, and how a form changes a request (`nil`: not this request).
  struct Family: Sendable {
    var name: String
    var forms: [String]
    var apply: @Sendable (_ request: String, _ form: String) -> String?
  }

  /// The families of a locale; none for a locale without them.
  static func families(locale: String) -> [Family] {
    switch locale {
    case "en-US":
      return [
        Family(name: "opening", forms: ["um", "uh", "so", "well", "okay", "i think", "and", "hmm", "oh", "alright"]) {
          "\($1) \($0)"
        },
        Family(name: "closing", forms: ["if you can", "would you", "ok", "if you don't mind", "thanks", "when you get a chance"]) {
          "\(trimmed($0)) \($1)"
        },
        Family(
          name: "occasion",
          forms: [
            "tonight", "for an hour", "too", "in the kitchen", "while i cook", "right away", "this afternoon",
            "for the drive home",
          ]
        ) { "\(trimmed($0)) \($1)" },
        Family(
          name: "asking",
          forms: [
            "can you play", "how about playing", "why don't you play", "can we hear", "would you mind playing",
            "i'd like you to play", "could you maybe play",
          ]
        ) { replacingLeadingWord("play", in: $0, with: $1) },
        Family(name: "adding", forms: ["could you add", "how about adding", "also add", "can we add", "why don't you add"]) {
          replacingLeadingWord("add", in: $0, with: $1)
        },
      ]
    case "zh-CN":
      return [
        Family(name: "opening", forms: ["嗯", "呃", "那么", "额"]) { "\($1)\($0)" },
        Family(name: "closing", forms: ["好吗", "可以吗", "谢谢"]) { "\(trimmed($0))\($1)" },
      ]
    default:
      return []
    }
  }

  /// The names of the families, in the order reported (en-US has them all).
  public static let familyNames = families(locale: "en-US").map(\.name)

  /// One variant of `text` per family that applies to it, each with the form a hash of
  /// `id` picks: a run is repeatable, and the forms spread over the rows.
  public static func variants(of text: String, id: String, locale: String) -> [PhrasingVariant] {
    families(locale: locale).compactMap { family in
      let form = family.forms[Int(EvalSplit.hash("\(family.name)\u{1F}\(id)") % UInt64(family.forms.count))]
      return family.apply(text, form).map { PhrasingVariant(family: family.name, text: $0) }
    }
  }

  /// `text` without the sentence's closing punctuation, so a tag can follow it.
  static func trimmed(_ text: String) -> String {
    var result = Substring(text)
    while let last = result.last, last == "." || last == "!" || last == "?" || last == "。" || last == "！" || last == "？" || last == " " {
      result = result.dropLast()
    }
    return String(result)
  }

  /// `text` with its first word, when that is `word` (in any case), replaced by `form`.
  static func replacingLeadingWord(_ word: String, in text: String, with form: String) -> String? {
    guard let space = text.firstIndex(of: " "), text[..<space].lowercased() == word else { return nil }
    return form + text[space...]
  }
}

/// How the variants of one family came out: how many read as the request itself.
public struct VariantFigures: Sendable, Equatable, Codable {
  public var held: Int
  public var total: Int
  /// `held / total`, 4 decimals; 0 with no variants.
  public var share: Double

  public init(held: Int, total: Int) {
    self.held = held
    self.total = total
    share = total == 0 ? 0 : round4(Double(held) / Double(total))
  }
}

/// A variant whose reading changed, for the report.
public struct ChangedVariant: Sendable, Equatable {
  public var family: String
  public var variant: String
  /// The request's reading and the variant's, `Intent name=value …`.
  public var before: String
  public var after: String
}

/// The variants of the rows read right, and what the grammar made of them.
public struct VariantResults: Sendable, Equatable {
  public var families: [String: VariantFigures]
  /// A few changed readings of each family, in row order.
  public var examples: [ChangedVariant]

  /// How many changed readings of each family the report shows.
  public static let examplesPerFamily = 3

  /// Whether `variant` reads as `request` did: the same intent, and the same SiriKit
  /// slots with the same values (slots the evaluation doesn't score, such as `domain`,
  /// are left out: a variant may add a duration).
  static func holds(_ variant: EvalPrediction, as request: EvalPrediction) -> Bool {
    variant.grammarIntent == request.grammarIntent && scoredSlots(variant) == scoredSlots(request)
  }

  static func scoredSlots(_ prediction: EvalPrediction) -> [String] {
    prediction.slots.filter { SlotVocabulary.scoredSet.contains($0.name) }.map { "\($0.name)=\($0.value)" }.sorted()
  }

  static func describe(_ prediction: EvalPrediction) -> String {
    ([prediction.grammarIntent ?? "(nothing)"] + scoredSlots(prediction)).joined(separator: " ")
  }
}
