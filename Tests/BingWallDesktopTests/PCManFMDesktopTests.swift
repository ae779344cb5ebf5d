import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// LXDE for real: `pcmanfm --desktop --profile LXDE`, as LXDE's session starts it, on a virtual X
/// server; the screen shows each mode and the profile's `desktop-items-0.conf` holds the picture.
@Suite(.enabled(if: DesktopSandbox.canRun("pcmanfm")))
struct PCManFMDesktopTests {
  /// Starts the desktop with its icons off (they would cover probes) and waits until it answers.
  static func sandboxWithDesktop(profile: String = "LXDE") throws -> DesktopSandbox {
    let sandbox = try DesktopSandbox()
    let folder = sandbox.config + "/pcmanfm/\(profile)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let items = "[*]\nwallpaper_mode=color\nshow_documents=0\nshow_trash=0\nshow_mounts=0\n"
    try Data(items.utf8).write(to: URL(fileURLWithPath: folder + "/desktop-items-0.conf"))
    try sandbox.start(["pcmanfm", "--desktop", "--profile", profile])
    let socket = LXDEBackend.socketPath(in: sandbox.session())
    #expect(eventually { UnixSocket.isListening(socket) }, "pcmanfm: \(sandbox.logs)")
    return sandbox
  }

  @Test(arguments: [WallpaperMode.auto, .fill, .fit, .stretch, .center, .tile])
  func drawsEachMode(mode: WallpaperMode) throws {
    let sandbox = try Self.sandboxWithDesktop()
    let picture = try sandbox.picture(" it's a \"pic\" ü\\.png")

    try LXDEBackend().set(WallpaperRequest(path: picture, mode: mode), in: sandbox.session())

    let expected = StripedPicture.expected[mode.explicit]
    let seen = try sandbox.screen.probeColours(becoming: expected)
    #expect(seen == expected, "saw \(hex(seen)), want \(hex(expected)); \(sandbox.logs)")
    #expect(try LXDEBackend().current(in: sandbox.session()) == picture)
  }

  /// Without a desktop, `pcmanfm --set-wallpaper` would open a "Desktop manager is not active" dialog
  /// and wait for a click; bingwall says so before running it.
  @Test func noDesktopRunningFailsAtOnce() throws {
    let sandbox = try DesktopSandbox()
    #expect {
      try LXDEBackend().set(
        WallpaperRequest(path: try sandbox.picture("a.png"), mode: .fill), in: sandbox.session())
    } throws: { error in
      guard let error = error as? DesktopError, case .sessionMissing("lxde", let what) = error else {
        return false
      }
      return error.exitStatus == 69
        && what.contains("no 'pcmanfm --desktop' runs on display \(sandbox.screen.display)")
    }
  }

  /// A desktop on another display is not ours (tests run side by side, as sessions of one user can).
  @Test func aDesktopOnAnotherDisplayDoesNotCount() throws {
    let sandbox = try Self.sandboxWithDesktop()
    let other = try VirtualXServer()
    #expect(PCManFMDesktop.find("pcmanfm", in: sandbox.session()) != nil)
    #expect(PCManFMDesktop.find("pcmanfm", in: sandbox.session(["DISPLAY": other.display])) == nil)
  }

  /// pcmanfm exits 1 without a word when it cannot make its socket: here XDG_RUNTIME_DIR is a file.
  @Test func aRuntimeFolderThatIsNoFolderIsNamed() throws {
    let sandbox = try Self.sandboxWithDesktop()
    let file = sandbox.folder.file("not-a-folder")
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    #expect {
      try LXDEBackend().set(
        WallpaperRequest(path: try sandbox.picture("a.png"), mode: .fill),
        in: sandbox.session(["XDG_RUNTIME_DIR": file]))
    } throws: { error in
      guard case .sessionMissing("lxde", let what) = error as? DesktopError else { return false }
      return what.contains("\(file)/pcmanfm-socket-") && what.contains("XDG_RUNTIME_DIR")
    }
  }

  /// pcmanfm exits 0 and ignores a file it cannot read as a picture: the read-back says so.
  @Test func aPicturePCManFMCannotReadDidNotTake() throws {
    let sandbox = try Self.sandboxWithDesktop()
    let notAPicture = sandbox.folder.file("not.png")
    try Data("text".utf8).write(to: URL(fileURLWithPath: notAPicture))
    #expect {
      try LXDEBackend().set(WallpaperRequest(path: notAPicture, mode: .fit), in: sandbox.session())
    } throws: { error in
      guard case .didNotTake("lxde", let expected, let found) = error as? DesktopError else { return false }
      return expected == "\(notAPicture) (fit)" && found.contains("cannot read")
    }
  }
}

