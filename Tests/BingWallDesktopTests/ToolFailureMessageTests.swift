import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// A failed tool's error keeps the tool's own reason: stderr, stdout when stderr is empty, and the
/// signal when one killed it.
@Suite struct ToolFailureMessageTests {
  @Test func stdoutIsTheReasonWhenStderrIsEmpty() throws {
    let stubs = try ToolStubs()
    try stubs.install("explainer", then: "echo 'Could not connect to the shell'; exit 255")
    #expect(
      throws: DesktopError.toolFailed(
        backend: "kde", command: "explainer x", status: 255, stderr: "Could not connect to the shell\n")
    ) {
      try stubs.session().run(["explainer", "x"], backend: "kde")
    }
  }

  @Test func stderrWinsOverStdout() throws {
    let stubs = try ToolStubs()
    try stubs.install("both", then: "echo progress; echo 'real reason' >&2; exit 1")
    #expect(
      throws: DesktopError.toolFailed(backend: "lxde", command: "both", status: 1, stderr: "real reason\n")
    ) {
      try stubs.session().run(["both"], backend: "lxde")
    }
  }

  @Test func aSignalIsNamed() throws {
    let stubs = try ToolStubs()
    try stubs.install("sandboxed", then: "kill -SYS $$")
    do {
      try stubs.session().run(["sandboxed"], backend: "xwallpaper")
      Issue.record("a killed tool must fail")
    } catch {
      #expect(
        error.description
          == "xwallpaper: 'sandboxed' was killed by signal 31 (SIGSYS, status 159) (a system call its sandbox forbids)"
      )
    }
  }

  @Test(arguments: [
    (Int32(1), "failed with status 1"), (255, "failed with status 255"),
    (137, "was killed by signal 9 (SIGKILL, status 137)"),
  ])
  func endings(status: Int32, text: String) {
    #expect(DesktopError.ending(status) == text)
  }
}
