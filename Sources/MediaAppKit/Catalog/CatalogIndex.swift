import SiriIntents
import UtteranceParsing

/// The search index of a ``MediaCatalog``, built once from its items.
///
/// Everything is flat arrays of integer ids, and every name is kept once however many
/// items carry it (an artist's name on each of their songs):
/// - **words**: every folded word of every name, interned to an id, with its homophone
///   ("son" → "sun"), whether it is optional ("the", "soundtrack"), a credit ("feat.")
///   and plain (ASCII letters, no number word);
/// - **names**: every title, spoken form, artist, album, genre and mood, interned to an
///   id. A plain name keeps its words; the forms ``TitleMatcher/keys(_:)`` would give it
///   are rebuilt from them per candidate in nanoseconds. A name with numbers (or other
///   scripts) keeps its forms as ``TitleMatcher`` computes them (number words → digits);
/// - **word → names** postings over every word of every form, and **form set → names**:
///   each form's set of words, hashed, so names whose words are all in a query
///   ("outer peace" for a query "play outer peace now") are found without a scan;
/// - **name → items**, each with the role the name plays for it (title or spoken form,
///   artist, album, genre, mood); and per item its type, year and name ids;
/// - per type and per year lists of items, and per type the items by popularity, for
///   requests that name nothing ("the most popular songs", "songs from 1999");
/// - ``NearWords``: near spellings and sound-alikes of the words, for forgiving search.
///
/// A search gathers candidate names from the postings of the query's words, scores
/// those names with ``TitleMatcher``'s rules (in ids, see ``WordKeys``), then walks the
/// items of the most selective part of the request and checks the rest on each.
struct CatalogIndex: Sendable {
  /// What a name is to an item.
  enum Role: UInt32 {
    case title = 0, artist, album, genre, mood
  }

  /// Flags of a word.
  enum WordFlag {
    static let optional: UInt8 = 1
    static let credit: UInt8 = 2
    /// ASCII letters only and no number word: titles of such words need no number
    /// normalization, and their forms are rebuilt from their words.
    static let plain: UInt8 = 4
  }

  /// How a name's keys are kept.
  enum NameKind: UInt8 {
    /// Plain words; the forms are rebuilt from them. Words: the full text's.
    case plain = 0
    /// Plain words, with asides: the full text's words, then those without asides.
    case plainWithAsides = 1
    /// Keys computed by ``TitleMatcher`` (numbers, other scripts): in `slowKeys`.
    /// Words: every word of every form.
    case computed = 2
  }

  static let noName = UInt32.max
  static let noYear = Int32.min

  let matcher: TitleMatcher

  // Words
  private(set) var vocabulary = ByteInterner()
  private(set) var folded: [UInt32] = []
  private(set) var wordFlags: [UInt8] = []

  // Names
  private(set) var nameCount = 0
  /// Where each name's words are, and how its keys are kept (one load per name).
  struct NameEntry {
    var wordStart: UInt32
    var wordEnd: UInt32
    /// `plainWithAsides`: how many of the name's words are the full text's;
    /// `computed`: the index of its keys in `slowKeys`.
    var aux: UInt32
    var kind: NameKind
  }
  private var nameEntries: [NameEntry] = []
  private var nameWords: [UInt32] = []
  private var slowKeys: [WordKeys] = []
  private var wordNames = Postings()
  /// Names by pair of words (a < b): `pairStarts[a]` is where the pairs whose first
  /// word is `a` start in `pairSeconds` and `pairNames`, sorted by second word, then
  /// name. A query of two common words ("golden harbor") finds the few names with
  /// both at once, rather than intersecting two long postings.
  private var pairStarts: [UInt32] = [0]
  private var pairSeconds: [UInt32] = []
  private var pairNames: [UInt32] = []
  /// Names with too many words to file their pairs.
  private var longNames: [UInt32] = []
  private var formSets = MultiMap()
  /// Name → `item << 3 | role`, items in order.
  private var nameItems = Postings()

  // Items
  private(set) var itemCount = 0
  /// Everything a search checks on an item, in 32 bytes: one cache line to load.
  struct ItemEntry {
    var title: UInt32
    var artist: UInt32
    var album: UInt32
    /// Where the item's spoken forms, genres and moods start in `extras` (they end
    /// where the next item's start).
    var extras: UInt32
    var year: Int32
    var type: UInt8
    /// The popularity, clamped to 0...255 (exact when `popularityInRange`).
    var popularity: UInt8
    var rating: Double
  }
  /// One entry per item, and one more (where the last item's extras end).
  private var itemEntries: [ItemEntry] = []
  /// `name << 2 | kind`: 0 a spoken form, 1 a genre, 2 a mood.
  private var extras: [UInt32] = []
  private var typeItems = Postings()
  private var yearItems = Postings()
  private var firstYear = 0
  /// Key `type * 101 + popularity` → items in order.
  private var popularityItems = Postings()
  /// Whether every popularity is within 0...100 (else `popularityItems` isn't used).
  private(set) var popularityInRange = true
  /// Item id → position + 1 over the low 32 bits of its hash; open addressing,
  /// compared with the items' ids (see `buildIDs`).
  private var idSlots: [UInt64] = []
  private var idBits = 0

  private(set) var near = NearWords()

  // MARK: - Building

