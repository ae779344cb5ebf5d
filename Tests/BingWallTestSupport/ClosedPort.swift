import Foundation

/// A loopback TCP port bound but not listening, for as long as this value lives: a connection to
/// it is refused, and no test running beside it can take the port meanwhile.
package final class ClosedPort {
  package let port: UInt16
  private let descriptor: Int32

  package init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard descriptor >= 0, bound else {
      if descriptor >= 0 { close(descriptor) }
      throw POSIXError(.EADDRNOTAVAIL)
    }
    self.descriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }
}
