/// An app's user-specific vocabulary, as `INVocabulary.setVocabularyStrings(_:of:)`
/// gives it to Siri: for each type, an ordered set of strings, most important first
/// (Siri favours the first when two readings tie). Setting a type's strings replaces
/// all of them, as the Deezer app does each time the user's playlists change.
///
/// Siri keeps it per app, in the system; the simulator keeps it in the app-group store
/// (``AppGroupStore/userVocabulary(app:)``), so it outlives a restart like Siri's does.
public struct UserVocabulary: Sendable, Equatable, Codable {
  /// The types an app may set (`INVocabularyStringType`'s user-specific cases the
  /// simulated domains use).
  public static let userTypes: [VocabularyType] = [
    .mediaPlaylistTitle, .mediaMusicArtistName, .mediaAudiobookTitle, .mediaAudiobookAuthorName, .mediaShowTitle,
    .workoutActivityName,
  ]

  /// The strings of each type that has any, in the order given.
  public private(set) var strings: [VocabularyType: [String]] = [:]

  public init(_ strings: [VocabularyType: [String]] = [:]) {
    for (type, values) in strings { set(values, of: type) }
  }

  /// Replaces the strings of `type` with `values`, in order, each kept once (the first
  /// time it appears, compared without regard to case). An empty list clears the type.
  public mutating func set(_ values: [String], of type: VocabularyType) {
    var seen = Set<String>()
    let ordered = values.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    strings[type] = ordered.isEmpty ? nil : ordered
  }

  /// The strings of `type`, most important first.
  public func strings(of type: VocabularyType) -> [String] {
    strings[type] ?? []
  }

  public var isEmpty: Bool { strings.isEmpty }

  /// The strings as vocabulary terms, type by type in ``userTypes`` order, each type's
  /// strings in their order of importance.
  public var terms: [VocabularyTerm] {
    Self.userTypes.flatMap { type in strings(of: type).map { VocabularyTerm(type: type, $0) } }
  }
}

extension AppGroupStore {
  static func userVocabularyKey(app: String) -> String { "siri.vocabulary.\(app.lowercased())" }

  /// The vocabulary `app` gave Siri last; `nil` when it never set any.
  public func userVocabulary(app: String) -> UserVocabulary? {
    value(UserVocabulary.self, forKey: Self.userVocabularyKey(app: app))
  }

  /// `INVocabulary.setVocabularyStrings(_:of:)` for `app`: replaces the strings of `type`.
  public func setVocabularyStrings(_ strings: [String], of type: VocabularyType, app: String) {
    update(UserVocabulary.self, forKey: Self.userVocabularyKey(app: app), default: UserVocabulary()) {
      $0.set(strings, of: type)
    }
  }

  /// `INVocabulary.removeAllVocabularyStrings()` for `app`.
  public func removeAllVocabularyStrings(app: String) {
    removeValue(forKey: Self.userVocabularyKey(app: app))
  }
}
