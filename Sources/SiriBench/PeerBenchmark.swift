import Foundation
import SiriIntents
import UtteranceParsing

/// `siri bench peer`: the parser on the speed peer's workload (`../shared/peer/`: the
/// hassil grammar's 9 intents, catalog-N.json's lists, utterances-N.jsonl's 2,000 lines),
/// in a release build, printing the figures `hassil_bench.py` prints for hassil so that
/// `Scripts/bench-peer` can put both side by side.
///
/// - Grammar: `PeerWorkload/en-US/media_workout.grammar`, the hassil grammar translated
///   template for template (a resource of this module, see ``grammarDirectory``).
/// - Lists: every list of that grammar is external; the catalog's seven lists come from
///   catalog-N.json, the fixed ones from lists.json (``fixedLists(fromJSON:)``).
/// - `load_ms`: reading and compiling the grammar, reading both JSON files and building
///   the lists' indexes: everything before the first parse, as hassil_bench's `load_s`.
/// - Timing: every utterance parsed once untimed (that pass is the one scored), then
///   `repeats` timed passes; `utt_per_s`, mean, p50 and p99 are over the timed parses.
/// - Scoring: as hassil_bench.py: `intent_acc` over all lines (no parse is right for the
///   out-of-grammar ones), `slot_acc` over in-grammar lines (intent right and every slot
///   equal, values folded by ``PeerValue/normalized``), `oog_reject_rate` over the
///   out-of-grammar lines.
public enum PeerBenchmark {
  /// catalog-N.json's keys and the grammar's list (and slot) names, as hassil_bench.py's
  /// `CATALOG_LISTS`.
  public static let catalogLists: [(key: String, list: String)] = [
    ("artists", "artist"), ("tracks", "track"), ("albums", "album"), ("playlists", "playlist"),
    ("podcasts", "podcast"), ("stations", "station"), ("audiobooks", "audiobook"),
  ]
  /// lists.json's lists whose name is taken by something built in here: `{duration}` is
  /// the built-in entity, so the range list is `duration_minutes` (its slot is still
  /// `duration`).
  static let renamedLists = ["duration": "duration_minutes"]
  /// Candidates asked of the parser per utterance: what the dialogue engine asks.
  public static let parseLimit = 8

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// The folder of the translated grammar (`…/PeerWorkload/en-US`), shipped as a resource.
  public static var grammarDirectory: String? {
    Bundle.module.url(forResource: "PeerWorkload", withExtension: nil).map { $0.appendingPathComponent("en-US").path }
  }

  /// The translated grammar.
  public static func loadGrammar() throws -> CompiledGrammar {
    guard let directory = grammarDirectory else { throw Failure("the peer grammar is missing from the bundle") }
    do {
      return try GrammarCompiler.load(directory: directory, locale: "en-US")
    } catch {
      throw Failure(error.description)
    }
  }

  // MARK: - Workload files

  /// A line of utterances-N.jsonl.
  public struct Row: Decodable, Sendable, Equatable {
    public var id: Int
    public var text: String
    /// `nil`: the line must not match.
    public var intent: String?
    public var slots: [String: PeerValue]
    public var tags: [String]

    public init(id: Int, text: String, intent: String?, slots: [String: PeerValue] = [:], tags: [String] = []) {
      self.id = id
      self.text = text
      self.intent = intent
      self.slots = slots
      self.tags = tags
    }
  }

