/// The entity types the grammar engine recognizes without a list.
public enum BuiltinEntity: String, CaseIterable, Sendable {
  /// A cardinal number: "30", "twenty five", "a hundred and five", "one point five".
  case number
  /// An ordinal: "3rd", "third", "eighty-first".
  case ordinal
  /// A duration, in seconds: "30 minutes", "half an hour", "1 hour and 30 minutes".
  case duration
  /// A playback speed as a rate: "double speed", "1.5x", "half speed".
  case speed
}

/// One reading of a built-in entity: tokens `start..<end` of the utterance and the value.
public struct EntitySpan: Sendable, Equatable {
  /// Index of the first token.
  public var start: Int
  /// Index one past the last token.
  public var end: Int
  /// The recognized value.
  public var value: SlotValue

  public init(start: Int, end: Int, value: SlotValue) {
    self.start = start
    self.end = end
    self.value = value
  }
}

/// Recognizes built-in entities in tokenized text (see ``Tokenizer``).
public struct EntityRecognizer: Sendable {
  /// The locale identifier this recognizer was made for, e.g. "en-US".
  public let locale: String

  public init(locale: String) {
    self.locale = locale
  }

  /// Every reading of `entity` that starts at token `start`, longest first.
  ///
  /// Several lengths may be valid: "twenty five" gives `0..<2` → 25 and `0..<1` → 20.
  /// An out-of-range `start` gives no readings.
  public func matches(_ entity: BuiltinEntity, in tokens: [String], from start: Int) -> [EntitySpan] {
    []
  }
}
