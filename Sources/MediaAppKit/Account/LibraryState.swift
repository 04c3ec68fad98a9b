import SiriIntents

/// A playlist the user owns (or follows: then it is not editable).
public struct UserPlaylist: Sendable, Equatable, Codable, Identifiable {
  public var id: String
  public var title: String
  public var isEditable: Bool
  public var itemIDs: [String]

  public init(id: String, title: String, isEditable: Bool = true, itemIDs: [String] = []) {
    self.id = id
    self.title = title
    self.isEditable = isEditable
    self.itemIDs = itemIDs
  }
}

/// The user's library in a music app, shared by the extension (which adds to it and
/// records likes) and the main app (which caches likes and refreshes them when told).
public struct LibraryState: Sendable, Equatable, Codable {
  public var playlists: [UserPlaylist]
  /// Items saved to the library.
  public var savedItemIDs: [String] = []
  /// Likes and dislikes as the service knows them (written by the extension).
  public var affinities: [String: MediaAffinityType] = [:]
  /// The flag the extension sets after changing affinities; the main app clears it.
  public var likesNeedRefresh = false
  /// The main app's cached liked items, refreshed at launch when the flag is set.
  public var cachedLikedIDs: [String] = []

  public init(playlists: [UserPlaylist]) {
    self.playlists = playlists
  }

  public static func storeKey(app: String) -> String { "\(app.lowercased()).library" }

  /// Liked item ids, in a stable order.
  public var likedIDs: [String] {
    affinities.filter { $0.value == .like }.map(\.key).sorted()
  }
}
