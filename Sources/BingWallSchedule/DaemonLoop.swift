import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// The daemon's loop: find what is due, run it while still answering signals, record it, say
/// when the next update is, sleep until the next deadline or signal; again.
///
/// Everything it touches comes in: the clock, the waiter, the journal, the work. So the same
/// loop runs in the process (a timerfd, the real clock) and in tests (a test clock, a scripted
/// waiter), and what the tests prove is what the daemon does.
package struct DaemonLoop {
  /// What one load of the configuration asks of the loop.
  package struct Plan: Sendable {
    /// Each market's newest stored picture, the deadline's input; empty when updates are off.
    var markets: @Sendable () throws -> [NewestPicture]
    var rotation: RotationSchedule?
    /// One update, which records its own result in the journal; nil when updates are off.
    var update: (@Sendable () -> Void)?
    /// One rotation; the loop records it.
    var rotate: @Sendable () -> Void
    /// "updates for en-US, no rotation", for the log.
    var summary: String
    /// Ends a running update (the daemon's update is a child process) and returns once it is
    /// gone: called when SIGTERM or SIGINT abandons a step, so no update outlives the daemon.
    var stopUpdate: @Sendable () -> Void
    /// Does what the user asked from the panel menu or a notification (a step, run as an update
    /// is, so SIGTERM is still answered).
    var act: @Sendable ([DesktopRequest]) -> Void
    /// Shows the picture now on screen in the menu, after every step and every switch flipped;
    /// `afterUpdate` when an update ran, which may announce a new picture. On this thread.
    var refresh: @Sendable (_ paused: Bool, _ afterUpdate: Bool) -> Void

    package init(
      markets: @escaping @Sendable () throws -> [NewestPicture], rotation: RotationSchedule?,
      update: (@Sendable () -> Void)?, rotate: @escaping @Sendable () -> Void, summary: String,
      stopUpdate: @escaping @Sendable () -> Void = {},
      act: @escaping @Sendable ([DesktopRequest]) -> Void = { _ in },
      refresh: @escaping @Sendable (_ paused: Bool, _ afterUpdate: Bool) -> Void = { _, _ in }
    ) {
      self.markets = markets
      self.rotation = rotation
      self.update = update
      self.rotate = rotate
      self.summary = summary
      self.stopUpdate = stopUpdate
      self.act = act
      self.refresh = refresh
    }
  }

  let clock: any WallClock
  let waiter: any DaemonWaiting
  let journal: SchedulerJournal
  let log: DaemonLog
  /// Loads the configuration again (SIGHUP); a failure keeps the plan in force.
  let reload: () throws -> Plan
  /// Draws the settling time of an update a session event asks for (see `eventUpdate`).
  let random: any RandomSource

  /// An update a session event asks for runs this long after it, drawn anew each time: the
  /// network that just came back has DHCP, DNS and a captive-portal check to finish, and
  /// machines that woke together do not all call at once.
  static let settle: ClosedRange<Duration> = .seconds(5) ... .seconds(20)
  /// And never sooner than this after the last attempt: a flapping network costs an update a
  /// minute at most, never a burst. With `settle`, an event's update is always within a minute.
  static let eventSpacing: Duration = .seconds(60)

  package init(
    clock: any WallClock, waiter: any DaemonWaiting, journal: SchedulerJournal, log: DaemonLog,
    random: any RandomSource = SystemRandom(), reload: @escaping () throws -> Plan
  ) {
    self.clock = clock
    self.waiter = waiter
    self.journal = journal
    self.log = log
    self.random = random
    self.reload = reload
  }

  /// Runs until SIGTERM or SIGINT; returns the exit status.
  package func run(_ initial: Plan) throws -> Int32 {
    var plan = initial
    var pending: [Int32] = []
    var first = true
    // The update a session event asked for (the network came back with an update owed, the
    // conditions that held one back changed); at most one is pending, so a storm of events
    // costs one update.
    var eventUpdate: Date?
    // Auto update unticked in the panel menu: no update nor rotation of its own until ticked
    // again; what the user asks for still runs.
    var paused = false
    while true {
      let now = clock.now()
      let state = journal.clamped(to: now)
      let due = paused ? [] : state.due(markets: try plan.markets(), rotation: plan.rotation, now: now)
      let rotateNow = pending.contains(SIGUSR1)
      pending.removeAll { $0 == SIGUSR1 }
      let asked = eventUpdate.map { $0 <= now } ?? false
      let update = due.contains(.update) || asked ? plan.update : nil
      if update != nil || asked { eventUpdate = nil }
      let rotate = due.contains(.rotate) || rotateNow
      if update != nil || rotate {
        let step = plan
        let abandoned = waiter.run(
          {
            update?()
            if rotate { step.rotate() }
          }, deferred: &pending)
        if abandoned != nil {
          step.stopUpdate()
          log.line("stopping (the current step is abandoned; nothing half-done is kept)")
          return 0
        }
        if rotate {
          do {
            try journal.recordRotation(at: clock.now())
          } catch {
            log.warning("cannot save the rotation time: \(error)")
          }
        }
        plan.refresh(paused, update != nil)
        logNextUpdate(plan)
      } else if first {
        logNextUpdate(plan)
      }
      first = false
      if let hup = pending.firstIndex(of: SIGHUP) {
        pending.remove(at: hup)
        do {
          plan = try reload()
          log.line("reloaded the configuration; \(plan.summary)")
        } catch {
          log.error("kept the previous configuration: \(error)")
        }
        continue
      }
      if pending.contains(SIGUSR1) { continue }
      let wake =
        paused
        ? nil
        : journal.current().nextWake(markets: try plan.markets(), rotation: plan.rotation, now: clock.now())
      let until = [wake?.date, eventUpdate].compactMap { $0 }.min()
      switch waiter.wait(until: until) {
      case .signal(SIGTERM), .signal(SIGINT):
        log.line("stopping")
        return 0
      case .signal(let number):
        pending.append(number)
      case .deadline, .clockChanged:
        continue
      case .session(let events):
        let requests = events.compactMap { event -> DesktopRequest? in
          if case .desktop(let request) = event { return request }
          return nil
        }
        if !requests.isEmpty {
          switch answer(requests, plan: plan, paused: &paused, eventUpdate: &eventUpdate) {
          case .quit:
            log.line("stopping (Quit in the panel menu)")
            return 0
          case .abandoned:
            log.line("stopping (the current step is abandoned; nothing half-done is kept)")
            return 0
          case .done(let deferred):
            pending += deferred
          }
        }
        if events.contains(.busLost) {
          log.line("the system bus went away; listening again when it is back")
        }
        if events.contains(.busBack) {
          log.line("the system bus is back; listening again for the network, the power and sleep")
        }
        if events.contains(.resumed) {
          // The timer is on the real-time clock and fires on time after a suspend; this only
          // makes the daemon look at once instead of at its next wake.
          log.line("resumed from sleep; reading the clock again")
        }
        if eventUpdate == nil, plan.update != nil, !paused,
          let reason = try askedUpdate(for: events, plan: plan, now: clock.now())
        {
          let now = clock.now()
          // A skip is spaced as an attempt is: a battery losing a percent a minute on a
          // metered link must not rerun the held update every few seconds.
          let current = journal.current()
          let lastAttempt =
            [current.lastUpdateAttempt, current.lastSkip].compactMap { $0 }.max() ?? .distantPast
          let settle =
            Self.settle.lowerBound + (Self.settle.upperBound - Self.settle.lowerBound) * random.unit()
          let at = max(now.adding(settle), min(lastAttempt, now).adding(Self.eventSpacing))
          eventUpdate = at
          log.line("\(reason); updating at \(Timestamp.iso8601(at))")
        }
      }
    }
  }

  /// How answering the desktop's requests ended.
  enum Answered {
    case quit, abandoned
    /// Signals that arrived meanwhile, for the loop.
    case done([Int32])
  }

  /// Does what the desktop asked: Quit ends the loop, Auto update flips `paused`, Newest asks
  /// for an update now, and the rest are one step (a scroll of ten notches is one step, in the
  /// direction they add up to). The menu is refreshed after.
  func answer(
    _ requests: [DesktopRequest], plan: Plan, paused: inout Bool, eventUpdate: inout Date?
  ) -> Answered {
    if requests.contains(.quit) { return .quit }
    for case .autoUpdate(let on) in requests where on == paused {
      paused = !on
      log.line(on ? "auto update resumed from the panel menu" : "auto update paused from the panel menu")
    }
    if requests.contains(.newest), plan.update != nil {
      log.line("an update asked for from the panel menu")
      eventUpdate = clock.now()
    }
    let steps = DesktopRequest.coalesced(requests)
    var deferred: [Int32] = []
    if !steps.isEmpty, waiter.run({ plan.act(steps) }, deferred: &deferred) != nil {
      plan.stopUpdate()
      return .abandoned
    }
    plan.refresh(paused, false)
    return .done(deferred)
  }

  /// Why `events` call for an update now, nil when they do not: the network came back while an
  /// update is owed (missed, failed or skipped), or the connection or the power changed while
  /// the last update was held back for them.
  func askedUpdate(for events: [SessionEvent], plan: Plan, now: Date) throws -> String? {
    let state = journal.current()
    if events.contains(.networkBack), state.updateOwed(markets: try plan.markets(), now: now) {
      return "the network is back"
    }
    // Only the change that could lift the skip: a metered skip waits for the connection, a
    // battery skip for the power.
    guard state.lastSkip != nil else { return nil }
    if state.skipReason != .battery, events.contains(.networkChanged) { return "the connection changed" }
    if state.skipReason != .metered, events.contains(.powerChanged) { return "the power changed" }
    if events.contains(.resumed) { return "back from sleep" }
    return nil
  }

  /// `next update at 2026-12-03T08:07:12Z`: the instant `status` shows as `next_update`, since
  /// both read it off the same journal state with the same function.
  func logNextUpdate(_ plan: Plan) {
    guard plan.update != nil else { return }
    let now = clock.now()
    guard let markets = try? plan.markets(),
      let next = journal.current().nextUpdate(markets: markets, now: now)
    else { return }
    log.line("next update at \(Timestamp.iso8601(next.date))")
  }
}
