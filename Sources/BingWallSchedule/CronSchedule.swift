import BingWallSystem
import FoundationEssentials
import Glibc

/// The times of a crontab line, to tell when it runs next: the minute and hour fields (numbers,
/// `*`, ranges `a-b`, steps `*/n`, lists `a,b`) with every day (`* * *`), and `@hourly` and
/// `@daily`. That covers the line `autostart enable` writes (`23 * * * *`) and the usual edits
/// of it; a line outside it (a day of the week) is still shown, only without a next time.
///
/// Times are on the wall clock of `LocalTime`'s zone, as cron reads them.
package struct CronSchedule: Sendable, Equatable {
  /// The minutes of the hour it runs at, 0…59.
  let minutes: Set<Int>
  /// The hours of the day it runs in, 0…23.
  let hours: Set<Int>
  /// The line's time fields as written: `23 * * * *`.
  package let fields: String

  package init(minutes: Set<Int>, hours: Set<Int>, fields: String) {
    self.minutes = minutes
    self.hours = hours
    self.fields = fields
  }

  /// Every hour at `minute`, as `autostart`'s cron line and (at 0) the systemd timer's
  /// `OnCalendar=hourly` run.
  package static func hourly(atMinute minute: Int) -> CronSchedule {
    CronSchedule(minutes: [minute], hours: Set(0...23), fields: "\(minute) * * * *")
  }

  /// Whether it runs once an hour, at one minute: what `status` calls hourly.
  package var isHourly: Bool { minutes.count == 1 && hours.count == 24 }

  /// The time fields of `line`: nil when they are not ones this reads.
  package init?(line: String) {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let first = words.first else { return nil }
    switch first {
    case "@hourly": self = .hourly(atMinute: 0)
    case "@daily", "@midnight": self.init(minutes: [0], hours: [0], fields: first)
    default:
      guard words.count >= 5, words[2...4].allSatisfy({ $0 == "*" }),
        let minutes = Self.values(words[0], in: 0...59), let hours = Self.values(words[1], in: 0...23)
      else { return nil }
      self.init(minutes: minutes, hours: hours, fields: words[0..<5].joined(separator: " "))
    }
  }

  /// The values of one field; nil for anything outside numbers, `*`, ranges, steps and lists.
  static func values(_ field: String, in range: ClosedRange<Int>) -> Set<Int>? {
    var result: Set<Int> = []
    for item in field.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count <= 2 else { return nil }
      var step = 1
      if parts.count == 2 {
        guard let value = Int(parts[1]), value > 0 else { return nil }
        step = value
      }
      let span: ClosedRange<Int>
      if parts[0] == "*" {
        span = range
      } else {
        let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count <= 2, let low = bounds[0], let high = bounds.last!, low <= high,
          range.contains(low), range.contains(high)
        else { return nil }
        // `5/10` is 5, 15, 25…: a single start with a step runs to the end of the range.
        span = low...(bounds.count == 1 && parts.count == 2 ? range.upperBound : high)
      }
      result.formUnion(stride(from: span.lowerBound, through: span.upperBound, by: step))
    }
    return result.isEmpty ? nil : result
  }

  /// The first minute at or after `date` it runs at, within two days; nil when none is.
  package func next(atOrAfter date: Date, in zone: LocalTime) -> Date? {
    var candidate = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60)
    // Two days of minutes bound the search, whatever the fields; a daylight-saving change
    // skips or repeats an hour, never a day.
    for _ in 0..<(2 * 24 * 60) {
      let fields = zone.fields(of: candidate)
      guard hours.contains(fields.hour) else {
        // On to the next hour at once: a few dozen looks, not a day's minutes.
        candidate = candidate.adding(.seconds((60 - fields.minute) * 60))
        continue
      }
      if minutes.contains(fields.minute) { return candidate }
      candidate = candidate.adding(.seconds(60))
    }
    return nil
  }
}
