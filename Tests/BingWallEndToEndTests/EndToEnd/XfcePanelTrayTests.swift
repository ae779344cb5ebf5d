import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The daemon's panel menu in xfce4-panel's Status Tray under Xvfb: the icon read back from the
/// screen, its menu opened and Next clicked with the pointer (xdotool), as a user would, and the
/// picture on screen read back from the history. Its screenshot is the README's picture of the
/// menu (`make screenshots`).
@Suite(
  .serialized,
  .enabled(
    if: DesktopSandbox.canRun("xfce4-panel", "xfconf-query", "xdotool", "convert")
      && FileManager.default.isExecutableFile(atPath: XfceDesktop.xfconfd),
    "needs xfce4-panel, xfconf, xdotool and ImageMagick (make test-deps)"))
struct XfcePanelTrayTests {
  /// The panel's height, at the top of the screen.
  static let panel = 32
  let sandbox: DesktopSandbox
  let bing: FakeBing

  init() throws {
    sandbox = try DesktopSandbox(width: 480, height: 560)
    bing = try FakeBing()
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    try sandbox.start([XfceDesktop.xfconfd])
    #expect(eventually { sandbox.busNameHasOwner("org.xfce.Xfconf") }, "xfconfd: \(sandbox.logs)")
    // One panel along the top holding only the Status Tray.
    for setting in [
      ["-p", "/panels", "-n", "-a", "-t", "int", "-s", "1"],
      ["-p", "/panels/panel-1/position", "-n", "-t", "string", "-s", "p=6;x=0;y=0"],
      ["-p", "/panels/panel-1/size", "-n", "-t", "uint", "-s", String(Self.panel)],
      ["-p", "/panels/panel-1/length", "-n", "-t", "uint", "-s", "100"],
      ["-p", "/panels/panel-1/plugin-ids", "-n", "-a", "-t", "int", "-s", "1"],
      ["-p", "/plugins/plugin-1", "-n", "-t", "string", "-s", "systray"],
    ] {
      try ExternalTool.run(
        sandbox.environment.map { "\($0.key)=\($0.value)" } + ["xfconf-query", "-c", "xfce4-panel"] + setting)
    }
  }

  var environment: [String: String] {
    sandbox.environment.merging([
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none", "BINGWALL_DAEMON_TRAY": "true",
      "BINGWALL_NETWORK_STORY": "false", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(sandbox.home)/no-system-bus",
    ]) { $1 }
  }

  func bingwall(_ arguments: [String]) throws -> String {
    try ExternalTool.text(
      ["env", "-i"] + environment.map { "\($0.key)=\($0.value)" }.sorted() + [Sandbox.binary] + arguments)
  }

  /// The day of the picture on screen, as `show --json` gives it.
  func currentDate() -> String? {
    guard let text = try? bingwall(["show", "--json"]),
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { return nil }
    return object["date"] as? String
  }

  func xdotool(_ arguments: [String]) throws {
    try ExternalTool.run(["env", "DISPLAY=\(sandbox.screen.display)", "xdotool"] + arguments)
  }

  /// Where the icon is: the first pixel of its sky in the panel.
  func icon() throws -> (x: Int, y: Int)? {
    let shot = try sandbox.screen.screenshot()
    for y in 0..<Self.panel {
      for x in 0..<shot.width where shot.colour(x: x, y: y) == TrayIcon.sky & 0xFF_FFFF { return (x, y) }
    }
    return nil
  }

  @Test func theMenuOpensFromTheIconAndPreviousSetsTheDayBefore() throws {
    _ = try bingwall(["update"])
    #expect(currentDate() == "2026-12-01")
    let panel = try sandbox.start(["xfce4-panel"])
    let daemon = try sandbox.start([Sandbox.binary, "daemon"], environment: environment)
    var found: (x: Int, y: Int)?
    #expect(
      eventually(within: 20) {
        found = try? icon(); return found != nil
      }, "\(panel.output)\n\(daemon.output)")
    let at = try #require(found)

    // Clicked, the icon opens the menu below the panel: the screen there is no longer bare.
    try xdotool(["mousemove", String(at.x + 4), String(at.y + 4), "click", "1"])
    let below = { () -> Int in
      guard let shot = try? sandbox.screen.screenshot() else { return 0 }
      return (Self.panel + 10..<Self.panel + 60).filter { shot.colour(x: at.x + 20, y: $0) != 0 }.count
    }
    #expect(eventually(within: 10) { below() > 20 }, "\(daemon.output)")
    let png = sandbox.folder.file("tray-menu.png")
    try ExternalTool.run([
      "sh", "-c",
      "xwd -root -silent -display \(sandbox.screen.display) | convert xwd:- -crop 480x410+0+0 +repage \(png)",
    ])
    let path = DocsScreenshot.destination("tray-menu.jpg", scratch: sandbox.folder)
    try DocsScreenshot.publish(png, as: path, width: 480)
    #expect(try DocsScreenshot.bytes(path) <= DocsScreenshot.largestFile)

    // The keys skip the title and the credit, which do nothing: Next, then Previous.
    try xdotool(["key", "Down", "Down", "Return"])
    #expect(eventually(within: 20) { currentDate() == "2026-11-30" }, "\(daemon.output)")
  }
}
