/// Why a parameter value can't be used. Each case carries SiriKit's raw value.
public enum UnsupportedReason: Sendable, Equatable, Hashable, Codable {
  /// `INPlayMediaMediaItemUnsupportedReason` and its identical siblings for add,
  /// search and affinity.
  case mediaItem(MediaItemUnsupportedReason)
  /// `INAddMediaMediaDestinationUnsupportedReason`.
  case mediaDestination(MediaDestinationUnsupportedReason)
  /// `INPlayMediaPlaybackSpeedUnsupportedReason`.
  case playbackSpeed(PlaybackSpeedUnsupportedReason)
  /// The app found nothing for what was asked (SiriKit: `unsupported()` with no reason).
  case notFound
  /// SiriKit's `unsupported()` with no reason, where the simulated app keeps a word
  /// saying why (`nothingPlaying`), so the dialogue can say something more useful
  /// than a generic failure.
  case note(String)

  /// The reason's SiriKit name, e.g. `subscriptionRequired`.
  public var name: String {
    switch self {
    case .mediaItem(let reason): return reason.name
    case .mediaDestination(let reason): return reason.name
    case .playbackSpeed(let reason): return reason.name
    case .notFound: return "notFound"
    case .note(let note): return note
    }
  }
}

/// SiriKit's `INPlayMediaMediaItemUnsupportedReason` (identical for add, search and affinity).
public enum MediaItemUnsupportedReason: Int, Sendable, Codable, CaseIterable {
  case loginRequired = 1
  case subscriptionRequired = 2
  case unsupportedMediaType = 3
  case explicitContentSettings = 4
  case cellularDataSettings = 5
  case restrictedContent = 6
  case serviceUnavailable = 7
  case regionRestriction = 8

  public var name: String {
    switch self {
    case .loginRequired: return "loginRequired"
    case .subscriptionRequired: return "subscriptionRequired"
    case .unsupportedMediaType: return "unsupportedMediaType"
    case .explicitContentSettings: return "explicitContentSettings"
    case .cellularDataSettings: return "cellularDataSettings"
    case .restrictedContent: return "restrictedContent"
    case .serviceUnavailable: return "serviceUnavailable"
    case .regionRestriction: return "regionRestriction"
    }
  }
}

/// SiriKit's `INAddMediaMediaDestinationUnsupportedReason`.
public enum MediaDestinationUnsupportedReason: Int, Sendable, Codable, CaseIterable {
  case playlistNameNotFound = 1
  case playlistNotEditable = 2

  public var name: String {
    switch self {
    case .playlistNameNotFound: return "playlistNameNotFound"
    case .playlistNotEditable: return "playlistNotEditable"
    }
  }
}

/// SiriKit's `INPlayMediaPlaybackSpeedUnsupportedReason`.
public enum PlaybackSpeedUnsupportedReason: Int, Sendable, Codable, CaseIterable {
  case belowMinimum = 1
  case aboveMaximum = 2

  public var name: String {
    switch self {
    case .belowMinimum: return "belowMinimum"
    case .aboveMaximum: return "aboveMaximum"
    }
  }
}
