import BingWallServiceTestSupport
import BingWallTestSupport
import Synchronization
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// When the applier makes each screen its own picture, and what it does when it cannot: the file
/// is then set as it is, and the reason travels up as a warning, never as a failure.
@Suite struct WallpaperApplierScreensTests {
  /// A backend that sets each output, reading its screens with a scripted xrandr, and records
  /// what it was asked to set.
  struct RecordingBackend: WallpaperBackend {
    let name = "recording"
    let tools: [String] = []
    let need = SessionNeed.nothing
    var outputSource: OutputSource { .xrandr }
    var pictureScope: PictureScope = .eachOutput
    var setsDarkPicture = false
    var setsLockPicture = false
    let plain = Locked<[WallpaperRequest]>([])
    let each = Locked<[[String: WallpaperRequest]]>([])
    let lock = Locked<[WallpaperRequest]>([])

    func isDetected(in session: DesktopSession) -> Bool { true }
    func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
      plain.withLock { $0.append(request) }
    }
    func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
      each.withLock { $0.append(requests) }
    }
    func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) -> Bool {
      lock.withLock { $0.append(request) }
      return setsLockPicture
    }
  }

  static let twoMonitors =
    "Monitors: 2\n 0: +*DP-1 1920/1x1080/1+0+0  DP-1\n 1: +DP-2 1080/1x1920/1+1920+0  DP-2\n"

  static func applier(
    _ backend: RecordingBackend, mode: WallpaperMode, xrandr: @escaping ScriptedProcessRunner.Answer,
    maker: @escaping ScreenPictureMaker
  ) -> WallpaperApplier {
    let runner = ScriptedProcessRunner()
    runner.stub(["xrandr", "--listactivemonitors"], xrandr)
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":9"], processes: runner, home: "/")
    return WallpaperApplier(
      session: session, backends: [backend], requested: "auto", mode: mode, lockScreen: false,
      screenPictures: maker)
  }

  @Test(arguments: [WallpaperMode.auto, .fill, .fit])
  func eachScreenGetsItsOwnPictureStretchedToFit(mode: WallpaperMode) throws {
    let backend = RecordingBackend()
    let asked = Locked<[String]>([])
    let applier = Self.applier(backend, mode: mode, xrandr: { _ in .exit(0, stdout: Self.twoMonitors) }) {
      recipe in
      let output = recipe.outputs[0]
      asked.withLock { $0.append("\(output.name) \(output.sizeText) \(recipe.mode) \(recipe.variant)") }
      return .success("/cache/\(output.name).jpg")
    }
    let outcome = try applier.apply(path: "/pics/a.jpg")
    let explicit = mode == .fit ? "fit" : "fill"
    #expect(
      asked.withLock { $0 } == ["DP-1 1920x1080 \(explicit) plain", "DP-2 1080x1920 \(explicit) plain"])
    #expect(backend.plain.withLock { $0 }.isEmpty)
    #expect(
      backend.each.withLock { $0 } == [
        [
          "DP-1": WallpaperRequest(path: "/cache/DP-1.jpg", mode: .stretch),
          "DP-2": WallpaperRequest(path: "/cache/DP-2.jpg", mode: .stretch),
        ]
      ])
    #expect(outcome.screens.mapValues(\.file) == ["DP-1": "/cache/DP-1.jpg", "DP-2": "/cache/DP-2.jpg"])
    #expect(outcome.screenProblem == nil)
  }

  /// `center`, `tile` and `stretch` mean the picture as it is: no screen is asked about.
  @Test(arguments: [WallpaperMode.center, .tile, .stretch])
  func modesThatShowThePictureAsItIsMakeNothing(mode: WallpaperMode) throws {
    let backend = RecordingBackend()
    let applier = Self.applier(backend, mode: mode, xrandr: { _ in .exit(1, stderr: "not asked") }) {
      recipe in
      if !recipe.outputs.isEmpty { Issue.record("a screen picture was made for \(mode)") }
      return .success(recipe.source)
    }
    let outcome = try applier.apply(path: "/pics/a.jpg")
    #expect(backend.plain.withLock { $0 } == [WallpaperRequest(path: "/pics/a.jpg", mode: mode)])
    #expect(outcome.screens.isEmpty)
    #expect(outcome.screenProblem == nil)
  }

  @Test func aPictureThatCannotBeMadeLeavesThePlainFileAndSaysWhy() throws {
    let backend = RecordingBackend()
    let applier = Self.applier(backend, mode: .fill, xrandr: { _ in .exit(0, stdout: Self.twoMonitors) }) {
      _ in .failure(.notMade("cannot load libvips.so.42 (not found)"))
    }
    let outcome = try applier.apply(path: "/pics/a.jpg")
    #expect(backend.each.withLock { $0 }.isEmpty)
    #expect(backend.plain.withLock { $0 } == [WallpaperRequest(path: "/pics/a.jpg", mode: .fill)])
    #expect(outcome.screenProblem?.description == "cannot load libvips.so.42 (not found)")
  }

  @Test func screensThatCannotBeListedLeaveThePlainFileWithTheToolsWords() throws {
    let backend = RecordingBackend()
    let applier = Self.applier(
      backend, mode: .fill, xrandr: { _ in .exit(1, stderr: "Can't open display :9") }
    ) {
      recipe in
      if !recipe.outputs.isEmpty { Issue.record("a screen picture was made without screens") }
      return .success(recipe.source)
    }
    let outcome = try applier.apply(path: "/pics/a.jpg")
    #expect(backend.plain.withLock { $0 } == [WallpaperRequest(path: "/pics/a.jpg", mode: .fill)])
    #expect(outcome.screenProblem?.description.contains("Can't open display :9") == true)
  }

  /// A backend whose one picture covers the layout (the root window, GNOME) is given one
  /// canvas made for every screen at its place, to stretch (it is the layout's exact size) and
  /// span; one that shows its picture on each screen gets the primary screen's shape.
  @Test(arguments: [PictureScope.layout, .everyOutput])
  func oneCanvasForTheLayoutOrThePrimaryScreensShape(scope: PictureScope) throws {
    var backend = RecordingBackend()
    backend.pictureScope = scope
    let asked = Locked<[PictureRecipe]>([])
    let applier = Self.applier(backend, mode: .fill, xrandr: { _ in .exit(0, stdout: Self.twoMonitors) }) {
      recipe in
      asked.withLock { $0.append(recipe) }
      return .success("/cache/made.jpg")
    }
    let outcome = try applier.apply(path: "/pics/a.jpg")
    let names = try #require(asked.withLock { $0 }.first).outputs.map(\.name)
    #expect(names == (scope == .layout ? ["DP-1", "DP-2"] : ["DP-1"]))
    #expect(
      backend.plain.withLock { $0 } == [
        WallpaperRequest(path: "/cache/made.jpg", mode: .stretch, spansOutputs: scope == .layout)
      ])
    #expect(outcome.path == "/cache/made.jpg")
    #expect(outcome.screens.mapValues(\.file) == ["DP-1": "/cache/made.jpg", "DP-2": "/cache/made.jpg"])
    #expect(outcome.screens.mapValues(\.source.path) == ["DP-1": "/pics/a.jpg", "DP-2": "/pics/a.jpg"])
  }

  /// The dark and lock pictures are asked for in the same shape as the picture, only where the
  /// backend keeps them, and the lock only when the lock screen is set.
  @Test(arguments: [false, true])
  func darkAndLockPicturesAreMadeInThePicturesShape(lockScreen: Bool) throws {
    var backend = RecordingBackend()
    backend.pictureScope = .layout
    backend.setsDarkPicture = true
    backend.setsLockPicture = true
    let runner = ScriptedProcessRunner()
    runner.stub(["xrandr", "--listactivemonitors"]) { _ in .exit(0, stdout: Self.twoMonitors) }
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":9"], processes: runner, home: "/")
    let asked = Locked<[PictureRecipe]>([])
    let applier = WallpaperApplier(
      session: session, backends: [backend], requested: "auto", mode: .fill, lockScreen: lockScreen,
      screenPictures: { recipe in
        asked.withLock { $0.append(recipe) }
        return .success("/cache/\(recipe.variant).jpg")
      })
    let outcome = try applier.apply(path: "/pics/a.jpg")
    let recipes = asked.withLock { $0 }
    // The picture first; its dark and lock pictures after it, made at once, in either order.
    #expect(recipes.first?.variant == .plain)
    #expect(
      recipes.dropFirst().map(\.variant).sorted { $0.rawValue < $1.rawValue }
        == (lockScreen ? [.dark, .lock] : [.dark]))
    #expect(Set(recipes.map { $0.outputs.map(\.name) }) == [["DP-1", "DP-2"]])
    #expect(
      backend.plain.withLock { $0 } == [
        WallpaperRequest(
          path: "/cache/plain.jpg", mode: .stretch, darkPath: "/cache/dark.jpg",
          lockPath: lockScreen ? "/cache/lock.jpg" : nil, spansOutputs: true)
      ])
    #expect(outcome.darkPath == "/cache/dark.jpg")
  }

  /// Each screen its own picture, and a lock screen that keeps one (Plasma's): the lock screen
  /// gets the whole picture in the lock look, not the plain file.
  @Test func eachScreenBackendsLockScreenGetsTheLockLook() throws {
    var backend = RecordingBackend()
    backend.setsLockPicture = true
    let runner = ScriptedProcessRunner()
    runner.stub(["xrandr", "--listactivemonitors"]) { _ in .exit(0, stdout: Self.twoMonitors) }
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":9"], processes: runner, home: "/")
    let applier = WallpaperApplier(
      session: session, backends: [backend], requested: "auto", mode: .fill, lockScreen: true,
      screenPictures: { recipe in
        .success("/cache/\(recipe.outputs.first?.name ?? "whole")-\(recipe.variant).jpg")
      })
    let outcome = try applier.apply(path: "/pics/a.jpg")
    #expect(
      backend.each.withLock { $0.first?.mapValues(\.path) } == [
        "DP-1": "/cache/DP-1-plain.jpg", "DP-2": "/cache/DP-2-plain.jpg",
      ])
    #expect(backend.lock.withLock { $0.map(\.path) } == ["/cache/whole-lock.jpg"])
    #expect(outcome.lockScreenSet == true)
  }
}
