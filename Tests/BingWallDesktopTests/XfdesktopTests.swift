import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// XFCE for real: xfconfd and xfdesktop 4.18 on a virtual X server under a private session bus; the
/// screen shows each mode, and xfconf holds what was set.
@Suite(.enabled(if: DesktopSandbox.canRun("xfconf-query", "xfdesktop", "xrandr", "gdbus")))
struct XfdesktopTests {
  /// The probe colours of `mode` as xfdesktop draws them: it fills what the picture leaves free with
  /// its default colour, #152233, not black.
  static func expected(_ mode: WallpaperMode) -> [UInt32]? {
    StripedPicture.expected[mode]?.map { $0 == StripedPicture.black ? 0x152233 : $0 }
  }

  @Test(arguments: [WallpaperMode.fill, .fit, .stretch, .center, .tile])
  func drawsEachModeOnARunningDesktop(mode: WallpaperMode) throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf()
    try XfceDesktop.startXfdesktop(sandbox)
    let picture = try sandbox.picture("it's a \"pic\" ü.png")

    try XFCEBackend().set(WallpaperRequest(path: picture, mode: mode), in: sandbox.session())

    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == picture)
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.style]) == XFCEBackend.modeTable[mode])
    #expect(try XFCEBackend().current(in: sandbox.session()) == picture)
    let seen = try sandbox.screen.probeColours(becoming: Self.expected(mode))
    #expect(seen == Self.expected(mode), "saw \(hex(seen)); \(sandbox.logs)")
  }

  /// A channel xfdesktop never wrote: the picture goes under the RandR name xfdesktop reads
  /// (`monitorscreen` on Xvfb), not `monitor0`, and xfdesktop takes it when it starts. (Given
  /// `monitor0`, it writes its own default picture under `monitorscreen` instead.)
  @Test func aFreshChannelGetsTheMonitorNamesFromTheXServer() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf()
    let picture = try sandbox.picture("first.png")

    try XFCEBackend().set(WallpaperRequest(path: picture, mode: .center), in: sandbox.session())

    let listed = try XfceDesktop.xfconf(sandbox, ["-p", "/backdrop", "-l"])
    #expect(
      listed.split(separator: "\n").sorted()
        == [Substring(XfceDesktop.image), Substring(XfceDesktop.style)].sorted())
    try sandbox.start(["xfdesktop", "--disable-wm-check"])
    // xfdesktop adds the colour style of the monitor it has read the picture for.
    #expect(
      eventually {
        ((try? XfceDesktop.xfconf(sandbox, ["-p", "/backdrop", "-l"])) ?? "").contains("color-style")
      },
      "xfdesktop: \(sandbox.logs)")
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == picture)
    // Without a window manager xfdesktop 4.18 maps its window only once something changes; a reload
    // makes it draw what it read.
    try ExternalTool.run(sandbox.environment.map { "\($0.key)=\($0.value)" } + ["xfdesktop", "--reload"])
    let seen = try sandbox.screen.probeColours(becoming: Self.expected(.center))
    #expect(seen == Self.expected(.center), "saw \(hex(seen)); \(sandbox.logs)")
  }

  /// A channel holding only `monitor0`'s properties (old XFCE's, and what Debian's desktop-base
  /// ships as defaults) before xfdesktop ever ran: the output xfdesktop reads gets its own
  /// properties too, and xfdesktop shows the picture instead of its default.
  @Test func aChannelOfStaleMonitorsGetsTheOutputsOwn() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf()
    let stale = "/backdrop/screen0/monitor0/workspace0/last-image"
    try XfceDesktop.xfconf(sandbox, ["-p", stale, "-n", "-t", "string", "-s", "/usr/share/old.png"])
    let picture = try sandbox.picture("stale.png")

    try XFCEBackend().set(WallpaperRequest(path: picture, mode: .center), in: sandbox.session())

    #expect(try XfceDesktop.xfconf(sandbox, ["-p", stale]) == picture)
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == picture)
    try sandbox.start(["xfdesktop", "--disable-wm-check"])
    #expect(
      eventually {
        ((try? XfceDesktop.xfconf(sandbox, ["-p", "/backdrop", "-l"])) ?? "").contains("color-style")
      },
      "xfdesktop: \(sandbox.logs)")
    try ExternalTool.run(sandbox.environment.map { "\($0.key)=\($0.value)" } + ["xfdesktop", "--reload"])
    let seen = try sandbox.screen.probeColours(becoming: Self.expected(.center))
    #expect(seen == Self.expected(.center), "saw \(hex(seen)); \(sandbox.logs)")
  }

  /// cron: no DISPLAY and no DBUS_SESSION_BUS_ADDRESS, only the bus at `$XDG_RUNTIME_DIR/bus`.
  @Test func fromCronWithOnlyTheSessionBus() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf()
    try XfceDesktop.startXfdesktop(sandbox)
    let picture = try sandbox.picture("cron.png")
    let cron = sandbox.session(["DISPLAY": nil, "DBUS_SESSION_BUS_ADDRESS": nil])
    #expect(cron.missing(XFCEBackend().need) == nil)

    try XFCEBackend().set(WallpaperRequest(path: picture, mode: .tile), in: cron)

    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == picture)
    let seen = try sandbox.screen.probeColours(becoming: Self.expected(.tile))
    #expect(seen == Self.expected(.tile), "saw \(hex(seen)); \(sandbox.logs)")
  }

  /// cron before xfdesktop ever ran: no property to set and no display to ask for monitor names.
  @Test func aFreshChannelWithoutADisplayIsASessionProblem() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf()
    let cron = sandbox.session(["DISPLAY": nil, "DBUS_SESSION_BUS_ADDRESS": nil])
    #expect {
      try XFCEBackend().set(WallpaperRequest(path: "/a.png", mode: .fill), in: cron)
    } throws: { error in
      guard let error = error as? DesktopError, case .sessionMissing("xfce", let what) = error else {
        return false
      }
      return error.exitStatus == 69 && what.contains("without DISPLAY")
    }
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", "/backdrop", "-l"]).contains("no properties"))
  }

  /// Without xfconfd the listing exits 0 and says the channel is empty; creating the property then
  /// fails, and the error keeps xfconf-query's words.
  @Test func withoutXfconfdTheToolsWordsAreKept() throws {
    let sandbox = try DesktopSandbox()
    #expect {
      try XFCEBackend().set(WallpaperRequest(path: "/a.png", mode: .fill), in: sandbox.session())
    } throws: { error in
      guard case .toolFailed("xfce", _, 1, let said) = error as? DesktopError else { return false }
      return said.contains("Failed to set property")
    }
  }
}
