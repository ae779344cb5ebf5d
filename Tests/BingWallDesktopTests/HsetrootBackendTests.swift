import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// hsetroot for real on a virtual X server, where its misleading flag names show: `-fill` stretches,
/// so our fill must be `-cover`.
@Suite struct HsetrootBackendTests {
  @Test(arguments: [WallpaperMode.fill, .fit, .stretch, .center, .tile])
  func drawsTheRootWindowInEachMode(mode: WallpaperMode) throws {
    let screen = try VirtualXServer()
    let folder = try TemporaryDirectory()
    let picture = folder.file("a picture; with 'quotes' and $(x).png")
    try StripedPicture.make(at: picture)
    let session = DesktopSession(
      environment: ["DISPLAY": screen.display, "HOME": folder.path, "PATH": VirtualXServer.searchPath],
      processes: PosixProcessRunner(), home: folder.path)

    try FlagToolBackend(.hsetroot).set(WallpaperRequest(path: picture, mode: mode), in: session)

    let expected = mode == .tile ? StripedPicture.centredTile : StripedPicture.expected[mode]
    #expect(StripedPicture.probeColours(of: try screen.screenshot()) == expected)
  }
}
