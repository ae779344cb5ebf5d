import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A real Plasma desktop for one test: Xvfb, a private session bus and `plasmashell --no-respawn`
/// on them, with its config in the bus's private XDG folders. `make test-kde` installs it.
///
/// plasmashell renders with Qt Quick's software backend (Xvfb has no GPU) and D-Bus-activates its
/// helpers (kactivitymanagerd, kglobalaccel), which `DconfSessionBus.stop` kills with the bus.
final class PlasmaDesktop {
  /// `BINGWALL_TEST_KDE=1`: the real-KDE suite is opt-in, since Plasma is a 250 MB install.
  static let requested = ProcessInfo.processInfo.environment["BINGWALL_TEST_KDE"] == "1"
  /// What the suite runs; when one is missing, the suite fails saying so instead of skipping.
  static let programs = [
    "plasmashell", "plasma-apply-wallpaperimage", "qdbus", "kwriteconfig5", "Xvfb", "xwd", "dbus-daemon",
  ]
  static var missing: [String] {
    programs.filter { PosixProcessRunner.which($0, path: DconfSessionBus.searchPath) == nil }
  }

  let display: VirtualXServer
  let bus: DconfSessionBus
  private let shell: pid_t
  private var shellRunning = true
  /// The session bingwall runs in: KDE, on this display and bus.
  let environment: [String: String]
  var appletsrc: String { bus.configHome + "/plasma-org.kde.plasma.desktop-appletsrc" }
  var kscreenlockerrc: String { bus.configHome + "/kscreenlockerrc" }

  init() throws {
    display = try VirtualXServer(width: 320, height: 240)
    // kactivitymanagerd and kglobalaccel, which the bus starts, need the display too.
    bus = try DconfSessionBus(activationEnvironment: [
      "DISPLAY": display.display, "QT_QPA_PLATFORM": "xcb", "QT_QUICK_BACKEND": "software",
      "XDG_CURRENT_DESKTOP": "KDE", "KDE_FULL_SESSION": "true", "LANG": "C.UTF-8",
    ])
    environment = bus.environment()
    // An empty signal mask (see `DconfSessionBus`); its output goes to /dev/null.
    shell = try DetachedProcess.spawn(
      executable: PosixProcessRunner.which("plasmashell", path: DconfSessionBus.searchPath)!,
      arguments: ["plasmashell", "--no-respawn"], environment: environment)
    // Ready once the desktop containment with its image wallpaper is written down and the shell
    // answers scripts on the bus. A loaded machine takes its time: a generous deadline, no timing.
    let ready = Self.poll(seconds: 240) {
      guard let text = try? String(contentsOfFile: self.appletsrc, encoding: .utf8),
        text.contains("wallpaperplugin=org.kde.image")
      else { return false }
      return (try? self.session.run(["qdbus", "org.kde.plasmashell", "/PlasmaShell"], backend: "test")) != nil
    }
    if !ready {
      stopShell()
      throw SystemCallError("plasmashell did not come up within 240 s", errno: 0)
    }
  }

  deinit {
    stopShell()
    bus.stop()
  }

  /// Kills plasmashell (SIGKILL: see `DconfSessionBus`) and reaps it; the bus and display stay.
  func stopShell() {
    guard shellRunning else { return }
    shellRunning = false
    kill(shell, SIGKILL)
    var status: Int32 = 0
    waitpid(shell, &status, 0)
  }

  /// The session the backend sees.
  var session: DesktopSession {
    var session = DesktopSession(
      environment: environment, processes: PosixProcessRunner(), home: bus.folder.path)
    session.timeout = .seconds(60)
    return session
  }

  /// Every desktop's image wallpaper as plasmashell wrote it: the `Image` and `FillMode` keys of each
  /// `[Containments][N][Wallpaper][org.kde.image][General]` group, KConfig's escapes undone.
  func wallpapers(in file: String? = nil) -> [(image: String, fillMode: String?)] {
    guard let text = try? String(contentsOfFile: file ?? appletsrc, encoding: .utf8) else { return [] }
    var result: [(image: String, fillMode: String?)] = []
    var inGroup = false
    var image: String?
    var fillMode: String?
    func flush() {
      if inGroup, let image { result.append((image, fillMode)) }
      image = nil
      fillMode = nil
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("[") {
        flush()
        inGroup = line.hasSuffix("[Wallpaper][org.kde.image][General]")
      } else if inGroup, line.hasPrefix("Image=") {
        image = Self.unescape(line.dropFirst(6))
      } else if inGroup, line.hasPrefix("FillMode=") {
        fillMode = String(line.dropFirst(9))
      }
    }
    flush()
    return result
  }

  /// KConfig's value escapes: `\\`, `\s` (a blank it must keep), `\t`, `\n`, `\r`, `\xNN`.
  static func unescape(_ value: Substring) -> String {
    var bytes: [UInt8] = []
    var input = Array(value.utf8)[...]
    while let byte = input.popFirst() {
      guard byte == UInt8(ascii: "\\"), let next = input.popFirst() else {
        bytes.append(byte)
        continue
      }
      switch next {
      case UInt8(ascii: "s"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "x"):
        let hex = String(decoding: input.prefix(2), as: UTF8.self)
        if let value = UInt8(hex, radix: 16) { bytes.append(value) }
        input = input.dropFirst(2)
      default: bytes.append(next)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Polls `condition` every 200 ms until it holds or `seconds` pass; true when it held.
  static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(200_000)
    }
    return condition()
  }
}
