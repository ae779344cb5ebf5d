import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The screens are read once per command, and the picture travels typed: its key to what each
/// screen shows, its portrait file to the screen on its side.
@Suite struct SessionScreensTests {
  typealias Recording = WallpaperApplierScreensTests.RecordingBackend

  static func applier(_ backend: Recording, screens: SessionScreens, asked: Locked<Int>) -> WallpaperApplier {
    let runner = ScriptedProcessRunner()
    runner.stub(["xrandr", "--listactivemonitors"]) { _ in
      asked.withLock { $0 += 1 }
      return .exit(0, stdout: WallpaperApplierScreensTests.twoMonitors)
    }
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":9"], processes: runner, home: "/")
    return WallpaperApplier(
      session: session, backends: [backend], requested: "auto", mode: .fill, lockScreen: false,
      screenPictures: { .success("/cache/\($0.outputs.map(\.name).joined()).jpg") }, screens: screens)
  }

  @Test func twoAppliesOfOneCommandReadTheScreensOnce() throws {
    let backend = Recording()
    let asked = Locked(0)
    let screens = SessionScreens()
    let first = try Self.applier(backend, screens: screens, asked: asked).apply(path: "/pics/a.jpg")
    let second = try Self.applier(backend, screens: screens, asked: asked).apply(path: "/pics/b.jpg")
    #expect(asked.withLock { $0 } == 1)
    #expect(first.screens.mapValues(\.file) == second.screens.mapValues(\.file))
    #expect(second.screens.mapValues(\.file) == ["DP-1": "/cache/DP-1.jpg", "DP-2": "/cache/DP-2.jpg"])
  }

  @Test func thePicturesKeyAndPortraitTravelWithIt() throws {
    let backend = Recording()
    let renditions = Locked<[String: String]>([:])
    let runner = ScriptedProcessRunner()
    runner.stub(["xrandr", "--listactivemonitors"]) { _ in
      .exit(0, stdout: WallpaperApplierScreensTests.twoMonitors)
    }
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":9"], processes: runner, home: "/")
    let applier = WallpaperApplier(
      session: session, backends: [backend], requested: "auto", mode: .fill, lockScreen: false,
      screenPictures: { recipe in
        for output in recipe.outputs {
          renditions.withLock { $0[output.name] = recipe.rendition(of: output) }
        }
        return .success("/cache/made.jpg")
      })
    let lake = PictureFile(path: "/pics/lake.jpg", key: "OHR.Lake", portrait: "/pics/lake_1080x1920.jpg")
    let outcome = try applier.apply(lake)
    // DP-2 is 1080x1920, on its side: it reads the portrait file; DP-1 the picture itself.
    #expect(renditions.withLock { $0 } == ["DP-2": "/pics/lake_1080x1920.jpg"])
    #expect(outcome.screens.mapValues(\.source) == ["DP-1": lake, "DP-2": lake])
  }
}
