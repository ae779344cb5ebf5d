import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallNet
@testable import BingWallSchedule

/// The user's own command: hostile picture paths reach it as single arguments and run nothing.
@Suite struct CommandBackendTests {
  /// Shell syntax a path from the internet might carry; `@MARKER@` is a file a shell would create.
  static let hostileNames = [
    "two words.jpg", "it's.jpg", "say \"cheese\".jpg", "$(touch @MARKER@).jpg", "`touch @MARKER@`.jpg",
    "a; touch @MARKER@.jpg", "a && touch @MARKER@ #.jpg", "line\nbreak.jpg", "$HOME ~ *.jpg", "{uri}.jpg",
    "-n.jpg", "tab\there.jpg",
  ]

  @Test(arguments: hostileNames)
  func hostilePathArrivesAsOneArgumentAndRunsNothing(name: String) throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool")
    let marker = stubs.folder.file("MARKER")
    let path = stubs.folder.file(name.replacingOccurrences(of: "@MARKER@", with: marker))
    let request = WallpaperRequest(path: path, mode: .center)

    try CommandBackend(template: "mytool --set {path} --uri={uri} '{mode}'").set(request, in: stubs.session())

    #expect(stubs.calls() == [["mytool", "--set", path, "--uri=\(request.uri)", "center"]])
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test func autoModeIsGivenAsFill() throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool")
    try CommandBackend(template: "mytool {mode}").set(
      WallpaperRequest(path: "/a", mode: .auto), in: stubs.session())
    #expect(stubs.calls() == [["mytool", "fill"]])
  }

  @Test(arguments: [
    ("", "the command is empty; set command = \"mytool {path}\" in the config"),
    ("mytool 'unclosed {path}", "the command has a ' quote that is never closed"),
    ("mytool {file}", "the command uses {file}, which is not a placeholder; use {path}, {uri} or {mode}"),
  ])
  func unusableTemplateIsMisconfigured(template: String, message: String) throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool")
    let backend = CommandBackend(template: template)
    #expect(throws: DesktopError.misconfigured(backend: "command", message: message)) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
    #expect(!backend.isAvailable(in: stubs.session()))
    #expect(stubs.calls().isEmpty)
  }

  @Test func availableOnlyWhenTheProgramExists() throws {
    let stubs = try ToolStubs()
    let backend = CommandBackend(template: "mytool {path}")
    #expect(backend.tools == ["mytool"])
    #expect(!backend.isAvailable(in: stubs.session()))
    #expect(throws: DesktopError.toolMissing(backend: "command", tool: "mytool")) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
    try stubs.install("mytool")
    #expect(backend.isAvailable(in: stubs.session()))
  }

  @Test func neverDetected() throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool")
    let session = stubs.session(["XDG_CURRENT_DESKTOP": "command", "DISPLAY": ":0"])
    #expect(!CommandBackend(template: "mytool {path}").isDetected(in: session))
  }

  @Test func failingCommandReportsStatusAndStderr() throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool", then: "echo 'cannot do that' >&2\nexit 3")
    #expect(
      throws: DesktopError.toolFailed(
        backend: "command", command: "mytool /a.jpg", status: 3, stderr: "cannot do that\n")
    ) {
      try CommandBackend(template: "mytool {path}").set(
        WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
  }

  /// A tool that hangs is killed at the session's timeout, and the error says so.
  @Test func hungToolTimesOut() throws {
    let stubs = try ToolStubs()
    try stubs.install("mytool", then: "exec /bin/sleep 60")
    let started = Date()
    #expect(
      throws: DesktopError.timedOut(backend: "command", command: "mytool /a.jpg", limit: .milliseconds(500))
    ) {
      try CommandBackend(template: "mytool {path}").set(
        WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session(timeout: .milliseconds(500)))
    }
    #expect(Date().timeIntervalSince(started) < 3)
  }
}
