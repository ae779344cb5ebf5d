import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// nitrogen for real on a virtual X server: the root window shows each mode, and `bg-saved.cfg` reads
/// back.
@Suite(.enabled(if: DesktopSandbox.canRun("nitrogen")))
struct NitrogenBackendTests {
  @Test(arguments: [WallpaperMode.auto, .fill, .fit, .stretch, .center, .tile])
  func drawsEachModeAndSavesIt(mode: WallpaperMode) throws {
    let sandbox = try DesktopSandbox()
    let picture = try sandbox.picture("it's a \"pic\" ü $(x) back\\slash.png")

    try FlagToolBackend(.nitrogen).set(WallpaperRequest(path: picture, mode: mode), in: sandbox.session())

    let expected = StripedPicture.expected[mode.explicit]
    #expect(StripedPicture.probeColours(of: try sandbox.screen.screenshot()) == expected)
    #expect(try FlagToolBackend(.nitrogen).current(in: sandbox.session()) == picture)
  }

  /// nitrogen refuses a missing file with a message of its own, which the error keeps.
  @Test func aMissingPictureFailsWithNitrogensWords() throws {
    let sandbox = try DesktopSandbox()
    #expect {
      try FlagToolBackend(.nitrogen).set(
        WallpaperRequest(path: sandbox.folder.file("gone.png"), mode: .fill), in: sandbox.session())
    } throws: { error in
      guard case .toolFailed("nitrogen", _, _, let said) = error as? DesktopError else { return false }
      return said.contains("does not exist")
    }
  }
}
