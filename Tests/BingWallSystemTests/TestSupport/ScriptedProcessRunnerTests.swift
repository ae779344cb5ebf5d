import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The tests' process runner answers only what was scripted, and says so loudly otherwise.
@Suite struct ScriptedProcessRunnerTests {
  static func invocation(_ arguments: [String]) -> ProcessInvocation {
    ProcessInvocation(arguments: arguments, environment: ["PATH": "/usr/bin"])
  }

  @Test func anUnscriptedRunFailsTheTestAndIsNotStarted() {
    let runner = ScriptedProcessRunner()
    withKnownIssue {
      #expect(throws: ProcessError.notFound(program: "rm")) {
        try runner.run(Self.invocation(["rm", "-rf", "/"]))
      }
    } matching: { issue in
      issue.description.contains("unscripted program run: [\"rm\", \"-rf\", \"/\"]")
    }
    #expect(runner.calls == [["rm", "-rf", "/"]])
  }

  @Test func anArgvOutsideEveryScriptedPrefixFailsTheTest() {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user", "is-active"]) { _ in .exit(0) }
    withKnownIssue {
      _ = try? runner.run(Self.invocation(["systemctl", "--user", "enable", "x"]))
    } matching: { issue in
      issue.description.contains("unscripted program run")
    }
  }

  @Test func anUnscriptedDetachedStartFailsTheTest() {
    let runner = ScriptedProcessRunner()
    withKnownIssue {
      #expect(throws: ProcessError.self) {
        try runner.startDetached(
          executable: "/usr/bin/swaybg", arguments: ["swaybg"], environment: [:], errorLog: nil)
      }
    } matching: { issue in
      issue.description.contains("unscripted detached start")
    }
    #expect(runner.detachedStarts.map(\.executable) == ["/usr/bin/swaybg"])
  }

  @Test func theLongestMatchingPrefixAnswersWhateverThePathOfTheProgram() throws {
    let runner = ScriptedProcessRunner()
    runner.stub("git") { _ in .exit(1) }
    runner.stub(["git", "status"]) { _ in .exit(0, stdout: "clean\n") }
    runner.stub(["git"]) { _ in .exit(2) }
    #expect(try runner.run(Self.invocation(["/usr/bin/git", "status", "-s"])).stdoutText == "clean\n")
    #expect(try runner.run(Self.invocation(["git", "log"])).status == 2)
    #expect(runner.calls == [["/usr/bin/git", "status", "-s"], ["git", "log"]])
  }

  @Test func aMissingProgramIsNotFoundWithoutAnIssue() {
    let runner = ScriptedProcessRunner()
    runner.missing("crontab")
    #expect(throws: ProcessError.notFound(program: "crontab")) {
      try runner.run(Self.invocation(["crontab", "-l"]))
    }
    #expect(runner.locate("crontab", onPath: "/usr/bin") == nil)
  }

  @Test func aProgramIsInstalledWhenScriptedOrPlaced() {
    let runner = ScriptedProcessRunner()
    runner.stub("feh") { _ in .exit(0) }
    runner.stubDetached("swaybg") { _ throws(ProcessError) in 7 }
    runner.install("xdg-open", at: "/opt/bin/xdg-open")
    #expect(runner.locate("feh", onPath: "/bin") == "/usr/bin/feh")
    #expect(runner.locate("swaybg", onPath: nil) == "/usr/bin/swaybg")
    #expect(runner.locate("xdg-open", onPath: "/opt/bin") == "/opt/bin/xdg-open")
    #expect(runner.locate("nitrogen", onPath: "/bin") == nil)
    #expect(
      runner.lookups == [["feh", "/bin"], ["swaybg", ""], ["xdg-open", "/opt/bin"], ["nitrogen", "/bin"]])
  }

  @Test func everyCallIsRecordedInOrderWithItsEnvironment() throws {
    let runner = ScriptedProcessRunner()
    runner.stub("true") { _ in .exit(0) }
    runner.stubDetached("swaybg") { _ throws(ProcessError) in 42 }
    _ = try runner.run(ProcessInvocation(arguments: ["true"], environment: ["A": "1"]))
    #expect(
      try runner.startDetached(
        executable: "/usr/bin/swaybg", arguments: ["swaybg", "-i", "x"], environment: ["B": "2"],
        errorLog: "/l")
        == 42)
    #expect(
      runner.allCalls == [
        .run(ProcessInvocation(arguments: ["true"], environment: ["A": "1"])),
        .detached(
          .init(
            executable: "/usr/bin/swaybg", arguments: ["swaybg", "-i", "x"], environment: ["B": "2"],
            errorLog: "/l")),
      ])
  }
}
