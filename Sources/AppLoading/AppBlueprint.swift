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
  /// What changes in other languages, by locale (`zh-CN`).
  public var localizations: [String: AppLocalization] = [:]

  /// The app, both halves over `store`, as it runs on `device` and speaks `locale`
  /// (its localization for that locale, when it has one).
  public func makeApp(store: AppGroupStore, device: Device, locale: String = "en-US") -> any SimulatedApp {
    let localization = self.localization(for: locale)
    switch content {
    case .media(var profile):
      if let localization { profile.localize(localization) }
      return CatalogApp(profile: profile, store: store, device: device)
    case .podcast(var profile, let played):
      if let localization { profile.localize(localization) }
      return AudioCast(
        name: name, spokenNames: profile.spokenNames, library: PodcastLibrary(catalog: profile.catalog),
        initiallyPlayed: Set(played), store: store, device: device)
    case .workout(var profile):
      if let localization {
        profile = profile.localized(localization.workouts, spokenNames: localization.spokenNames)
      }
      return WorkoutApp(profile: profile, store: store)
    }
  }

  /// The localization for `locale`: the one of that name (`zh-CN`, `zh_cn`), else the
  /// one for its language alone (`zh`); `nil` when the app has neither.
  public func localization(for locale: String) -> AppLocalization? {
    let key = Self.localeKey(locale)
    if let exact = localizations.first(where: { Self.localeKey($0.key) == key }) { return exact.value }
    let language = key.prefix { $0 != "-" }
    return localizations.first { Self.localeKey($0.key) == language }?.value
  }

  /// A locale name as a key: `zh_CN.UTF-8@pinyin` → `zh-cn` (LANG's form and BCP 47's alike).
  public static func localeKey(_ locale: String) -> String {
    locale.prefix { $0 != "." && $0 != "@" }.lowercased().replacingOccurrences(of: "_", with: "-")
  }
}

/// An app's words in one more language, checked (an app definition's
/// `localizations`): more ways to say its name, its workouts' names there, the titles
/// of its special playlists.
public struct AppLocalization: Sendable, Equatable {
  public var spokenNames: [String]
  public var workouts: WorkoutLocalization
  /// Titles of the special playlists, by their kind (`favorites`, `newReleases`).
  public var specialTitles: [String: String]

  public init(spokenNames: [String] = [], workouts: WorkoutLocalization = WorkoutLocalization(), specialTitles: [String: String] = [:]) {
    self.spokenNames = spokenNames
    self.workouts = workouts
    self.specialTitles = specialTitles
  }
}

extension CatalogAppProfile {
  /// The profile as the app speaks another language: more spoken names, and its
  /// special playlists titled in that language.
  mutating func localize(_ localization: AppLocalization) {
    spokenNames += localization.spokenNames.filter { !spokenNames.contains($0) }
    specials = specials.map { special in
      var special = special
      switch special.kind {
      case .favorites: special.title = localization.specialTitles["favorites"] ?? special.title
      case .newReleases: special.title = localization.specialTitles["newReleases"] ?? special.title
      case .item: break
      }
      return special
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
