import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSystem

/// The sway and swaybg backends against a real headless sway, read back from grim's screenshots and
/// from the swaybg processes that draw them.
@Suite(.enabled(if: HeadlessSway.installed, "sway, swaybg and grim are not installed (make test-deps)"))
struct SwayRealTests {
  static let modes: [WallpaperMode] = [.fill, .fit, .stretch, .center, .tile]

  /// The stripes, in the sway session's pictures folder.
  static func stripes(in sway: HeadlessSway) throws -> String {
    let source = sway.folder.file("source.png")
    try StripedPicture.make(at: source)
    return try sway.picture(named: "stripes.png", from: source)
  }

  static func session(_ sway: HeadlessSway, sessionVariables: Bool = true) -> DesktopSession {
    DesktopSession(
      environment: sway.environment(home: sway.folder.path, sessionVariables: sessionVariables),
      processes: PosixProcessRunner(), home: sway.folder.path)
  }

  static func probes(_ shot: HeadlessSway.Screenshot) -> [UInt32] { StripedPicture.probeColours(of: shot) }

  /// swaybg fills what the picture leaves uncovered with its own dark grey, where X11 setters leave
  /// black.
  static let swaybgBars: UInt32 = 0x3f3f3f

  /// The probe colours `mode` leaves under swaybg (sway's or ours).
  static func expected(_ mode: WallpaperMode) -> [UInt32] {
    StripedPicture.expected[mode]!.map { $0 == StripedPicture.black ? swaybgBars : $0 }
  }

  @Test(arguments: modes)
  func swayShowsEachModeAndReadsItBack(mode: WallpaperMode) throws {
    let sway = try HeadlessSway()
    let picture = try Self.stripes(in: sway)
    let session = Self.session(sway)

    try SwayBackend().set(WallpaperRequest(path: picture, mode: mode), in: session)

    let shot = try sway.screenshot { Self.probes($0) == Self.expected(mode) }
    #expect(Self.probes(shot) == Self.expected(mode))
    #expect(try SwayBackend().current(in: session) == picture)
  }

  /// sway 1.7's default session: no XDG_CURRENT_DESKTOP, only its two sockets. swaybg would draw
  /// under sway's own background and change nothing on screen.
  @Test func theDefaultSessionIsSway() throws {
    let sway = try HeadlessSway()
    let session = Self.session(sway)
    let choice = try BackendSelector.select(
      "auto", from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "sway")
  }

  /// cron, a systemd timer, an ssh login: none has SWAYSOCK or WAYLAND_DISPLAY, but sway runs and its
  /// socket is in the runtime folder.
  @Test func aRunningSwayIsFoundWithoutItsVariables() throws {
    let sway = try HeadlessSway()
    let picture = try Self.stripes(in: sway)
    let session = Self.session(sway, sessionVariables: false)
    let choice = try BackendSelector.select(
      "auto", from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "sway")

    try choice.backend.set(WallpaperRequest(path: picture, mode: .stretch), in: session)

    let shot = try sway.screenshot { Self.probes($0) == Self.expected(.stretch) }
    #expect(Self.probes(shot) == Self.expected(.stretch))
  }

