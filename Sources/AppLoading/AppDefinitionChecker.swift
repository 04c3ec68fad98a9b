import AudioCastKit
import Foundation
import MediaAppKit
import SiriIntents
import WorkoutAppKit

/// Checks an ``AppFile`` and turns it into an ``AppBlueprint``: every value must be one
/// the simulator knows, every id it refers to must exist, and the app's kind must be
/// able to serve its intents. All problems are collected, each with its key path and
/// what was expected; an app with any problem is not installed at all.
public enum AppDefinitionChecker {
  public static func check(_ file: AppFile) throws(AppFileError) -> AppBlueprint {
    try check(file, cached: nil)
  }

  /// Checks `file`; with `cached`, its catalog items are those (already checked when
  /// they were cached) and the definition's own `items` are not looked at.
  static func check(_ file: AppFile, cached: AppCache.Entry?) throws(AppFileError) -> AppBlueprint {
    var checker = Checker(file: file, cached: cached)
    let blueprint = checker.run()
    if !checker.problems.isEmpty { throw AppFileError(checker.problems) }
    guard let blueprint else { throw AppFileError([.init(file: file.path, message: "the app could not be built")]) }
    return blueprint
  }

  static let mediaIntents: [IntentName] = [.playMedia, .addMedia, .updateMediaAffinity, .searchForMedia]
  static let workoutIntents: [IntentName] = [.startWorkout, .pauseWorkout, .resumeWorkout, .cancelWorkout, .endWorkout]
  static let podcastTypes: Set<MediaItemType> = [.podcastShow, .podcastEpisode, .podcastPlaylist, .podcastStation]

  /// The vocabulary type each item type is given as when a definition says nothing.
  static let defaultVocabulary: [MediaItemType: VocabularyType] = [
    .song: .mediaSongTitle, .album: .mediaAlbumTitle, .artist: .mediaMusicArtistName, .genre: .genreName,
    .playlist: .mediaPlaylistTitle, .podcastShow: .mediaShowTitle, .podcastEpisode: .mediaEpisodeTitle,
    .podcastPlaylist: .mediaPlaylistTitle, .musicStation: .mediaStationName, .radioStation: .mediaStationName,
    .station: .mediaStationName, .audioBook: .mediaAudiobookTitle,
  ]
}

private struct Checker {
  let file: AppFile
  let cached: AppCache.Entry?
  var problems: [AppFileError.Problem] = []

  init(file: AppFile, cached: AppCache.Entry?) {
    self.file = file
    self.cached = cached
  }

  var definition: AppDefinition { file.definition }

