import Foundation

/// The simulator's time: seconds since the session's fixed start, moved only by
/// `:advance`. Kept in the app-group store so the extension, the main app and a
/// restarted session all read the same time, and transcripts never see the wall clock.
public struct SimulatedClock: Sendable, Equatable, Codable {
  /// Seconds since ``startDate``.
  public var elapsed: Double

  public init(elapsed: Double = 0) {
    self.elapsed = elapsed
  }

  /// The calendar date the simulation starts at (shown in `:state`).
  public static let startDate = "2026-11-20T09:00:00Z"

  /// The store key.
  public static let storeKey = "simulator.clock"

  /// `elapsed` as `h:mm:ss` after the start, e.g. `1:05:00`.
  public var formatted: String {
    let total = Int(min(max(elapsed, 0), 1e15).rounded())
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let seconds = total % 60
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)"
  }
}

extension AppGroupStore {
  /// The simulated time now.
  public var clock: SimulatedClock {
    value(SimulatedClock.self, forKey: SimulatedClock.storeKey) ?? SimulatedClock()
  }

  /// Moves simulated time forward by `seconds`.
  public func advanceClock(by seconds: Double) {
    update(SimulatedClock.self, forKey: SimulatedClock.storeKey, default: SimulatedClock()) {
      $0.elapsed += max(0, seconds)
    }
  }
}

extension AppGroupStore {
  /// The app whose audio is playing (or paused) now, system-wide: where playback
  /// commands go.
  public var nowPlayingApp: String? {
    value(String.self, forKey: "system.nowPlayingApp")
  }

  public func setNowPlayingApp(_ name: String?) {
    if let name { set(name, forKey: "system.nowPlayingApp") } else { removeValue(forKey: "system.nowPlayingApp") }
  }
}

/// The simulation's calendar: days as `yyyy-MM-dd` (which sort as they run), in UTC,
/// weeks starting on Monday. What "today" is comes from ``SimulatedClock``, never from
/// the wall clock, so a transcript that plays "yesterday's episode" always means the same day.
public enum SimulatedCalendar {
  /// The day `seconds` after ``SimulatedClock/startDate``.
  public static func day(secondsIntoSession seconds: Double) -> String {
    let elapsed = seconds.isFinite ? min(max(seconds, 0), 1e11) : 0
    return string(of: sessionStart.addingTimeInterval(elapsed))
  }

  /// ``SimulatedClock/startDate`` as a date.
  private static let sessionStart = ISO8601DateFormatter().date(from: SimulatedClock.startDate) ?? Date(timeIntervalSince1970: 0)

  /// The days a release phrase spans, seen from `today`: the grammars' `releaseDate`
  /// values "today", "yesterday", "this week", "last week", "last monday" … "last
  /// sunday" (the latest such day before today), "this month", "last month", "this
  /// year", "last year" and "recent" (the last 30 days). `nil` for anything else:
  /// years and decades are the catalog's to match.
  public static func days(of phrase: String, today: String) -> ClosedRange<String>? {
    guard let now = date(of: today) else { return nil }
    let calendar = gregorian
    func shifted(_ days: Int) -> Date { calendar.date(byAdding: .day, value: days, to: now) ?? now }
    func range(_ from: Date, _ to: Date) -> ClosedRange<String> { string(of: from)...string(of: to) }
    // Days since Monday: Calendar's weekday is 1 for Sunday … 7 for Saturday.
    let sinceMonday = (calendar.component(.weekday, from: now) + 5) % 7
    let parts = calendar.dateComponents([.year, .month], from: now)
    let year = parts.year ?? 2026
    let month = parts.month ?? 1
    let phrase = phrase.lowercased()
    switch phrase {
    case "today": return range(now, now)
    case "yesterday": return range(shifted(-1), shifted(-1))
    case "this week": return range(shifted(-sinceMonday), now)
    case "last week": return range(shifted(-sinceMonday - 7), shifted(-sinceMonday - 1))
    case "this month": return ymd(year, month, 1)...today
    case "last month":
      let firstOfThisMonth = date(of: ymd(year, month, 1)) ?? now
      let firstOfLastMonth = calendar.date(byAdding: .month, value: -1, to: firstOfThisMonth) ?? firstOfThisMonth
      let lastOfLastMonth = calendar.date(byAdding: .day, value: -1, to: firstOfThisMonth) ?? firstOfThisMonth
      return string(of: firstOfLastMonth)...string(of: lastOfLastMonth)
    case "this year": return ymd(year, 1, 1)...today
    case "last year": return ymd(year - 1, 1, 1)...ymd(year - 1, 12, 31)
    case "recent": return range(shifted(-30), now)
    default:
      let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
      guard phrase.hasPrefix("last "), let index = weekdays.firstIndex(of: String(phrase.dropFirst(5)))
      else { return nil }
      // The latest such day before today: a week ago when today is that day.
      let back = (sinceMonday - index + 7) % 7
      let day = shifted(-(back == 0 ? 7 : back))
      return range(day, day)
    }
  }

  /// Whether `phrase` is one ``days(of:today:)`` reads ("yesterday", "last monday").
  public static func isRelative(_ phrase: String) -> Bool {
    days(of: phrase, today: String(SimulatedClock.startDate.prefix(10))) != nil
  }

  private static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }()

  private static func ymd(_ year: Int, _ month: Int, _ day: Int) -> String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  private static func date(of day: String) -> Date? {
    let fields = day.split(separator: "-").compactMap { Int($0) }
    guard fields.count == 3 else { return nil }
    return gregorian.date(from: DateComponents(year: fields[0], month: fields[1], day: fields[2]))
  }

  private static func string(of date: Date) -> String {
    let parts = gregorian.dateComponents([.year, .month, .day], from: date)
    return ymd(parts.year ?? 2026, parts.month ?? 1, parts.day ?? 1)
  }
}
