import Foundation
import Testing
import UtteranceParsing

/// The lists of what Siri knows of the world (`Grammars/en-US/artists.grammar`,
/// `songs.grammar`, `shows.grammar`, `books.grammar`, `stations.grammar`): every entry,
/// asked for with "play …", must come back as the slot value it gives, so that an edit
/// elsewhere in the grammar that shadows the lists shows here. A few entries are other
/// things as well ("Buddy Holly" is a song, "Steppenwolf" a book): hence a share, not all.
struct WorldKnowledgeTests {
  struct Entry: Sendable {
    var list: String
    var spoken: String
    var value: String
  }

  /// The entries of every `list` in `file`: a spoken form (the first of `a | b => Value`,
  /// or the entry itself) and the value it gives.
  static func entries(of file: String) throws -> [Entry] {
    let text = try String(contentsOfFile: DialogueEngineTests.grammars + "/" + file, encoding: .utf8)
    var list = ""
    var entries: [Entry] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("list ") {
        list = String(line.dropFirst(5))
      } else if line.hasPrefix("  "), !list.isEmpty {
        let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " => ")
        let spoken = parts[0].components(separatedBy: " | ")[0]
        let value = (parts.count > 1 ? parts[1] : parts[0]).replacingOccurrences(of: "\\", with: "")
        entries.append(Entry(list: list, spoken: spoken, value: value))
      }
    }
    return entries
  }

  /// Letters and digits only, lower case: "Gardeners' Question Time" and "gardeners
  /// question time" are one name.
  static func folded(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
  }

  @Test(arguments: ["artists.grammar", "songs.grammar", "shows.grammar", "books.grammar", "stations.grammar"])
  func everyEntryReadsBackAsItsValue(file: String) throws {
    let entries = try Self.entries(of: file)
    #expect(entries.count > 300, "\(file): \(entries.count) entries")
    var missed: [String] = []
    for entry in entries {
      let slots = DialogueEngineTests.grammar.parse("play \(entry.spoken)").first?.slots ?? []
      if !slots.contains(where: { Self.folded($0.value.description) == Self.folded(entry.value) }) {
        missed.append("\(entry.list): play \(entry.spoken) → \(slots.map { "\($0.name)=\($0.value)" })")
      }
    }
    let share = Double(entries.count - missed.count) / Double(entries.count)
    #expect(share >= 0.99, "\(file): \(missed.count) of \(entries.count) read otherwise: \(missed.prefix(20))")
  }
}