  /// The lines of utterances-N.jsonl.
  public static func readRows(path: String) throws -> [Row] {
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure("\(path): cannot read the file") }
    let decoder = JSONDecoder()
    var rows: [Row] = []
    for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
      do {
        rows.append(try decoder.decode(Row.self, from: Data(line)))
      } catch {
        throw Failure("\(path):\(number + 1): not an utterance line of gen_catalog.py: \(error)")
      }
    }
    return rows
  }

  /// A catalog of gen_catalog.py: its size and the names of each list.
  public struct Catalog: Sendable {
    public var n: Int
    /// List name (`artist`, `track`, …) → names.
    public var lists: [String: [String]]
  }

  public static func readCatalog(path: String) throws -> Catalog {
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure("\(path): cannot read the file") }
    // JSONDecoder, not JSONSerialization: 700,000 names bridged one by one into `Any`
    // were a third of the load time.
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    struct File: Decodable {
      var n: Int?
      var names: [String: [String]] = [:]
      init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        n = try? c.decodeIfPresent(Int.self, forKey: Key(stringValue: "n"))
        for (key, _) in PeerBenchmark.catalogLists {
          if let list = try c.decodeIfPresent([String].self, forKey: Key(stringValue: key)) { names[key] = list }
        }
      }
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw Failure("\(path): not a catalog of gen_catalog.py (\(JSONDiagnostics.describe(error, in: data)))")
    }
    var lists: [String: [String]] = [:]
    for (key, list) in catalogLists {
      guard let names = file.names[key] else { throw Failure("\(path): no list of names \"\(key)\"") }
      lists[list] = names
    }
    return Catalog(n: file.n ?? lists["track"]?.count ?? 0, lists: lists)
  }

  /// lists.json's lists as list entries, by grammar list name: a list of values gives
  /// one entry per value; a number range gives one per number, said in digits or in
  /// words ("25", "twenty five"), valued in digits; a wildcard gives none (the grammar
  /// says `{text:…}`).
  public static func fixedLists(fromJSON data: Data) throws -> [String: [ListEntry]] {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let lists = object["lists"] as? [String: Any]
    else { throw Failure("lists.json: expected {\"lists\": {…}}") }
    var result: [String: [ListEntry]] = [:]
    for (name, body) in lists {
      let list = renamedLists[name] ?? name
      if let values = body as? [String] {
        result[list] = values.map { ListEntry($0) }
      } else if let spec = body as? [String: Any], let range = spec["range"] as? [String: Any] {
        guard let from = range["from"] as? Int, let to = range["to"] as? Int, from <= to, from >= 0, to < 1_000 else {
          throw Failure("lists.json: \(name): a range from 0 to 999 is all this benchmark spells")
        }
        result[list] = (from...to).map { ListEntry(phrases: spokenForms(of: $0), value: String($0)) }
      } else if let spec = body as? [String: Any], spec["wildcard"] as? Bool == true {
        continue
      } else {
        throw Failure("lists.json: \(name): neither values, a range nor a wildcard")
      }
    }
    return result
  }

  /// How a number from 0 to 999 is said: digits, words, and for hundreds also with
  /// "and" and "a hundred" ("105", "one hundred five", "one hundred and five",
  /// "a hundred and five"). Hyphens need no form of their own: the tokenizer splits them.
  public static func spokenForms(of number: Int) -> [String] {
    let ones = [
      "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
      "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    func below100(_ n: Int) -> String {
      n < 20 ? ones[n] : tens[n / 10] + (n % 10 == 0 ? "" : " " + ones[n % 10])
    }
    var forms = [String(number)]
    if number < 100 {
      forms.append(below100(number))
    } else {
      let hundreds = number / 100
      let rest = number % 100
      let heads = hundreds == 1 ? ["one hundred", "a hundred"] : ["\(ones[hundreds]) hundred"]
      for head in heads {
        if rest == 0 {
          forms.append(head)
        } else {
          forms.append("\(head) \(below100(rest))")
          forms.append("\(head) and \(below100(rest))")
        }
      }
    }
    return forms
  }

  /// The run-time lists: the catalog's and the fixed ones. Every external list of
  /// `grammar` must get entries (an empty one would quietly fail its templates).
  public static func listValues(
    catalog: [String: [String]], fixed: [String: [ListEntry]], grammar: CompiledGrammar
  ) throws -> ListValues {
    var values = ListValues()
    values.set(catalog.map { (name: $0.key, entries: $0.value.map { ListEntry($0) }) } + fixed.map { (name: $0.key, entries: $0.value) })
    let missing = grammar.externalLists.filter { values.entries(of: $0).isEmpty }
    guard missing.isEmpty else { throw Failure("no entries for the grammar's lists \(missing.joined(separator: ", "))") }
    return values
  }

  // MARK: - Scoring

  /// What a parse gave: its intent (`nil`: none) and slots by name.
  public struct Prediction: Sendable, Equatable {
    public var intent: String?
    public var slots: [String: PeerValue]

    public init(intent: String?, slots: [String: PeerValue] = [:]) {
      self.intent = intent
      self.slots = slots
    }

    /// The best candidate (`nil`: nothing parsed): list slots give the entry's value
    /// (the catalog name as written), free text the words as typed, numbers a number,
    /// fixed slots their text.
    public init(_ candidate: ParseCandidate?) {
      guard let candidate else {
        self.init(intent: nil)
        return
      }
      var slots: [String: PeerValue] = [:]
      for slot in candidate.slots where slots[slot.name] == nil {
        switch slot.value {
        case .text(let text): slots[slot.name] = .text(text)
        case .number(let number): slots[slot.name] = .number(number)
        default: slots[slot.name] = .text(slot.value.description)
        }
      }
      self.init(intent: candidate.intent, slots: slots)
    }
  }

  /// One line judged.
  public struct Judgement: Sendable, Equatable {
    public var inGrammar: Bool
    /// The intent is the expected one (no intent for an out-of-grammar line).
    public var intentRight: Bool
    /// In-grammar: intent right and the slots equal, value for value. Out-of-grammar:
    /// rejected.
    public var allRight: Bool
  }

  /// Judges `prediction` against `row` as hassil_bench.py does: the slot sets must be
  /// equal (no slot missing, none extra), values compared after ``PeerValue/normalized``.
  public static func judge(_ prediction: Prediction, against row: Row) -> Judgement {
    let intentRight = prediction.intent == row.intent
    guard row.intent != nil else {
      return Judgement(inGrammar: false, intentRight: intentRight, allRight: intentRight)
    }
    let slotsRight = intentRight && prediction.slots.mapValues(\.normalized) == row.slots.mapValues(\.normalized)
    return Judgement(inGrammar: true, intentRight: intentRight, allRight: slotsRight)
  }

  /// Judgements added up into hassil_bench.py's three accuracies.
  public struct Tally: Sendable, Equatable {
    public var lines = 0
    public var intentsRight = 0
    public var inGrammar = 0
    public var slotsRight = 0
    public var outOfGrammar = 0
    public var rejected = 0

    public init() {}

    public mutating func add(_ judgement: Judgement) {
      lines += 1
      if judgement.intentRight { intentsRight += 1 }
      if judgement.inGrammar {
        inGrammar += 1
        if judgement.allRight { slotsRight += 1 }
      } else {
        outOfGrammar += 1
        if judgement.allRight { rejected += 1 }
      }
    }

    /// Right intents (or rejections) over all lines.
    public var intentAccuracy: Double { Double(intentsRight) / Double(max(1, lines)) }
    /// In-grammar lines with intent and every slot right, over in-grammar lines.
    public var slotAccuracy: Double { Double(slotsRight) / Double(max(1, inGrammar)) }
    /// Out-of-grammar lines rejected, over out-of-grammar lines.
    public var rejectRate: Double { Double(rejected) / Double(max(1, outOfGrammar)) }
  }

  // MARK: - Running

  /// The JSON line of one run: exactly the figures Scripts/bench-peer tabulates.
  public struct Result: JSONLineReport, Sendable, Equatable {
    public var n: Int
    public var load_ms: Double
    /// Lines of the utterance file (each is parsed 1 + `repeats` times).
    public var utterances: Int
    public var utt_per_s: Double
    public var mean_us: Double
    public var p50_us: Double
    public var p99_us: Double
    public var intent_acc: Double
    public var slot_acc: Double
    public var oog_reject_rate: Double
    public var peak_rss_mb: Double

  }

  /// A line that was not parsed right, for `--failures`.
  public struct Miss: Sendable {
    public var row: Row
    public var got: Prediction
  }

  /// Loads the grammar, catalog and fixed lists (timed), parses every line of
  /// `utterancesPath` once to score it and `repeats` more times to time it.
  public static func run(
    catalogPath: String, utterancesPath: String, listsPath: String, repeats: Int,
    lineTimes: (([LineTime]) -> Void)? = nil
  ) throws -> (Result, [Miss]) {
    let start = ContinuousClock.now
    let grammar = try loadGrammar()
    let catalog = try readCatalog(path: catalogPath)
    guard let listsData = FileManager.default.contents(atPath: listsPath) else { throw Failure("\(listsPath): cannot read the file") }
    let values = try listValues(catalog: catalog.lists, fixed: try fixedLists(fromJSON: listsData), grammar: grammar)
    let loadMilliseconds = AppBenchmark.milliseconds(ContinuousClock.now - start)

    let rows = try readRows(path: utterancesPath)
    guard !rows.isEmpty else { throw Failure("\(utterancesPath): no utterances") }
    return measure(rows: rows, n: catalog.n, loadMilliseconds: loadMilliseconds, repeats: repeats, lineTimes: lineTimes) { text in
      Prediction(grammar.parse(text, lists: values, limit: parseLimit).first)
    }
  }

  /// A line and the least time one parse of it took over the timed passes.
  public struct LineTime: Sendable {
    public var text: String
    public var microseconds: Double
  }

  /// Scores `rows` with `predict` (the first, untimed pass), then times `repeats` more
  /// passes, one parse at a time.
  ///
  /// `lineTimes`, when given, gets each line's least time (slowest first): what to look
  /// at before optimizing (`siri bench peer --slowest N`).
  public static func measure(
    rows: [Row], n: Int, loadMilliseconds: Double, repeats: Int, lineTimes: (([LineTime]) -> Void)? = nil,
    predict: (String) -> Prediction
  ) -> (Result, [Miss]) {
    var tally = Tally()
    var misses: [Miss] = []
    for row in rows {
      let got = predict(row.text)
      let judgement = judge(got, against: row)
      tally.add(judgement)
      if !judgement.allRight { misses.append(Miss(row: row, got: got)) }
    }
    var durations: [Double] = []
    durations.reserveCapacity(rows.count * repeats)
    let texts = rows.map(\.text)
    var total = Duration.zero
    for _ in 0..<repeats {
      for text in texts {
        let start = ContinuousClock.now
        let prediction = predict(text)
        let elapsed = ContinuousClock.now - start
        withExtendedLifetime(prediction) {}
        total += elapsed
        durations.append(AppBenchmark.microseconds(elapsed))
      }
    }
    if let lineTimes, repeats > 0 {
      var times = texts.indices.map { line in
        LineTime(text: texts[line], microseconds: (0..<repeats).map { durations[$0 * texts.count + line] }.min() ?? 0)
      }
      times.sort { $0.microseconds > $1.microseconds }
      lineTimes(times)
    }
    durations.sort()
    let mean = durations.isEmpty ? 0 : durations.reduce(0, +) / Double(durations.count)
    let seconds = AppBenchmark.milliseconds(total) / 1_000
    func rounded(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }
    let result = Result(
      n: n, load_ms: rounded(loadMilliseconds, 10), utterances: rows.count,
      utt_per_s: rounded(seconds > 0 ? Double(durations.count) / seconds : 0, 10),
      mean_us: rounded(mean, 10), p50_us: rounded(percentile(durations, 0.50), 10),
      p99_us: rounded(percentile(durations, 0.99), 10), intent_acc: rounded(tally.intentAccuracy, 10_000),
      slot_acc: rounded(tally.slotAccuracy, 10_000), oog_reject_rate: rounded(tally.rejectRate, 10_000),
      peak_rss_mb: rounded(AppBenchmark.peakResidentMegabytes(), 10))
    return (result, misses)
  }

  /// hassil_bench.py's percentile: the value at index round(q × (count − 1)) of the
  /// sorted values.
  public static func percentile(_ sorted: [Double], _ q: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = Int((q * Double(sorted.count - 1)).rounded(.toNearestOrEven))
    return sorted[min(sorted.count - 1, max(0, index))]
  }

  /// A miss as a JSON line (hassil_bench.py's `--failures` format).
  public static func missLine(_ miss: Miss) -> String {
    func json(_ slots: [String: PeerValue]) -> [String: Any] { slots.mapValues(\.jsonObject) }
    let object: [String: Any] = [
      "id": miss.row.id, "text": miss.row.text, "tags": miss.row.tags,
      "expected": ["intent": miss.row.intent.map { $0 as Any } ?? NSNull(), "slots": json(miss.row.slots)],
      "got": ["intent": miss.got.intent.map { $0 as Any } ?? NSNull(), "slots": json(miss.got.slots)],
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// A slot value of the workload: text, a number or a boolean.
public enum PeerValue: Sendable, Hashable, Decodable, CustomStringConvertible {
  case text(String)
  case number(Double)
  case bool(Bool)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// hassil_bench.py's `norm_value`: numbers as numbers; text trimmed and case-folded,
  /// "true" / "false" as booleans, text that reads as a number as that number, other
  /// text with its runs of white space made single spaces.
  public var normalized: PeerValue {
    switch self {
    case .bool, .number: return self
    case .text(let text):
      let folded = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      if folded == "true" || folded == "false" { return .bool(folded == "true") }
      // Python's float() reads decimal numbers, "inf" and "nan", never hexadecimal.
      if !folded.contains("x"), let number = Double(folded) { return .number(number) }
      return .text(folded.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }
  }

  public var description: String {
    switch self {
    case .text(let text): return text
    case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .bool(let bool): return String(bool)
    }
  }

  var jsonObject: Any {
    switch self {
    case .text(let text): return text
    case .number(let number): return number
    case .bool(let bool): return bool
    }
  }
}
