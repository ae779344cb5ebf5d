import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

enum MockPortalInstall {
  static let installed =
    DconfSessionBus.installed && PosixProcessRunner.which("gdbus", path: DconfSessionBus.searchPath) != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/__init__.py")
}

/// The desktop portal's wallpaper interface over a real private session bus, served by a
/// python3-dbusmock object that implements `SetWallpaperFile` and records what it was handed:
/// the bytes behind the file descriptor, whether that descriptor is a regular file (the real
/// portal refuses a pipe) and the options. The real gdbus makes the call.
@Suite(
  .enabled(if: MockPortalInstall.installed, "needs python3-dbusmock, gdbus and dbus-daemon (make test-deps)"))
struct PortalBackendTests {
  /// A bus with the mock portal on it; `implements` adds `SetWallpaperFile`, as the gnome and
  /// xapp portal backends have it.
  final class MockPortal {
    let bus: DconfSessionBus
    var record: String { bus.folder.file("record") }

    init(implements: Bool = true) throws {
      bus = try DconfSessionBus()
      _ = try DetachedProcess.spawn(
        executable: "/usr/bin/python3",
        arguments: [
          "python3", "-m", "dbusmock", "--session", PortalBackend.destination, PortalBackend.objectPath,
          "org.freedesktop.DBus.Mock.Portal",
        ], environment: bus.environment())
      let deadline = Date().addingTimeInterval(30)
      while (try? bus.text(Self.introspect))?.contains("org.freedesktop.DBus.Mock") != true, Date() < deadline
      {
        usleep(50_000)
      }
      guard implements else { return }
      // No backslash in the code: gdbus undoes escapes in an argument it takes as text.
      let code = """
        import os, stat
        fd = args[1].take()
        info = os.fstat(fd)
        data = b''
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk: break
            data += chunk
        with open('\(record)', 'w') as out:
            out.write('%d %s %s' % (len(data), stat.S_ISREG(info.st_mode), str(args[2]['set-on'])) + chr(10))
            out.write('%s' % bool(args[2]['show-preview']) + chr(10))
        with open('\(record).bytes', 'wb') as out:
            out.write(data)
        ret = dbus.ObjectPath('/org/freedesktop/portal/desktop/request/1_1/bingwall')
        """
      try bus.text([
        "gdbus", "call", "--session", "--dest", PortalBackend.destination, "--object-path",
        PortalBackend.objectPath, "--method", "org.freedesktop.DBus.Mock.AddMethod", PortalBackend.interface,
        "SetWallpaperFile", "sha{sv}", "o", code,
      ])
    }

    static let introspect = [
      "gdbus", "introspect", "--session", "--dest", PortalBackend.destination, "--object-path",
      PortalBackend.objectPath,
    ]

    /// The recorded call: bytes handed over, whether the descriptor was a file, `set-on`, and
    /// `show-preview`.
    func recorded() throws -> (bytes: Data, regularFile: Bool, setOn: String, preview: Bool) {
      let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
      let first = lines[0].split(separator: " ")
      return (
        try Data(contentsOf: URL(fileURLWithPath: record + ".bytes")), first[1] == "True", String(first[2]),
        lines[1] == "True"
      )
    }
  }

  static func picture(in folder: TemporaryDirectory) throws -> String {
    let path = folder.file("it's a picture.jpg")
    try TestJPEG.make(width: 64, height: 36, colour: "#336699").write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func thePicturesOwnFileGoesToThePortal() throws {
    let portal = try MockPortal()
    let picture = try Self.picture(in: portal.bus.folder)
    let session = portal.bus.session()
    #expect(PortalBackend().isAvailable(in: session))
    try PortalBackend().set(WallpaperRequest(path: picture, mode: .fill), in: session)
    let call = try portal.recorded()
    #expect(call.bytes == (try Data(contentsOf: URL(fileURLWithPath: picture))))
    #expect(call.regularFile, "a file descriptor of the file itself, not a pipe")
    #expect(call.setOn == "background")
    #expect(!call.preview)

    #expect(try PortalBackend().setLockScreen(WallpaperRequest(path: picture, mode: .fill), in: session))
    #expect(try portal.recorded().setOn == "lockscreen")
  }

  /// A portal whose backends lack the interface (kde, wlr) is not offered; with it, a Wayland
  /// session nobody detects and no setter installed gets the portal.
  @Test func offeredOnlyWhereThePortalImplementsIt() throws {
    let bare = try MockPortal(implements: false)
    #expect(!PortalBackend().isAvailable(in: bare.bus.session()))
    #expect(
      PortalBackend().missingTool(in: bare.bus.session())?.description.contains(PortalBackend.interface)
        == true)

    let portal = try MockPortal()
    let tools = portal.bus.folder.file("tools")
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: tools + "/gdbus",
      withDestinationPath: PosixProcessRunner.which("gdbus", path: DconfSessionBus.searchPath)!)
    let session = DesktopSession(
      environment: portal.bus.environment(["PATH": tools, "WAYLAND_DISPLAY": "wayland-portal-test"]),
      processes: PosixProcessRunner(), home: portal.bus.folder.path)
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "portal")
    #expect(choice.reason == "the desktop portal offers a wallpaper")
    let status = BackendSelector.statuses(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session
    ).first { $0.name == "portal" }
    #expect(status?.note == "selected: auto; no read-back: the portal cannot tell which picture is set")
  }
}
