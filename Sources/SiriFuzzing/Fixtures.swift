import Dialogue
import Foundation
import SiriREPL

/// What the targets load once per process: the real grammar with the apps' external
/// lists, and a fresh ephemeral session to copy for each input.
enum Fixtures {
  /// `Grammars/`: `$SIRI_GRAMMARS`, else found from the current folder, the executable or
  /// the package this was built from (``GrammarLocator``). Not finding it is a broken set-up,
  /// not a finding, so it stops with a message.
  static let grammarsDirectory: String = {
    guard let directory = GrammarLocator.defaultDirectory() else {
      fatalError("siri-fuzz: cannot find the Grammars folder; run from the project folder or set SIRI_GRAMMARS")
    }
    return directory
  }()

  /// An ephemeral session (no data folder) on the real grammar, never used itself: each
  /// input gets a copy (see ``SessionTarget``).
  static let session: Session = makeSession(locale: "en-US")

  /// The same in Chinese (`Grammars/zh-CN`, the apps speaking it).
  static let chineseSession: Session = makeSession(locale: "zh-CN")

  /// Both locales' grammars and responses, loaded once and shared by both sessions, so
  /// that `:locale` in an input switches without compiling anything.
  static let resources: [SessionResources] = ["en-US", "zh-CN"].map { locale in
    do {
      return try SessionResources(configuration: configuration(locale: locale))
    } catch {
      fatalError("siri-fuzz: the \(locale) grammar does not load: \(error)")
    }
  }

  static func configuration(locale: String) -> SessionConfiguration {
    var configuration = SessionConfiguration(
      grammarsDirectory: grammarsDirectory, locale: locale, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory())
    // Loaded under swift_once (the statics here), where the LeakSanitizer suppression applies.
    configuration.loadsInParallel = false
    return configuration
  }

  static func makeSession(locale: String) -> Session {
    do {
      return try Session(configuration: configuration(locale: locale), sharing: resources)
    } catch {
      fatalError("siri-fuzz: the \(locale) session does not start: \(error)")
    }
  }

  /// The session's dialogue engine: the compiled `en-US` grammar and the external lists
  /// filled from the apps' catalogs, exactly as the REPL parses.
  static var engine: DialogueEngine { session.engine }

  /// The `zh-CN` one, likewise.
  static var chineseEngine: DialogueEngine { chineseSession.engine }
}
