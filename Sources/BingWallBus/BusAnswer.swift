import CSystemd

/// A property asked for with `BusConnection.ask`: empty until the connection reads its reply.
///
/// It holds its pending call (an sd-bus slot) and the connection: releasing the answer cancels
/// the call, so sd-bus never writes into an answer that is gone, and the connection outlives
/// every answer it may still fill in.
package final class BusAnswer {
  /// The D-Bus types a property can be read as.
  package enum Kind: Sendable {
    case boolean, unsigned, double

    var code: CChar {
      switch self {
      case .boolean: CChar(UInt8(ascii: "b"))
      case .unsigned: CChar(UInt8(ascii: "u"))
      case .double: CChar(UInt8(ascii: "d"))
      }
    }
  }

  let storage: UnsafeMutablePointer<bw_bus_answer>
  var slot: OpaquePointer?
  private let connection: BusConnection
  package let kind: Kind

  init(connection: BusConnection, kind: Kind) {
    self.connection = connection
    self.kind = kind
    storage = .allocate(capacity: 1)
    storage.initialize(to: bw_bus_answer())
    storage.pointee.api = connection.api
    storage.pointee.type = kind.code
  }

  deinit {
    if let slot { _ = connection.api.pointee.slot_unref(slot) }
    storage.deallocate()
  }

  /// Whether the reply (or an error, or sd-bus's timeout) has been read.
  package var isAnswered: Bool { storage.pointee.state != 0 }

  /// The value, once answered; nil while waiting and when the call failed.
  package var boolean: Bool? { succeeded ? storage.pointee.value.boolean != 0 : nil }
  package var unsigned: UInt32? { succeeded ? storage.pointee.value.unsigned32 : nil }
  package var double: Double? { succeeded ? storage.pointee.value.real : nil }

  private var succeeded: Bool { storage.pointee.state == 1 }
}
