/// What the system hands an app it opens in the foreground: a slimmed-down
/// `NSUserActivity` whose `activityType` names the intent.
public struct UserActivity: Sendable, Equatable, Codable {
  public var activityType: String
  /// Values the app reads back, such as the id of the container to show.
  public var userInfo: [String: String]

  public init(activityType: String, userInfo: [String: String] = [:]) {
    self.activityType = activityType
    self.userInfo = userInfo
  }
}