/// LXQt for real: `pcmanfm-qt --desktop --profile=lxqt`, as LXQt's session starts it, on a virtual X
/// server under a private session bus; the screen shows each mode and `settings.conf` the picture.
@Suite(.enabled(if: DesktopSandbox.canRun("pcmanfm-qt", "gdbus")))
struct PCManFMQtDesktopTests {
  static func sandboxWithDesktop() throws -> DesktopSandbox {
    let sandbox = try DesktopSandbox()
    try sandbox.start(["pcmanfm-qt", "--desktop", "--profile=lxqt"])
    #expect(eventually { sandbox.busNameHasOwner("org.pcmanfm.PCManFM") }, "pcmanfm-qt: \(sandbox.logs)")
    return sandbox
  }

  /// fill and auto come out stretched: pcmanfm-qt 1.2's command line has no zoom.
  @Test(arguments: [
    (WallpaperMode.auto, WallpaperMode.stretch), (.fill, .stretch), (.fit, .fit), (.stretch, .stretch),
    (.center, .center), (.tile, .tile),
  ])
  func drawsEachMode(mode: WallpaperMode, drawn: WallpaperMode) throws {
    let sandbox = try Self.sandboxWithDesktop()
    let picture = try sandbox.picture(" it's a \"pic\", ü; x=y\\.png")

    try LXQtBackend().set(WallpaperRequest(path: picture, mode: mode), in: sandbox.session())

    let expected = StripedPicture.expected[drawn]
    let seen = try sandbox.screen.probeColours(becoming: expected)
    #expect(seen == expected, "saw \(hex(seen)), want \(hex(expected)); \(sandbox.logs)")
    #expect(try LXQtBackend().current(in: sandbox.session()) == picture)
    let settings = sandbox.config + "/pcmanfm-qt/lxqt/settings.conf"
    #expect(FileManager.default.fileExists(atPath: settings))
  }

  /// Without a desktop, pcmanfm-qt exits 0 and stores nothing; bingwall says so before running it.
  @Test func noDesktopRunningFailsAtOnce() throws {
    let sandbox = try DesktopSandbox()
    #expect {
      try LXQtBackend().set(
        WallpaperRequest(path: try sandbox.picture("a.png"), mode: .fit), in: sandbox.session())
    } throws: { error in
      guard let error = error as? DesktopError, case .sessionMissing("lxqt", let what) = error else {
        return false
      }
      return error.exitStatus == 69 && what.contains("no 'pcmanfm-qt --desktop' runs")
    }
  }

  /// pcmanfm-qt exits 0 and ignores a picture that is not there: the read-back says so (exit 1).
  @Test func aMissingPictureDidNotTake() throws {
    let sandbox = try Self.sandboxWithDesktop()
    let missing = sandbox.folder.file("gone.png")
    #expect {
      try LXQtBackend().set(WallpaperRequest(path: missing, mode: .fit), in: sandbox.session())
    } throws: { error in
      guard let error = error as? DesktopError, case .didNotTake("lxqt", missing, _) = error else {
        return false
      }
      return error.exitStatus == 1
    }
  }
}
