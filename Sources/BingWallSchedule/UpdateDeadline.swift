import BingWallSystem
import FoundationEssentials
import Glibc

/// When the next daily update is due, and which market makes it due: Bing publishes a market's next
/// picture 24 hours after the current one started, and asking sooner only fetches the same picture.
///
/// For each configured market, with `P = fullStartDate + 24 h` (docs/bing-endpoint.md: the publication time; not
/// the market's local midnight, so on the day DST ends en-US is asked an hour early and on the day it
/// starts an hour late, and the late rule below covers the early ask):
/// - no stored picture: due now; but if an update succeeded less than 15 minutes (plus the retry
///   jitter) ago and still brought none, at `lastSuccess + 15 min + jitter`, so a market Bing has
///   nothing for is not asked in a loop;
/// - an update succeeded at or after `P` yet the newest picture is still the old one (Bing is late):
///   again at `lastSuccess + 15 min + jitter` while Bing is less than 2 hours late, then at
///   `lastSuccess + 1 h + jitter` (a market that stopped publishing). Bounded both ways: never sooner
///   than 15 minutes after a success, never later than 1 h 10 min after one;
/// - otherwise, `P + jitter` still ahead: due then (jitter 1…10 minutes, `ScheduleJitter.publication`);
/// - otherwise `P + jitter` has passed with no update since `P` (the machine was off or asleep):
///   overdue, due now.
///
/// The earliest market wins; on a tie, the first one listed. Instants later than `now` (the clock
/// stepped back) count as `now`, so no deadline is more than a day and ten minutes away. A deadline
/// already past is reported as `now`.
struct UpdateDeadline: Sendable, Equatable {
  /// Why the market is due when it is, for the daemon's log line and `bingwall status`.
  enum Reason: Sendable, Equatable {
    /// The market has no stored picture.
    case noPicture
    /// An update succeeded a moment ago and the market still has no picture.
    case stillNoPicture
    /// The market's next picture is published at this instant; the deadline adds the jitter.
    case publication(Date)
    /// The picture published at this instant was never asked for: the machine was off or asleep.
    case overdue(Date)
    /// An update after this publication instant still found the old picture: Bing is late.
    case late(Date)
  }

  /// The wait before asking again while Bing is late, or a market came back empty.
  static let retryInterval: Duration = .seconds(15 * 60)
  /// The wait once Bing is `slowAfter` late: it has probably stopped publishing for the market.
  static let slowRetryInterval: Duration = .seconds(60 * 60)
  /// How late Bing may be before the checks slow down to `slowRetryInterval`.
  static let slowAfter: Duration = .seconds(2 * 60 * 60)
  /// From a picture's start to the next one's publication.
  static let publicationPeriod: Duration = .seconds(24 * 60 * 60)

  /// When the update is due; never before `now`.
  var date: Date
  /// The market (or other source) that makes it due.
  var entry: ScheduleEntry
  var reason: Reason

  /// The earliest deadline over `markets`; nil when no market is configured.
  ///
  /// `lastSuccess` is the end of the last update that succeeded, whatever it fetched.
  static func next(
    for markets: [NewestPicture], lastSuccess: Date?, now: Date, jitter: ScheduleJitter
  ) -> UpdateDeadline? {
    let success = lastSuccess.map { min($0, now) }
    var earliest: UpdateDeadline?
    for market in markets {
      let candidate = deadline(for: market, lastSuccess: success, now: now, jitter: jitter)
      if let current = earliest, current.date <= candidate.date { continue }
      earliest = candidate
    }
    return earliest
  }

  private static func deadline(
    for market: NewestPicture, lastSuccess: Date?, now: Date, jitter: ScheduleJitter
  ) -> UpdateDeadline {
    let retryJitter = Duration.seconds(jitter.retry)
    func due(_ date: Date, _ reason: Reason) -> UpdateDeadline {
      UpdateDeadline(date: max(date, now), entry: market.entry, reason: reason)
    }
    guard let start = market.fullStartDate else {
      if let lastSuccess, lastSuccess.adding(retryInterval + retryJitter) > now {
        return due(lastSuccess.adding(retryInterval + retryJitter), .stillNoPicture)
      }
      return due(now, .noPicture)
    }
    let publication = min(start, now).adding(publicationPeriod)
    // Checked first, so a success inside the jitter window (a restart, a manual update) already
    // counts: the retry it gives is later than `P + jitter` anyway (15 min + 1 min > 10 min).
    if let lastSuccess, lastSuccess >= publication {
      let late = lastSuccess.duration(since: publication)
      let wait = late < slowAfter ? retryInterval : slowRetryInterval
      return due(lastSuccess.adding(wait + retryJitter), .late(publication))
    }
    let scheduled = publication.adding(.seconds(jitter.publication))
    if scheduled > now { return due(scheduled, .publication(publication)) }
    return due(now, .overdue(publication))
  }
}
