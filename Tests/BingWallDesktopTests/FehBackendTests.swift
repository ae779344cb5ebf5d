import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// feh for real on a virtual X server: the root window shows each mode, and `~/.fehbg` reads back.
@Suite struct FehBackendTests {
  static let modes: [WallpaperMode] = [.fill, .fit, .stretch, .center, .tile]

  @Test(arguments: modes)
  func drawsTheRootWindowInEachMode(mode: WallpaperMode) throws {
    let screen = try VirtualXServer()
    let folder = try TemporaryDirectory()
    // A name feh must quote in .fehbg: blanks, single and double quotes, shell syntax.
    let picture = folder.file("it's a \"pic\" $(x) `y`.png")
    try StripedPicture.make(at: picture)
    let session = DesktopSession(
      environment: ["DISPLAY": screen.display, "HOME": folder.path, "PATH": VirtualXServer.searchPath],
      processes: PosixProcessRunner(), home: folder.path)

    try FlagToolBackend(.feh).set(WallpaperRequest(path: picture, mode: mode), in: session)

    #expect(StripedPicture.probeColours(of: try screen.screenshot()) == StripedPicture.expected[mode])
    #expect(try FlagToolBackend(.feh).current(in: session) == picture)
  }

  @Test(arguments: [
    (WallpaperMode.auto, "--bg-fill"), (.fill, "--bg-fill"), (.fit, "--bg-max"), (.stretch, "--bg-scale"),
    (.center, "--bg-center"), (.tile, "--bg-tile"),
  ])
  func runsFehWithTheModesFlag(mode: WallpaperMode, flag: String) throws {
    let stubs = try ToolStubs()
    // Writes .fehbg the way feh 3.9 does, so the read-back passes.
    try stubs.install("feh", then: "printf \"feh --no-fehbg %s '%s'\\n\" \"$1\" \"$2\" > \"$HOME/.fehbg\"")
    try FlagToolBackend(.feh).set(
      WallpaperRequest(path: "/pics/a.jpg", mode: mode), in: stubs.session(ToolStubs.x11))
    #expect(stubs.calls() == [["feh", flag, "/pics/a.jpg"]])
  }

  @Test func fehThatWritesNoFehbgDidNotTake() throws {
    let stubs = try ToolStubs()
    try stubs.install("feh")
    #expect(
      throws: DesktopError.didNotTake(
        backend: "feh", expected: "/pics/a.jpg", found: "no picture in \(stubs.home)/.fehbg")
    ) {
      try FlagToolBackend(.feh).set(
        WallpaperRequest(path: "/pics/a.jpg", mode: .fill), in: stubs.session(ToolStubs.x11))
    }
  }

  @Test func fehbgNamingAnotherPictureDidNotTake() throws {
    let stubs = try ToolStubs()
    try stubs.install("feh", then: "echo \"feh --bg-fill '/old.jpg'\" > \"$HOME/.fehbg\"")
    #expect(throws: DesktopError.didNotTake(backend: "feh", expected: "/pics/a.jpg", found: "/old.jpg")) {
      try FlagToolBackend(.feh).set(
        WallpaperRequest(path: "/pics/a.jpg", mode: .fill), in: stubs.session(ToolStubs.x11))
    }
  }

  @Test func missingFehIsUnavailableAndSetSaysSo() throws {
    let stubs = try ToolStubs()
    let session = stubs.session(ToolStubs.x11)
    #expect(!FlagToolBackend(.feh).isAvailable(in: session))
    #expect(throws: DesktopError.toolMissing(backend: "feh", tool: "feh")) {
      try FlagToolBackend(.feh).set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: session)
    }
    try stubs.install("feh")
    #expect(FlagToolBackend(.feh).isAvailable(in: session))
  }

  @Test func withoutDisplayFehIsNotRun() throws {
    let stubs = try ToolStubs()
    try stubs.install("feh")
    #expect(throws: DesktopError.sessionMissing(backend: "feh", what: "no X11 display (DISPLAY is not set)"))
    {
      try FlagToolBackend(.feh).set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
    #expect(stubs.calls().isEmpty)
  }

  @Test(
    arguments: [
      ("#!/bin/sh\nfeh --no-fehbg --bg-fill '/tmp/a b.png' \n", "/tmp/a b.png"),
      ("#!/bin/sh\nfeh --no-fehbg --bg-fill '/tmp/it'\"'\"'s.png' \n", "/tmp/it's.png"),  // feh 3.x
      ("feh --bg-scale '/tmp/it'\\''s.png'\n", "/tmp/it's.png"),  // older feh
      ("feh --no-fehbg --bg-max --image-bg 'black' '/one.png' '/two.png'\n", "/one.png"),
      ("feh --bg-fill '/tmp/$(touch x)`y`*.png'\n", "/tmp/$(touch x)`y`*.png"),
    ] as [(String, String?)])
  func fehbgReadsBack(script: String, picture: String?) {
    #expect(FehbgScript.picture(inFehbg: script) == picture)
  }

  @Test(arguments: [
    "", "#!/bin/sh\n", "feh --bg-fill '/tmp/open.png\n", "feh --bg-fill $HOME/a.png\n",
    "xsetroot -solid black\n",
  ])
  func fehbgWithoutAPictureGivesNil(script: String) {
    #expect(FehbgScript.picture(inFehbg: script) == nil)
  }
}
