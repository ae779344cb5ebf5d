import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// XFCE against a stateful `xfconf-query` stub: the exact calls, and what the channel holds after.
@Suite struct XFCEBackendTests {
  let stubs: SettingsStubs
  let session: DesktopSession
  static let monitors = [
    "/backdrop/screen0/monitorHDMI-1/workspace0/last-image",
    "/backdrop/screen0/monitoreDP-1/workspace0/last-image",
  ]
  static let path = "/home/u/Bing Pictures/it's ü.jpg"

  init() throws {
    stubs = try SettingsStubs()
    try stubs.install("xfconf-query", SettingsStubs.xfconfQuery)
    session = stubs.session(["DISPLAY": ":0"])
  }

  func seedTwoMonitors() throws {
    for property in Self.monitors { try stubs.seedXfconf(property, "/old.jpg") }
    try stubs.seedXfconf("/backdrop/screen0/monitorHDMI-1/workspace0/image-style", "5")
    try stubs.seedXfconf("/backdrop/screen0/monitoreDP-1/workspace0/image-style", "5")
    try stubs.seedXfconf("/backdrop/screen0/monitoreDP-1/workspace0/color-style", "0")
    try stubs.seedXfconf("/backdrop/screen0/monitor0/image-path", "/older.jpg")
  }

  static func xfconf(_ arguments: String...) -> [String] {
    ["xfconf-query", "-c", "xfce4-desktop"] + arguments
  }

