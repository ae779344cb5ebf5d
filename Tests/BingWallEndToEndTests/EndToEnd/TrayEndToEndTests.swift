import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The daemon's panel menu in a real panel: waybar (whose tray module is a StatusNotifierWatcher
/// and host) under a headless sway, on a session bus of the test's own. The icon is read back
/// from grim's screenshot of the bar, the menu over D-Bus as the host reads it, and each click is
/// sent as a host sends it (com.canonical.dbusmenu `Event` "clicked"); the wallpaper is read back
/// from sway and the screen, the marks from the history.
///
/// sway refuses root, so sway, waybar and bingwall all run as sway's user (`HeadlessSway.user`),
/// as one desktop user's session would.
@Suite(
  .enabled(
    if: HeadlessSway.installed && PrivateSessionBus.installed
      && PosixProcessRunner.which("waybar", path: HeadlessSway.searchPath) != nil
      && PosixProcessRunner.which("gdbus", path: HeadlessSway.searchPath) != nil,
    "needs sway, grim, waybar, dbus-daemon and gdbus (make test-deps)"))
struct TrayEndToEndTests {
  /// The bar's height: the icon is looked for in these rows of the screenshot.
  static let bar = 32
  let sway: HeadlessSway
  let bus: PrivateSessionBus
  let bing: FakeBing
  /// The user's home, owned by sway's user.
  let home: String

  init() throws {
    sway = try HeadlessSway(firstOutput: "resolution 480x240")
    bus = try PrivateSessionBus(
      socket: sway.folder.file("bus"), configFolder: sway.folder.path, everyUser: true)
    bing = try FakeBing()
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    home = sway.folder.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try """
    {"layer": "top", "position": "top", "height": \(Self.bar), "modules-right": ["tray"],
     "tray": {"icon-size": 24}}
    """.write(toFile: sway.folder.file("waybar.json"), atomically: false, encoding: .utf8)
    try "window#waybar { background: #000000; }\n".write(
      toFile: sway.folder.file("waybar.css"), atomically: false, encoding: .utf8)
    if let user = HeadlessSway.user { _ = chown(home, user.uid, user.gid) }
  }

  /// sway's session as its user sees it, with the session bus and the fake Bing.
  var environment: [String: String] {
    sway.environment(home: home).merging([
      "DBUS_SESSION_BUS_ADDRESS": bus.address, "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "sway",
      "BINGWALL_DAEMON_TRAY": "true", "XDG_CURRENT_DESKTOP": "sway",
    ]) { $1 }
  }

  /// `arguments` as sway's user (when the tests run as root).
  static func asUser(_ arguments: [String]) -> [String] {
    guard let user = HeadlessSway.user else { return arguments }
    return ["setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups"] + arguments
  }

  func waybar() throws -> BackgroundProgram {
    try BackgroundProgram(
      Self.asUser(["waybar", "-c", sway.folder.file("waybar.json"), "-s", sway.folder.file("waybar.css")]),
      environment: environment, log: sway.folder.file("waybar-\(UInt32.random(in: 0...UInt32.max)).log"))
  }

  func daemon() throws -> BackgroundProgram {
    try BackgroundProgram(
      Self.asUser([Sandbox.binary, "daemon", "--no-update"]), environment: environment,
      log: sway.folder.file("daemon.log"))
  }

  func bingwall(_ arguments: [String]) throws -> String {
    try ExternalTool.text(
      ["env", "-i"] + environment.map { "\($0.key)=\($0.value)" }.sorted()
        + Self.asUser([Sandbox.binary] + arguments))
  }

  /// The pixels of the icon's sky in the bar: the pixmap's, since no icon theme here has `bingwall`.
  func iconPixels() throws -> Int {
    let shot = try sway.screenshot()
    var count = 0
    for y in 0..<Self.bar {
      for x in 0..<shot.width where shot.colour(x: x, y: y) == TrayIcon.sky & 0xFF_FFFF { count += 1 }
    }
    return count
  }

  /// The item's bus name, as the watcher lists it for its hosts.
  func itemName() throws -> String? {
    let text = try ExternalTool.text([
      "gdbus", "call", "-a", bus.address, "-d", "org.kde.StatusNotifierWatcher", "-o",
      "/StatusNotifierWatcher",
      "-m", "org.freedesktop.DBus.Properties.Get", "org.kde.StatusNotifierWatcher",
      "RegisteredStatusNotifierItems",
    ])
    return text.split(separator: "'").first { $0.hasPrefix("org.kde.StatusNotifierItem-") }.map {
      String($0.split(separator: "/").first ?? $0)
    }
  }

