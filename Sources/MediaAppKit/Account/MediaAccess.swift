import SiriIntents

/// Decides whether an item may be played, and if not, SiriKit's reason.
public enum MediaAccess {
  /// The reason `item` can't be played under these settings, or `nil` when it can.
  /// Checked in the order a user would want to hear about: no service at all first,
  /// then the account, then the item.
  public static func unsupportedReason(
    for item: CatalogItem, account: AccountSettings, system: SystemSettings
  ) -> MediaItemUnsupportedReason? {
    if !account.serviceAvailable || system.network == .offline { return .serviceUnavailable }
    if !account.loggedIn { return .loginRequired }
    if !item.regions.isEmpty, !item.regions.contains(account.region) { return .regionRestriction }
    if item.requiresSubscription, !account.subscribed { return .subscriptionRequired }
    if item.isExplicit, !account.allowsExplicit { return .explicitContentSettings }
    if item.isRestricted, system.contentRestrictions { return .restrictedContent }
    if system.network == .cellular, !account.allowsCellular { return .cellularDataSettings }
    return nil
  }
}
