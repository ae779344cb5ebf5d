import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Rotation deadlines: one interval after the persisted last rotation, now when overdue or never
/// rotated, and never more than one interval away when the clock stepped back.
@Suite struct RotationScheduleTests {
  static let now = UTC.at("2026-12-02T12:00:00Z")

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var lastRotation: Date?
    var interval: Duration
    var next: Date
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "first start: due now", lastRotation: nil, interval: .minutes(30), next: now),
    Case(
      name: "restart 10 min into a 30 min interval: 20 min left",
      lastRotation: now - .minutes(10), interval: .minutes(30), next: now + .minutes(20)),
    Case(
      name: "exactly one interval ago: due now",
      lastRotation: now - .minutes(30), interval: .minutes(30), next: now),
    Case(
      name: "one second short of the interval: one second left",
      lastRotation: now - .minutes(30) + 1, interval: .minutes(30), next: now + 1),
    Case(
      name: "suspended for a day: due now, once",
      lastRotation: now - .hours(24), interval: .minutes(30), next: now),
    Case(
      name: "clock stepped back a day: one interval from now, not a day and an interval",
      lastRotation: now + .hours(24), interval: .minutes(30), next: now + .minutes(30)),
    Case(
      name: "clock stepped back 5 min: one interval from now",
      lastRotation: now + .minutes(5), interval: .hours(1), next: now + .hours(1)),
    Case(
      name: "daily rotation, 23 h ago: 1 h left",
      lastRotation: now - .hours(23), interval: .hours(24), next: now + .hours(1)),
    Case(name: "one second interval, rotated now", lastRotation: now, interval: .seconds(1), next: now + 1),
  ]

  @Test(arguments: cases) func nextRotation(_ row: Case) throws {
    let schedule = try #require(RotationSchedule(interval: row.interval))
    let next = schedule.next(after: row.lastRotation, now: Self.now)
    #expect(next == row.next)
    #expect(next >= Self.now && next <= Self.now.adding(row.interval))
    #expect(schedule.isDue(after: row.lastRotation, now: Self.now) == (row.next == Self.now))
  }

  @Test(arguments: [.zero, .seconds(-1), .milliseconds(-1)] as [Duration]) func unusableIntervals(
    interval: Duration
  ) {
    #expect(RotationSchedule(interval: interval) == nil)
  }

  @Test(arguments: [("30m", 1800.0), ("1s", 1), ("1h30m", 5400), ("1d", 86_400)])
  func intervalsAsPeopleWriteThem(text: String, seconds: Double) throws {
    let duration = try #require(Duration(offOrHumanText: text))
    #expect(RotationSchedule(every: duration)?.interval == .seconds(seconds))
    #expect(Duration(offOrHumanText: duration.offOrHumanText) == duration)
  }

  @Test(arguments: ["off", "", "0m", "30", "-5m", "thirty"]) func noRotation(text: String) {
    #expect(Duration(offOrHumanText: text).flatMap(RotationSchedule.init(every:)) == nil)
  }
}
