import BingWallTestSupport
import Foundation

/// The system folders `SessionFinder` reads, under a temporary folder: `/proc/PID/environ` and
/// `comm` files, X11 sockets in `/tmp/.X11-unix`, Wayland sockets in the runtime folder.
package final class FakeSessionSystem {
  package let folder: TemporaryDirectory
  package var root: String { folder.path }
  package let runtime = "/run/user/\(getuid())"
  /// The sockets made, kept listening for as long as the fake system lives.
  package var sockets: [ListeningSocket] = []

  package init() throws {
    folder = try TemporaryDirectory()
  }

  package func onDisk(_ path: String) -> String { root + path }

  /// A process of ours with `environment` (written as the kernel shows it, NUL after each).
  package func process(_ pid: Int32, name: String = "sleep", _ environment: [String: String]) throws {
    let folder = onDisk("/proc/\(pid)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let bytes = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\0" }.joined()
    try Data(bytes.utf8).write(to: URL(fileURLWithPath: folder + "/environ"))
    try Data((name + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/comm"))
  }

  package func x11Socket(_ number: Int) -> String { onDisk("/tmp/.X11-unix/X\(number)") }

  /// A listening X11 socket for display `:number`, made `madeSecondsAgo` seconds ago.
  @discardableResult
  package func x11(_ number: Int, madeSecondsAgo: Int = 0) throws -> ListeningSocket {
    try FileManager.default.createDirectory(
      atPath: onDisk("/tmp/.X11-unix"), withIntermediateDirectories: true)
    let socket = try ListeningSocket(path: x11Socket(number))
    sockets.append(socket)
    if madeSecondsAgo > 0 { try age(socket.path, secondsAgo: madeSecondsAgo) }
    return socket
  }

  /// A listening Wayland socket `name` in the runtime folder.
  package func wayland(_ name: String) throws {
    try FileManager.default.createDirectory(atPath: onDisk(runtime), withIntermediateDirectories: true)
    sockets.append(try ListeningSocket(path: onDisk(runtime + "/" + name)))
  }

  /// Sets the modification time of `path` (a socket's: when its server made it).
  package func age(_ path: String, secondsAgo: Int) throws {
    let time = timespec(tv_sec: time_t(Date().timeIntervalSince1970) - secondsAgo, tv_nsec: 0)
    let times = [time, time]
    guard utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0 else {
      throw SystemCallError("utimensat \(path)")
    }
  }
}
