import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The daemon's one timer: update, backoff and rotation combined into the earliest wake, what is due
/// when it fires, and whole days of the loop run on a fake clock (DST, a late Bing, a network that is
/// down, suspend, a clock stepped back).
@Suite struct SchedulerWakeTests {
  static let jitter = ScheduleJitter(publication: 240, retry: 120, backoffShare: 1)
  static let halfHour = RotationSchedule(interval: .minutes(30))!
  static let enUS = [
    NewestPicture(.market(Market(stored: "en-US")), fullStartDate: UTC.at("2026-12-02T08:00:00Z"))
  ]
  static let morning = UTC.at("2026-12-02T08:04:00Z")

  /// Up to date at 0804, last rotation at 0804: the next rotation comes long before the next picture.
  static let fresh = SchedulerState(
    lastUpdateAttempt: morning, lastUpdateSuccess: morning, lastRotation: morning, jitter: jitter)

  @Test func rotationBeforeTheNextPicture() throws {
    let now = UTC.at("2026-12-02T08:14:00Z")
    let wake = try #require(Self.fresh.nextWake(markets: Self.enUS, rotation: Self.halfHour, now: now))
    #expect(wake == ScheduledWake(date: UTC.at("2026-12-02T08:34:00Z"), reason: .rotation))
    #expect(wake.work == .rotate)
    #expect(Self.fresh.due(markets: Self.enUS, rotation: Self.halfHour, now: now) == [])
    #expect(Self.fresh.due(markets: Self.enUS, rotation: Self.halfHour, now: wake.date) == .rotate)
  }

  @Test func theNextPictureWithoutRotation() throws {
    let now = UTC.at("2026-12-02T08:14:00Z")
    let wake = try #require(Self.fresh.nextWake(markets: Self.enUS, rotation: nil, now: now))
    let deadline = UpdateDeadline(
      date: UTC.at("2026-12-03T08:04:00Z"), entry: .market(Market(stored: "en-US")),
      reason: .publication(UTC.at("2026-12-03T08:00:00Z")))
    #expect(wake == ScheduledWake(date: deadline.date, reason: .update(deadline)))
    #expect(wake.work == .update)
    #expect(Self.fresh.nextRotation(nil, now: now) == nil)
  }

  @Test func nothingToWaitFor() {
    #expect(Self.fresh.nextWake(markets: [], rotation: nil, now: Self.morning) == nil)
    #expect(Self.fresh.due(markets: [], rotation: nil, now: Self.morning + .hours(48)) == [])
    let rotationOnly = Self.fresh.nextWake(markets: [], rotation: Self.halfHour, now: Self.morning)
    #expect(rotationOnly == ScheduledWake(date: Self.morning + .minutes(30), reason: .rotation))
  }

  @Test func anUpdateAndARotationDueTogetherAreBothDue() throws {
    let state = SchedulerState(
      lastUpdateAttempt: Self.morning, lastUpdateSuccess: Self.morning,
      lastRotation: UTC.at("2026-12-03T07:34:00Z"), jitter: Self.jitter)
    let now = UTC.at("2026-12-03T08:04:00Z")
    let wake = try #require(state.nextWake(markets: Self.enUS, rotation: Self.halfHour, now: now))
    #expect(wake.date == now)
    #expect(wake.work == .update, "a tie goes to the update")
    #expect(state.due(markets: Self.enUS, rotation: Self.halfHour, now: now) == [.update, .rotate])
  }

  /// A restart 10 minutes into a 30-minute interval: the state file, read back, leaves 20 minutes.
  @Test func restartKeepsTheRotationTimeLeft() throws {
    let now = UTC.at("2026-12-02T12:00:00Z")
    var state = SchedulerState(jitter: Self.jitter)
    state.recordRotation(at: now - .minutes(10))
    let restarted = try SchedulerState.decode(state.encoded(), source: "state.json")
    let wake = try #require(restarted.nextWake(markets: Self.enUS, rotation: Self.halfHour, now: now))
    #expect(wake == ScheduledWake(date: now + .minutes(20), reason: .rotation))
    #expect(restarted.due(markets: Self.enUS, rotation: Self.halfHour, now: now) == [])
  }

