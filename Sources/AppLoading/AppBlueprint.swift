import AudioCastKit
import Foundation
import MediaAppKit
import SiriIntents
import WorkoutAppKit

/// An app ready to install: its definition, checked and turned into what its kind of
/// app is built from. A blueprint holds no state; ``makeApp(store:device:)`` builds
/// the running app (extension and main app) over an app-group store.
public struct AppBlueprint: Sendable {
  /// What kind of app a definition describes, and so which behaviour it gets.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// A catalog app: music, audiobooks, radio (play, add, like, search).
    case media
    /// A podcast app: a catalog of shows and episodes, with the podcast behaviour of
    /// Apple's AudioCast sample (newest unplayed episode, donations grouped by show,
    /// upcoming-media suggestions).
    case podcast
    /// A workout app: start, pause, resume, cancel and end workouts.
    case workout
  }

  /// What the app is built from.
  public enum Content: Sendable {
    case media(CatalogAppProfile)
    /// A podcast app's catalog (shows, episodes, playlists) and what was played already.
    case podcast(CatalogAppProfile, played: [String])
    case workout(WorkoutAppProfile)
  }

  public var name: String
  public var kind: Kind
  /// The definition file it came from (for a sample app, its resource file).
  public var source: String
  /// The devices it is installed on.
  public var devices: Set<Device>
  /// Catalog items (media and podcast apps) or workouts (workout apps).
  public var itemCount: Int
  /// What loading noticed without refusing the app (unknown keys).
  public var warnings: [String]
  /// The app's user-specific vocabulary at start (`INVocabulary`).
  public var userVocabulary: [VocabularyType: [String]]
  public var content: Content

  /// The app, both halves over `store`, as it runs on `device`.
  public func makeApp(store: AppGroupStore, device: Device) -> any SimulatedApp {
    switch content {
    case .media(let profile):
      return CatalogApp(profile: profile, store: store, device: device)
    case .podcast(let profile, let played):
      return AudioCast(
        name: name, spokenNames: profile.spokenNames, library: PodcastLibrary(catalog: profile.catalog),
        initiallyPlayed: Set(played), store: store, device: device)
    case .workout(let profile):
      return WorkoutApp(profile: profile, store: store)
    }
  }
}

extension AppBlueprint {
  /// A media app's profile; `nil` for other kinds.
  public var catalogProfile: CatalogAppProfile? {
    if case .media(let profile) = content { return profile }
    return nil
  }

  /// A podcast app's library; `nil` for other kinds.
  public var podcastLibrary: PodcastLibrary? {
    if case .podcast(let profile, _) = content { return PodcastLibrary(catalog: profile.catalog) }
    return nil
  }

  /// The catalog of a media or podcast app; `nil` for a workout app.
  public var catalogItems: [CatalogItem]? {
    switch content {
    case .media(let profile): return profile.catalog.items
    case .podcast(let profile, _): return profile.catalog.items
    case .workout: return nil
    }
  }

  /// The episodes the definition says were played already.
  public var playedItems: [String] {
    if case .podcast(_, let played) = content { return played }
    return []
  }

  /// A workout app's profile; `nil` for other kinds.
  public var workoutProfile: WorkoutAppProfile? {
    if case .workout(let profile) = content { return profile }
    return nil
  }
}
