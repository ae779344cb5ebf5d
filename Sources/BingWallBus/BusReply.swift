import CSystemd

/// A method call sent with `BusConnection.call`: empty until the connection reads its reply.
/// As `BusAnswer`, it holds its pending call and the connection: releasing it cancels the call.
package final class BusReply {
  let storage: UnsafeMutablePointer<bw_bus_reply>
  var slot: OpaquePointer?
  private let connection: BusConnection

  init(connection: BusConnection) {
    self.connection = connection
    storage = .allocate(capacity: 1)
    storage.initialize(to: bw_bus_reply())
  }

  deinit {
    if let slot { _ = connection.api.pointee.slot_unref(slot) }
    storage.deallocate()
  }

  /// Whether the reply (or an error, or the timeout) has been read.
  package var isAnswered: Bool { storage.pointee.state != 0 }
  package var succeeded: Bool { storage.pointee.state == 1 }
  /// The reply's first argument when it was a `u` (Notify's id).
  package var firstUnsigned: UInt32 { storage.pointee.first }
}
