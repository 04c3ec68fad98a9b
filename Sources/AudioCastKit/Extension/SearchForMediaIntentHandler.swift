import MediaAppKit
import SiriIntents

/// AudioCast's search: shows by title, host or category, and episodes by title.
/// The extension finds; the app opens on the results (continueInApp).
public struct SearchForMediaIntentHandler: SearchForMediaIntentHandling {
  let library: PodcastLibrary
  let matcher = TitleMatcher()
  /// Every title's match keys, computed once with the library.
  let titleKeys: [String: TitleKeys]

  public init(library: PodcastLibrary) {
    self.library = library
    titleKeys = matcher.keyTable(library.allNames)
  }

  // MARK: Parameter resolution

  public func resolveMediaItems(for intent: SearchForMediaIntent) async -> [ResolutionResult<MediaItem>] {
    let search = intent.mediaSearch
    let allowed: Set<MediaItemType> = [.unknown, .podcastShow, .podcastEpisode, .podcastPlaylist]
    guard allowed.contains(search.mediaType) else { return [.unsupported(.mediaItem(.unsupportedMediaType))] }
    let queries = [search.mediaName, search.artistName].compactMap { $0 } + search.genreNames
    guard !queries.isEmpty else {
      return library.shows.map { .success($0.mediaItem) }
    }
    var results: [(MediaItem, Double)] = []
    for query in queries {
      results += matcher.rank(library.shows, query: query, known: titleKeys) { [$0.title, $0.author] + $0.spokenForms + $0.categories }
        .map { ($0.item.mediaItem, $0.score) }
      if search.mediaType != .podcastShow {
        results += matcher.rank(library.episodes, query: query, known: titleKeys) { [$0.title] }.map { (library.mediaItem(for: $0.item), $0.score) }
      }
    }
    var seen = Set<String>()
    let unique = results.sorted { $0.1 > $1.1 }.filter { seen.insert($0.0.identifier).inserted }
    guard !unique.isEmpty else { return [.unsupported(.notFound)] }
    return unique.prefix(5).map { .success($0.0) }
  }

  // MARK: Handling

  public func handle(intent: SearchForMediaIntent) async -> SearchForMediaIntentResponse {
    SearchForMediaIntentResponse(code: .continueInApp, userActivity: UserActivity(activityType: "SearchForMediaIntent"))
  }
}
