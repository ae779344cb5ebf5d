import Foundation
import Glibc

/// A Unix socket that accepts connections and does nothing else: a live `SWAYSOCK` for tests whose
/// swaymsg is a stub. Closed and removed in `deinit`.
package final class ListeningSocket {
  /// Stands for a live socket's path in static test tables; `substituted` puts a real one in.
  package static let placeholder = "<live socket>"

  /// The folder it is in when it made its own; nil for a socket at a path given.
  package let folder: TemporaryDirectory?
  package let path: String
  private let descriptor: Int32
  private var closed = false

  /// A socket in a folder of its own.
  package convenience init() throws {
    let folder = try TemporaryDirectory()
    try self.init(path: folder.file("sway-ipc.sock"), folder: folder)
  }

  /// A socket at `path` (a display's, in a test's fake system folders, or `/tmp/.X11-unix`).
  package init(path: String, folder: TemporaryDirectory? = nil) throws {
    self.folder = folder
    self.path = path
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8) + [0])
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
      throw SystemCallError("listening socket at \(path)")
    }
  }

  /// Stops listening and leaves the file, as a server that died does.
  package func stopListening() {
    if !closed { close(descriptor) }
    closed = true
  }

  deinit {
    stopListening()
    unlink(path)
  }

  /// `environment` with every placeholder value replaced by this socket's path.
  package func substituted(_ environment: [String: String]) -> [String: String] {
    environment.mapValues { $0 == Self.placeholder ? path : $0 }
  }
}
