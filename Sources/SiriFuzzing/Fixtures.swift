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
  static let session: Session = {
    var configuration = SessionConfiguration(
      grammarsDirectory: grammarsDirectory, grammarCacheDirectory: SessionConfiguration.userGrammarCacheDirectory())
    // Loaded here, under swift_once, where the LeakSanitizer suppression applies.
    configuration.loadsInParallel = false
    do {
      return try Session(configuration: configuration)
    } catch {
      fatalError("siri-fuzz: the grammar does not load: \(error)")
    }
  }()

  /// The session's dialogue engine: the compiled `en-US` grammar and the external lists
  /// filled from the apps' catalogs, exactly as the REPL parses.
  static var engine: DialogueEngine { session.engine }
}
