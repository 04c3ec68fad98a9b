/// A donated interaction: SiriKit's `INInteraction`, the intent an app tells Siri the
/// user just did, so Siri can suggest it again and the user can make it a shortcut.
public struct Interaction: Sendable, Equatable, Codable, Identifiable {
  /// `d1`, `d2`, … in donation order.
  public var id: String
  public var app: String
  public var intent: Intent
  /// The response code's name, when the app donated the response too.
  public var responseCode: String?
  /// Groups related donations (AudioCast: the show or playlist) so they can be deleted together.
  public var groupIdentifier: String?
  /// Simulated time of the donation.
  public var donatedAt: Double
  /// The invocation phrase Siri suggests for it ("Play How Coffee Works").
  public var suggestedPhrase: String

  public init(
    id: String = "", app: String, intent: Intent, responseCode: String? = nil, groupIdentifier: String? = nil,
    donatedAt: Double, suggestedPhrase: String
  ) {
    self.id = id
    self.app = app
    self.intent = intent
    self.responseCode = responseCode
    self.groupIdentifier = groupIdentifier
    self.donatedAt = donatedAt
    self.suggestedPhrase = suggestedPhrase
  }
}

/// A voice shortcut the user made from a donation: a phrase and a copy of the intent
/// (as Shortcuts keeps its own copy, deleting donations does not break it).
public struct Shortcut: Sendable, Equatable, Codable {
  public var phrase: String
  public var app: String
  public var intent: Intent
  /// The donation it was made from.
  public var interactionID: String

  public init(phrase: String, app: String, intent: Intent, interactionID: String) {
    self.phrase = phrase
    self.app = app
    self.intent = intent
    self.interactionID = interactionID
  }
}

/// SiriKit's `INUpcomingMediaPredictionMode`.
public enum UpcomingMediaPredictionMode: Int, Sendable, Codable {
  /// Siri predicts from donations and suggestions.
  case `default` = 0
  /// Siri predicts only what the app suggested: heard episodes are never suggested.
  case onlyPredictSuggestedIntents = 1

  public var name: String { self == .default ? "default" : "onlyPredictSuggestedIntents" }
}

/// What one app told `INUpcomingMediaManager`: its suggested play intents, most
/// important first, and its prediction mode per media type.
public struct UpcomingMedia: Sendable, Equatable, Codable {
  public var suggestedIntents: [PlayMediaIntent] = []
  /// Prediction modes by `MediaItemType` raw value.
  public var predictionModes: [Int: UpcomingMediaPredictionMode] = [:]

  public init() {}
}

extension AppGroupStore {
  private static let interactionsKey = "siri.interactions"
  private static let shortcutsKey = "siri.shortcuts"
  private static let interactionCounterKey = "siri.interactionCounter"
  private static func upcomingKey(_ app: String) -> String { "siri.upcomingMedia.\(app.lowercased())" }

  /// Every donation, oldest first.
  public var interactions: [Interaction] {
    value([Interaction].self, forKey: Self.interactionsKey) ?? []
  }

  /// `INInteraction.donate`: records the interaction and returns it with its id.
  @discardableResult
  public func donate(_ interaction: Interaction) -> Interaction {
    // Ids are never reused, even after deletions: a counter of its own.
    let next = update(Int.self, forKey: Self.interactionCounterKey, default: 0) { counter -> Int in
      counter += 1
      return counter
    }
    var donated = interaction
    donated.id = "d\(next)"
    update([Interaction].self, forKey: Self.interactionsKey, default: []) { $0.append(donated) }
    return donated
  }

  /// `INInteraction.delete(with: groupIdentifier)`: removes that group's donations,
  /// and only those; returns how many went.
  @discardableResult
  public func deleteInteractions(groupIdentifier: String, app: String) -> Int {
    update([Interaction].self, forKey: Self.interactionsKey, default: []) { list in
      let before = list.count
      list.removeAll { $0.app == app && $0.groupIdentifier == groupIdentifier }
      return before - list.count
    }
  }

  /// `INInteraction.delete(with: [identifiers])`.
  @discardableResult
  public func deleteInteractions(ids: Set<String>) -> Int {
    update([Interaction].self, forKey: Self.interactionsKey, default: []) { list in
      let before = list.count
      list.removeAll { ids.contains($0.id) }
      return before - list.count
    }
  }

  /// The user's voice shortcuts.
  public var shortcuts: [Shortcut] {
    value([Shortcut].self, forKey: Self.shortcutsKey) ?? []
  }

  public func setShortcuts(_ shortcuts: [Shortcut]) {
    set(shortcuts, forKey: Self.shortcutsKey)
  }

  /// What `app` last told `INUpcomingMediaManager`.
  public func upcomingMedia(app: String) -> UpcomingMedia {
    value(UpcomingMedia.self, forKey: Self.upcomingKey(app)) ?? UpcomingMedia()
  }

  /// `INUpcomingMediaManager.setSuggestedMediaIntents` (replaces the list) and
  /// `setPredictionMode(_:for:)`.
  public func setUpcomingMedia(_ upcoming: UpcomingMedia, app: String) {
    set(upcoming, forKey: Self.upcomingKey(app))
  }
}