  init(items: [CatalogItem], matcher: TitleMatcher) {
    self.matcher = matcher
    itemCount = items.count
    let estimate = items.count
    var builder = Builder()
    vocabulary = ByteInterner(capacity: max(16, min(estimate, 1 << 14)))

    // Pass 1, the only one over the items: every name an item carries is hashed, in
    // order (title, spoken forms, artist, album, genres, moods), with its kind. Titles
    // are mostly names of their own: their words are read now, while their bytes are
    // in cache (the full title's, then those without asides if it has some).
    // (A struct, not a nested function: variables a nested function captures are
    // checked for exclusive access at run time, on every call.)
    var occurrences = Occurrences(capacity: estimate * 2 + 16)
    var titleWords: [UInt32] = []
    var titleEnds: [UInt32] = []
    var titleFullCounts: [UInt16] = []
    titleWords.reserveCapacity(estimate * 3)
    titleEnds.reserveCapacity(estimate)
    titleFullCounts.reserveCapacity(estimate)
    var itemType: [UInt8] = []
    var itemYear: [Int32] = []
    var popularities: [UInt8] = []
    var ratings: [Double] = []
    itemType.reserveCapacity(estimate)
    itemYear.reserveCapacity(estimate)
    popularities.reserveCapacity(estimate)
    ratings.reserveCapacity(estimate)
    var minimumYear = Int.max
    var maximumYear = Int.min
    // Fields are read in place (`items[position].title`): binding each item to a
    // variable would copy it, retaining and releasing its dozen references.
    for position in items.indices {
      let title = items[position].title
      occurrences.note(title, .title)
      tokenize(title, &builder)
      titleWords.append(contentsOf: builder.full)
      if builder.full.count < Int(UInt16.max), builder.withoutAsides != builder.full {
        titleWords.append(contentsOf: builder.withoutAsides)
        titleFullCounts.append(UInt16(builder.full.count))
      } else {
        titleFullCounts.append(UInt16.max)
      }
      titleEnds.append(UInt32(titleWords.count))
      // (`isEmpty` first: looping over an empty array still retains and releases it.)
      if !items[position].spokenForms.isEmpty {
        for form in items[position].spokenForms { occurrences.note(form, .spokenForm) }
      }
      if let artist = items[position].artist { occurrences.note(artist, .artist) }
      if let album = items[position].album { occurrences.note(album, .album) }
      if !items[position].genres.isEmpty {
        for genre in items[position].genres { occurrences.note(genre, .genre) }
      }
      if !items[position].moods.isEmpty {
        for mood in items[position].moods { occurrences.note(mood, .mood) }
      }
      itemType.append(UInt8(truncatingIfNeeded: items[position].type.rawValue))
      if let year = items[position].year, year > Int(Int32.min), year <= Int(Int32.max) {
        itemYear.append(Int32(year))
        minimumYear = min(minimumYear, year)
        maximumYear = max(maximumYear, year)
      } else {
        itemYear.append(Self.noYear)
      }
      let popularity = items[position].popularity
      if popularity < 0 || popularity > 100 { popularityInRange = false }
      popularities.append(UInt8(clamping: popularity))
      ratings.append(items[position].rating)
    }
    let names = HashDeduplication(first: occurrences.firstHashes, second: occurrences.secondHashes)
    let kinds = occurrences.kinds
    occurrences = Occurrences(capacity: 0)

    nameEntries.reserveCapacity(names.count)
    nameWords.reserveCapacity(names.count * 3)
    builder.postingWords.reserveCapacity(names.count * 3)
    builder.postingNames.reserveCapacity(names.count * 3)
    builder.setHashes.reserveCapacity(names.count * 3 / 2)
    builder.setNames.reserveCapacity(names.count * 3 / 2)
    itemEntries.reserveCapacity(estimate + 1)
    var roleNames: [UInt32] = []
    var roleEntries: [UInt32] = []
    roleNames.reserveCapacity(kinds.count + estimate)
    roleEntries.reserveCapacity(kinds.count + estimate)

    // Pass 2, over the occurrences: each one's name id; a name's words and forms the
    // first time it occurs (for a title, from the words read in pass 1; for anything
    // else, reading the item again, which is rare: an artist's or album's name first
    // occurs as the title of the artist or album, when the catalog lists those first).
    let first = HashDeduplication.firstFlag
    var occurrence = 0
    for position in 0..<items.count {
      let entry = UInt32(position) << 3
      let type = Int(itemType[position])
      var title = names.ids[occurrence]
      if title & first != 0 {
        title &= ~first
        let start = position == 0 ? 0 : Int(titleEnds[position - 1])
        let end = Int(titleEnds[position])
        builder.full.removeAll(keepingCapacity: true)
        builder.withoutAsides.removeAll(keepingCapacity: true)
        if titleFullCounts[position] == UInt16.max {
          builder.full.append(contentsOf: titleWords[start..<end])
          builder.withoutAsides.append(contentsOf: titleWords[start..<end])
        } else {
          let split = start + Int(titleFullCounts[position])
          builder.full.append(contentsOf: titleWords[start..<split])
          builder.withoutAsides.append(contentsOf: titleWords[split..<end])
        }
        addName(title, &builder)
      }
      occurrence += 1
      let extrasStart = UInt32(extras.count)
      roleNames.append(title)
      roleEntries.append(entry | Role.title.rawValue)
      var artist = Self.noName
      var album = Self.noName
      var spokenIndex = 0
      var genreIndex = 0
      var moodIndex = 0
      while occurrence < kinds.count && kinds[occurrence] != .title {
        let kind = kinds[occurrence]
        var id = names.ids[occurrence]
        if id & first != 0 {
          id &= ~first
          switch kind {
          case .spokenForm: tokenize(items[position].spokenForms[spokenIndex], &builder)
          case .artist: tokenize(items[position].artist ?? "", &builder)
          case .album: tokenize(items[position].album ?? "", &builder)
          case .genre: tokenize(items[position].genres[genreIndex], &builder)
          case .mood: tokenize(items[position].moods[moodIndex], &builder)
          case .title: break
          }
          addName(id, &builder)
        }
        switch kind {
        case .spokenForm:
          spokenIndex += 1
          roleNames.append(id)
          roleEntries.append(entry | Role.title.rawValue)
          if type == MediaItemType.album.rawValue {
            roleNames.append(id)
            roleEntries.append(entry | Role.album.rawValue)
          }
          extras.append(id << 2)
        case .artist:
          artist = id
        case .album:
          album = id
        case .genre:
          genreIndex += 1
          roleNames.append(id)
          roleEntries.append(entry | Role.genre.rawValue)
          extras.append(id << 2 | 1)
        case .mood:
          moodIndex += 1
          roleNames.append(id)
          roleEntries.append(entry | Role.mood.rawValue)
          extras.append(id << 2 | 2)
        case .title:
          break
        }
        occurrence += 1
      }
      itemEntries.append(
        ItemEntry(
          title: title, artist: artist, album: album, extras: extrasStart, year: itemYear[position],
          type: itemType[position], popularity: popularities[position], rating: ratings[position]))
      if type == MediaItemType.artist.rawValue {
        roleNames.append(title)
        roleEntries.append(entry | Role.artist.rawValue)
      } else if artist != Self.noName {
        roleNames.append(artist)
        roleEntries.append(entry | Role.artist.rawValue)
      }
      if type == MediaItemType.album.rawValue {
        roleNames.append(title)
        roleEntries.append(entry | Role.album.rawValue)
      } else if album != Self.noName {
        roleNames.append(album)
        roleEntries.append(entry | Role.album.rawValue)
      }
      if type == MediaItemType.genre.rawValue {
        roleNames.append(title)
        roleEntries.append(entry | Role.genre.rawValue)
      }
    }

    itemEntries.append(
      ItemEntry(title: 0, artist: 0, album: 0, extras: UInt32(extras.count), year: 0, type: 0, popularity: 0, rating: 0))
    nameCount = names.count
    nameItems = Postings(keyCount: nameCount, keys: roleNames, values: roleEntries)
    wordNames = Postings(keyCount: vocabulary.count, keys: builder.postingWords, values: builder.postingNames)
    buildPairs(&builder)
    formSets = MultiMap(keys: builder.setHashes, values: builder.setNames)

    let positions = (0..<UInt32(items.count)).map { $0 }
    typeItems = Postings(keyCount: 32, keys: itemType.map { UInt32($0 & 31) }, values: positions)
    if minimumYear <= maximumYear, maximumYear - minimumYear < 100_000 {
      firstYear = minimumYear
      var years: [UInt32] = []
      var yearPositions: [UInt32] = []
      for (position, year) in itemYear.enumerated() where year != Self.noYear {
        years.append(UInt32(Int(year) - minimumYear))
        yearPositions.append(UInt32(position))
      }
      yearItems = Postings(keyCount: maximumYear - minimumYear + 1, keys: years, values: yearPositions)
    }
    if popularityInRange {
      let keys = items.indices.map { UInt32(Int(itemType[$0] & 31) * 101 + Int(popularities[$0])) }
      popularityItems = Postings(keyCount: 32 * 101, keys: keys, values: positions)
    }
    buildIDs(items)
    let flags = wordFlags
    near = NearWords(vocabulary: vocabulary) { flags[Int($0)] & WordFlag.plain != 0 }
  }

