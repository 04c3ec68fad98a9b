/// A piece of content an app can play: SiriKit's `INMediaItem`.
///
/// What Siri says is built from these fields, so apps fill in the title, the artist
/// and the type of every item they return.
public struct MediaItem: Sendable, Equatable, Hashable, Codable {
  public var identifier: String
  public var title: String
  public var type: MediaItemType
  public var artist: String?
  /// Whether the content is video (answered with continueInApp rather than handleInApp).
  public var isVideo: Bool

  public init(identifier: String, title: String, type: MediaItemType, artist: String? = nil, isVideo: Bool = false) {
    self.identifier = identifier
    self.title = title
    self.type = type
    self.artist = artist
    self.isVideo = isVideo
  }

  /// How traces show the item: `podcastEpisode "How Coffee Works"`.
  public var traceDescription: String {
    var text = "\(type.name) \"\(title)\""
    if let artist { text += " by \(artist)" }
    return text
  }
}
