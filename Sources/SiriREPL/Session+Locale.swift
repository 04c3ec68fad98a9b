import Dialogue
import Foundation
import ResponseRendering

extension Session {
  /// `:locale [LOCALE]`: with a locale, Siri hears and speaks it from the next line on
  /// (its grammar and responses, the apps' words in it); alone, the locale now and
  /// those the grammars folder has. An unknown locale changes nothing.
  mutating func localeCommand(_ arguments: [String]) -> [String] {
    let available = GrammarLocales.available(in: configuration.grammarsDirectory)
    guard let name = arguments.first else {
      return ["Locale: \(configuration.locale). Available: \(available.joined(separator: ", "))."]
    }
    guard arguments.count == 1 else { return ["Usage: :locale [LOCALE], e.g. :locale zh-CN"] }
    guard let locale = GrammarLocales.match(name, in: available) else {
      return ["No grammar for the locale '\(Self.shown(name, limit: 40))'. Available: \(available.joined(separator: ", "))."]
    }
    guard locale != configuration.locale else { return ["The locale is already \(locale)."] }
    do {
      try switchLocale(to: locale)
    } catch {
      return ["Could not switch to \(locale): \(error.description)"]
    }
    return ["Locale: \(locale). Siri now hears and speaks it."]
  }

  /// Loads `locale`'s grammar and responses (once a session) and speaks it from now on,
  /// over the same apps and store; a question Siri was waiting on is dropped.
  /// - Throws: ``SessionError`` when they don't load; the session is then unchanged.
  public mutating func switchLocale(to locale: String) throws(SessionError) {
    var changed = configuration
    changed.locale = locale
    let resources: SessionResources
    if let loaded = loadedResources[locale] {
      resources = loaded
    } else {
      resources = try SessionResources(configuration: changed)
      loadedResources[locale] = resources
    }
    configuration = changed
    renderer = ResponseRenderer(table: resources.responses)
    engine.replaceGrammar(resources.grammar, apps: makeApps())
  }
}
