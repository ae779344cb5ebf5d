import BingWallSystem
import CSystemd
import Glibc

/// One connection to a D-Bus bus (the system bus, for NetworkManager, UPower and logind), used
/// from one thread: sd-bus objects are not thread-safe.
///
/// Two uses: a command reads a few properties and closes it; the daemon keeps one open, asks for
/// the signals it cares about with `listen`, polls `descriptor` with the rest of its sleep and
/// drains what arrived with `signals()`. Every method call is bounded by `timeout` (a service
/// that hangs costs that much, not sd-bus's 25 s).
package final class BusConnection {
  /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` does not say.
  static let defaultSystemAddress = "unix:path=/run/dbus/system_bus_socket"
  /// The most signals one `signals()` drains, so a flood on the bus cannot keep the daemon busy;
  /// the rest wait for the next poll.
  static let drainLimit = 256

  private let api: UnsafePointer<bw_bus_api>
  private let bus: OpaquePointer
  package let address: String

  /// Connects to the system bus the environment names (`DBUS_SYSTEM_BUS_ADDRESS`), else the
  /// usual socket.
  package static func system(environment: [String: String], timeout: Duration = .seconds(2)) throws(BusError)
    -> BusConnection
  {
    let named = environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
    let address = named.isEmpty ? defaultSystemAddress : named
    // No socket, no bus: said without loading libsystemd (about 1.5 MB of a daemon that has
    // nothing to listen to, and a millisecond of every update in a container).
    if let path = socketPath(of: address), access(path, F_OK) != 0 {
      throw .cannotConnect(address: address, errno: errno)
    }
    return try BusConnection(address: address, timeout: timeout)
  }

  /// The socket file of a plain `unix:path=…` address; nil for any other form (abstract
  /// sockets, several addresses, TCP), which sd-bus then tries itself.
  static func socketPath(of address: String) -> String? {
    let prefix = "unix:path="
    guard address.hasPrefix(prefix), !address.contains(";"), !address.contains(",") else { return nil }
    return String(address.dropFirst(prefix.count))
  }

  package init(address: String, timeout: Duration) throws(BusError) {
    api = try BusLibrary.api()
    var failure: Int32 = 0
    let microseconds = UInt64(
      max(1, timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000))
    guard let bus = bw_bus_connect(api, address, microseconds, &failure) else {
      throw .cannotConnect(address: address, errno: -failure)
    }
    self.bus = bus
    self.address = address
  }

  deinit {
    _ = api.pointee.flush_close_unref(bus)
  }

  /// A `b` property.
  package func boolean(_ member: String, of interface: String, at path: String, on destination: String)
    throws(BusError) -> Bool
  {
    var value: Int32 = 0
    try trivial(member, interface, path, destination, type: "b", into: &value)
    return value != 0
  }

  /// A `u` property.
  package func unsigned(_ member: String, of interface: String, at path: String, on destination: String)
    throws(BusError) -> UInt32
  {
    var value: UInt32 = 0
    try trivial(member, interface, path, destination, type: "u", into: &value)
    return value
  }

  /// A `d` property.
  package func double(_ member: String, of interface: String, at path: String, on destination: String)
    throws(BusError) -> Double
  {
    var value = 0.0
    try trivial(member, interface, path, destination, type: "d", into: &value)
    return value
  }

  private func trivial<Value>(
    _ member: String, _ interface: String, _ path: String, _ destination: String, type: Character,
    into value: inout Value
  ) throws(BusError) {
    var name = [CChar](repeating: 0, count: 256)
    let code = withUnsafeMutablePointer(to: &value) { pointer in
      bw_bus_get_trivial(
        api, bus, destination, path, interface, member, CChar(type.asciiValue!), pointer, &name, name.count)
    }
    if code < 0 {
      throw .callFailed(
        member: member,
        name: String(decoding: name.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self),
        errno: -code)
    }
  }

  /// Asks the bus for the signals `rule` matches (a D-Bus match rule,
  /// `type='signal',sender='org.freedesktop.login1',member='PrepareForSleep'`).
  package func listen(_ rule: String) throws(BusError) {
    let code = bw_bus_listen(api, bus, rule)
    if code < 0 { throw .callFailed(member: "AddMatch", name: "", errno: -code) }
  }

  /// The socket to poll; readable when something arrived.
  package var descriptor: Int32 { api.pointee.get_fd(bus) }

  /// The poll events the connection waits for now: POLLIN, and POLLOUT while a write is queued.
  /// No POLLIN while sd-bus holds messages it read already (during a method call): those are for
  /// `signals()` now, and the socket will not tell of them.
  package var pollEvents: Int16 { Int16(truncatingIfNeeded: max(0, api.pointee.get_events(bus))) }

  /// Every signal that arrived, read without blocking. A lost connection ends the list; the
  /// caller learns of it from `isBroken`.
  package func signals() -> [BusSignal] {
    var signals: [BusSignal] = []
    for _ in 0..<Self.drainLimit {
      var message: OpaquePointer?
      let code = api.pointee.process(bus, &message)
      if code < 0 {
        lost = true
        break
      }
      if let message {
        defer { _ = api.pointee.message_unref(message) }
        // Only what the match rules let in, which the bus checked the sender of: a signal or a
        // call sent to us directly could come from any local user.
        if bw_bus_is_broadcast_signal(api, message) == 1 { signals.append(signal(message)) }
      }
      if code == 0 { break }
    }
    return signals
  }

  /// Whether the bus went away (dbus-daemon restarted): the daemon then carries on without it.
  package var broken: Bool { lost || api.pointee.get_events(bus) < 0 }
  private var lost = false

  private func signal(_ message: OpaquePointer) -> BusSignal {
    func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
    let path = text(api.pointee.message_get_path(message))
    let interface = text(api.pointee.message_get_interface(message))
    let member = text(api.pointee.message_get_member(message))
    let first = bw_bus_first_boolean(api, message)
    return BusSignal(path: path, interface: interface, member: member, boolean: first < 0 ? nil : first == 1)
  }
}