  @Test func aDeadSocketIsNotSway() throws {
    let sway = try HeadlessSway()
    let session = DesktopSession(
      environment: sway.environment(home: sway.folder.path).merging([
        "SWAYSOCK": sway.folder.file("run/sway-ipc.0.1.sock"), "XDG_RUNTIME_DIR": sway.folder.path,
      ]) { $1 }, processes: PosixProcessRunner(), home: sway.folder.path)
    #expect(!SwayBackend().isDetected(in: session))
    #expect(throws: DesktopError.self) {
      try SwayBackend().set(WallpaperRequest(path: "/a.png", mode: .fill), in: session)
    }
  }

  /// The swaybg an earlier `--backend swaybg` left running is stopped once sway's own shows the picture.
  @Test func swayStopsTheSwaybgWeStartedEarlier() throws {
    let sway = try HeadlessSway()
    let picture = try Self.stripes(in: sway)
    let session = Self.session(sway)
    var swaybg = SwaybgBackend()
    swaybg.handover = .milliseconds(300)
    try swaybg.set(WallpaperRequest(path: picture, mode: .center), in: session)
    let pidFile = SwaybgBackend.pidFile(in: session)
    let ours = try #require(SwaybgBackend.readPid(pidFile))

    try SwayBackend().set(WallpaperRequest(path: picture, mode: .tile), in: session)

    let shot = try sway.screenshot { Self.probes($0) == Self.expected(.tile) }
    #expect(Self.probes(shot) == Self.expected(.tile))
    #expect(DetachedProcess.commandName(of: ours) != "swaybg")
    #expect(!FileManager.default.fileExists(atPath: pidFile))
  }

  /// A pid file left from before a reboot may name what is now sway's own swaybg: never ours to stop.
  @Test func aStalePidOfSwaysOwnSwaybgIsLeftAlone() throws {
    let sway = try HeadlessSway()
    let picture = try Self.stripes(in: sway)
    let session = Self.session(sway)
    var sways: [RunningProcess] = []
    for _ in 0..<300 where sways.isEmpty {
      sways = SwayBackend.swaybgs(of: sway.swaySocket)
      if sways.isEmpty { usleep(50_000) }
    }
    let own = try #require(sways.first)
    try "\(own.pid)\n".write(toFile: SwaybgBackend.pidFile(in: session), atomically: true, encoding: .utf8)
    var swaybg = SwaybgBackend()
    swaybg.handover = .milliseconds(300)

    try swaybg.set(WallpaperRequest(path: picture, mode: .fill), in: session)

    #expect(DetachedProcess.commandName(of: own.pid) == "swaybg")
    #expect(SwaybgBackend.readPid(SwaybgBackend.pidFile(in: session)) != own.pid)
  }

  /// The real binary in the default session, as a user types it. The PNG is cut for the screen
  /// (letterboxed: `fit`) and sway shows the picture made, from the cache folder, which sway's
  /// user must read here as a user's own sway would: the cache goes beside the pictures.
  @Test func applyInTheDefaultSessionChangesTheScreen() throws {
    let sway = try HeadlessSway()
    let picture = try Self.stripes(in: sway)
    let sandbox = try Sandbox()
    let cache = sway.pictures + "/cache"
    try FileManager.default.createDirectory(
      atPath: cache + "/bingwall/screens", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o755])
    let environment = sway.environment(home: sandbox.home).merging([
      "PATH": HeadlessSway.searchPath, "XDG_CACHE_HOME": cache,
    ]) { $1 }
    let result = try sandbox.run(["apply", picture, "--mode", "fit"], environment: environment)

    #expect(result.status == 0, "\(result.stderr)")
    let made = try FileManager.default.contentsOfDirectory(atPath: cache + "/bingwall/screens")
    #expect(made.contains { $0.hasPrefix("stripes-") && $0.contains("-320x240-letterbox-") }, "\(made)")
    // The stripes across the middle; bingwall's bars, not sway's own background, above and below.
    let inPicture = [2, 3, 5]
    let shot = try sway.screenshot { shot in
      inPicture.allSatisfy { Self.probes(shot)[$0] == Self.expected(.fit)[$0] }
    }
    let probes = Self.probes(shot)
    #expect(inPicture.map { probes[$0] } == inPicture.map { Self.expected(.fit)[$0] }, "\(probes)")
    #expect(!probes.contains(HeadlessSway.ownBackground), "\(probes)")
  }

  // MARK: swaybg, under a compositor that draws no background of its own

  @Test(arguments: modes)
  func swaybgShowsEachMode(mode: WallpaperMode) throws {
    let sway = try HeadlessSway(drawsOwnBackground: false)
    let picture = try Self.stripes(in: sway)
    let session = Self.session(sway)
    var swaybg = SwaybgBackend()
    swaybg.handover = .milliseconds(300)

    try swaybg.set(WallpaperRequest(path: picture, mode: mode), in: session)

    let shot = try sway.screenshot { Self.probes($0) == Self.expected(mode) }
    #expect(Self.probes(shot) == Self.expected(mode))
    #expect(try swaybg.current(in: session) == picture)
  }

  /// swaybg 1.2 keeps running on a picture it cannot load and draws grey; the good one must stay.
  @Test func swaybgKeepsThePreviousPictureWhenTheNewOneCannotLoad() throws {
    let sway = try HeadlessSway(drawsOwnBackground: false)
    let picture = try Self.stripes(in: sway)
    let broken = sway.file(in: "pictures", named: "broken.jpg")
    try Data("<html>not a picture</html>".utf8).write(to: URL(fileURLWithPath: broken))
    let session = Self.session(sway)
    var swaybg = SwaybgBackend()
    swaybg.handover = .seconds(1)
    try swaybg.set(WallpaperRequest(path: picture, mode: .fill), in: session)
    let good = try #require(SwaybgBackend.readPid(SwaybgBackend.pidFile(in: session)))
    _ = try sway.screenshot { Self.probes($0) == Self.expected(.fill) }

    do {
      try swaybg.set(WallpaperRequest(path: broken, mode: .fill), in: session)
      Issue.record("a picture swaybg cannot load must fail")
    } catch {
      #expect(error.description.contains("Failed to load"), "\(error.description)")
      #expect(error.description.contains("broken.jpg"))
    }

    #expect(SwaybgBackend.readPid(SwaybgBackend.pidFile(in: session)) == good)
    #expect(DetachedProcess.commandName(of: good) == "swaybg")
    #expect(Self.probes(try sway.screenshot()) == Self.expected(.fill))
    #expect(try swaybg.current(in: session) == picture)
  }
}

extension HeadlessSway {
  func file(in subfolder: String, named name: String) -> String { folder.file("\(subfolder)/\(name)") }
}
