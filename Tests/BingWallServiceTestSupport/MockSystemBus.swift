import BingWallTestSupport
import Foundation

@testable import BingWallSystem

/// A system bus of one test's own (a private `dbus-daemon`) with python3-dbusmock's
/// NetworkManager, UPower and logind on it, and the calls that change what they say: the real
/// services' D-Bus interfaces, the real sd-bus client, nothing of ours in between.
///
/// The bus is a `DconfSessionBus` (a session-type bus, open to every call), which stands for the
/// system bus through `DBUS_SYSTEM_BUS_ADDRESS`; the mocks are its clients and die with it.
package final class MockSystemBus {
  package static let installed =
    DconfSessionBus.installed && PosixProcessRunner.which("gdbus", path: DconfSessionBus.searchPath) != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/upower.py")

  package let bus: DconfSessionBus
  package var address: String { bus.address }
  /// What a process on this "system bus" has in its environment.
  package var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": bus.address] }

  static let networkManager = "org.freedesktop.NetworkManager"
  static let upower = "org.freedesktop.UPower"
  package static let login = "org.freedesktop.login1"

  /// Starts the bus and the templates named (`networkmanager`, `upower`, `logind`) and waits
  /// until each answers.
  package init(templates: [String] = ["networkmanager", "upower", "logind"]) throws {
    bus = try DconfSessionBus()
    self.templates = templates
    try startTemplates()
  }

  package let templates: [String]

  /// The bus killed (its clients with it, but those in `sparing`: the process under test) and
  /// started again on the same socket with fresh mocks: dbus-daemon restarting, as its clients
  /// see it.
  package func restart(sparing: Set<pid_t> = []) throws {
    bus.stop(sparing: sparing)
    try bus.restart()
    try startTemplates()
  }

  private func startTemplates() throws {
    for template in templates {
      _ = try DetachedProcess.spawn(
        executable: "/usr/bin/python3",
        arguments: ["python3", "-m", "dbusmock", "--system", "--template", template],
        environment: bus.baseEnvironment.merging(environment) { $1 })
      let (name, path) = Self.object(of: template)
      let deadline = Date().addingTimeInterval(30)
      while (try? call(name, path, "org.freedesktop.DBus.Peer.Ping")) == nil {
        guard Date() < deadline else { throw SystemCallError("dbusmock \(template) did not start", errno: 0) }
        usleep(50_000)
      }
    }
    if templates.contains("networkmanager") {
      // The template has no `Metered`; NetworkManager has had it since 1.0.
      try mock(
        Self.networkManager, "/org/freedesktop/NetworkManager", "AddProperty", Self.networkManager, "Metered",
        "<uint32 4>")
    }
  }

  package static func object(of template: String) -> (String, String) {
    switch template {
    case "networkmanager": (networkManager, "/org/freedesktop/NetworkManager")
    case "upower": (upower, "/org/freedesktop/UPower")
    default: (login, "/org/freedesktop/login1")
    }
  }

  /// `gdbus call --system` on this bus.
  @discardableResult
  package func call(_ destination: String, _ path: String, _ method: String, _ arguments: String...) throws
    -> String
  {
    try bus.text(
      ["gdbus", "call", "--system", "--dest", destination, "--object-path", path, "--method", method]
        + arguments,
      environment: environment)
  }

  /// A method of dbusmock's control interface (`org.freedesktop.DBus.Mock`).
  package func mock(_ destination: String, _ path: String, _ method: String, _ arguments: String...) throws {
    let command =
      [
        "gdbus", "call", "--system", "--dest", destination, "--object-path", path, "--method",
        "org.freedesktop.DBus.Mock." + method,
      ] + arguments
    try bus.text(command, environment: environment)
  }

  /// NMMetered on the manager: YES 1, NO 2, GUESS_YES 3, GUESS_NO 4. Emits PropertiesChanged.
  package func setMetered(_ value: UInt32) throws {
    try mock(
      Self.networkManager, "/org/freedesktop/NetworkManager", "SetProperty",
      "/org/freedesktop/NetworkManager",
      Self.networkManager, "Metered", "<uint32 \(value)>")
  }

  /// NMConnectivityState: NONE 1, LIMITED 3, FULL 4.
  package func setConnectivity(_ value: UInt32) throws {
    try mock(Self.networkManager, "/org/freedesktop/NetworkManager", "SetConnectivity", "\(value)")
  }

  /// Another property NetworkManager announces (a change bingwall must sleep through).
  package func touchNetworkNoise() throws {
    try mock(
      Self.networkManager, "/org/freedesktop/NetworkManager", "SetProperty",
      "/org/freedesktop/NetworkManager",
      Self.networkManager, "WwanEnabled", "<true>")
  }

  /// On battery or AC, with the display device's charge.
  package func setPower(onBattery: Bool, percent: Double) throws {
    // SetupDisplayDevice(type battery, state discharging or charging, percentage, energy,
    // energy_full, energy_rate, time_to_empty, time_to_full, is_present, icon_name, warning_level)
    try mock(
      Self.upower, "/org/freedesktop/UPower", "SetupDisplayDevice", "2", onBattery ? "2" : "1", "\(percent)",
      "\(percent / 2)", "50.0", "5.0", "3600", "0", "true", "battery", "1")
    try call(
      Self.upower, "/org/freedesktop/UPower", "org.freedesktop.DBus.Properties.Set", Self.upower, "OnBattery",
      onBattery ? "<true>" : "<false>")
  }

  /// logind's PrepareForSleep(going): true before a suspend, false after the resume.
  package func prepareForSleep(_ going: Bool) throws {
    try mock(
      Self.login, "/org/freedesktop/login1", "EmitSignal", "org.freedesktop.login1.Manager",
      "PrepareForSleep", "b",
      "[<\(going)>]")
  }

  /// The unique names (`:1.7`) the process `pid` holds on this bus: where a signal sent to it
  /// directly goes.
  package func uniqueNames(of pid: pid_t) -> [String] {
    guard let names = DconfSessionBus.ask(address, ["org.freedesktop.DBus.ListNames"]) else { return [] }
    return names.split(separator: "\"").filter { $0.hasPrefix(":") }.map(String.init).filter { name in
      DconfSessionBus.ask(address, ["org.freedesktop.DBus.GetConnectionUnixProcessID", "string:\(name)"])
        .flatMap { $0.split(separator: " ").last.flatMap { pid_t($0) } } == pid
    }
  }

  /// Python run by NetworkManager's mock as its method `Flood(count, hang, marker)`: `count`
  /// PropertiesChanged of a property bingwall does not read, sent as fast as dbus-python can,
  /// the file `marker` made once they are all out, then `hang` seconds with the mock's loop
  /// blocked (the owner no longer answers).
  static let floodCode = """
    import time
    for i in range(args[0]):
        m = dbus.lowlevel.SignalMessage('/org/freedesktop/NetworkManager', 'org.freedesktop.DBus.Properties', 'PropertiesChanged')
        m.append('org.freedesktop.NetworkManager', {'WwanEnabled': dbus.Boolean(i % 2 == 0, variant_level=1)}, dbus.Array([], signature='s'), signature='sa{sv}as')
        for location in self.locations:
            location[0].send_message(m)
    for location in self.locations:
        location[0].flush()
    open(args[2], 'w').close()
    time.sleep(args[1])
    """

  /// NetworkManager, the real owner of its name, sends `count` PropertiesChanged and then does
  /// not answer for `hang` seconds. Returns once the signals are sent; the call itself is left
  /// running in `gdbus`, which ends with the bus or this value.
  package func flood(count: Int, hang: Int = 0) throws {
    let path = "/org/freedesktop/NetworkManager"
    // A GVariant string literal: backslashes, quotes and newlines escaped.
    let literal =
      "\""
      + Self.floodCode.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
    try mock(Self.networkManager, path, "AddMethod", "", "Flood", "uus", "", literal)
    let marker = bus.folder.file("flood-\(count)-sent")
    let gdbus = Process()
    gdbus.executableURL = URL(
      fileURLWithPath: PosixProcessRunner.which("gdbus", path: DconfSessionBus.searchPath)!)
    gdbus.arguments = [
      "call", "--system", "--timeout", "600", "--dest", Self.networkManager, "--object-path", path,
      "--method",
      Self.networkManager + ".Flood", "\(count)", "\(hang)", marker,
    ]
    gdbus.environment = bus.baseEnvironment.merging(environment) { $1 }
    gdbus.standardOutput = FileHandle.nullDevice
    gdbus.standardError = FileHandle.nullDevice
    try gdbus.run()
    flooders.append(gdbus)
    let deadline = Date().addingTimeInterval(300)
    while !FileManager.default.fileExists(atPath: marker) {
      guard Date() < deadline, gdbus.isRunning || FileManager.default.fileExists(atPath: marker) else {
        throw SystemCallError("the flood did not finish", errno: 0)
      }
      usleep(50_000)
    }
  }

  private var flooders: [Process] = []

  deinit {
    // SIGKILL: Foundation's `Process` hands its child the test thread's signal mask, which
    // blocks SIGTERM, and gdbus would wait out the mock's hang.
    for flooder in flooders where flooder.isRunning {
      kill(flooder.processIdentifier, SIGKILL)
      flooder.waitUntilExit()
    }
  }

  /// A client that owns none of the services (`com.example.Spoof`), sending logind's
  /// PrepareForSleep(false) as logind would: to `destination` only (a unique name), or to
  /// everyone when nil.
  package func spoofResume(to destination: String?) throws {
    let name = "com.example.Spoof"
    let path = "/com/example/Spoof"
    if (try? call(name, path, "org.freedesktop.DBus.Peer.Ping")) == nil {
      _ = try DetachedProcess.spawn(
        executable: "/usr/bin/python3",
        arguments: ["python3", "-m", "dbusmock", "--system", name, path, name],
        environment: bus.baseEnvironment.merging(environment) { $1 })
      let deadline = Date().addingTimeInterval(30)
      while (try? call(name, path, "org.freedesktop.DBus.Peer.Ping")) == nil {
        guard Date() < deadline else { throw SystemCallError("the spoofing mock did not start", errno: 0) }
        usleep(50_000)
      }
    }
    let details =
      "{'path': <'/org/freedesktop/login1'>" + (destination.map { ", 'destination': <'\($0)'>" } ?? "") + "}"
    try mock(
      name, path, "EmitSignalDetailed", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "[<false>]",
      details)
  }
}

/// Whether the mock system bus can run here, for a suite's `.enabled(if:)`.
package enum MockSystemBusInstall {
  package static let installed = MockSystemBus.installed
}
