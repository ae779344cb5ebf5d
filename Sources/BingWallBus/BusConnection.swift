import BingWallSystem
import CSystemd
import Glibc

/// One connection to a D-Bus bus (the system bus, for NetworkManager, UPower and logind), used
/// from one thread: sd-bus objects are not thread-safe.
///
/// Two uses: a command reads a few properties and closes it; the daemon keeps one open, asks for
/// the signals it cares about with `listenWithoutWaiting`, polls `descriptor` with the rest of
/// its sleep, and reads what arrived with `next()`, one message at a time. The daemon never
/// waits on the bus: its property reads are sent with `ask` and answered as `next()` reads the
/// replies, so a flood or a service that stopped answering never holds it. Every method call is
/// bounded by `timeout` (a service that hangs costs that much, not sd-bus's 25 s).
package final class BusConnection {
  /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` does not say.
  static let defaultSystemAddress = "unix:path=/run/dbus/system_bus_socket"
  let api: UnsafePointer<bw_bus_api>
  let bus: OpaquePointer
  package let address: String
  /// What each method call may take.
  package let timeout: Duration

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

  /// Connects to the session bus the environment names (`DBUS_SESSION_BUS_ADDRESS`, else
  /// `$XDG_RUNTIME_DIR/bus` when that socket exists): the user's desktop services.
  package static func session(environment: [String: String], timeout: Duration = .seconds(2)) throws(BusError)
    -> BusConnection
  {
    let address = SessionBus.filling(environment)["DBUS_SESSION_BUS_ADDRESS"] ?? ""
    guard !address.isEmpty else { throw .cannotConnect(address: "the session bus", errno: ENOENT) }
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
    self.timeout = timeout
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
  /// `type='signal',sender='org.freedesktop.login1',member='PrepareForSleep'`), without waiting
  /// for its answer: the daemon never blocks on the bus. A rule the bus refuses closes the
  /// connection (sd-bus's way), which `next` then reports as lost.
  package func listen(_ rule: String) throws(BusError) {
    let code = bw_bus_listen(api, bus, rule)
    if code < 0 { throw .callFailed(member: "AddMatch", name: "", errno: -code) }
  }

  /// Sends a `Get` of a `b`, `u` or `d` property and returns at once; the answer is filled in
  /// when `next` reads the reply, or fails after `timeout` (sd-bus's, noticed by `next`; the
  /// caller keeps its own deadline too, since nothing wakes a sleeping poll for sd-bus's).
  package func ask(
    _ member: String, of interface: String, at path: String, on destination: String, type: BusAnswer.Kind
  ) throws(BusError) -> BusAnswer {
    let answer = BusAnswer(connection: self, kind: type)
    var slot: OpaquePointer?
    let code = bw_bus_ask(api, bus, &slot, destination, path, interface, member, answer.storage)
    if code < 0 { throw .callFailed(member: member, name: "", errno: -code) }
    answer.slot = slot
    return answer
  }

  /// The socket to poll; readable when something arrived.
  package var descriptor: Int32 { api.pointee.get_fd(bus) }

  /// The poll events the connection waits for now: POLLIN, and POLLOUT while a write is queued.
  /// No POLLIN while sd-bus holds messages it read already: those are for `next` now, and the
  /// socket will not tell of them.
  package var pollEvents: Int16 { Int16(truncatingIfNeeded: max(0, api.pointee.get_events(bus))) }

  /// What one step of reading the connection found.
  package enum Arrival: Equatable {
    /// A signal the match rules let in.
    case signal(BusSignal)
    /// Something handled or set aside: an answer to `ask` (now filled in), the bus's own replies,
    /// a message sent to us directly.
    case other
    /// Nothing more to read now; the socket tells of the next.
    case nothing
    /// The bus went away (dbus-daemon stopped or restarted); this connection is done.
    case lost
  }

  /// Reads and handles at most one message, without blocking: a flood is worked through one
  /// message at a time, each freed before the next is read, so what the process holds stays one
  /// message whatever is queued (sd-bus reads only what one message needs from the socket; the
  /// rest waits in the bus, which bounds what it keeps for a slow reader).
  package func next() -> Arrival {
    step { message in
      // Only what the match rules let in, which the bus checked the sender of: a signal or a
      // call sent to us directly could come from any local user, and is dropped unread.
      guard bw_bus_is_broadcast_signal(api, message) == 1 else { return .other }
      return .signal(signal(message))
    }
  }

  /// One `sd_bus_process`, for `next` and `receive`: what it read is given to `take`, and freed
  /// after; what it handled itself is `other`.
  private func step<Outcome: StepOutcome>(_ take: (OpaquePointer) -> Outcome) -> Outcome {
    if lost { return .lost }
    var message: OpaquePointer?
    let code = api.pointee.process(bus, &message)
    if code < 0 {
      lost = true
      return .lost
    }
    guard let message else { return code == 0 ? .nothing : .other }
    defer { _ = api.pointee.message_unref(message) }
    return take(message)
  }

  /// Set once `process` failed: the bus went away.
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

// What a service on the session bus does: answers calls, sends signals and calls of its own.
extension BusConnection {
  /// What one step of `receive` found.
  package enum Received {
    /// A method call to answer or a signal a match rule let in.
    case message(BusMessage)
    /// Something sd-bus handled itself (a reply filled in, the bus's own messages).
    case other
    case nothing
    case lost
  }

  /// Reads and handles at most one message, without blocking, and hands back a call or a signal:
  /// `next` for a connection that serves (on the session bus, where every peer is the user's own
  /// process, so calls are answered, not dropped).
  package func receive() -> Received {
    step { .message(BusMessage(connection: self, retaining: $0)) }
  }

  /// The reply to `call`, to fill in and send.
  package func reply(to call: BusMessage) throws(BusError) -> BusMessageWriter {
    var message: OpaquePointer?
    let code = api.pointee.message_new_method_return(call.pointer, &message)
    guard code >= 0, let message else { throw .callFailed(member: call.member, name: "", errno: -code) }
    return BusMessageWriter(connection: self, pointer: message)
  }

  /// Answers `call` with the D-Bus error `name` (`org.freedesktop.DBus.Error.UnknownMethod`).
  package func fail(_ call: BusMessage, name: String, text: String) {
    var message: OpaquePointer?
    guard bw_bus_new_error(api, call.pointer, &message, name, text) >= 0, let message else { return }
    try? BusMessageWriter(connection: self, pointer: message).send()
  }

  /// A signal from the object at `path`, to fill in and send.
  package func signal(path: String, interface: String, member: String) throws(BusError) -> BusMessageWriter {
    var message: OpaquePointer?
    let code = api.pointee.message_new_signal(bus, &message, path, interface, member)
    guard code >= 0, let message else { throw .callFailed(member: member, name: "", errno: -code) }
    return BusMessageWriter(connection: self, pointer: message)
  }

  /// A method call to fill in and send with `call(_:)`.
  package func method(destination: String, path: String, interface: String, member: String) throws(BusError)
    -> BusMessageWriter
  {
    var message: OpaquePointer?
    let code = api.pointee.message_new_method_call(bus, &message, destination, path, interface, member)
    guard code >= 0, let message else { throw .callFailed(member: member, name: "", errno: -code) }
    return BusMessageWriter(connection: self, pointer: message)
  }

  /// Sends a method call and returns at once; its reply is filled in as `receive` reads it.
  package func call(_ message: BusMessageWriter) throws(BusError) -> BusReply {
    let reply = BusReply(connection: self)
    var slot: OpaquePointer?
    let microseconds =
      UInt64(timeout.components.seconds) * 1_000_000
      + UInt64(timeout.components.attoseconds / 1_000_000_000_000)
    let code = bw_bus_send_call(api, bus, &slot, message.pointer, reply.storage, max(1, microseconds))
    if code < 0 { throw .callFailed(member: "call", name: "", errno: -code) }
    reply.slot = slot
    return reply
  }

  /// Asks for the well-known name `name` without waiting for the bus's answer.
  package func requestName(_ name: String) throws(BusError) {
    let code = bw_bus_request_name(api, bus, name)
    if code < 0 { throw .callFailed(member: "RequestName", name: "", errno: -code) }
  }
}

/// What `next` and `receive` hand back when no message is theirs: the three outcomes they share.
private protocol StepOutcome {
  static var other: Self { get }
  static var nothing: Self { get }
  static var lost: Self { get }
}

extension BusConnection.Arrival: StepOutcome {}
extension BusConnection.Received: StepOutcome {}
