import BingWallModel
import BingWallSystem
import FoundationEssentials

/// When a feed says an item was published: RSS's RFC 822 `pubDate` (`Mon, 15 Jun 2026 08:30:00
/// +0200`), or the ISO 8601 of Atom's `published`/`updated` and Dublin Core's `dc:date`
/// (`2026-06-15T08:30:00+02:00`).
struct FeedDate: Sendable, Hashable, Comparable {
  /// The moment, to order a feed's items.
  var instant: Date
  /// The day as the feed wrote it, in its own time zone: the picture's day.
  var day: CalendarDate

  static func < (lhs: FeedDate, rhs: FeedDate) -> Bool { lhs.instant < rhs.instant }

  /// The date `text` writes in either form; nil when it is neither. A time zone the text does
  /// not name is UTC's.
  init?(_ text: String) {
    let trimmed = TerminalText.singleLine(text)
    // A date is a few dozen characters; longer is not one, and is not read further.
    guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
    if let first = trimmed.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      let date = Self.iso8601(trimmed)
    {
      self = date
    } else if let date = Self.rfc822(trimmed) {
      self = date
    } else {
      return nil
    }
  }

  private init?(day: CalendarDate?, seconds: Int, offset: Int) {
    guard let day, (0..<86_400).contains(seconds), abs(offset) < 86_400 else { return nil }
    self.day = day
    instant = Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + seconds - offset))
  }

  /// `YYYY-MM-DD`, then optionally `THH:MM`, `:SS`, a fraction, and `Z` or `±HH:MM` (or `±HHMM`).
  private static func iso8601(_ text: String) -> FeedDate? {
    let bytes = Array(text.utf8)
    var reader = Digits(bytes: bytes)
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
      let day = reader.number(2)
    else { return nil }
    var seconds = 0
    if reader.skip("T") || reader.skip("t") || reader.skip(" ") {
      guard let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), hour < 24,
        minute < 60
      else { return nil }
      seconds = hour * 3600 + minute * 60
      if reader.skip(":") {
        guard let second = reader.number(2) else { return nil }
        seconds += min(second, 59)
        if reader.skip(".") || reader.skip(",") { reader.skipDigits() }
      }
    }
    guard let offset = reader.zone(), reader.isAtEnd else { return nil }
    return FeedDate(day: CalendarDate(year: year, month: month, day: day), seconds: seconds, offset: offset)
  }

  /// `[Weekday,] DD Mon YYYY HH:MM[:SS] [zone]`, the weekday and month in any language whose
  /// month names start as English's do (`mer, 16 nov 2022`), a two-digit year taken as 19xx or 20xx
  /// as RFC 2822 reads it.
  private static func rfc822(_ text: String) -> FeedDate? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    guard words.count <= 8,
      let monthIndex = words.firstIndex(where: { months.contains($0.prefix(3).lowercased()) }),
      monthIndex > words.startIndex, monthIndex + 1 < words.endIndex,
      let month = months.firstIndex(of: words[monthIndex].prefix(3).lowercased()),
      let day = Int(words[monthIndex - 1]), var year = Int(words[monthIndex + 1])
    else { return nil }
    if words[monthIndex + 1].count == 2 { year += year < 50 ? 2000 : 1900 }
    var seconds = 0
    var offset = 0
    if monthIndex + 2 < words.endIndex {
      let parts = words[monthIndex + 2].split(separator: ":")
      guard (2...3).contains(parts.count), let hour = Int(parts[0]), let minute = Int(parts[1]),
        (0..<24).contains(hour), (0..<60).contains(minute)
      else { return nil }
      seconds = hour * 3600 + minute * 60 + (parts.count == 3 ? min(Int(parts[2]) ?? 0, 59) : 0)
      if monthIndex + 3 < words.endIndex {
        let zone = String(words[monthIndex + 3])
        if let named = zones[zone.uppercased()] {
          offset = named * 3600
        } else {
          var reader = Digits(bytes: Array(zone.utf8))
          guard let numeric = reader.zone(), reader.isAtEnd else { return nil }
          offset = numeric
        }
      }
    }
    return FeedDate(
      day: CalendarDate(year: year, month: month + 1, day: day), seconds: seconds, offset: offset)
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// RFC 822's zone names, in hours east of UTC.
  private static let zones: [String: Int] = [
    "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7,
    "MDT": -6, "PST": -8, "PDT": -7,
  ]

  /// A cursor over ASCII digits and the punctuation between them.
  private struct Digits {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// Exactly `count` digits as a number.
    mutating func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    mutating func skipDigits() {
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    /// Nothing (UTC), `Z`, or `±HH:MM` / `±HHMM` / `±HH`, as seconds east of UTC.
    mutating func zone() -> Int? {
      if isAtEnd || skip("Z") || skip("z") { return 0 }
      let sign: Int
      if skip("+") {
        sign = 1
      } else if skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let hours = number(2) else { return nil }
      var minutes = 0
      if !isAtEnd {
        _ = skip(":")
        guard let value = number(2) else { return nil }
        minutes = value
      }
      return sign * (hours * 3600 + minutes * 60)
    }
  }
}
