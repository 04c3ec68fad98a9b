import Foundation

/// One labelled utterance of an evaluation file (`/work/shared/eval/README.md`).
///
/// Slot values are kept as lists of strings: a single value is a list of one, a list of
/// spans ("add james taylor and cat stevens") keeps every span, and the booleans of
/// `shuffle` / `repeat` become `"true"` / `"false"`.
public struct EvalRow: Sendable, Equatable {
  public var id: String
  public var text: String
  /// `PlayMedia`, `AddMedia`, `UpdateMediaAffinity`, `SearchForMedia` or `none`.
  public var intent: String
  /// The annotated slots, by name.
  public var slots: [String: [String]]
  /// Values that follow from the source's intent but are not said (`implied`).
  public var implied: [String: [String]]
  /// Slots added by the dataset's text rules (`derived`); scored like the others.
  public var derived: [String]
  /// `false` when the source labels the intent only (`slots_annotated: false`).
  public var slotsAnnotated: Bool
  public var locale: String
  /// The group the row is reported under: the file's name without `.jsonl`.
  public var source: String
  /// The row's own `source` field (`owner/name` of the dataset), if any.
  public var dataset: String?
  /// `hard`, `semi` or `other` for out-of-domain rows.
  public var oodStratum: String?
  /// Where the row was read: the file as given and its 1-based line.
  public var file: String
  public var line: Int

  public init(
    id: String, text: String, intent: String, slots: [String: [String]] = [:], implied: [String: [String]] = [:],
    derived: [String] = [], slotsAnnotated: Bool = true, locale: String = "en-US", source: String = "test",
    dataset: String? = nil, oodStratum: String? = nil, file: String = "test.jsonl", line: Int = 1
  ) {
    self.id = id
    self.text = text
    self.intent = intent
    self.slots = slots
    self.implied = implied
    self.derived = derived
    self.slotsAnnotated = slotsAnnotated
    self.locale = locale
    self.source = source
    self.dataset = dataset
    self.oodStratum = oodStratum
    self.file = file
    self.line = line
  }

  /// `true` when the expected intent is one of ours (not `none`).
  public var isInDomain: Bool { intent != EvalIntents.none }
}

/// A line of an evaluation file that could not be used.
public struct EvalProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String { "\(file):\(line): \(message); line skipped" }
}

