/// A media app's account and settings: what decides whether a request can be met.
/// Changed from the REPL (`:set subscription off`) to show each error dialogue.
public struct AccountSettings: Sendable, Equatable, Codable {
  public var loggedIn = true
  public var subscribed = true
  public var allowsExplicit = true
  public var allowsCellular = true
  /// The account's region; items limited to other regions are refused.
  public var region = "US"
  /// The app's service is up.
  public var serviceAvailable = true
  /// Other devices already streaming on this account, and how many streams it allows.
  public var streamsElsewhere = 0
  public var streamLimit = 1
  /// A kids profile: explicit content is refused when handling.
  public var kidsProfile = false
  /// The account needs setting up in the app before Siri can use it.
  public var needsSetup = false

  public init() {}

  /// The store key for an app's settings.
  public static func storeKey(app: String) -> String { "\(app.lowercased()).account" }
}

/// Device-wide settings that every app sees.
public struct SystemSettings: Sendable, Equatable, Codable {
  public enum Network: String, Sendable, Codable, CaseIterable { case wifi, cellular, offline }

  public var network: Network = .wifi
  /// Screen Time content restrictions.
  public var contentRestrictions = false

  public init() {}

  public static let storeKey = "system.settings"
}

extension AppGroupStore {
  public func accountSettings(app: String) -> AccountSettings {
    value(AccountSettings.self, forKey: AccountSettings.storeKey(app: app)) ?? AccountSettings()
  }

  public var systemSettings: SystemSettings {
    value(SystemSettings.self, forKey: SystemSettings.storeKey) ?? SystemSettings()
  }
}

