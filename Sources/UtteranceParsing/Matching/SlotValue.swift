/// The value a slot took in a parse.
///
/// List slots give the list entry's value (`podcastEpisode` for "episode"), free-text
/// slots the words as spoken, and the built-in entities a typed value.
public enum SlotValue: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// A list value, a fixed value from a template, or free text.
  case text(String)
  /// A cardinal number: "30", "thirty", "a hundred and five", "2.5".
  case number(Double)
  /// An ordinal: "3rd", "third", "eighty-first" → 81.
  case ordinal(Int)
  /// A duration, in seconds: "half an hour" → 1800.
  case duration(seconds: Double)
  /// A playback speed as a rate: "double speed" → 2, "1.5x" → 1.5, "half speed" → 0.5.
  case speed(Double)

  /// The value as a string, the way JSON output and transcripts show it.
  public var description: String {
    switch self {
    case .text(let text): return text
    case .number(let value): return SlotValue.format(value)
    case .ordinal(let value): return String(value)
    case .duration(let seconds): return "\(SlotValue.format(seconds))s"
    case .speed(let rate): return "\(SlotValue.format(rate))x"
    }
  }

  /// The text of a `.text` value, `nil` for the typed ones.
  public var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }

  /// Prints whole numbers without a fractional part ("30", not "30.0").
  static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
