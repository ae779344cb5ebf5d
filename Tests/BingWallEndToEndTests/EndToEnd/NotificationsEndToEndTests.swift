import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The daemon's notifications in dunst, a real notification server, on a private bus and X
/// server: a new picture shows Keep, Next and Ban; Keep, picked from dunst's own menu of a
/// notification's actions (`dunstctl context`, answered by a script in dmenu's place), makes it a
/// favourite; a second new picture takes the first one's place. And a server without actions
/// (dbusmock's) gets none.
@Suite(
  .enabled(
    if: DconfSessionBus.installed && VirtualXServer.canRun("dunst") && VirtualXServer.canRun("dunstctl"),
    "needs dunst, Xvfb and dbus-daemon (make test-deps)"))
struct NotificationsEndToEndTests {
  let bing: FakeBing
  let sandbox: Sandbox

  init() throws {
    bing = try FakeBing()
    sandbox = try Sandbox()
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
  }

  func environment(_ bus: DconfSessionBus, display: String) -> [String: String] {
    bus.environment([
      "DISPLAY": display, "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none",
      "BINGWALL_DAEMON_NOTIFY": "true", "BINGWALL_DAEMON_TRAY": "true",
      "XDG_RUNTIME_DIR": sandbox.folder.file("run"),
    ]).merging(["HOME": sandbox.home]) { $1 }
  }

  func daemon(_ environment: [String: String]) throws -> BackgroundProgram {
    try BackgroundProgram(
      ["env", "-i"]
        + sandbox.baseEnvironment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }.sorted()
        + [Sandbox.binary, "daemon"], environment: environment, log: sandbox.folder.file("daemon.log"))
  }

  @Test func keepFromDunstMakesTheNewPictureAFavouriteAndTheNextReplacesIt() throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.file("run"), withIntermediateDirectories: true)
    let x = try VirtualXServer()
    let bus = try DconfSessionBus()
    // dunst hands a notification's actions to its dmenu, one a line ("#Keep (title) [id,keep]"),
    // and invokes the line it prints back.
    let pick = bus.folder.file("pick")
    try ExecutableScript.write(
      "#!/bin/sh\ntee -a \(bus.folder.file("offered")) | grep -m1 '\\[[0-9]*,keep\\]'\n", to: pick)
    let dunstrc = bus.folder.file("dunstrc")
    try "[global]\ndmenu = \(pick)\n".write(toFile: dunstrc, atomically: false, encoding: .utf8)
    let environment = environment(bus, display: x.display)
    let dunst = try BackgroundProgram(
      ["dunst", "-config", dunstrc], environment: environment, log: bus.folder.file("dunst.log"))
    let deadline = Date().addingTimeInterval(30)
    while (try? bus.text(MockNotificationServer.ping)) == nil {
      guard Date() < deadline else { throw SystemCallError("dunst did not start: \(dunst.output)", errno: 0) }
      usleep(50_000)
    }
    let dunstctl = { (arguments: [String]) in
      try? bus.text(["dunstctl"] + arguments, environment: ["DISPLAY": x.display])
    }

    let daemon = try daemon(environment)
    #expect(eventually(within: 30) { dunstctl(["count", "displayed"]) == "1" }, "\(daemon.output)")
    _ = dunstctl(["context"])
    let offered = { (try? String(contentsOfFile: bus.folder.file("offered"), encoding: .utf8)) ?? "" }
    #expect(eventually(within: 10) { offered().contains(",keep]") }, "\(dunst.output)")
    #expect(
      offered().contains("#Next (Lake title)") && offered().contains("#Ban (Lake title)"), "\(offered())")
    #expect(eventually(within: 20) { daemon.output.contains("panel menu: favourite: ") }, "\(daemon.output)")
    let lake = try sandbox.run(["show", "--json", "2026-12-01"], environment: environment)
    #expect(
      lake.stdout.contains("\"favorite\" : true") || lake.stdout.contains("\"favorite\": true"),
      "\(lake.stdout)")

    // A new day, fetched at the menu's Newest: its notification takes the first one's place.
    var next = FakeBing.week(names: ["Isle"])[0]
    next.fullStartDate = "202612020800"
    next.number = "3000"
    try bing.publish(market: "en-US", images: [next] + FakeBing.week())
    try bing.serveJPEG(next)
    let item = "org.kde.StatusNotifierItem-\(daemon.pid)-1"
    _ = try bus.text([
      "gdbus", "call", "--session", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--",
      "13",
      "clicked", "<0>", "0",
    ])
    #expect(
      eventually(within: 30) { daemon.output.contains("new picture: ") && daemon.output.contains("Isle") })
    #expect(
      eventually(within: 10) {
        dunstctl(["count", "history"]) == "0" && dunstctl(["count", "displayed"]) == "1"
      })
    _ = dunstctl(["close-all"])
    let history = dunstctl(["history"]) ?? ""
    #expect(history.contains("Isle title"), "\(history)")
    #expect(!history.contains("Lake title"), "the first notification was replaced: \(history)")
  }

  /// With its menu and notifications on, the idle daemon sleeps: no wake-up in 10 quiet seconds.
  /// (Its memory is the bench's: this is a debug build.)
  @Test func theIdleDaemonWithItsMenuSleeps() throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.file("run"), withIntermediateDirectories: true)
    let bus = try DconfSessionBus()
    var environment = environment(bus, display: ":0")
    environment["BINGWALL_DAEMON_ROTATE"] = "1d"
    // Stored, not set: no notification, so no notification server is started on a display that
    // is not there.
    _ = try sandbox.run(["update", "--no-apply"], environment: environment)
    let daemon = try BackgroundProgram(
      ["env", "-i"]
        + sandbox.baseEnvironment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }.sorted()
        + [Sandbox.binary, "daemon", "--no-update"], environment: environment,
      log: sandbox.folder.file("daemon.log"))
    #expect(eventually(within: 10) { daemon.output.contains("showing the panel menu") }, "\(daemon.output)")
    sleep(2)
    let before = SessionEndToEndTests.voluntarySwitches(daemon.pid)
    sleep(10)
    let after = SessionEndToEndTests.voluntarySwitches(daemon.pid)
    #expect(before != nil && before == after, "woke \((after ?? 0) - (before ?? 0)) times")
  }
}
