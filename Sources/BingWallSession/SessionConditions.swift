import BingWallBus

/// The network and the power as the system bus tells them now; a nil part is unknown (no bus,
/// no NetworkManager, no UPower), and unknown never stops an update.
package struct SessionConditions: Sendable, Equatable {
  package var network: NetworkState?
  package var power: PowerState?

  package init(network: NetworkState? = nil, power: PowerState? = nil) {
    self.network = network
    self.power = power
  }

  /// Nothing known: a machine without a system bus.
  package static let unknown = SessionConditions()

  /// Asks the system bus the environment names. `power: false` leaves UPower alone (no battery
  /// threshold is set), so a command asks only what it acts on.
  package static func read(environment: [String: String], network: Bool = true, power: Bool = true)
    -> SessionConditions
  {
    guard network || power, let bus = try? BusConnection.system(environment: environment) else {
      return .unknown
    }
    return SessionConditions(
      network: network ? NetworkState.read(bus) : nil, power: power ? PowerState.read(bus) : nil)
  }
}
