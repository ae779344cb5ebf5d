import BingWallBus
import BingWallSystem

/// The daemon's ear on the system bus: NetworkManager's connection, UPower's power (when a
/// battery threshold is set) and logind's sleep, as `SessionEvent`s.
///
/// It asks the bus for their signals once and then only reads what arrives: nothing is polled,
/// so a quiet machine costs the daemon no wake-up. A signal is a cue, not a value: the watch
/// reads the properties again and reports what changed, so a flood of PropertiesChanged for
/// other properties (NetworkManager announces each device's traffic counters) comes out as
/// nothing.
package final class SessionWatch: SessionEventSource {
  private let bus: BusConnection
  private let power: Bool
  private var network: NetworkState?
  private var powerState: PowerState?

  static let sleepRule =
    "type='signal',sender='org.freedesktop.login1',path='/org/freedesktop/login1',"
    + "interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"

  /// Connects and subscribes; nil when there is no system bus (the daemon then runs on its
  /// timer alone, as before). `power: false` leaves UPower's signals out.
  package init?(environment: [String: String], power: Bool) {
    guard let bus = try? BusConnection.system(environment: environment) else { return nil }
    do {
      try bus.listen(NetworkState.rule)
      try bus.listen(Self.sleepRule)
      if power { for rule in PowerState.rules { try bus.listen(rule) } }
    } catch {
      return nil
    }
    self.bus = bus
    self.power = power
    // The bus's own greeting (NameAcquired) is waiting; read it now, not at the first wake, and
    // before the state, so that a change arriving after this read is a signal still to come.
    _ = bus.signals()
    network = NetworkState.read(bus)
    powerState = power ? PowerState.read(bus) : nil
  }

  package var descriptor: Int32 { bus.descriptor }
  package var pollEvents: Int16 { bus.pollEvents }
  package var isAlive: Bool { !bus.broken }

  /// What arrived, as events. Reading the properties again is a method call, during which
  /// sd-bus queues whatever else arrives; those are handled here too (a few rounds at most), so
  /// the connection is left with nothing queued and its socket is what tells of the next signal.
  package func events() -> [SessionEvent] {
    var events: [SessionEvent] = []
    for _ in 0..<Self.rounds {
      let signals = bus.signals()
      if signals.isEmpty { break }
      for event in handle(signals) where !events.contains(event) { events.append(event) }
    }
    return events
  }

  /// Rounds of `events`: a bound on the work one wake does whatever the bus sends.
  static let rounds = 8

  private func handle(_ signals: [BusSignal]) -> [SessionEvent] {
    var events: [SessionEvent] = []
    if signals.contains(where: {
      $0.interface == "org.freedesktop.login1.Manager" && $0.member == "PrepareForSleep"
        && $0.boolean == false
    }) {
      events.append(.resumed)
    }
    if signals.contains(where: { $0.path == NetworkState.path }) {
      let now = NetworkState.read(bus)
      if let now, now.connectivity == .full, network?.connectivity != .full {
        events.append(.networkBack)
      } else if now?.metered != network?.metered {
        events.append(.networkChanged)
      }
      network = now
    }
    if power, signals.contains(where: { $0.path.hasPrefix(PowerState.path) }) {
      let now = PowerState.read(bus)
      if now != powerState { events.append(.powerChanged) }
      powerState = now
    }
    return events
  }
}
