import SiriIntents

/// The AudioCastIntents extension's principal object: hands each intent to the
/// handler that supports it, like `INExtension.handler(for:)`.
public struct AudioCastIntentsExtension: IntentHandlerProviding {
  let playMedia: PlayMediaIntentHandler
  let search: SearchForMediaIntentHandler

  public init(library: PodcastLibrary, store: AppGroupStore, storage: PodcastStorage, device: Device) {
    playMedia = PlayMediaIntentHandler(library: library, store: store, storage: storage, device: device)
    search = SearchForMediaIntentHandler(library: library)
  }

  public func handler(for intent: Intent) -> IntentHandler? {
    switch intent {
    case .playMedia: return .playMedia(playMedia)
    case .searchForMedia: return .searchForMedia(search)
    default: return nil
    }
  }
}
