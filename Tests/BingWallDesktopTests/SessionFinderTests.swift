import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The running session a run without a display finds, over a fake system of the test's own: a
/// `/proc` of environ files, and real listening sockets (or dead ones) for the displays.
@Suite struct SessionFinderTests {
  let system: FakeSessionSystem

  init() throws {
    system = try FakeSessionSystem()
  }

  var finder: SessionFinder { SessionFinder(root: system.root, uid: getuid(), runtime: system.runtime) }

  @Test func aProcessNamingALiveDisplayGivesItsSession() throws {
    try system.x11(5)
    try system.process(
      4100, name: "xfce4-panel",
      [
        "DISPLAY": ":5", "XAUTHORITY": "/home/me/.Xauthority", "XDG_CURRENT_DESKTOP": "XFCE",
        "HOME": "/home/me",
        "LD_PRELOAD": "/tmp/evil.so",
      ])
    let found = try #require(finder.find())
    #expect(
      found.variables
        == SessionVariables(variables: [
          ("DISPLAY", ":5"), ("XAUTHORITY", "/home/me/.Xauthority"), ("XDG_CURRENT_DESKTOP", "XFCE"),
        ]))
    #expect(found.source == "process 4100 (xfce4-panel)")
  }

  /// A server that died leaves its socket; a display with no socket at all is no session either.
  @Test func aDisplayWhoseServerIsGoneIsPassedOver() throws {
    try system.x11(5).stopListening()
    try system.process(4100, ["DISPLAY": ":5"])
    try system.process(4101, ["DISPLAY": ":6"])
    #expect(finder.find() == nil)
  }

  @Test func aSessionSomeProcessNamesComesBeforeABareSocket() throws {
    try system.x11(1)
    try system.x11(2, madeSecondsAgo: 3600)
    try system.process(4100, ["DISPLAY": ":2", "XDG_CURRENT_DESKTOP": "i3"])
    #expect(finder.find()?.variables["DISPLAY"] == ":2")
  }

  /// Two logins: the one made last is the one in front of the user.
  @Test func ofTwoSessionsTheNewestSocketWins() throws {
    try system.x11(3)
    try system.x11(4, madeSecondsAgo: 3600)
    // The older session's process has the higher pid: the socket's age decides, not the pid's.
    try system.process(4100, ["DISPLAY": ":3"])
    try system.process(4200, ["DISPLAY": ":4"])
    #expect(finder.find()?.variables["DISPLAY"] == ":3")
    try system.age(system.x11Socket(3), secondsAgo: 7200)
    #expect(finder.find()?.variables["DISPLAY"] == ":4")
  }

  /// Of the many processes of one session, the fullest environment stands for it.
  @Test func theFullestEnvironmentOfASessionIsTaken() throws {
    try system.x11(0)
    try system.process(4300, name: "xterm", ["DISPLAY": ":0"])
    try system.process(4200, name: "panel", ["DISPLAY": ":0", "XAUTHORITY": "/home/me/.Xauthority"])
    #expect(finder.find()?.source == "process 4200 (panel)")
  }

  @Test func waylandSocketsInTheRuntimeFolderAndNamedByProcesses() throws {
    try system.wayland("wayland-1")
    _ = FileManager.default.createFile(
      atPath: system.onDisk(system.runtime + "/wayland-1.lock"), contents: nil)
    let bare = try #require(finder.find())
    #expect(
      bare.variables
        == SessionVariables(variables: [
          ("WAYLAND_DISPLAY", "wayland-1"), ("XDG_RUNTIME_DIR", system.runtime),
        ]))
    #expect(bare.source == "the socket \(system.runtime)/wayland-1")

    // A process of another runtime folder names its compositor there.
    try FileManager.default.createDirectory(
      atPath: system.onDisk("/run/user/1000"), withIntermediateDirectories: true)
    system.sockets.append(try ListeningSocket(path: system.onDisk("/run/user/1000/wayland-0")))
    try system.process(
      4100, name: "sway",
      [
        "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/1000",
        "SWAYSOCK": "/run/user/1000/sway.sock",
      ])
    let named = try #require(finder.find())
    #expect(named.variables["WAYLAND_DISPLAY"] == "wayland-0")
    #expect(named.variables["SWAYSOCK"] == "/run/user/1000/sway.sock")
  }

  /// The finder of another uid sees none of these processes and sockets, which are ours: root
  /// reads root's, a user the user's.
  @Test func anotherUsersProcessesAndSocketsAreNeverTaken() throws {
    try system.x11(5)
    try system.wayland("wayland-0")
    try system.process(4100, ["DISPLAY": ":5"])
    let other = SessionFinder(root: system.root, uid: getuid() &+ 4242, runtime: system.runtime)
    #expect(other.find() == nil)
    #expect(finder.find() != nil)
  }

  @Test func whatNoSuchVariableHoldsIsLeftOutAndAForwardedDisplayIsNoSession() throws {
    try system.x11(5)
    try system.process(
      4100,
      [
        "DISPLAY": ":5", "XAUTHORITY": "relative/file", "XDG_CURRENT_DESKTOP": "GNOME; id",
        "NIRI_SOCKET": "/a\nb",
      ])
    #expect(finder.find()?.variables == SessionVariables(variables: [("DISPLAY", ":5")]))

    let forwarded = try FakeSessionSystem()
    try forwarded.process(4100, ["DISPLAY": "localhost:10.0"])
    #expect(SessionFinder(root: forwarded.root, uid: getuid(), runtime: forwarded.runtime).find() == nil)
  }

  /// At most so many processes, the newest pids first; at most so many bytes of each.
  @Test func theReadingIsBounded() throws {
    for pid: Int32 in [4100, 4101, 4102] { try system.process(pid, ["DISPLAY": ":\(pid)"]) }
    var reader = ProcessEnvironments(root: system.root, uid: getuid())
    reader.processLimit = 2
    #expect(reader.read(names: ["DISPLAY"]).map(\.pid) == [4102, 4101])

    let late = try FakeSessionSystem()
    try late.process(4100, ["A_LONG_ONE": String(repeating: "x", count: 200), "DISPLAY": ":0"])
    var short = ProcessEnvironments(root: late.root, uid: getuid())
    short.environLimit = 100
    #expect(short.read(names: ["DISPLAY"]).isEmpty)
    short.environLimit = 4096
    #expect(short.read(names: ["DISPLAY"]).first?.environment == ["DISPLAY": ":0"])
  }

  @Test func theTestRootAndTheRuntimeFolderComeFromTheEnvironment() {
    let finder = SessionFinder(
      environment: [SessionFinder.rootVariable: "/tmp/fake//", "XDG_RUNTIME_DIR": "/run/user/77"], uid: 77)
    #expect(finder.root == "/tmp/fake")
    #expect(finder.runtime == "/run/user/77")
    let plain = SessionFinder(environment: [SessionFinder.rootVariable: "relative"], uid: 77)
    #expect(plain.root == "")
    #expect(plain.runtime == "/run/user/77")
  }
}
