import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A private D-Bus session bus for one test, with private XDG folders, so `gsettings` with
/// `GSETTINGS_BACKEND=dconf` talks to a dconf-service the bus starts on demand (D-Bus activation)
/// and that writes only into this test's folder. The KDE suite runs plasmashell on one too.
///
/// `dbus-daemon --nofork` is our child, started through `DetachedProcess` (an empty signal mask, which
/// the services it activates inherit: Foundation's `Process` would hand them the test thread's, which
/// blocks every signal and hangs plasmashell's helpers); it is killed and reaped here. The services
/// it activates are not our children (D-Bus double-forks them), so the bus is asked for every
/// client's pid and those die first: a dconf-service left running would hold a test folder that no
/// longer exists, and CI runs on a fresh clone where leftovers break the next run.
package final class DconfSessionBus {
  /// Whether the programs these tests need are installed (`make test-deps` installs them).
  package static let installed =
    ["dbus-daemon", "dbus-send", "dconf", "gsettings"].allSatisfy {
      PosixProcessRunner.which($0, path: searchPath) != nil
    } && FileManager.default.isExecutableFile(atPath: "/usr/libexec/dconf-service")
  package static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  package let folder: TemporaryDirectory
  /// `unix:path=…`, the socket in the test's folder.
  package let address: String
  /// The socket the bus listens on.
  package var socket: String { folder.file("run/bus") }
  package var configHome: String { folder.file("config") }
  var runtimeDirectory: String { folder.file("run") }
  /// dconf's database, which dconf-service writes and `gsettings get` reads without the bus.
  package var database: String { configHome + "/dconf/user" }
  private var daemon: pid_t
  private var stopped = false

  /// What the bus passes on to the services it starts, beyond the folders (a DISPLAY for Plasma's).
  package let activationEnvironment: [String: String]

  /// The environment of the bus and everything on it: its own HOME and XDG folders, no bus inherited.
  package var baseEnvironment: [String: String] {
    Self.environment(in: folder).merging(activationEnvironment) { $1 }
  }

  package static func environment(in folder: TemporaryDirectory) -> [String: String] {
    [
      "PATH": searchPath, "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"),
      "XDG_RUNTIME_DIR": folder.file("run"), "XDG_DATA_HOME": folder.file("data"),
      "XDG_CACHE_HOME": folder.file("cache"),
    ]
  }

  /// `activationEnvironment` is the environment services started by the bus see besides the
  /// folders: they inherit the daemon's, not their caller's, as in a login session.
  package init(activationEnvironment: [String: String] = [:]) throws {
    let folder = try TemporaryDirectory()
    for name in ["config", "run", "data", "cache"] {
      try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
    }
    chmod(folder.file("run"), 0o700)
    let socket = folder.file("run/bus")
    let address = "unix:path=\(socket)"
    let daemon = try Self.launch(
      address: address, environment: Self.environment(in: folder).merging(activationEnvironment) { $1 })
    self.folder = folder
    self.activationEnvironment = activationEnvironment
    self.daemon = daemon
    self.address = address
  }

  deinit { stop() }

  /// Starts `dbus-daemon` on `address` and waits until it answers.
  private static func launch(address: String, environment: [String: String]) throws -> pid_t {
    let daemon = try DetachedProcess.spawn(
      executable: PosixProcessRunner.which("dbus-daemon", path: Self.searchPath)!,
      arguments: ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)"],
      environment: environment)
    // Ready once it answers; a loaded machine may take a while, so the deadline is generous.
    let deadline = Date().addingTimeInterval(60)
    var ready = false
    while !ready, Date() < deadline, DetachedProcess.exitStatus(of: daemon) == nil {
      ready = Self.ask(address, ["org.freedesktop.DBus.GetId"]) != nil
      if !ready { usleep(20_000) }
    }
    guard ready else {
      kill(daemon, SIGKILL)
      var status: Int32 = 0
      waitpid(daemon, &status, 0)
      throw SystemCallError("dbus-daemon did not answer on \(address)", errno: 0)
    }
    return daemon
  }

  /// A bus stopped with `stop` started again on the same socket, as dbus-daemon restarting
  /// (an upgrade) looks to its clients: they must connect again. Its old clients stay dead.
  package func restart() throws {
    guard stopped else { return }
    daemon = try Self.launch(address: address, environment: baseEnvironment)
    stopped = false
  }

  /// The environment a session on this bus has, with dconf as the settings store.
  package func environment(_ extra: [String: String] = [:]) -> [String: String] {
    baseEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address, "GSETTINGS_BACKEND": "dconf"]) { $1 }
      .merging(extra) { $1 }
  }

  /// A desktop session on this bus, as the GNOME-family backends see one (no locale, as under cron).
  package func session(_ extra: [String: String] = [:]) -> DesktopSession {
    DesktopSession(environment: environment(extra), processes: PosixProcessRunner(), home: folder.path)
  }

  /// Runs a tool on this bus in a UTF-8 locale and returns stdout without the final newline: the
  /// oracle (`dconf read`, `gsettings get`) the tests compare with.
  @discardableResult
  package func text(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
    let oracle = session(extra.merging(["LC_ALL": "C.UTF-8"]) { $1 })
    var text = try oracle.run(arguments, backend: "test").stdoutText
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// What the bus at `address` answers to `method` (and its arguments), nil when it does not.
  package static func ask(_ address: String, _ arguments: [String]) -> String? {
    try? ExternalTool.text(
      [
        "dbus-send", "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus",
        "/org/freedesktop/DBus",
      ] + arguments)
  }

  /// The pids of every client on the bus (dconf-service, plasmashell and what it activated).
  func clientPIDs() -> [pid_t] {
    guard let names = Self.ask(address, ["org.freedesktop.DBus.ListNames"]) else { return [] }
    let unique = names.split(separator: "\"").filter { $0.hasPrefix(":") }.map(String.init)
    return unique.compactMap { name in
      Self.ask(address, ["org.freedesktop.DBus.GetConnectionUnixProcessID", "string:\(name)"])
        .flatMap { $0.split(separator: " ").last.flatMap { pid_t($0) } }
    }.filter { $0 != getpid() }
  }

  /// Makes the bus go away the way a logged-out session's does: the daemon dies (and with it its
  /// clients, but those in `sparing`), and `removeSocket` decides whether the socket file stays
  /// (refused) or goes (missing).
  package func stop(removeSocket: Bool = false, sparing: Set<pid_t> = []) {
    guard !stopped else { return }
    stopped = true
    let clients = clientPIDs().filter { !sparing.contains($0) }
    for pid in clients { kill(pid, SIGKILL) }
    kill(daemon, SIGKILL)
    var status: Int32 = 0
    waitpid(daemon, &status, 0)
    if removeSocket { unlink(socket) }
    // The clients' parent is init, which alone can reap them (and does so in its own time): wait
    // until each is dead, so none outlives the test.
    let deadline = Date().addingTimeInterval(30)
    for pid in clients {
      while Self.isRunning(pid), Date() < deadline { usleep(20_000) }
    }
  }

  /// Whether `pid` is a process that has not died yet (a zombie waiting for init counts as dead).
  package static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // `pid (comm) S …`: the state follows the last parenthesis, since comm may hold one.
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  }
}