/// Reads evaluation rows from JSON Lines files.
public enum EvalDataReader {
  /// Reads every row of `path`.
  ///
  /// - Throws: ``EvalError`` when the file is missing or is not UTF-8 text. A line that
  ///   is not a valid row is reported in `problems` and skipped.
  public static func read(file path: String) throws(EvalError) -> (rows: [EvalRow], problems: [EvalProblem]) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path)
    }
    guard !isDirectory.boolValue else { throw .unreadableFile(path, reason: "it is a folder") }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableFile(path, reason: error.localizedDescription)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadableFile(path, reason: "not UTF-8 text")
    }
    return parse(jsonl: text, file: path)
  }

  /// Parses JSON Lines text; `file` names the rows' origin in messages and groups.
  /// Blank lines are ignored.
  public static func parse(jsonl text: String, file: String) -> (rows: [EvalRow], problems: [EvalProblem]) {
    let source = sourceName(of: file)
    var rows: [EvalRow] = []
    var problems: [EvalProblem] = []
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = Substring(rawLine)
      if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
      if line.hasSuffix("\r") { line = line.dropLast() }
      if line.allSatisfy(\.isWhitespace) { continue }
      switch row(from: line, file: file, line: lineNumber, source: source) {
      case .success(let row): rows.append(row)
      case .failure(let problem): problems.append(problem)
      }
    }
    return (rows, problems)
  }

  /// The report group of a file: its name without folders and without `.jsonl`.
  public static func sourceName(of file: String) -> String {
    var name = URL(fileURLWithPath: file).lastPathComponent
    if name.hasSuffix(".jsonl") { name.removeLast(6) }
    return name.isEmpty ? file : name
  }

  static func row(
    from line: Substring, file: String, line lineNumber: Int, source: String
  ) -> Result<EvalRow, EvalProblem> {
    func problem(_ message: String) -> Result<EvalRow, EvalProblem> {
      .failure(EvalProblem(file: file, line: lineNumber, message: message))
    }
    let object: [String: JSONValue]
    do {
      // JSONSerialization is several times faster than JSONDecoder on these lines.
      let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
      guard case .object(let decoded)? = JSONValue(parsed) else { return problem("not a JSON object") }
      object = decoded
    } catch {
      return problem("not valid JSON (\(describe(error)))")
    }
    guard case .string(let text)? = object["text"] else { return problem("\"text\" is missing or not a string") }
    guard case .string(let rawIntent)? = object["intent"], !rawIntent.isEmpty else {
      return problem("\"intent\" is missing or not a string")
    }
    guard case .string(let locale)? = object["locale"], !locale.isEmpty else {
      return problem("\"locale\" is missing or not a string")
    }
    let intent = rawIntent.lowercased() == EvalIntents.none ? EvalIntents.none : rawIntent

    var slots: [String: [String]] = [:]
    switch object["slots"] {
    case nil, .null?: break
    case .object(let values)?:
      for (name, value) in values {
        guard let list = slotValues(value) else { return problem("slot \"\(name)\" has a value that is not a string, boolean or list") }
        if !list.isEmpty { slots[name] = list }
      }
    default: return problem("\"slots\" is not an object")
    }

    var implied: [String: [String]] = [:]
    switch object["implied"] {
    case nil, .null?: break
    case .object(let values)?:
      for (name, value) in values {
        guard let list = slotValues(value) else { return problem("implied slot \"\(name)\" has an unusable value") }
        if !list.isEmpty { implied[name] = list }
      }
    default: return problem("\"implied\" is not an object")
    }

    var derived: [String] = []
    switch object["derived"] {
    case nil, .null?: break
    case .array(let names)?:
      for name in names {
        guard case .string(let name) = name else { return problem("\"derived\" holds something that is not a slot name") }
        derived.append(name)
      }
    default: return problem("\"derived\" is not a list of slot names")
    }

    var slotsAnnotated = true
    switch object["slots_annotated"] {
    case nil, .null?: break
    case .bool(let flag)?: slotsAnnotated = flag
    default: return problem("\"slots_annotated\" is not a boolean")
    }

    var id = "\(source):\(lineNumber)"
    if case .string(let given)? = object["id"], !given.isEmpty { id = given }
    var dataset: String?
    if case .string(let given)? = object["source"] { dataset = given }
    var stratum: String?
    if case .string(let given)? = object["ood_stratum"] { stratum = given }

    return .success(EvalRow(
      id: id, text: text, intent: intent, slots: slots, implied: implied, derived: derived,
      slotsAnnotated: slotsAnnotated, locale: locale, source: source, dataset: dataset, oodStratum: stratum,
      file: file, line: lineNumber))
  }

  /// A slot's value as a list of strings; `nil` when it cannot be one.
  static func slotValues(_ value: JSONValue) -> [String]? {
    switch value {
    case .string(let text): return [text]
    case .bool(let flag): return [flag ? "true" : "false"]
    case .number(let number): return [number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)]
    case .null: return []
    case .array(let items):
      var values: [String] = []
      for item in items {
        switch item {
        case .array, .object: return nil
        default:
          guard let inner = slotValues(item) else { return nil }
          values += inner
        }
      }
      return values
    case .object: return nil
    }
  }

  static func describe(_ error: any Error) -> String {
    let userInfo = (error as NSError).userInfo
    if let detail = userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty {
      return detail.hasSuffix(".") ? String(detail.dropLast()) : detail
    }
    return error.localizedDescription
  }

}

/// Any JSON value.
enum JSONValue: Equatable {
  case string(String)
  case bool(Bool)
  case number(Double)
  case array([JSONValue])
  case object([String: JSONValue])
  case null

  /// Converts what `JSONSerialization` returns; `nil` for anything else.
  init?(_ value: Any) {
    switch value {
    case let text as String: self = .string(text)
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      self = type == "c" || type == "B" ? .bool(number.boolValue) : .number(number.doubleValue)
    case let items as [Any]:
      var values: [JSONValue] = []
      values.reserveCapacity(items.count)
      for item in items {
        guard let value = JSONValue(item) else { return nil }
        values.append(value)
      }
      self = .array(values)
    case let members as [String: Any]:
      var values: [String: JSONValue] = [:]
      for (key, item) in members {
        guard let value = JSONValue(item) else { return nil }
        values[key] = value
      }
      self = .object(values)
    case is NSNull: self = .null
    default: return nil
    }
  }
}
