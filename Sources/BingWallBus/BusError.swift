import Glibc

/// Why a question to the bus went unanswered. Callers treat every case as "unknown": a machine
/// without a system bus, or without NetworkManager on it, is a machine bingwall knows nothing
/// about, not a broken one.
package enum BusError: Error, Equatable, CustomStringConvertible {
  /// libsystemd could not be loaded.
  case unavailable(String)
  /// No bus listens at the address, or the connection failed.
  case cannotConnect(address: String, errno: Int32)
  /// The call failed: no such service, object or property, a timeout, access denied.
  case callFailed(member: String, name: String, errno: Int32)

  package var description: String {
    switch self {
    case .unavailable(let message): message
    case .cannotConnect(let address, let errno):
      "cannot connect to the D-Bus at \(address): \(String(cString: strerror(errno)))"
    case .callFailed(let member, let name, let errno):
      "cannot read \(member) over D-Bus: " + (name.isEmpty ? String(cString: strerror(errno)) : name)
    }
  }
}