  mutating func problem(_ path: String, _ message: String) {
    // An item from a JSON Lines file is reported at its line.
    if let range = path.range(of: #"^items\[(\d+)\]"#, options: .regularExpression),
      let index = Int(path[range].dropFirst(6).dropLast()), index < file.itemSources.count,
      let colon = file.itemSources[index].lastIndex(of: ":"), !file.itemSources[index].hasPrefix("items[")
    {
      let source = file.itemSources[index]
      let itemsPath = AppFileReader.resolve(definition.itemsFile ?? "", relativeTo: file.path)
      let rest = path[range.upperBound...].drop { $0 == "." }
      problems.append(.init(file: itemsPath, line: Int(source[source.index(after: colon)...]), message: rest.isEmpty ? message : "\(rest): \(message)"))
      return
    }
    problems.append(.init(file: file.path, message: "\(path): \(message)"))
  }

  static func quoted(_ value: String) -> String {
    let shown = value.count > 60 ? String(value.prefix(60)) + "…" : value
    return "\"\(shown)\""
  }

  static func list(_ names: [String], limit: Int = 8) -> String {
    names.count > limit ? names.prefix(limit).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
  }

  mutating func run() -> AppBlueprint? {
    let name = definition.name.trimmingCharacters(in: .whitespaces)
    if name.isEmpty { problem("name", "must not be empty") }

    let intents = checkIntents()
    let kind = checkKind(intents: intents)
    let devices = checkDevices()
    let userVocabulary = checkUserVocabulary()

    switch kind {
    case .workout:
      warnUnused(["mediaTypes": !definition.mediaTypes.isEmpty, "items": !definition.items.isEmpty,
        "itemsFile": definition.itemsFile != nil, "specials": !definition.specials.isEmpty,
        "library": definition.library != nil, "speedRange": definition.speedRange != nil])
      let localizations = checkLocalizations(kind: kind)
      guard let profile = workoutProfile(name: name, intents: intents) else { return nil }
      var blueprint = AppBlueprint(
        name: name, kind: .workout, source: file.path, devices: devices, itemCount: profile.kinds.count,
        warnings: file.warnings, userVocabulary: userVocabulary, content: .workout(profile))
      blueprint.localizations = localizations
      return blueprint
    case .media, .podcast:
      warnUnused(["workouts": !definition.workouts.isEmpty, "ambiguousWorkoutNames": !definition.ambiguousWorkoutNames.isEmpty,
        "goalUnits": definition.goalUnits != nil, "locations": definition.locations != nil, "openEnded": definition.openEnded != nil])
      let localizations = checkLocalizations(kind: kind)
      guard let (profile, played) = mediaProfile(name: name, intents: intents, kind: kind) else { return nil }
      let content: AppBlueprint.Content = kind == .podcast ? .podcast(profile, played: played) : .media(profile)
      var blueprint = AppBlueprint(
        name: name, kind: kind, source: file.path, devices: devices, itemCount: profile.catalog.items.count,
        warnings: file.warnings, userVocabulary: userVocabulary, content: content)
      blueprint.localizations = localizations
      return blueprint
    }
  }

  mutating func warnUnused(_ keys: [String: Bool]) {
    // Keys of the other kind of app do nothing; say so, as for unknown keys.
    for (key, present) in keys.sorted(by: { $0.key < $1.key }) where present {
      problem(key, "is for \(key == "workouts" || key.contains("Workout") || key == "goalUnits" || key == "locations" || key == "openEnded" ? "workout" : "media") apps; remove it or change \"kind\"")
    }
  }

  // MARK: - Common

  mutating func checkIntents() -> [IntentName] {
    if definition.intents.isEmpty { problem("intents", "must name at least one intent: \(Self.list(IntentName.allCases.map(\.rawValue)))") }
    var intents: [IntentName] = []
    for (index, raw) in definition.intents.enumerated() {
      guard let intent = IntentName(rawValue: raw) else {
        var message = "\(Self.quoted(raw)) is not an intent; expected one of \(IntentName.allCases.map(\.rawValue).joined(separator: ", "))"
        if let near = Suggestion.nearest(to: raw, in: IntentName.allCases.map(\.rawValue)) { message = "\(Self.quoted(raw)) is not an intent; did you mean \"\(near)\"?" }
        problem("intents[\(index)]", message)
        continue
      }
      if intents.contains(intent) { problem("intents[\(index)]", "\(raw) is listed twice") }
      intents.append(intent)
    }
    return intents
  }

  mutating func checkKind(intents: [IntentName]) -> AppBlueprint.Kind {
    let types = definition.mediaTypes.compactMap(MediaItemType.init(name:))
    let inferred: AppBlueprint.Kind =
      intents.contains(where: AppDefinitionChecker.workoutIntents.contains) ? .workout
      : (!types.isEmpty && types.allSatisfy(AppDefinitionChecker.podcastTypes.contains) ? .podcast : .media)
    var kind = inferred
    if let raw = definition.kind {
      if let stated = AppBlueprint.Kind(rawValue: raw) {
        kind = stated
      } else {
        problem("kind", "\(Self.quoted(raw)) is not a kind of app; expected media, podcast or workout")
      }
    }
    let allowed: [IntentName] =
      switch kind {
      case .workout: AppDefinitionChecker.workoutIntents
      case .podcast: [.playMedia, .searchForMedia]
      case .media: AppDefinitionChecker.mediaIntents
      }
    for (index, raw) in definition.intents.enumerated() {
      guard let intent = IntentName(rawValue: raw), !allowed.contains(intent) else { continue }
      problem("intents[\(index)]", "a \(kind.rawValue) app can't serve \(raw); it serves \(allowed.map(\.rawValue).joined(separator: ", "))")
    }
    return kind
  }

  mutating func checkDevices() -> Set<Device> {
    guard let devices = definition.devices else { return Set(Device.allCases) }
    if devices.isEmpty { problem("devices", "must name at least one device (or be left out for all)") }
    var result = Set<Device>()
    for (index, raw) in devices.enumerated() {
      if let device = Device(rawValue: raw) {
        result.insert(device)
      } else {
        problem("devices[\(index)]", "\(Self.quoted(raw)) is not a device; expected one of \(Device.allCases.map(\.rawValue).joined(separator: ", "))")
      }
    }
    return result
  }

  mutating func checkUserVocabulary() -> [VocabularyType: [String]] {
    var result: [VocabularyType: [String]] = [:]
    for (key, strings) in (definition.userVocabulary ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard let type = VocabularyType(rawValue: key), UserVocabulary.userTypes.contains(type) else {
        problem("userVocabulary.\(key)", "is not a user vocabulary type; expected one of \(UserVocabulary.userTypes.map(\.rawValue).joined(separator: ", "))")
        continue
      }
      for (index, string) in strings.enumerated() where Self.isBlank(string) {
        problem("userVocabulary.\(key)[\(index)]", "must not be empty")
      }
      result[type] = strings
    }
    return result
  }

  // MARK: - Media and podcast apps

  mutating func mediaType(_ raw: String, at path: @autoclosure () -> String) -> MediaItemType? {
    if let type = MediaItemType(name: raw), type != .unknown { return type }
    var message = "\(Self.quoted(raw)) is not a media type; expected one of \(Self.list(MediaItemType.allCases.dropFirst().map(\.name)))"
    if let near = Suggestion.nearest(to: raw, in: MediaItemType.allCases.dropFirst().map(\.name)) {
      message = "\(Self.quoted(raw)) is not a media type; did you mean \"\(near)\"? (expected one of \(Self.list(MediaItemType.allCases.dropFirst().map(\.name))))"
    }
    problem(path(), message)
    return nil
  }

  /// Whether `text` is empty or only spaces (as `trimmingCharacters(in: .whitespaces)`
  /// would leave it empty, without making a trimmed copy of every title).
  static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) }
  }

  mutating func mediaProfile(
    name: String, intents: [IntentName], kind: AppBlueprint.Kind
  ) -> (CatalogAppProfile, played: [String])? {
    if definition.mediaTypes.isEmpty { problem("mediaTypes", "a \(kind.rawValue) app must declare the media types it carries") }
    var mediaTypes = Set<MediaItemType>()
    for (index, raw) in definition.mediaTypes.enumerated() {
      if let type = mediaType(raw, at: "mediaTypes[\(index)]") { mediaTypes.insert(type) }
    }
    let accepted = mediaTypes.reduce(into: mediaTypes) { $0.formUnion(MediaCatalog.compatibleTypes($1)) }

    let (items, played, types) = cached.map { entry in
      (entry.items, entry.played, Self.types(of: referencedIDs, in: entry.items))
    } ?? checkItems(mediaTypes: mediaTypes, accepted: accepted)

    // Specials.
    var specials: [SpecialMedia] = []
    for (index, special) in definition.specials.enumerated() {
      let path = "specials[\(index)]"
      if special.phrases.isEmpty || special.phrases.contains(where: { Self.isBlank($0) }) {
        problem("\(path).phrases", "must hold at least one phrase, none empty")
      }
      let kindName = special.kind ?? (special.item != nil ? "item" : "")
      let kind: SpecialMedia.Kind?
      switch kindName {
      case "item":
        if let id = special.item, types[id] != nil {
          kind = .item(id)
        } else {
          problem("\(path).item", special.item.map { "no item has the id \(Self.quoted($0))" } ?? "an item special names its item")
          kind = nil
        }
      case "favorites": kind = .favorites
      case "newReleases": kind = .newReleases
      default:
        problem("\(path).kind", "\(Self.quoted(kindName)) is not a kind of special; expected item, favorites or newReleases")
        kind = nil
      }
      if let kind { specials.append(SpecialMedia(phrases: special.phrases, kind: kind, matchesAnywhere: special.matchesAnywhere ?? false)) }
    }
    if let id = definition.defaultItem, types[id] == nil { problem("defaultItem", "no item has the id \(Self.quoted(id))") }

    var resumable = Set<MediaItemType>()
    for (index, raw) in definition.resumableTypes.enumerated() {
      if let type = mediaType(raw, at: "resumableTypes[\(index)]") { resumable.insert(type) }
    }

    // The library the user starts with.
    var playlists: [UserPlaylist] = []
    var library = LibraryState(playlists: [])
    if let definitionLibrary = definition.library {
      var playlistIDs = Set<String>()
      for (index, playlist) in definitionLibrary.playlists.enumerated() {
        let path = "library.playlists[\(index)]"
        if types[playlist.id] != nil || !playlistIDs.insert(playlist.id).inserted {
          problem("\(path).id", "\(Self.quoted(playlist.id)) is already the id of an item or playlist")
        }
        if Self.isBlank(playlist.title) { problem("\(path).title", "must not be empty") }
        for (i, id) in playlist.items.enumerated() where types[id] == nil {
          problem("\(path).items[\(i)]", "no item has the id \(Self.quoted(id))")
        }
        playlists.append(UserPlaylist(id: playlist.id, title: playlist.title, isEditable: playlist.editable ?? true, itemIDs: playlist.items))
      }
      library = LibraryState(playlists: playlists)
      for (key, ids) in [("saved", definitionLibrary.saved), ("liked", definitionLibrary.liked)] {
        for (i, id) in ids.enumerated() where types[id] == nil && !playlistIDs.contains(id) {
          problem("library.\(key)[\(i)]", "no item has the id \(Self.quoted(id))")
        }
      }
      library.savedItemIDs = definitionLibrary.saved
      for id in definitionLibrary.liked { library.affinities[id] = .like }
      library.cachedLikedIDs = library.likedIDs
    }

    var speedRange: ClosedRange<Double> = 0.5...3
    if let range = definition.speedRange {
      if range.min > 0, range.min <= range.max, range.max <= 4 {
        speedRange = range.min...range.max
      } else {
        problem("speedRange", "expected 0 < min ≤ max ≤ 4, found min \(range.min), max \(range.max)")
      }
    }

    var vocabulary: [MediaItemType: VocabularyType] = [:]
    if let map = definition.vocabulary {
      for (key, value) in map.sorted(by: { $0.key < $1.key }) {
        guard let type = mediaType(key, at: "vocabulary.\(key)") else { continue }
        guard let vocabularyType = VocabularyType(rawValue: value), vocabularyType != .appName else {
          problem("vocabulary.\(key)", "\(Self.quoted(value)) is not a vocabulary type; expected one of \(VocabularyType.allCases.dropFirst().map(\.rawValue).joined(separator: ", "))")
          continue
        }
        vocabulary[type] = vocabularyType
      }
    } else {
      vocabulary = AppDefinitionChecker.defaultVocabulary.filter { accepted.contains($0.key) }
    }

    guard problems.isEmpty else { return nil }
    let profile = CatalogAppProfile(
      name: name, spokenNames: definition.spokenNames, catalog: MediaCatalog(items), mediaTypes: mediaTypes,
      supportedIntents: Set(intents), resumableTypes: resumable, specials: specials, defaultItemID: definition.defaultItem,
      initialLibrary: library, vocabulary: vocabulary, speedRange: speedRange)
    return (profile, played)
  }

  /// The catalog items, checked: ids, types, values and references; with each item's
  /// type by id.
  mutating func checkItems(
    mediaTypes: Set<MediaItemType>, accepted: Set<MediaItemType>
  ) -> (items: [CatalogItem], played: [String], types: [String: String]) {
    var items: [CatalogItem] = []
    items.reserveCapacity(definition.items.count)
    var firstIndex: [String: Int] = [:]
    firstIndex.reserveCapacity(definition.items.count)
    var played: [String] = []
    for (index, item) in definition.items.enumerated() {
      // Made only for a message: 100,000 items would otherwise build 100,000 strings.
      var path: String { "items[\(index)]" }
      if item.id.isEmpty { problem("\(path).id", "must not be empty") }
      if let first = firstIndex[item.id] {
        problem("\(path).id", "\(Self.quoted(item.id)) is also the id of \(file.itemSources[first]); ids must be unique")
      } else {
        firstIndex[item.id] = index
      }
      if Self.isBlank(item.title) { problem("\(path).title", "must not be empty") }
      guard let type = mediaType(item.type, at: "\(path).type") else { continue }
      if !mediaTypes.isEmpty, !accepted.contains(type) {
        problem("\(path).type", "\(type.name) is not one of the app's mediaTypes (\(definition.mediaTypes.joined(separator: ", ")))")
      }
      if let popularity = item.popularity, !(0...100).contains(popularity) { problem("\(path).popularity", "\(popularity) is out of range; expected 0 to 100") }
      if let rating = item.rating, !(0...5).contains(rating) { problem("\(path).rating", "\(rating) is out of range; expected 0 to 5") }
      if let year = item.year, !(1000...3000).contains(year) { problem("\(path).year", "\(year) is not a year") }
      if let duration = item.duration, !(duration >= 0 && duration.isFinite) { problem("\(path).duration", "must be a number of seconds, 0 or more") }
      for (r, region) in (item.regions ?? []).enumerated() where !(region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }) {
        problem("\(path).regions[\(r)]", "\(Self.quoted(region)) is not a two-letter country code such as US or FR")
      }
      if let published = item.published, !Self.isDay(published) {
        problem("\(path).published", "\(Self.quoted(published)) is not a day written YYYY-MM-DD")
      }
      if item.show != nil, type != .podcastEpisode { problem("\(path).show", "only a podcastEpisode belongs to a show") }
      if item.played != nil, type != .podcastEpisode { problem("\(path).played", "only a podcastEpisode can be played already") }
      if item.played == true { played.append(item.id) }
      var artist = item.artist
      if type == .podcastEpisode, artist == nil, let show = item.show, let showIndex = firstIndex[show] ?? definition.items.firstIndex(where: { $0.id == show }) {
        // An episode is spoken of with its show: "… from Stuff You Should Know".
        artist = definition.items[showIndex].title
      }
      items.append(
        CatalogItem(
          id: item.id, title: item.title, type: type, artist: artist, album: item.album, genres: item.genres ?? [],
          moods: item.moods ?? [], year: item.year, popularity: item.popularity ?? 50, rating: item.rating ?? 3,
          isExplicit: item.explicit ?? false, requiresSubscription: item.subscription ?? false,
          regions: (item.regions ?? []).map { $0.uppercased() }, isVideo: item.video ?? false,
          isRestricted: item.restricted ?? false, spokenForms: item.spokenForms ?? [], children: item.children ?? [],
          duration: item.duration ?? 0, show: item.show, published: item.published))
    }
    let types = Dictionary(uniqueKeysWithValues: firstIndex.map { ($0.key, definition.items[$0.value].type) })
    for (index, item) in definition.items.enumerated() {
      for (c, child) in (item.children ?? []).enumerated() where types[child] == nil {
        problem("items[\(index)].children[\(c)]", "no item has the id \(Self.quoted(child))")
      }
      if let show = item.show {
        if types[show] == nil {
          problem("items[\(index)].show", "no item has the id \(Self.quoted(show))")
        } else if types[show] != "podcastShow" {
          problem("items[\(index)].show", "\(Self.quoted(show)) is a \(types[show] ?? ""), not a podcastShow")
        }
      }
    }

    return (items, played, types)
  }

  /// The ids the definition refers to outside its items: specials, the default item,
  /// the library's playlists and their items, saved and liked items.
  var referencedIDs: Set<String> {
    var ids = Set(definition.specials.compactMap(\.item))
    if let id = definition.defaultItem { ids.insert(id) }
    if let library = definition.library {
      for playlist in library.playlists {
        ids.insert(playlist.id)
        ids.formUnion(playlist.items)
      }
      ids.formUnion(library.saved)
      ids.formUnion(library.liked)
    }
    return ids
  }

  /// The type names of the items among `items` whose id is in `ids` (the first of an id):
  /// what checking the rest of a definition needs of a catalog already checked, without
  /// a table of every id of a 100,000-item catalog.
  static func types(of ids: Set<String>, in items: [CatalogItem]) -> [String: String] {
    guard !ids.isEmpty else { return [:] }
    var types: [String: String] = [:]
    for position in items.indices where ids.contains(items[position].id) && types[items[position].id] == nil {
      types[items[position].id] = items[position].type.name
    }
    return types
  }

  static func isDay(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
    else { return false }
    return (1...12).contains(month) && (1...31).contains(day)
  }

  // MARK: - Localizations

  /// The `localizations`: each key a locale (`zh-CN`), each workout one the app has,
  /// each special title one of a kind of special playlist; nothing empty.
  mutating func checkLocalizations(kind: AppBlueprint.Kind) -> [String: AppLocalization] {
    var result: [String: AppLocalization] = [:]
    let workoutIDs = Set(definition.workouts.map(\.id))
    for (locale, localization) in definition.localizations.sorted(by: { $0.key < $1.key }) {
      let path = "localizations.\(locale)"
      if !Self.isLocaleName(locale) {
        problem(path, "\(Self.quoted(locale)) is not a locale; expected a name such as zh-CN or fr-FR")
      }
      for (index, name) in localization.spokenNames.enumerated() where Self.isBlank(name) {
        problem("\(path).spokenNames[\(index)]", "must not be empty")
      }
      var workouts = WorkoutLocalization(ambiguousNames: localization.ambiguousWorkoutNames)
      if kind != .workout, !localization.workouts.isEmpty || !localization.ambiguousWorkoutNames.isEmpty {
        problem(localization.workouts.isEmpty ? "\(path).ambiguousWorkoutNames" : "\(path).workouts", "is for workout apps; remove it or change \"kind\"")
      }
      var owners: [String: String] = [:]
      for name in localization.ambiguousWorkoutNames { owners[name.lowercased()] = "" }
      for (index, workout) in localization.workouts.enumerated() where kind == .workout {
        let workoutPath = "\(path).workouts[\(index)]"
        if !workoutIDs.contains(workout.id) {
          problem("\(workoutPath).id", "no workout has the id \(Self.quoted(workout.id))")
        } else if workouts.kinds[workout.id] != nil {
          problem("\(workoutPath).id", "\(Self.quoted(workout.id)) is localized twice")
        }
        if Self.isBlank(workout.name) { problem("\(workoutPath).name", "must not be empty") }
        claimNames(of: workout, at: workoutPath, in: &owners) { phrase, owner in
          let what = owner.isEmpty ? "is also in ambiguousWorkoutNames" : "is also a name of the workout \(Self.quoted(owner))"
          return "\(Self.quoted(phrase)) \(what); a name belongs to one workout, or to ambiguousWorkoutNames"
        }
        workouts.kinds[workout.id] = WorkoutKind(id: workout.id, name: workout.name, synonyms: workout.synonyms)
      }
      for (key, title) in localization.specialTitles.sorted(by: { $0.key < $1.key }) {
        if kind == .workout {
          problem("\(path).specialTitles", "is for media apps; remove it or change \"kind\"")
          break
        }
        if !["favorites", "newReleases"].contains(key) {
          problem("\(path).specialTitles.\(key)", "is not a kind of special playlist; expected favorites or newReleases")
        } else if Self.isBlank(title) {
          problem("\(path).specialTitles.\(key)", "must not be empty")
        }
      }
      result[locale] = AppLocalization(spokenNames: localization.spokenNames, workouts: workouts, specialTitles: localization.specialTitles)
    }
    return result
  }

  /// Gives `workout`'s name, then its synonyms, to the workout in `owners` (keyed in
  /// lower case, by workout id); a name another owner already has is a problem at its
  /// place under `path`, saying `conflict(name, that owner)`.
  mutating func claimNames(
    of workout: WorkoutDefinition, at path: String, in owners: inout [String: String],
    conflict: (_ phrase: String, _ owner: String) -> String
  ) {
    for (s, phrase) in ([workout.name] + workout.synonyms).enumerated() {
      let folded = phrase.lowercased()
      if let owner = owners[folded], owner != workout.id {
        problem(s == 0 ? "\(path).name" : "\(path).synonyms[\(s - 1)]", conflict(phrase, owner))
      }
      owners[folded] = workout.id
    }
  }

  /// `zh-CN`, `fr`, `sr-Latn-RS`, `zh_CN`: a language of 2 or 3 letters, then parts of
  /// 2 to 8 letters or digits.
  static func isLocaleName(_ name: String) -> Bool {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
    return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
  }

  // MARK: - Workout apps

  mutating func workoutProfile(name: String, intents: [IntentName]) -> WorkoutAppProfile? {
    if definition.workouts.isEmpty { problem("workouts", "a workout app must offer at least one workout") }
    var kinds: [WorkoutKind] = []
    var ids = Set<String>()
    var owners: [String: String] = [:]
    for (index, workout) in definition.workouts.enumerated() {
      let path = "workouts[\(index)]"
      if workout.id.isEmpty || !ids.insert(workout.id).inserted { problem("\(path).id", "\(Self.quoted(workout.id)) must be unique and not empty") }
      if Self.isBlank(workout.name) { problem("\(path).name", "must not be empty") }
      claimNames(of: workout, at: path, in: &owners) { phrase, owner in
        "\(Self.quoted(phrase)) is also a name of the workout \(Self.quoted(owner)); list it in ambiguousWorkoutNames to make Siri ask which one"
      }
      kinds.append(WorkoutKind(id: workout.id, name: workout.name, synonyms: workout.synonyms))
    }
    var units = WorkoutAppProfile.allGoalUnits
    if let raw = definition.goalUnits {
      units = []
      for (index, name) in raw.enumerated() {
        if let unit = WorkoutGoalUnitType(name: name), unit != .unknown {
          units.insert(unit)
        } else {
          problem("goalUnits[\(index)]", "\(Self.quoted(name)) is not a goal unit; expected one of \(WorkoutGoalUnitType.allCases.dropFirst().map(\.name).joined(separator: ", "))")
        }
      }
    }
    var locations: Set<WorkoutLocationType> = [.indoor, .outdoor]
    if let raw = definition.locations {
      locations = []
      for (index, name) in raw.enumerated() {
        if let location = WorkoutLocationType(name: name), location != .unknown {
          locations.insert(location)
        } else {
          problem("locations[\(index)]", "\(Self.quoted(name)) is not a location; expected indoor or outdoor")
        }
      }
    }
    guard problems.isEmpty else { return nil }
    return WorkoutAppProfile(
      name: name, spokenNames: definition.spokenNames, kinds: kinds, ambiguousNames: definition.ambiguousWorkoutNames,
      goalUnits: units, locations: locations, supportsOpenEnded: definition.openEnded ?? true, supportedIntents: Set(intents))
  }
}
