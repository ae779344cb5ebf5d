import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// What the daemon persists: recorded the way the rules need it, and read back exactly.
@Suite struct SchedulerStateTests {
  static let jitter = ScheduleJitter(publication: 240, retry: 120, backoffShare: 0.25)
  static let other = ScheduleJitter(publication: 600, retry: 60, backoffShare: 1)

  static let full = SchedulerState(
    lastUpdateAttempt: UTC.at("2026-12-02T08:10:00Z"), lastUpdateSuccess: UTC.at("2026-12-01T08:04:00Z"),
    consecutiveFailures: 3,
    lastFailure: .init(text: "cannot reach https://www.bing.com (timeout after 30 s); \"retry\"\nlater ©"),
    lastRotation: UTC.at("2026-12-02T07:45:00Z"), jitter: jitter)

  @Test(arguments: [
    SchedulerState(jitter: .middle),
    full,
    SchedulerState(lastRotation: UTC.at("1970-01-01T00:00:00Z"), jitter: other),
    SchedulerState(
      lastUpdateSuccess: UTC.at("2099-12-31T23:59:59Z"),
      jitter: .init(publication: 61, retry: 599, backoffShare: 0.1)),
  ])
  func roundTrips(_ state: SchedulerState) throws {
    let data = state.encoded()
    #expect(try SchedulerState.decode(data, source: "state.json") == state)
    #expect(data.last == UInt8(ascii: "\n"))
  }

  @Test func fileIsReadableJSON() throws {
    let text = String(decoding: Self.full.encoded(), as: UTF8.self)
    #expect(text.contains("\"last_rotation\" : \"2026-12-02T07:45:00Z\""))
    #expect(text.contains("\"consecutive_failures\" : 3"))
    #expect(text.contains("\"publication_seconds\" : 240"))
    #expect(text.contains("https://www.bing.com"), "slashes stay unescaped: \(text)")
    let empty = String(decoding: SchedulerState(jitter: .middle).encoded(), as: UTF8.self)
    #expect(!empty.contains("last_rotation"), "absent instants are left out: \(empty)")
  }