  /// What a name is to the item that carries it, in the order pass 1 notes them.
  private enum OccurrenceKind: UInt8 {
    case title, spokenForm, artist, album, genre, mood
  }

  /// The names items carry, in order: two hashes and the kind of each.
  private struct Occurrences {
    var firstHashes: [UInt64] = []
    var secondHashes: [UInt32] = []
    var kinds: [OccurrenceKind] = []

    init(capacity: Int) {
      firstHashes.reserveCapacity(capacity)
      secondHashes.reserveCapacity(capacity)
      kinds.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func note(_ name: String, _ kind: OccurrenceKind) {
      let (first, second) = name.withUTF8Bytes(byteHash128)
      firstHashes.append(first)
      secondHashes.append(UInt32(truncatingIfNeeded: second >> 32))
      kinds.append(kind)
    }
  }

  /// Scratch space reused while building, and the pairs the postings are built from.
  private struct Builder {
    var ascii = ASCIIWords()
    var full: [UInt32] = []
    var withoutAsides: [UInt32] = []
    var keys = WordKeys()
    var forms = FormBuilder()
    var union: [UInt32] = []
    var core: [UInt32] = []
    var postingWords: [UInt32] = []
    var postingNames: [UInt32] = []
    var setHashes: [UInt64] = []
    var setNames: [UInt32] = []
    var pairFirsts: [UInt32] = []
    var pairSeconds: [UInt32] = []
    var pairNames: [UInt32] = []
  }

  /// The id of a word, interned and classified if new.
  @inline(__always)
  private mutating func internWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let (id, isNew) = vocabulary.intern(bytes)
    if isNew { classify(id, bytes) }
    return id
  }