  func menu(_ name: String, _ method: String, _ arguments: [String]) throws -> String {
    try ExternalTool.text(
      [
        "gdbus", "call", "-a", bus.address, "-d", name, "-o", "/MenuBar", "-m",
        "com.canonical.dbusmenu.\(method)", "--",
      ]
        + arguments)
  }

  func click(_ name: String, _ entry: TrayMenu.Entry) throws {
    _ = try menu(name, "Event", [String(entry.rawValue), "clicked", "<0>", "0"])
  }

  /// The key of the picture on screen; nil only while `show` fails.
  func currentKey() -> String? { (try? current())?["key"] as? String }

  /// The picture on screen, as `show --json` gives it.
  func current() throws -> [String: Any] {
    let text = try bingwall(["show", "--json"])
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func theIconShowsInWaybarAndComesBackWhenWaybarRestarts() throws {
    var bar: BackgroundProgram? = try waybar()
    let daemon = try daemon()
    #expect(eventually(within: 20) { (try? iconPixels()) ?? 0 > 50 }, "\(daemon.output)\n\(bar!.output)")
    #expect(try itemName() != nil)

    bar = nil  // killed: its watcher and its bar go
    #expect(eventually(within: 10) { (try? iconPixels()) == 0 })
    bar = try waybar()
    #expect(eventually(within: 20) { (try? iconPixels()) ?? 0 > 50 }, "\(daemon.output)")
    #expect(daemon.output.contains("a panel's tray appeared on the session bus; showing the icon"))
    #expect(daemon.isRunning)
  }

  @Test func menuClicksDoWhatTheCommandsDo() throws {
    _ = try bingwall(["update"])
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: home)
    let newest = try current()
    let bar = try waybar()
    let daemon = try daemon()
    var name: String?
    #expect(
      eventually(within: 20) {
        name = try? itemName(); return name != nil
      }, "\(bar.output)")
    let item = try #require(name)

    // The menu as the host reads it: the title first, Favourite unticked.
    let layout = try menu(item, "GetLayout", ["0", "-1", "[]"])
    #expect(layout.contains("'label': <'\(newest["title"] as? String ?? "?")'>"), "\(layout)")
    let favourite = try menu(item, "GetProperty", [String(TrayMenu.Entry.favorite.rawValue), "toggle-state"])
    #expect(favourite == "(<0>,)")

    let onScreen = { try? SwayBackend().current(in: session) }
    let first = onScreen()
    // The screen itself, below the bar: each fake picture is a colour of its own.
    let middle = { (try? sway.screenshot()).map { $0.colour(x: $0.width / 2, y: $0.height / 2) } }
    let newestColour = try #require(middle())
    try click(item, .previous)
    let newestKey = try #require(newest["key"] as? String)
    #expect(eventually(within: 20) { currentKey().map { $0 != newestKey } ?? false })
    #expect(eventually(within: 10) { onScreen() != first }, "\(daemon.output)")
    #expect(eventually(within: 10) { middle().map { $0 != newestColour } ?? false }, "the screen changed")
    try click(item, .next)
    #expect(eventually(within: 20) { currentKey() == newestKey })
    #expect(eventually(within: 10) { onScreen() == first })
    #expect(eventually(within: 10) { middle() == newestColour }, "the newest picture's colour again")

    // A scroll on the icon, as the host sends it: up is the day before, down back again.
    let scroll = { (delta: String) in
      _ = try ExternalTool.run([
        "gdbus", "call", "-a", bus.address, "-d", item, "-o", "/StatusNotifierItem", "-m",
        "org.kde.StatusNotifierItem.Scroll", "--", delta, "vertical",
      ])
    }
    try scroll("-1")
    #expect(eventually(within: 20) { currentKey().map { $0 != newestKey } ?? false }, "\(daemon.output)")
    try scroll("1")
    #expect(eventually(within: 20) { currentKey() == newestKey }, "\(daemon.output)")

    try click(item, .random)
    #expect(eventually(within: 20) { currentKey().map { $0 != newestKey } ?? false })
    let picked = try current()
    let pickedKey = try #require(picked["key"] as? String)

    try click(item, .favorite)
    #expect(eventually(within: 20) { (try? current()["favorite"] as? Bool) == true })
    #expect(
      eventually(within: 10) {
        (try? menu(item, "GetProperty", [String(TrayMenu.Entry.favorite.rawValue), "toggle-state"]))
          == "(<1>,)"
      })

    try click(item, .ban)
    #expect(eventually(within: 20) { currentKey().map { $0 != pickedKey } ?? false })
    let banned = try bingwall(["show", "--json", String(picked["id"] as? Int ?? 0)])
    #expect(banned.contains("\"banned\": true") || banned.contains("\"banned\":true"), "\(banned)")
    #expect(daemon.output.contains("panel menu: banned"), "\(daemon.output)")
    #expect(daemon.isRunning, "\(daemon.output)")
  }
}
