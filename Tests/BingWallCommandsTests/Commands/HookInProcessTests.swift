import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// `hooks.on_change` on the scripted week with the `none` backend, the hook a scripted program
/// (`themer`): the events `next`, `previous` and the daemon's rotation name, the timeout it is
/// given, and failures injected through the process runner.
@Suite struct HookInProcessTests {
  static func context() throws -> InProcess {
    let run = try FakeBingRun.updated()
    run.environment["BINGWALL_HOOKS_ON_CHANGE"] = "themer {key} {title}"
    return run
  }

  /// Each run of the hook, in order.
  static func hookRuns(_ run: InProcess) -> [ProcessInvocation] {
    run.processes.runs.filter { $0.arguments.first == "themer" }
  }

  @Test func nextAndPreviousAreTheirOwnEventsAndNothingSetRunsNothing() throws {
    let run = try Self.context()
    run.processes.stub("themer") { _ in .exit(0) }
    for words in [["previous"], ["previous"], ["next"], ["next"], ["next"], ["random", "--dry-run"]] {
      let result = run.run(words + ["-q"])
      #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
    }
    let runs = Self.hookRuns(run)
    // The first step lands on the newest; the last two `next`s are at the newest end and
    // `--dry-run` sets nothing: no run for them.
    #expect(runs.map { $0.environment["BINGWALL_EVENT"] } == ["previous", "previous", "next"])
    #expect(
      runs.map(\.arguments) == [
        ["themer", "OHR.Lake", "Lake title"], ["themer", "OHR.Fox", "Fox title"],
        ["themer", "OHR.Lake", "Lake title"],
      ])
    #expect(runs.allSatisfy { $0.timeout == .seconds(30) })
  }

  @Test func theDaemonsRotationIsTheEventRotate() throws {
    let run = try FakeBingRun.context()
    run.environment["BINGWALL_HOOKS_ON_CHANGE"] = "themer {key}"
    run.processes.stub("themer") { _ in .exit(0) }
    run.stubUpdateChild()
    let result = try run.runDaemon(waiter: SignalDuringStep(signal: SIGUSR1))
    #expect(result.status == 0)
    #expect(result.log.contains { $0.hasPrefix("rotate: ") }, "\(result.log)")
    // The update child (run in this process) sets the newest, then SIGUSR1's rotation another.
    #expect(Self.hookRuns(run).map { $0.environment["BINGWALL_EVENT"] } == ["update", "rotate"])
  }

  @Test func aFailingHookIsOneWarningAndNeverThePicturesFailure() throws {
    let run = try Self.context()
    // Left over from whatever started bingwall: not this picture's dark variant.
    run.environment["BINGWALL_DARK"] = "/stale/dark.jpg"
    run.environment["BINGWALL_HOOKS_TIMEOUT"] = "5s"
    run.processes.stub("themer") { _ in
      var stopped = ProcessResult.exit(143, stdout: "half done\n")
      stopped.timedOut = true
      return stopped
    }
    let timedOut = run.run(["apply", "OHR.Fox"])
    #expect(timedOut.status == 0)
    #expect(timedOut.stdout.hasPrefix("Applied 2026-11-30 OHR.Fox"))
    #expect(
      timedOut.stderr
        == "bingwall: warning: hooks.on_change 'themer' was stopped after 5s (hooks.timeout); the picture is set\n"
    )
    let invocation = try #require(Self.hookRuns(run).last)
    #expect(invocation.timeout == .seconds(5))
    #expect(invocation.environment["BINGWALL_DARK"] == nil)
    #expect(invocation.environment["BINGWALL_TITLE"] == "Fox title")

    run.processes.missing("themer")
    let missing = run.run(["apply", "OHR.Dune"])
    #expect(missing.status == 0)
    #expect(
      missing.stderr
        == "bingwall: warning: hooks.on_change not run: cannot run 'themer': not found on PATH; "
        + "install it or adjust PATH\n")
  }

  @Test func aTemplateThatCannotRunIsRefusedWhereItIsSet() throws {
    let run = try FakeBingRun.updated()
    let unknown = run.run(["config", "set", "hooks.on_change", "wal -i {file}"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains(
        "it uses {file}, which is not a placeholder; use {path}, {key}, {title} or {source}"))
    let quote = run.run(["config", "set", "hooks.on_new", "notify 'open"])
    #expect(quote.status == 64)
    #expect(quote.stderr.contains("it has a ' quote that is never closed"))
    #expect(run.run(["config", "set", "hooks.timeout", "off"]).status == 64)
    #expect(run.run(["config", "set", "hooks.timeout", "2m"]).status == 0)
    #expect(run.run(["config", "set", "hooks.on_change", "wal -i {path}"]).status == 0)
  }
}
