/// A unified diff between two texts, line by line, in the format `diff -u`, `git diff`
/// and `patch` read:
///
/// ```
/// --- expected
/// +++ actual
/// @@ -12,7 +12,7 @@
///  > play bad guy
///  Siri: Here's "bad guy" by Billie Eilish, from Deezer.
/// -Siri: OK.
/// +Siri: OK, I added it.
/// ```
///
/// Hunks have ``context`` unchanged lines around each change (3, as `diff -u`); changes
/// closer than twice that share a hunk. A hunk's counts are written even when they are 1;
/// an empty side starts at the line before it (`-4,0`), as in `diff -u`.
public struct UnifiedDiff: Sendable, Equatable {
  /// One step of an edit script: a line both texts have, or one only the old (expected)
  /// or only the new (actual) text has.
  public enum Edit: Sendable, Equatable {
    case same(String)
    case deleted(String)
    case inserted(String)

    var isChange: Bool {
      if case .same = self { return false }
      return true
    }

    /// The line as a diff prints it: ` `, `-` or `+`, then the text.
    var rendered: String {
      switch self {
      case .same(let text): " " + text
      case .deleted(let text): "-" + text
      case .inserted(let text): "+" + text
      }
    }
  }

  /// Changed lines with their context, and where they are in each text (1-based).
  public struct Hunk: Sendable, Equatable {
    public var oldStart: Int
    public var oldCount: Int
    public var newStart: Int
    public var newCount: Int
    public var edits: [Edit]

    /// `@@ -12,7 +12,8 @@`.
    public var header: String {
      "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"
    }
  }

  public var hunks: [Hunk]
  /// The line of the old text where the texts first differ (1-based): the first line
  /// deleted, or for a line only the new text has, the old line it goes before (one
  /// past the last line when it goes at the end).
  public var firstDifferenceLine: Int

  /// Unchanged lines shown around each change.
  public static let context = 3

  /// The diff from `old` to `new`, or nil when they are the same.
  public init?(old: [String], new: [String], context: Int = UnifiedDiff.context) {
    self.init(edits: Self.edits(old: old, new: new), context: context)
  }

  /// The diff an edit script describes, or nil when it changes nothing. Within each
  /// run of changed lines the deletions are shown first, then the insertions.
  public init?(edits: [Edit], context: Int = UnifiedDiff.context) {
    let edits = Self.deletionsFirst(edits)
    guard let firstChange = edits.firstIndex(where: \.isChange) else { return nil }
    // Where each edit is in the old and new texts (0-based), before it is applied.
    var oldPositions: [Int] = []
    var newPositions: [Int] = []
    var oldLine = 0
    var newLine = 0
    for edit in edits {
      oldPositions.append(oldLine)
      newPositions.append(newLine)
      switch edit {
      case .same: oldLine += 1; newLine += 1
      case .deleted: oldLine += 1
      case .inserted: newLine += 1
      }
    }
    firstDifferenceLine = oldPositions[firstChange] + 1

    // Group the changes: a gap of at most 2 × context unchanged lines joins two hunks.
    let changes = edits.indices.filter { edits[$0].isChange }
    var groups: [(first: Int, last: Int)] = []
    for index in changes {
      if let last = groups.last, index - last.last - 1 <= 2 * context {
        groups[groups.count - 1].last = index
      } else {
        groups.append((index, index))
      }
    }
    hunks = groups.map { group in
      let start = max(0, group.first - context)
      let end = min(edits.count - 1, group.last + context)
      let slice = Array(edits[start...end])
      let oldCount = slice.filter { if case .inserted = $0 { false } else { true } }.count
      let newCount = slice.filter { if case .deleted = $0 { false } else { true } }.count
      // An empty side is named by the line before it (0 at the start).
      return Hunk(
        oldStart: oldCount == 0 ? oldPositions[start] : oldPositions[start] + 1, oldCount: oldCount,
        newStart: newCount == 0 ? newPositions[start] : newPositions[start] + 1, newCount: newCount,
        edits: slice)
    }
  }

  /// The diff as text: `--- expected`, `+++ actual`, then each hunk. No final line
  /// break.
  public var text: String {
    lines().joined(separator: "\n")
  }

  /// The diff's lines, coloured for a terminal when `colors` is true (headers bold,
  /// hunk headers cyan, deletions red, insertions green).
  public func lines(
    colors: Bool = false, oldName: String = "expected", newName: String = "actual"
  ) -> [String] {
    func paint(_ line: String, _ code: String) -> String {
      colors ? "\u{1B}[\(code)m\(line)\u{1B}[0m" : line
    }
    var lines = [paint("--- \(oldName)", "1"), paint("+++ \(newName)", "1")]
    for hunk in hunks {
      lines.append(paint(hunk.header, "36"))
      for edit in hunk.edits {
        switch edit {
        case .same: lines.append(edit.rendered)
        case .deleted: lines.append(paint(edit.rendered, "31"))
        case .inserted: lines.append(paint(edit.rendered, "32"))
        }
      }
    }
    return lines
  }

  // MARK: - The edit script

  /// A shortest edit script from `old` to `new` (Myers' O((N+M)·D) algorithm: fast when
  /// the texts are long and the differences few, as in a transcript that changed).
  public static func edits(old: [String], new: [String]) -> [Edit] {
    // Lines both ends share need no search.
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    return old[..<prefix].map { .same($0) } + middleEdits(a, b) + old[(old.count - suffix)...].map { .same($0) }
  }

  private static func middleEdits(_ a: [String], _ b: [String]) -> [Edit] {
    let n = a.count
    let m = b.count
    if n == 0 { return b.map { .inserted($0) } }
    if m == 0 { return a.map { .deleted($0) } }
    let maximum = n + m
    // v[k + offset]: the furthest x reached on diagonal k = x − y.
    let offset = maximum + 1
    var v = [Int](repeating: 0, count: 2 * maximum + 3)
    // trace[d]: v over diagonals −d…d before step d, to walk back.
    var trace: [[Int]] = []
    var distance = 0
    search: for d in 0...maximum {
      trace.append(Array(v[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]  // down: a line of b inserted
        } else {
          x = v[offset + k - 1] + 1  // right: a line of a deleted
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n, y >= m {
          distance = d
          break search
        }
      }
    }
    // Walk back from (n, m) through the snapshots.
    var reversed: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: distance, through: 0, by: -1) {
      let snapshot = trace[d]
      func at(_ k: Int) -> Int { snapshot[k + d] }
      let k = x - y
      let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : at(previousK)
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        reversed.append(.same(a[x]))
      }
      if d > 0 {
        if x == previousX {
          y -= 1
          reversed.append(.inserted(b[y]))
        } else {
          x -= 1
          reversed.append(.deleted(a[x]))
        }
      }
    }
    return reversed.reversed()
  }

  /// Each run of changes with its deletions before its insertions, as diffs are read.
  static func deletionsFirst(_ edits: [Edit]) -> [Edit] {
    var result: [Edit] = []
    var deleted: [Edit] = []
    var inserted: [Edit] = []
    func flush() {
      result += deleted
      result += inserted
      deleted = []
      inserted = []
    }
    for edit in edits {
      switch edit {
      case .same:
        flush()
        result.append(edit)
      case .deleted: deleted.append(edit)
      case .inserted: inserted.append(edit)
      }
    }
    flush()
    return result
  }
}
