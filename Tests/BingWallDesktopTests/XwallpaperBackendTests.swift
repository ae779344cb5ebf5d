import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// xwallpaper for real on a virtual X server: the root window shows each mode.
@Suite struct XwallpaperBackendTests {
  @Test(arguments: [WallpaperMode.fill, .fit, .stretch, .center, .tile])
  func drawsTheRootWindowInEachMode(mode: WallpaperMode) throws {
    let screen = try VirtualXServer()
    let folder = try TemporaryDirectory()
    let picture = folder.file("a picture; with 'quotes'.png")
    try StripedPicture.make(at: picture)
    let session = DesktopSession(
      environment: ["DISPLAY": screen.display, "HOME": folder.path, "PATH": VirtualXServer.searchPath],
      processes: PosixProcessRunner(), home: folder.path)

    try FlagToolBackend(.xwallpaper).set(WallpaperRequest(path: picture, mode: mode), in: session)

    #expect(StripedPicture.probeColours(of: try screen.screenshot()) == StripedPicture.expected[mode])
    #expect(try FlagToolBackend(.xwallpaper).current(in: session) == nil)
  }

  @Test func aPictureXwallpaperCannotReadFails() throws {
    let screen = try VirtualXServer()
    let folder = try TemporaryDirectory()
    let notAPicture = folder.file("not.png")
    try Data("text".utf8).write(to: URL(fileURLWithPath: notAPicture))
    let session = DesktopSession(
      environment: ["DISPLAY": screen.display, "PATH": VirtualXServer.searchPath],
      processes: PosixProcessRunner(), home: folder.path)
    #expect {
      try FlagToolBackend(.xwallpaper).set(WallpaperRequest(path: notAPicture, mode: .fill), in: session)
    } throws: { error in
      guard case .toolFailed(let backend, _, let status, _) = error as? DesktopError else { return false }
      return backend == "xwallpaper" && status != 0
    }
  }

  /// xwallpaper's sandbox kills it with SIGSYS when no X server answers on DISPLAY; the message says
  /// that, not just "status 159".
  @Test func aDisplayWithoutAServerIsNamed() throws {
    let folder = try TemporaryDirectory()
    let picture = folder.file("a.png")
    try StripedPicture.make(at: picture)
    let number = (600..<700).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }!
    let session = DesktopSession(
      environment: ["DISPLAY": ":\(number)", "PATH": VirtualXServer.searchPath],
      processes: PosixProcessRunner(),
      home: folder.path)
    do {
      try FlagToolBackend(.xwallpaper).set(WallpaperRequest(path: picture, mode: .fill), in: session)
      Issue.record("xwallpaper without an X server must fail")
    } catch {
      #expect(error.description.contains("killed by signal 31 (SIGSYS, status 159)"))
      #expect(error.description.contains("no X server listens on DISPLAY=:\(number)"))
      #expect(error.exitStatus == 1)
    }
  }
}
