import BingWallBus
import BingWallSystem
import Glibc

/// The daemon's ear on the system bus: NetworkManager's connection, UPower's power (when a
/// battery threshold is set) and logind's sleep, as `SessionEvent`s.
///
/// It asks the bus for their signals once and then only reads what arrives: nothing is polled,
/// so a quiet machine costs the daemon no wake-up. A signal is a cue, not a value: it marks the
/// network or the power to be read again, and the watch reports what changed once the answers
/// are in. So a flood of PropertiesChanged (NetworkManager announces each device's traffic
/// counters; a hostile owner could send millions) comes out as one read in flight at a time and
/// at most one more owed, whatever the count.
///
/// It never waits on the bus. Each `events()` reads at most `budget` messages, one at a time,
/// and returns; property reads are sent and answered later (`PropertyRead`). So the daemon's
/// waiter looks at its signals and its timer between every `budget` messages, and SIGTERM is
/// answered at once whatever is queued.
///
/// When the bus goes away (dbus-daemon restarted) it says so once (`.busLost`), connects again
/// with a backoff, and says so once more when it is back (`.busBack`), subscribed again.
package final class SessionWatch: SessionEventSource {
  private let environment: [String: String]
  private let power: Bool
  private let clock: any WallClock
  private var bus: BusConnection?
  /// What NetworkManager and UPower said last; a read that fails keeps it, so a service that is
  /// slow under a flood is not taken for a change.
  private var network: NetworkState?
  private var powerState: PowerState?
  private var networkRead: Pending<NetworkState>?
  private var powerRead: Pending<PowerState>?
  /// A signal asked for a read while one was in flight: one more read when it ends.
  private var networkOwed = false
  private var powerOwed = false
  /// `events()` stopped at its budget: more may be queued, so the waiter comes back at once.
  private var busy = false
  /// While the bus is away: when to connect again.
  private var retryAt: ContinuousClock.Instant?
  /// The wait before the next attempt: doubled at each loss or failed attempt, back to the first
  /// once a read succeeds, so a bus that accepts and then drops us at once is not tried (nor
  /// logged) every second.
  private var backoff = SessionWatch.firstRetry

  /// A read in flight, and whether its result is reported (a baseline is only recorded).
  private struct Pending<State> {
    var read: PropertyRead<State>
    var report: Bool
  }

  /// Messages one `events()` reads at most before it lets the waiter look at its signals and
  /// its timer. Reading one is a few microseconds, so SIGTERM waits far less than a millisecond.
  static let budget = 256
  /// The first wait before connecting again after the bus went away, doubled up to `maxRetry`.
  static let firstRetry = Duration.seconds(1)
  static let maxRetry = Duration.seconds(10)

  static let sleepRule =
    "type='signal',sender='org.freedesktop.login1',path='/org/freedesktop/login1',"
    + "interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"

  /// Connects and subscribes; nil when there is no system bus (the daemon then runs on its
  /// timer alone, as before). `power: false` leaves UPower's signals out.
  package init?(environment: [String: String], power: Bool, clock: any WallClock = SystemClock()) {
    self.environment = environment
    self.power = power
    self.clock = clock
    guard connect(report: false) else { return nil }
  }

  package var descriptor: Int32 { bus?.descriptor ?? -1 }
  package var pollEvents: Int16 { bus?.pollEvents ?? 0 }

  /// 0 while messages are queued (the budget ran out, or sd-bus holds messages it read already,
  /// which the socket will not tell of); else the time to a read's deadline or to the next
  /// connection attempt; -1 for none: a quiet bus costs no wake-up.
  package var pollTimeout: Int32 {
    if busy { return 0 }
    if let bus, bus.pollEvents & Int16(POLLIN) == 0 { return 0 }
    let deadlines = [networkRead?.read.deadline, powerRead?.read.deadline, retryAt].compactMap { $0 }
    guard let next = deadlines.min() else { return -1 }
    let left = clock.monotonicNow().duration(to: next)
    if left <= .zero { return 0 }
    // Rounded up: waking a moment early would find nothing due and sleep again.
    return Int32(min(Double(Int32.max), (left.seconds * 1000).rounded(.up)))
  }

  /// What arrived, as events, after reading at most `budget` messages.
  package func events() -> [SessionEvent] {
    guard let bus else { return reconnectIfDue() }
    var events: [SessionEvent] = []
    busy = false
    var read = 0
    reading: while read < Self.budget {
      switch bus.next() {
      case .nothing: break reading
      case .other: read += 1
      case .signal(let signal):
        read += 1
        if let event = cue(signal), !events.contains(event) { events.append(event) }
      case .lost:
        lose()
        return [.busLost]
      }
    }
    busy = read == Self.budget
    for event in settle(bus) where !events.contains(event) { events.append(event) }
    return events
  }

  /// Marks what `signal` asks to be read again; `.resumed` for logind's "back from sleep",
  /// which needs no read.
  private func cue(_ signal: BusSignal) -> SessionEvent? {
    if signal.interface == "org.freedesktop.login1.Manager", signal.member == "PrepareForSleep" {
      return signal.boolean == false ? .resumed : nil
    }
    if signal.path == NetworkState.path { networkOwed = true }
    if power, signal.path.hasPrefix(PowerState.path) { powerOwed = true }
    return nil
  }

  /// Ends the reads whose answers are in (or whose time is up) and starts those owed; the
  /// events the finished ones make.
  private func settle(_ bus: BusConnection) -> [SessionEvent] {
    var events: [SessionEvent] = []
    let now = clock.monotonicNow()
    if let pending = networkRead, pending.read.isDone(at: now) {
      networkRead = nil
      if let state = pending.read.state {
        if pending.report { events += changes(from: network, to: state) }
        network = state
        backoff = Self.firstRetry
      }
    }
    if let pending = powerRead, pending.read.isDone(at: now) {
      powerRead = nil
      if let state = pending.read.state {
        if pending.report, state != powerState { events.append(.powerChanged) }
        powerState = state
        backoff = Self.firstRetry
      }
    }
    if networkOwed, networkRead == nil {
      networkOwed = false
      networkRead = NetworkState.ask(bus, deadline: deadline()).map { Pending(read: $0, report: true) }
    }
    if powerOwed, powerRead == nil {
      powerOwed = false
      powerRead = PowerState.ask(bus, deadline: deadline()).map { Pending(read: $0, report: true) }
    }
    return events
  }

  private func changes(from before: NetworkState?, to now: NetworkState) -> [SessionEvent] {
    if now.connectivity == .full, before?.connectivity != .full { return [.networkBack] }
    if now.metered != before?.metered { return [.networkChanged] }
    return []
  }

  private func deadline() -> ContinuousClock.Instant {
    // A moment past sd-bus's own timeout, which answers first when `events()` runs after it.
    clock.monotonicNow() + (bus?.timeout ?? .seconds(2)) + .milliseconds(100)
  }

  /// Connects, subscribes without waiting and asks for the state; `report` says whether a
  /// change from what was known before is an event (after the bus came back) or the baseline
  /// (at start). False when there is no bus to connect to.
  private func connect(report: Bool) -> Bool {
    guard let bus = try? BusConnection.system(environment: environment) else { return false }
    do {
      for rule in NetworkState.rules + [Self.sleepRule] + (power ? PowerState.rules : []) {
        try bus.listen(rule)
      }
    } catch {
      return false
    }
    self.bus = bus
    busy = false
    // Sent after the rules, so the bus installs them first: a change after these answers is
    // a signal still to come.
    networkRead = NetworkState.ask(bus, deadline: deadline()).map { Pending(read: $0, report: report) }
    powerRead =
      power ? PowerState.ask(bus, deadline: deadline()).map { Pending(read: $0, report: report) } : nil
    networkOwed = false
    powerOwed = false
    return true
  }

  /// The bus went away: drop the connection and what was in flight, keep what was known (to
  /// compare with when the bus is back), and try again after the backoff.
  private func lose() {
    bus = nil
    networkRead = nil
    powerRead = nil
    busy = false
    waitBeforeRetrying()
  }

  private func waitBeforeRetrying() {
    retryAt = clock.monotonicNow() + backoff
    backoff = min(backoff * 2, Self.maxRetry)
  }

  private func reconnectIfDue() -> [SessionEvent] {
    guard let due = retryAt, clock.monotonicNow() >= due else { return [] }
    guard connect(report: true) else {
      waitBeforeRetrying()
      return []
    }
    retryAt = nil
    return [.busBack]
  }
}
