import BingWallTestSupport
import Foundation

@testable import BingWallSystem

/// A D-Bus session bus of one test's own: `dbus-daemon` on a socket in the test's folder, killed and
/// reaped in `deinit`.
///
/// Its configuration lists no service folders, so nothing is started on demand: a desktop program
/// asking for gvfs, at-spi or tumbler gets "not provided by any .service files" at once instead of
/// starting daemons of the whole machine that outlive the test (and gvfsd-fuse would mount a folder).
/// The test starts the services it needs itself (xfconfd), and so knows every process to stop.
package final class PrivateSessionBus {
  /// `unix:path=…`, for `DBUS_SESSION_BUS_ADDRESS`.
  package let address: String
  package let socket: String
  private let process: Process

  package static let installed =
    PosixProcessRunner.which("dbus-daemon", path: VirtualXServer.searchPath) != nil

  /// Listens on `socket` (a path below 108 bytes); `$XDG_RUNTIME_DIR/bus` stands for a systemd session.
  /// `everyUser`: any local user may connect (a panel run as sway's user, the test as root), where a
  /// real session bus takes its own user only.
  package init(socket: String, configFolder: String, everyUser: Bool = false) throws {
    self.socket = socket
    let config = configFolder + "/session-bus.conf"
    let text = """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:path=\(socket)</listen>
        <auth>EXTERNAL</auth>
        <policy context="default">\(everyUser ? "\n    <allow user=\"*\"/>" : "")
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>

      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: config))
    process = Process()
    process.executableURL = URL(
      fileURLWithPath: PosixProcessRunner.which("dbus-daemon", path: VirtualXServer.searchPath)!)
    process.arguments = ["--config-file=\(config)", "--nofork", "--nopidfile", "--print-address=1"]
    let line = try process.runUntilFirstLine()
    guard line.hasPrefix("unix:") else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw SystemCallError("dbus-daemon did not start (said \(line.debugDescription))", errno: 0)
    }
    address = "unix:path=\(socket)"
    if everyUser { chmod(socket, 0o777) }
  }

  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    unlink(socket)
  }
}