  /// The failure streak from the state: each retry waits the backoff after the last attempt, with
  /// the share stored in the jitter (1 here: the whole ceiling).
  @Test(arguments: [(1, 1.0), (2, 2), (3, 4), (4, 8), (5, 16), (6, 32), (7, 60), (8, 60)])
  func failuresBackOff(failures: Int, minutes: Double) throws {
    let attempt = UTC.at("2026-12-02T08:05:00Z")
    let state = SchedulerState(
      lastUpdateAttempt: attempt, lastUpdateSuccess: UTC.at("2026-12-01T08:04:00Z"),
      consecutiveFailures: failures, lastFailure: .init(text: "HTTP 503"), jitter: Self.jitter)
    let wake = try #require(state.nextWake(markets: Self.enUS.map(\.yesterday), rotation: nil, now: attempt))
    #expect(
      wake == ScheduledWake(date: attempt + .minutes(minutes), reason: .retryAfterFailure(failures: failures))
    )
    #expect(state.due(markets: Self.enUS.map(\.yesterday), rotation: nil, now: wake.date - 1) == [])
    #expect(state.due(markets: Self.enUS.map(\.yesterday), rotation: nil, now: wake.date) == .update)
  }

  @Test func backoffNeverBringsAnUpdateForward() throws {
    let state = SchedulerState(
      lastUpdateAttempt: Self.morning, lastUpdateSuccess: UTC.at("2026-12-01T08:04:00Z"),
      consecutiveFailures: 1,
      lastFailure: .init(text: "disk full"), jitter: Self.jitter)
    // The picture of 0800 is already stored (a manual update): the next one is tomorrow, not in a minute.
    let wake = try #require(state.nextWake(markets: Self.enUS, rotation: nil, now: Self.morning))
    #expect(wake.date == UTC.at("2026-12-03T08:04:00Z"))
    #expect(wake.work == .update)
  }

  @Test func successResetsTheBackoff() throws {
    var state = SchedulerState(jitter: Self.jitter)
    var now = UTC.at("2026-12-02T08:05:00Z")
    for _ in 1...6 {
      state.recordUpdateFailure(at: now, failure: .init(text: "timeout"), backoffShare: 1)
      now = try #require(state.nextWake(markets: Self.enUS.map(\.yesterday), rotation: nil, now: now)).date
    }
    #expect(now == UTC.at("2026-12-02T08:05:00Z") + .minutes(1 + 2 + 4 + 8 + 16 + 32))
    state.recordUpdateSuccess(at: now, jitter: Self.jitter)
    state.recordUpdateFailure(at: now + .hours(3), failure: .init(text: "timeout"), backoffShare: 1)
    let wake = try #require(
      state.nextWake(markets: Self.enUS.map(\.yesterday), rotation: nil, now: now + .hours(3)))
    #expect(
      wake == ScheduledWake(date: now + .hours(3) + .minutes(1), reason: .retryAfterFailure(failures: 1)))
  }

  /// A failed attempt stamped a day ahead (the clock then stepped back) backs off from now, not from
  /// tomorrow: the retry is still one backoff away.
  @Test func backoffAfterTheClockSteppedBackCountsFromNow() throws {
    let now = UTC.at("2026-12-02T09:00:00Z")
    let state = SchedulerState(
      lastUpdateAttempt: now + .hours(24), lastUpdateSuccess: UTC.at("2026-12-01T08:04:00Z"),
      consecutiveFailures: 3, lastFailure: .init(text: "timeout"), jitter: Self.jitter)
    let wake = try #require(state.nextUpdate(markets: Self.enUS.map(\.yesterday), now: now))
    #expect(wake == ScheduledWake(date: now + .minutes(4), reason: .retryAfterFailure(failures: 3)))
  }

  /// A suspend of a day: the update and the rotation are both overdue, due at once, and done once.
  @Test func clockJumpsForwardADay() throws {
    let resume = UTC.at("2026-12-03T12:00:00Z")
    let wake = try #require(Self.fresh.nextWake(markets: Self.enUS, rotation: Self.halfHour, now: resume))
    #expect(wake.date == resume)
    #expect(Self.fresh.due(markets: Self.enUS, rotation: Self.halfHour, now: resume) == [.update, .rotate])

    let loop = DaemonSimulation(
      now: Self.morning, markets: ["en-US"], stored: ["en-US": UTC.at("2026-12-02T08:00:00Z")],
      state: Self.fresh, rotation: Self.halfHour, bing: { _, now in PublishingBing.enUS(at: now) })
    loop.run(until: UTC.at("2026-12-02T10:00:00Z"))
    let before = ["08:34", "09:04", "09:34"].map { UTC.at("2026-12-02T\($0):00Z") }
    #expect(loop.rotations.map(\.time) == before)
    loop.now = resume
    loop.run(until: resume + 1)
    #expect(
      loop.rotations.map(\.time) == before + [resume], "one rotation on resume, not one per missed interval")
    #expect(loop.updates.map(\.time) == [resume])
    #expect(loop.stored["en-US"] == UTC.at("2026-12-03T08:00:00Z"))
  }

  /// The clock steps back a day: deadlines stay within one interval (rotation) or a day (update)
  /// from now, and once the state is clamped they stay put, so the rotation happens.
  @Test func clockJumpsBackADay() throws {
    let back = UTC.at("2026-12-01T12:00:00Z")
    let state = SchedulerState(
      lastUpdateAttempt: UTC.at("2026-12-02T12:00:00Z"), lastUpdateSuccess: UTC.at("2026-12-02T12:00:00Z"),
      lastRotation: UTC.at("2026-12-02T12:00:00Z"), jitter: Self.jitter)
    let rotation = try #require(state.nextRotation(Self.halfHour, now: back))
    #expect(rotation.date == back + .minutes(30))
    let update = try #require(state.nextUpdate(markets: Self.enUS, now: back))
    #expect(update.date <= back + .hours(24) + .minutes(10))
    // Without clamping the deadline moves with the clock: half an hour later it is again 30 min away.
    #expect(state.due(markets: Self.enUS, rotation: Self.halfHour, now: back + .minutes(30)) == [])
    let clamped = state.clamped(to: back)
    #expect(clamped.due(markets: Self.enUS, rotation: Self.halfHour, now: back + .minutes(30)) == .rotate)

    let loop = DaemonSimulation(
      now: back, markets: ["en-US"], stored: ["en-US": UTC.at("2026-12-02T08:00:00Z")], state: state,
      rotation: Self.halfHour, bing: { _, now in PublishingBing.enUS(at: now) })
    loop.run(until: back + .hours(2))
    #expect(loop.rotations.map(\.time) == [1, 2, 3].map { back + .minutes(30 * $0) })
  }

  /// DST ends on 1 November: fullstartdate + 24 h asks at 0700, an hour before Bing's 0800, finds
  /// nothing new, and asks again every 15–25 minutes until the picture comes; the day after, 0800.
  @Test func dstEndsAnHourEarlyThenRetries() throws {
    let loop = DaemonSimulation(
      now: UTC.at("2026-11-01T12:00:00Z"), markets: ["en-US"],
      stored: ["en-US": UTC.at("2026-11-01T07:00:00Z")],
      seed: 3, bing: { _, now in PublishingBing.enUS(at: now) })
    loop.state.recordUpdateSuccess(at: UTC.at("2026-11-01T07:05:00Z"), jitter: loop.state.jitter)
    loop.run(until: UTC.at("2026-11-03T12:00:00Z"))
    let times = loop.updates.map(\.time)
    let dayOne = times.filter { $0 < UTC.at("2026-11-03T00:00:00Z") }
    #expect(UTC.range("2026-11-02T07:01:00Z", "2026-11-02T07:10:00Z").contains(try #require(dayOne.first)))
    #expect((2...5).contains(dayOne.count), "\(dayOne.map(Timestamp.iso8601))")
    for (earlier, later) in zip(dayOne, dayOne.dropFirst()) {
      #expect(
        later.timeIntervalSince(earlier) >= .minutes(16) && later.timeIntervalSince(earlier) <= .minutes(25))
    }
    let fetched = loop.updates.filter(\.fetchedNew).map(\.time)
    #expect(fetched.count == 2)
    #expect(UTC.range("2026-11-02T08:00:00Z", "2026-11-02T08:25:00Z").contains(try #require(fetched.first)))
    let dayTwo = times.filter { $0 >= UTC.at("2026-11-03T00:00:00Z") }
    #expect(dayTwo.count == 1)
    #expect(UTC.range("2026-11-03T08:01:00Z", "2026-11-03T08:10:00Z").contains(try #require(dayTwo.first)))
  }

  /// Bing publishes three hours late: every 15–25 minutes for two hours, then hourly; bounded.
  @Test func lateBingIsAskedAgainWithoutALoop() throws {
    let loop = DaemonSimulation(
      now: UTC.at("2026-12-02T12:00:00Z"), markets: ["en-US"],
      stored: ["en-US": UTC.at("2026-12-02T08:00:00Z")],
      seed: 11,
      bing: { _, now in
        now >= UTC.at("2026-12-03T11:00:00Z")
          ? UTC.at("2026-12-03T08:00:00Z") : UTC.at("2026-12-02T08:00:00Z")
      })
    loop.state.recordUpdateSuccess(at: UTC.at("2026-12-02T08:04:00Z"), jitter: loop.state.jitter)
    loop.run(until: UTC.at("2026-12-03T13:00:00Z"))
    let times = loop.updates.map(\.time)
    let gaps = zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }
    #expect(times.count >= 7 && times.count <= 12, "\(times.map(Timestamp.iso8601))")
    for (time, gap) in zip(times, gaps) {
      let late = time.timeIntervalSince(UTC.at("2026-12-03T08:00:00Z"))
      let bounds =
        late < .hours(2)
        ? TimeInterval.minutes(16)...TimeInterval.minutes(25) : .minutes(61)...TimeInterval.minutes(70)
      #expect(bounds.contains(gap), "after \(Timestamp.iso8601(time)): \(gap / 60) min")
    }
    #expect(loop.updates.last?.fetchedNew == true)
    #expect(UTC.range("2026-12-03T11:00:00Z", "2026-12-03T12:10:00Z").contains(try #require(times.last)))
  }

  /// The network is down for three hours from the publication: the backoff doubles to the hour, and
  /// the first attempt after the network is back succeeds and clears the streak.
  @Test func networkDownBacksOffThenRecovers() {
    let back = UTC.at("2026-12-03T11:00:00Z")
    let loop = DaemonSimulation(
      now: UTC.at("2026-12-02T12:00:00Z"), markets: ["en-US", "ja-JP"],
      stored: ["en-US": UTC.at("2026-12-02T08:00:00Z"), "ja-JP": UTC.at("2026-12-02T15:00:00Z")],
      seed: 5, fails: { $0 >= UTC.at("2026-12-03T08:00:00Z") && $0 < back },
      bing: { market, now in market == "ja-JP" ? PublishingBing.jaJP(at: now) : PublishingBing.enUS(at: now) }
    )
    loop.state.recordUpdateSuccess(at: UTC.at("2026-12-02T15:05:00Z"), jitter: loop.state.jitter)
    loop.run(until: UTC.at("2026-12-03T13:00:00Z"))
    let failed = loop.updates.filter(\.failed).map(\.time)
    let gaps = zip(failed, failed.dropFirst()).map { $1.timeIntervalSince($0) }
    #expect((7...13).contains(failed.count), "\(failed.map(Timestamp.iso8601))")
    for (index, gap) in gaps.enumerated() {
      let ceiling = FailureBackoff.ceiling(afterFailures: index + 1)
      #expect(
        gap >= ceiling.seconds / 2 && gap <= ceiling.seconds,
        "gap \(index + 1): \(gap) s in \(failed.map(Timestamp.iso8601))"
      )
    }
    let recovered = loop.updates.first { $0.time >= back }
    #expect(recovered.map { !$0.failed && $0.fetchedNew && $0.time <= back + .hours(1) } == true)
    #expect(loop.state.consecutiveFailures == 0 && loop.state.lastFailure == nil)
  }

  /// Several markets over three days: each publication is fetched once, 1–10 minutes after it.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func severalMarketsEachFetchedSoonAfterPublication(seed: UInt64) {
    let loop = DaemonSimulation(
      now: UTC.at("2026-12-02T09:00:00Z"), markets: ["en-US", "ja-JP", "en-IN"],
      stored: [
        "en-US": UTC.at("2026-12-02T08:00:00Z"), "ja-JP": UTC.at("2026-12-01T15:00:00Z"),
        "en-IN": UTC.at("2026-12-01T18:30:00Z"),
      ],
      seed: seed, bing: { market, now in PublishingBing.daily(market, at: now) })
    loop.run(until: UTC.at("2026-12-05T09:00:00Z"))
    #expect(loop.updates.count == 9, "\(loop.updates.map { Timestamp.iso8601($0.time) })")
    for update in loop.updates {
      #expect(update.fetchedNew, "\(Timestamp.iso8601(update.time)) found nothing new")
      // Every publication here (0800, 1500, 1830) falls on a half hour: the rest is the jitter.
      let jitter = update.time.timeIntervalSince1970.truncatingRemainder(dividingBy: 1800)
      #expect(jitter >= 60 && jitter <= 600, "\(Timestamp.iso8601(update.time))")
    }
  }

  /// Wherever the loop stands, the work a wake is for is due when it fires.
  @Test func aWakeAlwaysFindsItsWorkDue() throws {
    var generator = SeededGenerator(seed: 2026)
    let now = UTC.at("2026-12-02T12:00:00Z")
    for _ in 0..<500 {
      func past(_ hours: Double) -> Date? {
        Bool.random(using: &generator) ? nil : now - .hours(Double.random(in: 0...hours, using: &generator))
      }
      let state = SchedulerState(
        lastUpdateAttempt: past(30), lastUpdateSuccess: past(30),
        consecutiveFailures: Int.random(in: 0...9, using: &generator), lastFailure: nil,
        lastRotation: past(3),
        jitter: .random(using: &generator))
      let markets = ["en-US", "ja-JP", "de-DE"].map {
        NewestPicture(.market(Market(stored: $0)), fullStartDate: past(50))
      }
      let rotation = RotationSchedule(interval: .minutes(Double.random(in: 1...120, using: &generator)))
      let wake = try #require(state.nextWake(markets: markets, rotation: rotation, now: now))
      #expect(wake.date >= now)
      #expect(
        state.due(markets: markets, rotation: rotation, now: wake.date).isSuperset(of: wake.work), "\(state)")
      if wake.date > now {
        #expect(state.due(markets: markets, rotation: rotation, now: now).isEmpty, "woke late: \(state)")
      }
    }
  }
}

