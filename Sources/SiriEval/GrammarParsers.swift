import AppLoading
import Dialogue
import Foundation
import SiriIntents
import UtteranceParsing

/// One parser per locale: the locale's grammar with the external lists filled from the
/// installed apps' catalogs and vocabulary (the sample apps, as the REPL has them),
/// exactly as the REPL parses (dialogue-only `_` intents left out). Parsing only:
/// nothing is resolved or handled, and nothing of a REPL session is built.
public struct GrammarParsers: Sendable {
  public let grammarsDirectory: String
  /// The engines of the locales that have a grammar folder.
  public private(set) var engines: [String: DialogueEngine] = [:]
  /// The locales asked for that have no grammar folder (or no `.grammar` file in it).
  public private(set) var missingLocales: [String] = []

  /// Loads the grammar of every locale in `locales`.
  ///
  /// - Throws: ``EvalError/grammar(locale:message:)`` when a locale's grammar exists but
  ///   does not compile (or its `responses.strings` is broken).
  /// - Parameter grammarCache: where compiled grammars are kept between runs; `nil`
  ///   compiles each locale's grammar from its files.
  public init(
    grammarsDirectory: String, locales: some Sequence<String>, apps: InstalledApps? = nil, grammarCache: GrammarCache? = nil
  ) throws(EvalError) {
    self.grammarsDirectory = grammarsDirectory
    var installed = InstalledApps()
    if let apps {
      installed = apps
    } else {
      do throws(AppFileError) {
        installed = try InstalledApps.load()
      } catch {
        throw .apps(error.description)
      }
    }
    // The apps' vocabulary fills the lists; an ephemeral store is all they need.
    let store = AppGroupStore(identifier: "eval")
    for locale in Set(locales).sorted() {
      guard Self.hasGrammar(grammarsDirectory: grammarsDirectory, locale: locale) else {
        missingLocales.append(locale)
        continue
      }
      do {
        let folder = (grammarsDirectory as NSString).appendingPathComponent(locale)
        let grammar = try GrammarCompiler.load(directory: folder, locale: locale, cache: grammarCache)
        engines[locale] = DialogueEngine(grammar: grammar, apps: installed.makeApps(store: store, device: .phone, locale: locale), store: store)
      } catch {
        throw .grammar(locale: locale, message: error.description)
      }
    }
  }

  /// `true` when `DIR/locale` is a folder holding at least one `.grammar` file.
  public static func hasGrammar(grammarsDirectory: String, locale: String) -> Bool {
    guard !locale.isEmpty, !locale.contains("/"), locale != ".", locale != ".." else { return false }
    let folder = (grammarsDirectory as NSString).appendingPathComponent(locale)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
    return names.contains { $0.hasSuffix(".grammar") }
  }

  /// The best reading of `text` in `locale`; `nil` when the locale has no grammar.
  public func predict(_ text: String, locale: String) -> EvalPrediction? {
    guard let engine = engines[locale] else { return nil }
    guard let best = engine.parse(text).first else { return .noParse }
    return EvalPrediction(candidate: best)
  }
}
