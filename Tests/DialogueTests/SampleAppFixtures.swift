import AppLoading
import AudioCastKit

/// AudioCast, from its sample app file, for the engine tests.
extension PodcastLibrary {
  static let sample: PodcastLibrary = {
    guard let library = SampleApps.blueprint(named: "AudioCast")?.podcastLibrary else { fatalError("AudioCast does not load") }
    return library
  }()
}

extension PodcastStorage {
  static let audioCast = PodcastStorage(appName: "AudioCast")
}