  private mutating func internWord(_ word: String) -> UInt32 {
    word.withUTF8Bytes { internWord($0) }
  }

  private mutating func classify(_ id: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) {
    folded.append(id)
    wordFlags.append(0)
    let text = String(decoding: bytes, as: UTF8.self)
    var flags: UInt8 = 0
    if TitleMatcher.optionalWords.contains(text) { flags |= WordFlag.optional }
    if TitleMatcher.creditWords.contains(text) { flags |= WordFlag.credit }
    if !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), !matcher.mayStartNumber(text) {
      flags |= WordFlag.plain
    }
    wordFlags[Int(id)] = flags
    if let homophone = TitleMatcher.homophones[text], homophone != text {
      let target = internWord(homophone)
      folded[Int(id)] = target
    }
  }

  private mutating func internWords(_ words: ASCIIWords, into ids: inout [UInt32]) {
    words.forEachWord { ids.append(internWord($0)) }
  }

  /// The words of `text` into `builder.full`, and those of `text` without its asides
  /// into `builder.withoutAsides` (the same words when it has none).
  private mutating func tokenize(_ text: String, _ builder: inout Builder) {
    builder.full.removeAll(keepingCapacity: true)
    builder.withoutAsides.removeAll(keepingCapacity: true)
    var asideMarks = false
    let isASCII = text.withUTF8Bytes { bytes -> Bool in
      for byte in bytes {
        if byte >= 0x80 { return false }
        if byte == 0x28 || byte == 0x29 || byte == 0x5B || byte == 0x5D { asideMarks = true }
      }
      builder.ascii.tokenize(bytes, removingAsides: false)
      internWords(builder.ascii, into: &builder.full)
      if asideMarks {
        builder.ascii.tokenize(bytes, removingAsides: true)
        internWords(builder.ascii, into: &builder.withoutAsides)
      }
      return true
    }
    if !isASCII {
      for word in Tokenizer.words(text) { builder.full.append(internWord(word)) }
      asideMarks = TitleMatcher.hasAsideMarks(text)
      if asideMarks {
        for word in Tokenizer.words(TitleMatcher.removingAsides(text)) { builder.withoutAsides.append(internWord(word)) }
      }
    }
    if !asideMarks { builder.withoutAsides.append(contentsOf: builder.full) }
  }

  /// Adds name `id` (the next one) from its words in `builder`: its forms and postings.
  private mutating func addName(_ id: UInt32, _ builder: inout Builder) {
    assert(Int(id) == nameEntries.count)
    let wordStart = UInt32(nameWords.count)
    let asides = builder.withoutAsides != builder.full
    // Plain: no number words, ASCII letters. Simple: besides, one form only (no aside,
    // no credit, no optional word), whose set is its words.
    var plain = true
    var simple = !asides
    var optional = false
    for word in builder.full {
      let flags = wordFlags[Int(word)]
      if flags & WordFlag.plain == 0 { plain = false }
      if flags & WordFlag.credit != 0 { simple = false }
      if flags & WordFlag.optional != 0 { optional = true }
    }
    if asides {
      for word in builder.withoutAsides where wordFlags[Int(word)] & WordFlag.plain == 0 { plain = false }
    }
    builder.union.removeAll(keepingCapacity: true)
    if plain {
      nameWords.append(contentsOf: builder.full)
      if asides { nameWords.append(contentsOf: builder.withoutAsides) }
      for word in builder.full {
        let word = folded[Int(word)]
        if !builder.union.contains(word) { builder.union.append(word) }
      }
      if asides {
        for word in builder.withoutAsides {
          let word = folded[Int(word)]
          if !builder.union.contains(word) { builder.union.append(word) }
        }
      }
      if simple {
        // No aside, no credit: the forms are the words, and the words without the
        // optional ones. A set hash needs no order.
        if !builder.union.isEmpty {
          let hash = WordKeys.setHash(builder.union)
          builder.setHashes.append(hash)
          builder.setNames.append(id)
          if optional {
            builder.core.removeAll(keepingCapacity: true)
            for word in builder.full where wordFlags[Int(word)] & WordFlag.optional == 0 {
              let word = folded[Int(word)]
              if !builder.core.contains(word) { builder.core.append(word) }
            }
            let coreHash = WordKeys.setHash(builder.core)
            if !builder.core.isEmpty && coreHash != hash {
              builder.setHashes.append(coreHash)
              builder.setNames.append(id)
            }
          }
        }
      } else {
        builder.forms.build(
          full: builder.full[...], withoutAsides: builder.withoutAsides[...], folded: folded, flags: wordFlags,
          into: &builder.keys)
        addFormSets(id, builder.keys, &builder)
      }
    } else {
      let keys = matcher.keys(
        full: builder.full.map { vocabulary.string($0) }, withoutAsides: builder.withoutAsides.map { vocabulary.string($0) })
      builder.keys.removeAll()
      for form in keys.forms {
        let words = form.words.map { internWord($0) }
        let dropped = form.dropped.map { internWord($0) }
        builder.keys.add(folded: words[...], dropped: dropped[...])
      }
      slowKeys.append(builder.keys)
      for word in builder.keys.words where !builder.union.contains(word) { builder.union.append(word) }
      nameWords.append(contentsOf: builder.union)
      addFormSets(id, builder.keys, &builder)
    }
    let kind: NameKind = !plain ? .computed : asides ? .plainWithAsides : .plain
    nameEntries.append(
      NameEntry(
        wordStart: wordStart, wordEnd: UInt32(nameWords.count),
        aux: plain ? UInt32(builder.full.count) : UInt32(slowKeys.count - 1), kind: kind))
    for word in builder.union {
      builder.postingWords.append(word)
      builder.postingNames.append(id)
    }
    // Every pair of the name's words, for queries of two common words.
    if builder.union.count <= Self.pairedWords {
      for first in builder.union.indices {
        for second in builder.union.indices where second > first {
          let a = builder.union[first]
          let b = builder.union[second]
          builder.pairFirsts.append(min(a, b))
          builder.pairSeconds.append(max(a, b))
          builder.pairNames.append(id)
        }
      }
    } else {
      longNames.append(id)
    }
  }

  /// Names with more distinct words than this have no word pairs filed (their pairs
  /// would be too many): they are candidates of every query looked up by pairs.
  static let pairedWords = 24

  /// Sorts the pairs by first word, second word and name: two stable counting sorts
  /// (by second word, then by first), the names already in order.
  private mutating func buildPairs(_ builder: inout Builder) {
    let count = builder.pairNames.count
    let words = vocabulary.count
    var counts = [Int](repeating: 0, count: words + 1)
    for second in builder.pairSeconds { counts[Int(second) + 1] += 1 }
    for word in 0..<words { counts[word + 1] += counts[word] }
    var order = [UInt32](repeating: 0, count: count)
    for index in 0..<count {
      let second = Int(builder.pairSeconds[index])
      order[counts[second]] = UInt32(index)
      counts[second] += 1
    }
    var starts = [UInt32](repeating: 0, count: words + 1)
    for first in builder.pairFirsts { starts[Int(first) + 1] += 1 }
    for word in 0..<words { starts[word + 1] += starts[word] }
    var fill = starts
    var seconds = [UInt32](repeating: 0, count: count)
    var names = [UInt32](repeating: 0, count: count)
    for index in order {
      let first = Int(builder.pairFirsts[Int(index)])
      let target = Int(fill[first])
      fill[first] += 1
      seconds[target] = builder.pairSeconds[Int(index)]
      names[target] = builder.pairNames[Int(index)]
    }
    pairStarts = starts
    pairSeconds = seconds
    pairNames = names
    builder.pairFirsts = []
    builder.pairSeconds = []
    builder.pairNames = []
  }

  /// The names that have both words `a` and `b` (a range of `pairNames`, sorted).
  func namesWithPair(_ a: UInt32, _ b: UInt32) -> ArraySlice<UInt32> {
    let first = min(a, b)
    let second = max(a, b)
    guard Int(first) + 1 < pairStarts.count else { return [] }
    var low = Int(pairStarts[Int(first)])
    var high = Int(pairStarts[Int(first) + 1])
    let end = high
    while low < high {
      let middle = (low + high) / 2
      if pairSeconds[middle] < second { low = middle + 1 } else { high = middle }
    }
    var upper = low
    while upper < end && pairSeconds[upper] == second { upper += 1 }
    return pairNames[low..<upper]
  }

  private func addFormSets(_ id: UInt32, _ keys: WordKeys, _ builder: inout Builder) {
    var previous: UInt64?
    for form in keys.forms where !form.words.isEmpty {
      let hash = WordKeys.setHash(keys.sets[form.set])
      if hash == previous { continue }
      previous = hash
      builder.setHashes.append(hash)
      builder.setNames.append(id)
    }
  }

  /// The item-id table: open addressing, a slot's index the top bits of the id's hash,
  /// so inserting the ids in order of those bits (a counting sort by the top 8) fills
  /// one small region of the table at a time, in cache.
  private mutating func buildIDs(_ items: [CatalogItem]) {
    var bits = 4
    while 1 << bits < items.count * 2 { bits += 1 }
    let size = 1 << bits
    let hashes = items.indices.map { items[$0].id.withUTF8Bytes(byteHash) }
    var starts = [Int](repeating: 0, count: 257)
    for hash in hashes { starts[Int(hash >> 56) + 1] += 1 }
    for index in 0..<256 { starts[index + 1] += starts[index] }
    var order = [UInt32](repeating: 0, count: items.count)
    for (position, hash) in hashes.enumerated() {
      order[starts[Int(hash >> 56)]] = UInt32(position)
      starts[Int(hash >> 56)] += 1
    }
    var slots = [UInt64](repeating: 0, count: size)
    let mask = size - 1
    for position in order {
      let hash = hashes[Int(position)]
      let tag = hash & 0xFFFF_FFFF
      var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
      var duplicate = false
      while slots[slot] != 0 {
        if slots[slot] & 0xFFFF_FFFF == tag, items[Int(slots[slot] >> 32) - 1].id == items[Int(position)].id {
          // The first item with an id wins, as in a dictionary built keeping the first.
          if Int(slots[slot] >> 32) - 1 > Int(position) { slots[slot] = UInt64(position + 1) << 32 | tag }
          duplicate = true
          break
        }
        slot = (slot + 1) & mask
      }
      if !duplicate { slots[slot] = UInt64(position + 1) << 32 | tag }
    }
    idBits = bits
    idSlots = slots
  }

  /// The position of the item with `id` in `items` (the items the index was built from).
  func position(of id: String, in items: [CatalogItem]) -> Int? {
    guard !idSlots.isEmpty else { return nil }
    let hash = id.withUTF8Bytes(byteHash)
    let tag = hash & 0xFFFF_FFFF
    let mask = idSlots.count - 1
    var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - idBits))
    while idSlots[slot] != 0 {
      if idSlots[slot] & 0xFFFF_FFFF == tag {
        let position = Int(idSlots[slot] >> 32) - 1
        if items[position].id == id { return position }
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Bytes the index holds (array capacities), for memory figures.
  var memoryBytes: Int {
    var total = vocabulary.memoryBytes + folded.capacity * 4 + wordFlags.capacity
    total += nameEntries.capacity * MemoryLayout<NameEntry>.stride
    total += (pairStarts.capacity + pairSeconds.capacity + pairNames.capacity + longNames.capacity) * 4
    total += nameWords.capacity * 4 + wordNames.memoryBytes + formSets.memoryBytes + nameItems.memoryBytes
    for keys in slowKeys {
      total += 64 + keys.forms.capacity * 48 + (keys.words.capacity + keys.dropped.capacity + keys.sets.capacity) * 4
    }
    total += itemEntries.capacity * MemoryLayout<ItemEntry>.stride + extras.capacity * 4
    total += typeItems.memoryBytes + yearItems.memoryBytes + popularityItems.memoryBytes
    total += idSlots.capacity * 8 + near.memoryBytes
    return total
  }

  // MARK: - Queries

  /// A text to look for, as keys in this index's word ids. Words no name has get ids
  /// of their own (from the top of the id range down).
  struct Query {
    var keys = WordKeys()
    /// The query's distinct words: id, and its text.
    var words: [(id: UInt32, text: String)] = []
    /// Near words of each of `words` (same order), filled for a forgiving search.
    var alternatives: [[(id: UInt32, cost: Double)]] = []
  }

  func query(_ keys: TitleKeys, forgiving: Bool) -> Query {
    var query = Query()
    func id(_ word: String) -> UInt32 {
      if let known = query.words.first(where: { $0.text == word }) { return known.id }
      let id = vocabulary.id(of: word) ?? (UInt32.max - 1 - UInt32(query.words.count))
      query.words.append((id, word))
      return id
    }
    for form in keys.forms {
      let words = form.words.map(id)
      let dropped = form.dropped.map(id)
      query.keys.add(folded: words[...], dropped: dropped[...])
    }
    // Only the words of the forms take part in matching (dropped words don't).
    let formWords = Set(query.keys.words)
    query.words.removeAll { !formWords.contains($0.id) }
    query.alternatives = query.words.map { word in
      var alternatives: [(id: UInt32, cost: Double)] = []
      if Int(word.id) < vocabulary.count { alternatives.append((word.id, 0)) }
      guard forgiving else { return alternatives }
      let near = word.text.withUTF8Bytes { self.near.alternatives(of: $0, in: vocabulary) }
      for (id, cost) in near {
        let target = folded[Int(id)]
        if let index = alternatives.firstIndex(where: { $0.id == target }) {
          alternatives[index].cost = min(alternatives[index].cost, cost)
        } else {
          alternatives.append((target, cost))
        }
      }
      return alternatives
    }
    return query
  }

  /// A name with how well the query names it.
  struct NameScore {
    var name: UInt32
    var score: Double
  }

  /// Every name that `query` names with a score of at least `threshold` (0.6 or more),
  /// sorted by name id. With near words (a forgiving query), a name may match through
  /// them, at a lower score (see ``MediaCatalog``).
  func names(matching query: Query, threshold: Double, scratch: inout Scratch) -> [NameScore] {
    guard !query.keys.isEmpty else { return [] }
    var candidates = scratch.candidates
    candidates.removeAll(keepingCapacity: true)
    for form in query.keys.forms where !form.words.isEmpty {
      let set = query.keys.sets[form.set]
      let choices = set.map { id in query.alternatives[query.words.firstIndex { $0.id == id }!] }
      // Names with every word of the form (or a near word of each): the intersection
      // of the words' postings (each sorted by name), smallest first; for two words
      // or more said as heard, starting from the names with the two rarest.
      if choices.allSatisfy({ !$0.isEmpty }) {
        var lists: [ArraySlice<UInt32>] = []
        for options in choices {
          if options.count == 1 {
            lists.append(wordNames.values[wordNames.range(of: options[0].id)])
          } else {
            // A word and its near words: the union of their postings.
            var union: [UInt32] = []
            for option in options { union.append(contentsOf: wordNames.values[wordNames.range(of: option.id)]) }
            union.sort()
            var unique: [UInt32] = []
            unique.reserveCapacity(union.count)
            for name in union where unique.last != name { unique.append(name) }
            lists.append(unique[...])
          }
        }
        var order = Array(lists.indices)
        order.sort { lists[$0].count < lists[$1].count }
        var common: [UInt32]
        var rest = order.dropFirst()
        // (Two words forgiven to the same near word have no pair: they are intersected.)
        if order.count >= 2, choices[order[0]].count == 1, choices[order[1]].count == 1, lists[order[1]].count > 16,
          choices[order[0]][0].id != choices[order[1]][0].id
        {
          let first = choices[order[0]][0].id
          let second = choices[order[1]][0].id
          common = Array(namesWithPair(first, second))
          if !longNames.isEmpty {
            common = Self.union(common, longNames.filter { nameHas($0, word: first) && nameHas($0, word: second) })
          }
          rest = rest.dropFirst()
        } else {
          common = Array(lists[order[0]])
        }
        for index in rest where !common.isEmpty {
          common = Self.intersection(common, lists[index])
        }
        candidates.append(contentsOf: common)
      }
      // Names with a form whose words are all in the query (a shorter title said with
      // more words) score up to 0.7: only for thresholds below that. Such a partial
      // match is never forgiven (see `score`), so only the words themselves count.
      if threshold < 0.7 {
        let known = choices.compactMap { $0.first?.cost == 0 ? $0[0].id : nil }
        if known.count <= 12 {
          var subset: [UInt32] = []
          for mask in 1..<(1 << known.count) {
            subset.removeAll(keepingCapacity: true)
            for (bit, id) in known.enumerated() where mask & (1 << bit) != 0 { subset.append(id) }
            for posting in formSets.range(of: WordKeys.setHash(subset)) {
              candidates.append(formSets.values[posting])
            }
          }
        } else {
          for id in known {
            for posting in wordNames.range(of: id) { candidates.append(wordNames.values[posting]) }
          }
        }
      }
    }
    guard !candidates.isEmpty else {
      scratch.candidates = candidates
      return []
    }
    candidates.sort()
    var results: [NameScore] = []
    var previous = UInt32.max
    for name in candidates where name != previous {
      previous = name
      let score = self.score(query, name: name, scratch: &scratch)
      if score >= threshold { results.append(NameScore(name: name, score: score)) }
    }
    scratch.candidates = candidates
    return results
  }

  /// The values of sorted `small` that sorted `large` has too: for each, a galloping
  /// search from where the previous one stopped, so a short list costs little against
  /// a long one.
  static func intersection(_ small: [UInt32], _ large: ArraySlice<UInt32>) -> [UInt32] {
    var result: [UInt32] = []
    if large.count < small.count * 8 {
      // Lists of like lengths: a plain merge.
      var i = 0
      var j = large.startIndex
      while i < small.count && j < large.endIndex {
        if small[i] == large[j] {
          result.append(small[i])
          i += 1
          j += 1
        } else if small[i] < large[j] {
          i += 1
        } else {
          j += 1
        }
      }
      return result
    }
    var low = large.startIndex
    let end = large.endIndex
    for value in small {
      // Gallop to a range whose end is past `value`, then search it.
      var step = 1
      var high = low
      while high < end && large[high] < value {
        low = high + 1
        high = low + step
        step <<= 1
      }
      high = min(high, end)
      while low < high {
        let middle = (low + high) / 2
        if large[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == end { break }
      if large[low] == value {
        result.append(value)
        low += 1
      }
    }
    return result
  }

  /// Two sorted lists merged, without repeats.
  static func union(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    var all = a + b
    all.sort()
    var unique: [UInt32] = []
    for value in all where unique.last != value { unique.append(value) }
    return unique
  }

  /// Reused buffers for one search.
  struct Scratch {
    var candidates: [UInt32] = []
    var nameKeys = WordKeys()
    var substituted = WordKeys()
    var forms = FormBuilder()
  }

  /// How well `query` names name `name`: ``TitleMatcher``'s score, or for a forgiving
  /// query the better of that and the score with near words put in, lowered by 6% per
  /// edit (a sound-alike counts 1.5). Near words only forgive a match of the whole
  /// name (a score of 0.9 or more with them put in): "the hobbit" doesn't find
  /// "Nasty Habit" through "habit", which sounds like "hobbit".
  func score(_ query: Query, name: UInt32, scratch: inout Scratch) -> Double {
    let keys: WordKeys
    let entry = nameEntries[Int(name)]
    switch entry.kind {
    case .plain, .plainWithAsides:
      let start = Int(entry.wordStart)
      let fullEnd = start + Int(entry.aux)
      let full = nameWords[start..<fullEnd]
      let withoutAsides = entry.kind == .plain ? full : nameWords[fullEnd..<Int(entry.wordEnd)]
      scratch.forms.build(full: full, withoutAsides: withoutAsides, folded: folded, flags: wordFlags, into: &scratch.nameKeys)
      keys = scratch.nameKeys
    case .computed:
      keys = slowKeys[Int(entry.aux)]
    }
    let exact = WordKeys.score(query.keys, keys)
    guard query.alternatives.contains(where: { $0.count > ($0.first?.cost == 0 ? 1 : 0) }) else { return exact }
    // Put in, for each query word the name lacks, its cheapest near word the name has.
    var replacements: [(from: UInt32, to: UInt32)] = []
    var cost = 0.0
    for (index, word) in query.words.enumerated() where !nameHas(name, word: word.id) {
      var best: (id: UInt32, cost: Double)?
      for option in query.alternatives[index] where option.cost > 0 && nameHas(name, word: option.id) {
        if best == nil || option.cost < best!.cost { best = option }
      }
      if let best {
        replacements.append((word.id, best.id))
        cost += best.cost
      }
    }
    guard !replacements.isEmpty else { return exact }
    scratch.substituted.removeAll()
    for form in query.keys.forms {
      let words = query.keys.words[form.words].map { word in replacements.first { $0.from == word }?.to ?? word }
      scratch.substituted.add(folded: words[...], dropped: query.keys.dropped[form.dropped], deduplicating: false)
    }
    let whole = WordKeys.score(scratch.substituted, keys)
    guard whole >= 0.9 else { return exact }
    return max(exact, whole * max(0, 1 - 0.06 * cost))
  }

  /// Whether any form of name `name` has the (folded) word `word`.
  @inline(__always)
  func nameHas(_ name: UInt32, word: UInt32) -> Bool {
    let entry = nameEntries[Int(name)]
    let start = Int(entry.wordStart)
    let end = Int(entry.wordEnd)
    if entry.kind == .computed {
      for index in start..<end where nameWords[index] == word { return true }
    } else {
      for index in start..<end where folded[Int(nameWords[index])] == word { return true }
    }
    return false
  }

  // MARK: - Items

  /// The items name `name` plays `role` for, calling `body` with each position.
  @inline(__always)
  func forEachItem(of name: UInt32, as role: Role, _ body: (Int) -> Void) {
    for index in nameItems.range(of: name) {
      let entry = nameItems.values[index]
      if entry & 7 == role.rawValue { body(Int(entry >> 3)) }
    }
  }

  /// How many items carry name `name` in any role (an upper bound for one role).
  func itemCount(of name: UInt32) -> Int { nameItems.count(of: name) }

  /// What a search checks on item `position`.
  @inline(__always)
  func item(_ position: Int) -> ItemEntry { itemEntries[position] }

  func type(of position: Int) -> Int { Int(itemEntries[position].type) }

  func title(of position: Int) -> UInt32 { itemEntries[position].title }

  /// Calls `body` with the item's spoken forms (kind 0), genres (1) and moods (2).
  @inline(__always)
  func forEachExtra(of position: Int, _ body: (_ name: UInt32, _ kind: UInt32) -> Void) {
    let start = Int(itemEntries[position].extras)
    let end = Int(itemEntries[position + 1].extras)
    for index in start..<end {
      let entry = extras[index]
      body(entry >> 2, entry & 3)
    }
  }

  func itemCount(ofType type: Int) -> Int { typeItems.count(of: UInt32(type & 31)) }

  func forEachItem(ofType type: Int, _ body: (Int) -> Void) {
    for index in typeItems.range(of: UInt32(type & 31)) { body(Int(typeItems.values[index])) }
  }

  /// How many items have a year in `range`.
  func itemCount(inYears range: ClosedRange<Int>) -> Int {
    var total = 0
    forEachYearKey(range) { total += yearItems.count(of: $0) }
    return total
  }

  func forEachItem(inYears range: ClosedRange<Int>, _ body: (Int) -> Void) {
    forEachYearKey(range) { key in
      for index in yearItems.range(of: key) { body(Int(yearItems.values[index])) }
    }
  }

  private func forEachYearKey(_ range: ClosedRange<Int>, _ body: (UInt32) -> Void) {
    guard yearItems.keyCount > 0 else { return }
    let low = max(range.lowerBound, firstYear)
    let high = min(range.upperBound, firstYear + yearItems.keyCount - 1)
    guard low <= high else { return }
    for year in low...high { body(UInt32(year - firstYear)) }
  }

  /// Items of `type` by popularity, most popular first (`descending`) or least, and
  /// in catalog order among equals. Stops when `body` returns false.
  func forEachItem(ofType type: Int, byPopularity descending: Bool, _ body: (Int) -> Bool) {
    for step in 0...100 {
      let popularity = descending ? 100 - step : step
      for index in popularityItems.range(of: UInt32((type & 31) * 101 + popularity)) {
        if !body(Int(popularityItems.values[index])) { return }
      }
    }
  }
}

/// Builds the forms ``TitleMatcher/keys(_:)`` gives a plain text (no number words)
/// from its words in ids: the full text, without asides, without credits, and each
/// without optional words, with the words each leaves out.
struct FormBuilder: Sendable {
  private var core: [UInt32] = []
  private var trimmed: [UInt32] = []
  private var foldedWords: [UInt32] = []
  private var dropped: [UInt32] = []

  mutating func build(
    full: ArraySlice<UInt32>, withoutAsides: ArraySlice<UInt32>, folded: [UInt32], flags: [UInt8],
    into keys: inout WordKeys
  ) {
    keys.removeAll()
    add(full, full: full, folded: folded, into: &keys)
    add(withoutAsides, full: full, folded: folded, into: &keys)
    // Credits: everything from the first "feat"/"ft"/"featuring" on, unless it comes first.
    var withoutCredits = withoutAsides
    if let credit = withoutAsides.firstIndex(where: { flags[Int($0)] & CatalogIndex.WordFlag.credit != 0 }),
      credit > withoutAsides.startIndex
    {
      withoutCredits = withoutAsides[..<credit]
    }
    add(withoutCredits, full: full, folded: folded, into: &keys)
    core.removeAll(keepingCapacity: true)
    for word in withoutCredits where flags[Int(word)] & CatalogIndex.WordFlag.optional == 0 { core.append(word) }
    add(core[...], full: full, folded: folded, into: &keys)
    trimmed.removeAll(keepingCapacity: true)
    for word in full where flags[Int(word)] & CatalogIndex.WordFlag.optional == 0 { trimmed.append(word) }
    add(trimmed[...], full: full, folded: folded, into: &keys)
  }

  private mutating func add(
    _ raw: ArraySlice<UInt32>, full: ArraySlice<UInt32>, folded: [UInt32], into keys: inout WordKeys
  ) {
    foldedWords.removeAll(keepingCapacity: true)
    for word in raw { foldedWords.append(folded[Int(word)]) }
    for form in keys.forms where keys.words[form.words].elementsEqual(foldedWords) { return }
    dropped.removeAll(keepingCapacity: true)
    dropped.append(contentsOf: full)
    for word in raw {
      if let index = dropped.firstIndex(of: word) { dropped.remove(at: index) }
    }
    keys.add(folded: foldedWords[...], dropped: dropped[...])
  }
}

