import MediaAppKit
import SiriIntents

/// AudioCast's search: shows by title, host or category, and episodes by title, through
/// the catalog's search. The extension finds; the app opens on the results (continueInApp).
public struct SearchForMediaIntentHandler: SearchForMediaIntentHandling {
  let library: PodcastLibrary

  public init(library: PodcastLibrary) {
    self.library = library
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
    let search = intent.mediaSearch
    let allowed: Set<MediaItemType> = [.unknown, .podcastShow, .podcastEpisode, .podcastPlaylist]
    guard allowed.contains(search.mediaType) else { return [.unsupported(.mediaItem(.unsupportedMediaType))] }
    let queries = [search.mediaName, search.artistName].compactMap { $0 } + search.genreNames
    guard !queries.isEmpty else {
      return library.shows.map { .success(library.mediaItem(for: $0)) }
    }
    let types: Set<MediaItemType> = search.mediaType == .podcastShow ? [.podcastShow] : [.podcastShow, .podcastEpisode]
    var results: [MediaCatalog.Match] = []
    for query in queries {
      results += PlayMediaIntentHandler.ranked(library.search(query, types: types, byHost: true, byCategory: true))
    }
    var seen = Set<String>()
    let unique = results.enumerated()
      .sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
      .map(\.element)
      .filter { seen.insert($0.item.id).inserted }
    guard !unique.isEmpty else { return [.unsupported(.notFound)] }
    return unique.prefix(5).map { .success(library.mediaItem(for: $0.item)) }
  }

  // MARK: Handling

  public func handle(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse {
    SearchForMediaIntentResponse(code: .continueInApp, userActivity: UserActivity(activityType: "SearchForMediaIntent"))
  }
}
