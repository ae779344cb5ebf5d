import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The root-window setters that give each monitor its own picture, on their command lines
/// (argv-recording stubs; `MonitorsRealTests` runs the real tools on two monitors): feh takes the
/// pictures in Xinerama's order, nitrogen one `--head=N` run each, xwallpaper `--output NAME`
/// groups; each reads its monitors from `xrandr --listactivemonitors`, whose order is Xinerama's.
@Suite struct RootWindowMonitorsTests {
  /// The primary monitor listed first, as RandR lists it, though it is on the right.
  static let monitors = """
    Monitors: 2
     0: +*HDMI-1 1920/527x1080/296+1920+0  HDMI-1
     1: +eDP-1 1920/344x1080/194+0+0  eDP-1

    """

  static let requests = [
    "eDP-1": WallpaperRequest(path: "/cache/left.jpg", mode: .stretch),
    "HDMI-1": WallpaperRequest(path: "/cache/right.jpg", mode: .stretch),
  ]

  static func stubs(_ tool: String, then body: String = "exit 0") throws -> ToolStubs {
    let stubs = try ToolStubs()
    try stubs.install("xrandr", then: "printf '%s' '\(monitors)'")
    try stubs.install(tool, then: body)
    return stubs
  }

  @Test func fehGetsThePicturesInHeadOrderAndReadsThemBack() throws {
    let stubs = try Self.stubs(
      "feh", then: "printf 'feh --no-fehbg --bg-scale %s %s\\n' \"'$2'\" \"'$3'\" > \"$HOME/.fehbg\"")

    try FlagToolBackend(.feh).setEach(Self.requests, in: stubs.session(ToolStubs.x11))

    #expect(
      stubs.calls() == [
        ["xrandr", "--listactivemonitors"], ["feh", "--bg-scale", "/cache/right.jpg", "/cache/left.jpg"],
      ])
  }

  /// A `.fehbg` naming the pictures the other way round did not take.
  @Test func fehbgInAnotherOrderDidNotTake() throws {
    let stubs = try Self.stubs(
      "feh", then: "printf 'feh --no-fehbg --bg-scale %s %s\\n' \"'$3'\" \"'$2'\" > \"$HOME/.fehbg\"")
    #expect(
      throws: DesktopError.didNotTake(
        backend: "feh", expected: "/cache/right.jpg on HDMI-1", found: "/cache/left.jpg")
    ) {
      try FlagToolBackend(.feh).setEach(Self.requests, in: stubs.session(ToolStubs.x11))
    }
  }

  @Test func nitrogenSetsEachHeadAndReadsEachBack() throws {
    // Writes its head's section as nitrogen 1.6 does, keeping the others.
    let stubs = try Self.stubs(
      "nitrogen",
      then: """
        /bin/mkdir -p "$HOME/.config/nitrogen"
        printf '[xin_%s]\\nfile=%s\\nmode=0\\n\\n' "${1#--head=}" "$4" >> "$HOME/.config/nitrogen/bg-saved.cfg"
        """)

    try FlagToolBackend(.nitrogen).setEach(Self.requests, in: stubs.session(ToolStubs.x11))

    #expect(
      stubs.calls() == [
        ["xrandr", "--listactivemonitors"],
        ["nitrogen", "--head=0", "--set-scaled", "--save", "/cache/right.jpg"],
        ["nitrogen", "--head=1", "--set-scaled", "--save", "/cache/left.jpg"],
      ])
  }

  /// A `bg-saved.cfg` whose second head names another picture did not take, and the error names
  /// that head's monitor.
  @Test func nitrogenHeadNamingAnotherPictureDidNotTake() throws {
    let stubs = try Self.stubs(
      "nitrogen",
      then: """
        /bin/mkdir -p "$HOME/.config/nitrogen"
        printf '[xin_%s]\\nfile=/old.jpg\\n\\n' "${1#--head=}" >> "$HOME/.config/nitrogen/bg-saved.cfg"
        """)
    #expect(
      throws: DesktopError.didNotTake(
        backend: "nitrogen", expected: "/cache/right.jpg on HDMI-1", found: "/old.jpg")
    ) {
      try FlagToolBackend(.nitrogen).setEach(Self.requests, in: stubs.session(ToolStubs.x11))
    }
  }

  /// feh takes one mode for all its pictures: requests of two modes are refused, nothing run.
  @Test func picturesOfTwoModesAreRefused() throws {
    let stubs = try Self.stubs("feh")
    var requests = Self.requests
    requests["eDP-1"]?.mode = .fill
    #expect(throws: DesktopError.self) {
      try FlagToolBackend(.feh).setEach(requests, in: stubs.session(ToolStubs.x11))
    }
    #expect(stubs.calls().isEmpty)
  }

  /// nitrogen sets a head a run: when the second fails, the error says the first already changed.
  @Test func aFailingSecondHeadSaysTheFirstChanged() throws {
    let stubs = try Self.stubs(
      "nitrogen", then: "[ \"$1\" = --head=1 ] && { echo 'cannot load picture' >&2; exit 1; }; exit 0")
    #expect {
      try FlagToolBackend(.nitrogen).setEach(Self.requests, in: stubs.session(ToolStubs.x11))
    } throws: { error in
      guard case .toolFailed("nitrogen", _, 1, let said) = error as? DesktopError else { return false }
      return said == "cannot load picture; the new pictures are already on HDMI-1"
    }
  }

  @Test func xwallpaperNamesEachOutput() throws {
    let stubs = try Self.stubs("xwallpaper")

    try FlagToolBackend(.xwallpaper).setEach(Self.requests, in: stubs.session(ToolStubs.x11))

    #expect(
      stubs.calls() == [
        ["xrandr", "--listactivemonitors"],
        [
          "xwallpaper", "--output", "HDMI-1", "--stretch", "/cache/right.jpg", "--output", "eDP-1",
          "--stretch",
          "/cache/left.jpg",
        ],
      ])
  }

  /// Pictures made for monitors that are gone (a screen unplugged meanwhile) are not set at all.
  @Test func monitorsThatChangedMeanwhileSetNothing() throws {
    let stubs = try Self.stubs("feh")
    var requests = Self.requests
    requests["DP-2"] = requests["eDP-1"]
    #expect {
      try FlagToolBackend(.feh).setEach(requests, in: stubs.session(ToolStubs.x11))
    } throws: { error in
      guard case .didNotTake("feh", _, let found) = error as? DesktopError else { return false }
      return found.contains("the screens changed meanwhile")
    }
    #expect(stubs.calls() == [["xrandr", "--listactivemonitors"]])
  }

  /// hsetroot cannot address a monitor; it is never asked to.
  @Test func hsetrootSetsOnePicture() throws {
    let stubs = try Self.stubs("hsetroot")
    #expect(FlagToolBackend(.hsetroot).pictureScope == .everyOutput)
    #expect(throws: DesktopError.self) {
      try FlagToolBackend(.hsetroot).setEach(Self.requests, in: stubs.session(ToolStubs.x11))
    }
    #expect(stubs.calls().isEmpty)
  }

  /// xwallpaper's `--output` cannot reach a monitor drawn with `--setmonitor`: such a layout is
  /// one canvas; feh's and nitrogen's Xinerama heads can.
  @Test func aDrawnMonitorMakesXwallpaperSpanOneCanvas() {
    var drawn = Output(name: "DP-1~2", width: 1280, height: 1440, x: 1920)
    drawn.isUserMonitor = true
    let outputs = [Output(name: "eDP-1", width: 1920, height: 1080, primary: true), drawn]
    #expect(FlagToolBackend(.xwallpaper).pictureScope(for: outputs) == .layout)
    #expect(FlagToolBackend(.xwallpaper).pictureScope(for: [outputs[0]]) == .eachOutput)
    #expect(FlagToolBackend(.feh).pictureScope(for: outputs) == .eachOutput)
    #expect(FlagToolBackend(.nitrogen).pictureScope(for: outputs) == .eachOutput)
  }

  @Test func nitrogensHeadsReadBack() {
    let text = """
      [xin_-1]
      file=/whole.jpg
      mode=0

      [xin_1]
      file=/right\\sside.jpg

      [xin_0]
      file=/left.jpg
      [:0.0]
      file=/other.jpg
      """
    #expect(NitrogenSavedConfig.headPictures(inSavedConfig: text) == [0: "/left.jpg", 1: "/right side.jpg"])
  }

  @Test func fehbgListsEveryHeadsPicture() {
    let script = "#!/bin/sh\nfeh --no-fehbg --bg-scale '/a b.jpg' '/it'\"'\"'s.jpg' \n"
    #expect(FehbgScript.pictures(inFehbg: script) == ["/a b.jpg", "/it's.jpg"])
  }
}
