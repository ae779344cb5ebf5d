import BingWallBus

/// What NetworkManager says of the connection: whether it is metered and how connected it is.
/// https://networkmanager.dev/docs/api/latest/nm-dbus-types.html
package struct NetworkState: Sendable, Equatable {
  /// NMConnectivityState: NONE 1, PORTAL 2, LIMITED 3, FULL 4; UNKNOWN 0.
  enum Connectivity: UInt32, Sendable {
    case unknown = 0, none, portal, limited, full
  }

  /// NMMetered, the primary connection's: YES and GUESS_YES (a phone's hotspot, which NM
  /// recognises by its DHCP option) both count as metered; NO, GUESS_NO and UNKNOWN do not.
  package var metered: Bool
  /// NMMetered's number as NetworkManager gave it, for `status` and the log.
  package var meteredValue: UInt32
  var connectivity: Connectivity

  init(meteredValue: UInt32, connectivity: Connectivity) {
    self.meteredValue = meteredValue
    self.metered = meteredValue == 1 || meteredValue == 3
    self.connectivity = connectivity
  }

  static let destination = "org.freedesktop.NetworkManager"
  static let path = "/org/freedesktop/NetworkManager"
  static let interface = "org.freedesktop.NetworkManager"

  /// NetworkManager's state on `bus`; nil when it is not there (another network daemon, a
  /// container): unknown, which never stops an update.
  package static func read(_ bus: BusConnection) -> NetworkState? {
    guard
      let connectivity = try? bus.unsigned("Connectivity", of: interface, at: path, on: destination)
    else { return nil }
    // An old NetworkManager without `Metered` (before 1.0) is a connection not known to be metered.
    let metered = (try? bus.unsigned("Metered", of: interface, at: path, on: destination)) ?? 0
    return NetworkState(meteredValue: metered, connectivity: Connectivity(rawValue: connectivity) ?? .unknown)
  }

  /// The same read without waiting, for the daemon (see `PropertyRead`); nil when the calls
  /// cannot be sent (the connection is gone).
  static func ask(_ bus: BusConnection, deadline: ContinuousClock.Instant) -> PropertyRead<NetworkState>? {
    guard
      let connectivity = try? bus.ask(
        "Connectivity", of: interface, at: path, on: destination, type: .unsigned),
      let metered = try? bus.ask("Metered", of: interface, at: path, on: destination, type: .unsigned)
    else { return nil }
    return PropertyRead(answers: [connectivity, metered], deadline: deadline) { answers in
      guard let connectivity = answers[0].unsigned else { return nil }
      return NetworkState(
        meteredValue: answers[1].unsigned ?? 0, connectivity: Connectivity(rawValue: connectivity) ?? .unknown
      )
    }
  }

  /// The signals that can change what `read` says: the manager's properties changing (the
  /// standard signal, and the older one of NetworkManager's own interface, both named so), and
  /// its state. Nothing else NetworkManager says there (devices added, permissions) is asked for,
  /// so the bus keeps it to itself.
  static let rules = ["PropertiesChanged", "StateChanged"].map {
    "type='signal',sender='\(destination)',path='\(path)',member='\($0)'"
  }
}
