import SiriIntents

extension CatalogApp: UserActionHandling {
  /// The user makes or deletes a playlist in the app. Like the Deezer app's playlist
  /// vocabulary updater, the app then gives Siri the titles of all the user's
  /// playlists again (`INVocabulary`, `mediaPlaylistTitle`), so "play my … playlist"
  /// works for one made a moment ago.
  public func perform(_ action: AppAction) -> AppActionOutcome? {
    switch action {
    case .createPlaylist(let title):
      guard context.profile.supportedIntents.contains(.addMedia) else { return nil }
      let library = context.library
      if library.playlists.contains(where: { $0.title.lowercased() == title.lowercased() }) {
        return .notFound("\(name) already has a playlist called \"\(title)\".")
      }
      let id = "\(name.lowercased()).pl.user\(library.playlists.count + 1)"
      context.updateLibrary { $0.playlists.append(UserPlaylist(id: id, title: title)) }
      updatePlaylistVocabulary()
      return .done("\(name) made the playlist \"\(title)\" and gave Siri the titles of your \(library.playlists.count + 1) playlists.")
    case .deletePlaylist(let title):
      guard context.profile.supportedIntents.contains(.addMedia) else { return nil }
      guard let playlist = context.library.playlists.first(where: { $0.title.lowercased() == title.lowercased() }) else {
        return .notFound("\(name) has no playlist called \"\(title)\".")
      }
      context.updateLibrary { $0.playlists.removeAll { $0.id == playlist.id } }
      updatePlaylistVocabulary()
      return .done("\(name) deleted the playlist \"\(playlist.title)\" and updated Siri's vocabulary.")
    case .publishEpisode, .subscribe, .unsubscribe:
      return nil
    }
  }

  /// Sets the `mediaPlaylistTitle` vocabulary to the user's playlists, newest first.
  func updatePlaylistVocabulary() {
    context.store.setVocabularyStrings(
      context.library.playlists.reversed().map(\.title), of: .mediaPlaylistTitle, app: name)
  }
}
