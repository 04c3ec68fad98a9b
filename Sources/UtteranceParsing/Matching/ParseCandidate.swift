/// One way the grammar understands an utterance.
public struct ParseCandidate: Sendable, Equatable {
  /// The intent's name, e.g. `PlayMedia`.
  public var intent: String
  /// The slots taken from the utterance, in utterance order, then the template's fixed
  /// (`=>`) slots in the order written.
  public var slots: [SlotMatch]
  /// The weighted share of the utterance's tokens explained, 0...1: list and entity
  /// tokens weigh 1.0, literal words 0.9, skipped filler 0.6, free text 0.3.
  public var score: Double
  /// The template that matched.
  public var template: TemplateReference
  /// How every token was consumed, in order.
  public var parts: [MatchedPart]
  /// Words read through a typing slip ("plkay" as `play`): the utterance was parsed with
  /// them mended because nothing read it as written (see ``SlipRules``).
  public var slips: [Slip] = []
  /// Where the request began when the listener said words of their own first ("i'm
  /// doing yoga play something calm": 3, at "play"); the words before it fill
  /// ``RequestStarts/slotName``. `nil` for a reading of the whole utterance.
  public var requestStart: Int?

  public init(intent: String, slots: [SlotMatch], score: Double, template: TemplateReference, parts: [MatchedPart]) {
    self.intent = intent
    self.slots = slots
    self.score = score
    self.template = template
    self.parts = parts
  }

  /// The first slot named `name`.
  public subscript(slot name: String) -> SlotMatch? {
    slots.first { $0.name == name }
  }
}

/// Where a template is written, and its text.
public struct TemplateReference: Sendable, Equatable, Hashable {
  /// The template's first character.
  public var location: SourceLocation
  /// The template's source text, trimmed (comment removed).
  public var text: String

  public init(location: SourceLocation, text: String) {
    self.location = location
    self.text = text
  }
}

/// A slot filled by a parse.
public struct SlotMatch: Sendable, Equatable {
  public enum Source: Sendable, Equatable {
    /// A grammar list or an external list, by name.
    case list(String)
    /// A built-in entity: `{number}`, `{duration}`, …
    case entity(BuiltinEntity)
    /// `{text:…}`: the words as spoken.
    case freeText
    /// A `=> name = value` of the template.
    case fixed
  }

  public var name: String
  public var value: SlotValue
  /// The exact substring of the utterance the slot covers, from its first token's first
  /// character to its last token's last one (original case and punctuation); empty for
  /// fixed slots.
  public var text: String
  /// The tokens the slot covers; an empty range at the end of the utterance for fixed slots.
  public var tokenRange: Range<Int>
  public var source: Source
  /// For a list value, where its entry comes from (``ListEntry/note``).
  public var note: String?
  /// For a list value, whose entry it is (``ListEntry/owner``).
  public var owner: String?

  public init(
    name: String, value: SlotValue, text: String, tokenRange: Range<Int>, source: Source, note: String? = nil,
    owner: String? = nil
  ) {
    self.name = name
    self.value = value
    self.text = text
    self.tokenRange = tokenRange
    self.source = source
    self.note = note
    self.owner = owner
  }
}

/// A run of tokens and what consumed it.
public struct MatchedPart: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// Literal words of the template (consecutive literal tokens form one part).
    case literal
    /// A skip phrase ("please").
    case skip
    /// A list value, by list name.
    case list(String)
    /// A built-in entity.
    case entity(BuiltinEntity)
    /// Free text.
    case freeText
  }

  public var kind: Kind
  public var tokenRange: Range<Int>
  /// The slot the tokens went to, for list, entity and free-text parts.
  public var slot: String?
  /// Free text a `{person:slot}` took: a name that reads as a person's (``PersonRules``).
  public var isPerson: Bool
  /// Free text a `{collection:slot}` took: a playlist's or a compilation's name.
  public var isCollection: Bool

  public init(kind: Kind, tokenRange: Range<Int>, slot: String? = nil, isPerson: Bool = false, isCollection: Bool = false) {
    self.kind = kind
    self.tokenRange = tokenRange
    self.slot = slot
    self.isPerson = isPerson
    self.isCollection = isCollection
  }
}
