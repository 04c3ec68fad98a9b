import AppLoading
import AudioCastKit
import MediaAppKit

/// The sample apps, from their definition files, for the handler tests.
extension CatalogAppProfile {
  static let deezer = sample("Deezer")
  static let chapters = sample("Chapters")
  static let tuner = sample("Tuner")

  static func sample(_ name: String) -> CatalogAppProfile {
    guard let profile = SampleApps.blueprint(named: name)?.catalogProfile else { fatalError("\(name) does not load") }
    return profile
  }
}

extension PodcastLibrary {
  static let sample: PodcastLibrary = {
    guard let library = SampleApps.blueprint(named: "AudioCast")?.podcastLibrary else { fatalError("AudioCast does not load") }
    return library
  }()
}

extension PodcastStorage {
  static let audioCast = PodcastStorage(appName: "AudioCast")
}