extension NewestPicture {
  /// The same market a day earlier: its next picture is already out.
  var yesterday: NewestPicture {
    NewestPicture(entry, fullStartDate: fullStartDate.map { $0 - .hours(24) })
  }
}

/// A fake Bing: which `fullstartdate` it serves at an instant, from docs/bing-endpoint.md's publication times.
enum PublishingBing {
  /// en-US: local midnight in Los Angeles. DST runs from 2 AM on 8 March to 2 AM on 1 November 2026,
  /// so midnight is 0700 UTC from 9 March to 1 November, 0800 otherwise.
  static func enUS(at now: Date) -> Date? { latest(atOrBefore: now, hour: "07:00", winterHour: "08:00") }
  /// ja-JP: 1500 UTC, all year.
  static func jaJP(at now: Date) -> Date? { latest(atOrBefore: now, hour: "15:00", winterHour: "15:00") }

  static func daily(_ market: String, at now: Date) -> Date? {
    switch market {
    case "en-US": return enUS(at: now)
    case "ja-JP": return jaJP(at: now)
    case "en-IN": return latest(atOrBefore: now, hour: "18:30", winterHour: "18:30")
    default: return nil
    }
  }

  private static func latest(atOrBefore now: Date, hour: String, winterHour: String) -> Date? {
    let day = UTC.at(String(Timestamp.iso8601(now).prefix(10)) + "T00:00:00Z")
    for offset in 0...2 {
      let date = day - .hours(24 * Double(offset))
      let text = String(Timestamp.iso8601(date).prefix(10))
      let summer = text >= "2026-03-09" && text < "2026-11-02"
      let start = UTC.at("\(text)T\(summer ? hour : winterHour):00Z")
      if start <= now { return start }
    }
    return nil
  }
}
