import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// One test's own desktop: a virtual X server, a private session bus, a private home with its config,
/// cache and runtime folders, and the desktop programs the test starts, all stopped in `deinit`.
///
/// The environment keeps GLib and GTK from reaching outside: no gvfs (`GIO_USE_VFS=local`), no
/// accessibility bus (`NO_AT_BRIDGE`), GSettings in memory (nitrogen and libfm read GNOME keys), and a
/// session bus always set, so nothing autolaunches a bus of its own for the X display.
package final class DesktopSandbox {
  package let folder: TemporaryDirectory
  package let screen: VirtualXServer
  package let bus: PrivateSessionBus
  private var programs: [BackgroundProgram] = []

  package var home: String { folder.file("home") }
  package var config: String { folder.file("home/.config") }
  package var runtime: String { folder.file("run") }

  /// Whether Xvfb, xwd and dbus-daemon are installed, and `tools`.
  package static func canRun(_ tools: String...) -> Bool {
    VirtualXServer.installed && PrivateSessionBus.installed
      && tools.allSatisfy { PosixProcessRunner.which($0, path: VirtualXServer.searchPath) != nil }
  }

  /// A sandbox whose screen is `width`x`height`.
  package convenience init(width: Int = 320, height: Int = 240) throws {
    try self.init { try VirtualXServer(width: width, height: height) }
  }

  /// A sandbox on the X server `server` starts (one with several outputs).
  package init(server: () throws -> VirtualXServer) throws {
    folder = try TemporaryDirectory()
    for path in [folder.file("home/.config"), folder.file("home/.cache"), folder.file("run")] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    chmod(folder.file("run"), 0o700)
    screen = try server()
    bus = try PrivateSessionBus(socket: folder.file("run/bus"), configFolder: folder.path)
  }

  deinit {
    // Desktop programs first, while the display and the bus they hold are still there.
    while !programs.isEmpty { programs.removeLast() }
  }

  /// What a desktop session exports, as its programs and bingwall see it.
  package var environment: [String: String] {
    [
      "DISPLAY": screen.display, "HOME": home, "XDG_CONFIG_HOME": config, "XDG_CACHE_HOME": home + "/.cache",
      "XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": VirtualXServer.searchPath,
      "LANG": "C.UTF-8", "NO_AT_BRIDGE": "1", "GIO_USE_VFS": "local", "GSETTINGS_BACKEND": "memory",
      "QT_QPA_PLATFORM": "xcb",
    ]
  }

  /// Starts a desktop program that runs until the sandbox goes.
  @discardableResult
  package func start(_ arguments: [String], environment extra: [String: String] = [:]) throws
    -> BackgroundProgram
  {
    let program = try BackgroundProgram(
      arguments, environment: environment.merging(extra) { $1 },
      log: folder.file("\(arguments[0].split(separator: "/").last ?? "program")-\(programs.count).log"))
    programs.append(program)
    return program
  }

  /// The session bingwall runs in: this sandbox's environment, with `changes` applied (nil removes).
  package func session(_ changes: [String: String?] = [:]) -> DesktopSession {
    var environment = self.environment
    for (key, value) in changes { environment[key] = value }
    return DesktopSession(environment: environment, processes: PosixProcessRunner(), home: home)
  }

  /// Whether `name` has an owner on the private bus (the program has finished starting).
  package func busNameHasOwner(_ name: String) -> Bool {
    let output = try? ExternalTool.run([
      "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "gdbus", "call", "--session", "--dest",
      "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
      "org.freedesktop.DBus.NameHasOwner", name,
    ])
    return output.map { String(decoding: $0, as: UTF8.self).contains("true") } ?? false
  }

  /// A striped test picture at `name` in the sandbox.
  package func picture(_ name: String) throws -> String {
    let path = folder.file(name)
    try StripedPicture.make(at: path)
    return path
  }

  /// What the programs printed, for a failing expectation.
  package var logs: String {
    let windows =
      (try? ExternalTool.run(["xwininfo", "-root", "-tree", "-display", screen.display]))
      .map { String(decoding: $0, as: UTF8.self) } ?? ""
    return "windows:\n\(windows)\n" + programLogs
  }

  private var programLogs: String {
    programs.map { "\($0.arguments.joined(separator: " ")):\n\($0.output)" }.joined(separator: "\n")
  }
}