  @Test func missingFieldsTakeDefaultsAndUnknownOnesAreIgnored() throws {
    let state = try SchedulerState.decode(
      Data(#"{"last_rotation": "2026-12-02T07:45:00Z", "from_the_future": [1, 2]}"#.utf8), source: "s")
    #expect(state == SchedulerState(lastRotation: UTC.at("2026-12-02T07:45:00Z"), jitter: .middle))
    let partial = try SchedulerState.decode(Data(#"{"jitter": {"retry_seconds": 99}}"#.utf8), source: "s")
    #expect(partial.jitter == ScheduleJitter(publication: 330, retry: 99, backoffShare: 0.5))
  }

  @Test func handEditedValuesArePulledIntoRange() throws {
    let text = #"{"consecutive_failures": -4, "jitter": {"publication_seconds": 9000, "backoff_share": -2}}"#
    let state = try SchedulerState.decode(Data(text.utf8), source: "s")
    #expect(state.consecutiveFailures == 0)
    #expect(state.jitter == ScheduleJitter(publication: 600, retry: 330, backoffShare: 0))
  }

  @Test(arguments: [
    ("", "not JSON"),
    ("[1, 2]", "not JSON"),
    (#"{"last_rotation": "yesterday"}"#, "'last_rotation'"),
    (#"{"last_rotation": 17}"#, "'last_rotation'"),
    (#"{"consecutive_failures": "three"}"#, "'consecutive_failures'"),
  ])
  func unreadableFilesSayWhereAndWhat(text: String, fragment: String) throws {
    let path = "/home/u/.local/state/bingwall/daemon.json"
    let error = try #require(
      #expect(throws: ScheduleError.self) { try SchedulerState.decode(Data(text.utf8), source: path) })
    guard case .unreadableState(let source, let detail) = error else {
      Issue.record("unexpected error \(error)")
      return
    }
    #expect(source == path)
    #expect(detail.contains(fragment), "\(detail)")
    #expect(error.description.hasPrefix("cannot read the daemon state \(path): "))
    #expect(
      error.description.hasSuffix("delete it to start over (the next update and rotation then run at once)"))
    #expect(error.localizedDescription == error.description)
  }

  @Test func successResetsTheStreakAndTheError() {
    var state = Self.full
    state.recordUpdateSuccess(at: UTC.at("2026-12-02T08:20:00Z"), jitter: Self.other)
    #expect(
      state
        == SchedulerState(
          lastUpdateAttempt: UTC.at("2026-12-02T08:20:00Z"),
          lastUpdateSuccess: UTC.at("2026-12-02T08:20:00Z"),
          consecutiveFailures: 0, lastFailure: nil, lastRotation: UTC.at("2026-12-02T07:45:00Z"),
          jitter: Self.other))
  }

  @Test func failureKeepsTheLastSuccess() {
    var state = Self.full
    state.recordUpdateFailure(
      at: UTC.at("2026-12-02T08:20:00Z"), failure: .init(text: "HTTP 503"), backoffShare: 0.75)
    #expect(state.lastUpdateAttempt == UTC.at("2026-12-02T08:20:00Z"))
    #expect(state.lastUpdateSuccess == UTC.at("2026-12-01T08:04:00Z"))
    #expect(state.consecutiveFailures == 4)
    #expect(state.lastFailure == .init(text: "HTTP 503"))
    #expect(
      state.jitter == ScheduleJitter(publication: 240, retry: 120, backoffShare: 0.75),
      "only the share changes")
    #expect(state.lastRotation == Self.full.lastRotation)
    var saturated = SchedulerState(consecutiveFailures: .max, jitter: .middle)
    saturated.recordUpdateFailure(
      at: UTC.at("2026-12-02T08:20:00Z"), failure: .init(text: "again"), backoffShare: 0)
    #expect(saturated.consecutiveFailures == .max)
  }

  /// Recorded instants are cut to the second, so the file reads back exactly what the daemon holds.
  @Test func recordedInstantsAreWholeSecondsAndRoundTrip() throws {
    var state = SchedulerState(jitter: .middle)
    let moment = UTC.at("2026-12-02T08:20:00Z") + 0.987
    state.recordUpdateFailure(at: moment, failure: .init(text: "x"), backoffShare: 0)
    state.recordRotation(at: moment + 1)
    #expect(state.lastUpdateAttempt == UTC.at("2026-12-02T08:20:00Z"))
    #expect(state.lastRotation == UTC.at("2026-12-02T08:20:01Z"))
    state.recordUpdateSuccess(at: moment + 2, jitter: .middle)
    #expect(state.lastUpdateSuccess == UTC.at("2026-12-02T08:20:02Z"))
    #expect(try SchedulerState.decode(state.encoded(), source: "s") == state)
  }

  @Test func clampingPullsOnlyFutureInstantsBackToNow() {
    let now = UTC.at("2026-12-02T08:00:00Z")
    let state = SchedulerState(
      lastUpdateAttempt: now + .hours(24), lastUpdateSuccess: now - .hours(1), consecutiveFailures: 2,
      lastFailure: .init(text: "e"), lastRotation: now + 1, jitter: Self.jitter)
    let clamped = state.clamped(to: now)
    #expect(clamped.lastUpdateAttempt == now)
    #expect(clamped.lastUpdateSuccess == now - .hours(1))
    #expect(clamped.lastRotation == now)
    #expect(
      clamped.consecutiveFailures == 2 && clamped.lastFailure == .init(text: "e")
        && clamped.jitter == Self.jitter)
    #expect(clamped.clamped(to: now) == clamped)
    #expect(Self.full.clamped(to: UTC.at("2027-01-01T00:00:00Z")) == Self.full)
  }
}