  @Test(arguments: WallpaperMode.allCases)
  func setsEveryPictureBlankFirstThenTheStyle(mode: WallpaperMode) throws {
    try seedTwoMonitors()
    try XFCEBackend().set(WallpaperRequest(path: Self.path, mode: mode), in: session)

    let images = [
      "/backdrop/screen0/monitor0/image-path", Self.monitors[0], Self.monitors[1],
    ]
    var expected = [Self.xfconf("-p", "/backdrop", "-l")]
    for property in images {
      expected.append(Self.xfconf("-p", property, "-s", ""))
      expected.append(Self.xfconf("-p", property, "-s", Self.path))
    }
    let style = XFCEBackend.modeTable[mode]
    if let style {
      expected.append(
        Self.xfconf("-p", "/backdrop/screen0/monitorHDMI-1/workspace0/image-style", "-s", style))
      expected.append(Self.xfconf("-p", "/backdrop/screen0/monitoreDP-1/workspace0/image-style", "-s", style))
    }
    for property in images { expected.append(Self.xfconf("-p", property)) }
    #expect(try stubs.calls() == expected)

    for property in images { #expect(stubs.xfconf(property) == Self.path) }
    #expect(stubs.xfconf("/backdrop/screen0/monitoreDP-1/workspace0/image-style") == style ?? "5")
    #expect(stubs.xfconf("/backdrop/screen0/monitoreDP-1/workspace0/color-style") == "0")
    #expect(try XFCEBackend().current(in: session) == Self.path)
  }

  /// Each monitor's properties get its output's picture; `monitor0`, which no output names, the
  /// first output's by name (HDMI-1 before eDP-1).
  @Test func eachMonitorGetsItsOwnPicture() throws {
    try seedTwoMonitors()
    try XFCEBackend().setEach(
      [
        "eDP-1": WallpaperRequest(path: "/cache/edp.jpg", mode: .stretch),
        "HDMI-1": WallpaperRequest(path: "/cache/hdmi.jpg", mode: .stretch),
      ], in: session)

    #expect(stubs.xfconf(Self.monitors[0]) == "/cache/hdmi.jpg")
    #expect(stubs.xfconf(Self.monitors[1]) == "/cache/edp.jpg")
    #expect(stubs.xfconf("/backdrop/screen0/monitor0/image-path") == "/cache/hdmi.jpg")
    #expect(stubs.xfconf("/backdrop/screen0/monitoreDP-1/workspace0/image-style") == "3")
    #expect(stubs.xfconf("/backdrop/screen0/monitorHDMI-1/workspace0/image-style") == "3")
  }

  /// A fresh channel is written for the outputs already read, each its own picture.
  @Test func aFreshChannelGetsEachOutputsPicture() throws {
    try XFCEBackend().setEach(
      ["DP-2": WallpaperRequest(path: "/cache/dp2.jpg", mode: .stretch)], in: stubs.session([:]))
    #expect(stubs.xfconf("/backdrop/screen0/monitorDP-2/workspace0/last-image") == "/cache/dp2.jpg")
    #expect(stubs.xfconf("/backdrop/screen0/monitorDP-2/workspace0/image-style") == "3")
  }

  @Test func modeTableMatchesXfdesktop() {
    #expect(XFCEBackend.modeTable == [.fill: "5", .fit: "4", .stretch: "3", .center: "1", .tile: "2"])
  }

  /// A desktop never configured has no `/backdrop` at all: each RandR monitor's property is created,
  /// under the name xfdesktop reads. (Two monitors need a stand-in; one is tested for real in
  /// `XfdesktopTests`.)
  @Test(arguments: [WallpaperMode.auto, .tile])
  func createsEachMonitorsPropertyWhenThereIsNone(mode: WallpaperMode) throws {
    try stubs.install(
      "xrandr",
      """
      echo 'Monitors: 2'
      echo ' 0: +*eDP-1 1920/344x1080/194+0+0  eDP-1'
      echo ' 1: +HDMI-1 1920/531x1080/299+1920+0  HDMI-1'
      """)
    try XFCEBackend().set(WallpaperRequest(path: Self.path, mode: mode), in: session)

    var expected = [Self.xfconf("-p", "/backdrop", "-l")]
    var images: [String] = []
    for monitor in ["eDP-1", "HDMI-1"] {
      let image = "/backdrop/screen0/monitor\(monitor)/workspace0/last-image"
      expected.append(Self.xfconf("-p", image, "-n", "-t", "string", "-s", Self.path))
      if mode == .tile {
        expected.append(
          Self.xfconf(
            "-p", "/backdrop/screen0/monitor\(monitor)/workspace0/image-style", "-n", "-t", "int", "-s", "2"))
      }
      images.append(image)
    }
    let calls = try stubs.calls()
    #expect(calls.filter { $0.first == "xrandr" } == [["xrandr", "--listactivemonitors"]])
    #expect(Array(calls.filter { $0.first != "xrandr" }.prefix(expected.count)) == expected)
    for image in images { #expect(stubs.xfconf(image) == Self.path) }
    #expect(stubs.xfconf("/backdrop/screen0/monitor0/workspace0/last-image") == nil)
  }

  @Test(arguments: [
    ("Monitors: 1\n 0: +screen 320/85x240/63+0+0  screen\n", ["screen"]),
    (
      "Monitors: 2\n 0: +*eDP-1 1920/344x1080/194+0+0  eDP-1\n 1: +DP-2 2560/597x1440/336+1920+0  DP-2\n",
      ["eDP-1", "DP-2"]
    ),
    ("Monitors: 1\n 0: +*Both 3840/0x1080/0+0+0  HDMI-1 DP-1\n", ["HDMI-1"]),
    ("Monitors: 0\n", []),
  ])
  func xrandrMonitorNames(output: String, names: [String]) {
    #expect(XRandRMonitors.parse(output) == names)
  }

  @Test func storedNothingThrowsDidNotTake() throws {
    try stubs.install(
      "xfconf-query",
      #"case " $* " in *" -l "*) echo /backdrop/screen0/monitor0/workspace0/last-image ;; esac"#)
    let found = "'' in /backdrop/screen0/monitor0/workspace0/last-image"
    #expect(throws: DesktopError.didNotTake(backend: "xfce", expected: "/a.jpg", found: found)) {
      try XFCEBackend().set(WallpaperRequest(path: "/a.jpg", mode: .auto), in: session)
    }
  }

  @Test func otherFailuresOfTheListAreNotHidden() throws {
    try stubs.install("xfconf-query", "echo 'Failed to init libxfconf: no D-Bus' >&2; exit 1")
    #expect {
      try XFCEBackend().set(WallpaperRequest(path: "/a.jpg", mode: .auto), in: session)
    } throws: { error in
      guard case .toolFailed("xfce", _, 1, let stderr) = error as? DesktopError else { return false }
      return stderr.contains("D-Bus")
    }
  }

  @Test func currentIsNilOnAFreshChannel() throws {
    #expect(try XFCEBackend().current(in: session) == nil)
  }

  @Test func missingToolIsToolMissing() throws {
    let empty = try SettingsStubs()
    let backend = XFCEBackend()
    #expect(!backend.isAvailable(in: empty.session()))
    #expect(backend.isAvailable(in: session))
    // xfconf answers on the session bus, so cron with the bus works without a display.
    #expect(backend.need == .displayOrSessionBus)
    #expect(throws: DesktopError.toolMissing(backend: "xfce", tool: "xfconf-query")) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: empty.session())
    }
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "XFCE"], true), (["DESKTOP_SESSION": "xfce"], true),
    (["XDG_SESSION_DESKTOP": "xfce"], true),
    (["XDG_CURRENT_DESKTOP": "i3", "XDG_SESSION_DESKTOP": "xfce"], false),
    (["XDG_CURRENT_DESKTOP": "GNOME"], false), ([:], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(XFCEBackend().isDetected(in: session) == detected)
  }
}
