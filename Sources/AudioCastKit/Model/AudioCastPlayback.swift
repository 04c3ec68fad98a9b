import MediaAppKit
import SiriIntents

/// What AudioCast keeps in the app-group store: the shared playback state (now
/// playing, positions, queue) and the episodes the user has heard, so the extension can
/// resolve "play AudioCast" (resume) and skip heard episodes.
public enum AudioCastStorage {
  public static let appName = "AudioCast"
  /// Episodes started or finished (AudioCast counts a started episode as heard).
  public static let heardKey = "audiocast.heard"
}

extension AppGroupStore {
  /// AudioCast's playback state.
  public var audioCastPlayback: PlaybackState {
    playbackState(app: AudioCastStorage.appName)
  }

  /// Episodes the user has heard.
  public var audioCastHeard: Set<String> {
    value(Set<String>.self, forKey: AudioCastStorage.heardKey) ?? []
  }

  /// Marks episodes heard (or not, for tests and `:reset`).
  public func setAudioCastHeard(_ heard: Set<String>) {
    set(heard, forKey: AudioCastStorage.heardKey)
  }
}
