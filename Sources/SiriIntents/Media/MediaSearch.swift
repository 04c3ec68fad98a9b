/// What the user asked for, as Siri hands it to the app: SiriKit's `INMediaSearch`.
///
/// Every field is optional; an empty search ("play AudioCast") means "play something
/// sensible", which for a podcast app is resuming what was playing.
public struct MediaSearch: Sendable, Equatable, Codable {
  public var mediaType: MediaItemType = .unknown
  public var sortOrder: MediaSortOrder = .unknown
  public var mediaName: String?
  public var artistName: String?
  public var albumName: String?
  public var genreNames: [String] = []
  public var moodNames: [String] = []
  /// A release year or date range as said ("1999", "the eighties").
  public var releaseDate: String?
  public var reference: MediaReference = .unknown
  public var mediaIdentifier: String?

  public init(
    mediaType: MediaItemType = .unknown, sortOrder: MediaSortOrder = .unknown,
    mediaName: String? = nil, artistName: String? = nil, albumName: String? = nil,
    genreNames: [String] = [], moodNames: [String] = [], releaseDate: String? = nil,
    reference: MediaReference = .unknown, mediaIdentifier: String? = nil
  ) {
    self.mediaType = mediaType
    self.sortOrder = sortOrder
    self.mediaName = mediaName
    self.artistName = artistName
    self.albumName = albumName
    self.genreNames = genreNames
    self.moodNames = moodNames
    self.releaseDate = releaseDate
    self.reference = reference
    self.mediaIdentifier = mediaIdentifier
  }

  /// True when nothing at all was specified ("play AudioCast").
  public var isEmpty: Bool {
    self == MediaSearch() || self == MediaSearch(reference: .my)
  }

  /// The fields that are set, as `name=value` pairs in a fixed order, for traces.
  public var summary: [(String, String)] {
    var fields: [(String, String)] = []
    if mediaType != .unknown { fields.append(("mediaType", mediaType.name)) }
    if sortOrder != .unknown { fields.append(("sortOrder", sortOrder.name)) }
    if let mediaName { fields.append(("mediaName", mediaName)) }
    if let artistName { fields.append(("artistName", artistName)) }
    if let albumName { fields.append(("albumName", albumName)) }
    if !genreNames.isEmpty { fields.append(("genreNames", genreNames.joined(separator: ", "))) }
    if !moodNames.isEmpty { fields.append(("moodNames", moodNames.joined(separator: ", "))) }
    if let releaseDate { fields.append(("releaseDate", releaseDate)) }
    if reference != .unknown { fields.append(("reference", reference.name)) }
    if let mediaIdentifier { fields.append(("mediaIdentifier", mediaIdentifier)) }
    return fields
  }
}
