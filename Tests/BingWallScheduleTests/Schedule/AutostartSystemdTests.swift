import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// The systemd service and timer methods against a fake systemctl: the unit text, the exact calls,
/// idempotence, and taking back exactly what was done.
@Suite struct AutostartSystemdTests {
  let home = try! TemporaryDirectory()
  static let binary = "/usr/local/bin/bingwall"

  func environment(_ runner: ScriptedProcessRunner) -> AutostartEnvironment {
    AutostartEnvironment(
      configHome: home.file("config"), processes: runner, environment: ["PATH": "/usr/bin:/bin"])
  }

  var unitPath: String { home.file("config/systemd/user/bingwall.service") }

  // MARK: Unit text

  @Test func serviceUnitRunsTheDaemonWithTheSession() throws {
    let text = try AutostartSystemd.unitText(executable: Self.binary, sandbox: .basic)
    let lines = text.split(separator: "\n").map(String.init)
    for expected in [
      "[Unit]", "PartOf=graphical-session.target", "After=graphical-session.target", "X-Bingwall=true",
      "[Service]", "ExecStart=/usr/local/bin/bingwall daemon", "Restart=on-failure", "[Install]",
      "WantedBy=graphical-session.target",
    ] {
      #expect(lines.contains(expected), "missing \(expected)")
    }
    #expect(text.hasSuffix("\n"))
  }

  @Test func timerIsHourlyPersistentAndSpread() throws {
    let service = try AutostartSystemdTimer.serviceText(executable: Self.binary, sandbox: .basic)
    #expect(service.contains("\nType=oneshot\n"))
    #expect(service.contains("\nExecStart=/usr/local/bin/bingwall update\n"))
    let timer = AutostartSystemdTimer.timerText
    for expected in [
      "OnCalendar=hourly", "Persistent=true", "RandomizedDelaySec=10min", "OnStartupSec=2min",
      "WantedBy=timers.target",
    ] {
      #expect(timer.contains("\n\(expected)\n"), "missing \(expected)")
    }
  }

  /// systemd reads `Key=value # note` as the value `value # note`.
  @Test(arguments: [AutostartSandbox.Level.basic, .strong])
  func noCommentSharesALineWithASetting(sandbox: AutostartSandbox.Level) throws {
    let texts = [
      try AutostartSystemd.unitText(executable: Self.binary, sandbox: sandbox),
      try AutostartSystemdTimer.serviceText(executable: Self.binary, sandbox: sandbox),
      AutostartSystemdTimer.timerText,
    ]
    for text in texts {
      let marked = text.split(separator: "\n").filter { $0.contains("#") || $0.contains(";") }
      // Each file has its "Written by" comment: the rule is checked on lines that exist.
      #expect(!marked.isEmpty, "\(text)")
      for line in marked {
        #expect(line.hasPrefix("#"), "\(line)")
      }
    }
  }

  @Test(arguments: [
    ("/usr/bin/bingwall", "/usr/bin/bingwall"),
    ("/opt/my apps/bingwall", "\"/opt/my apps/bingwall\""),
    ("/opt/100%/bingwall", "/opt/100%%/bingwall"),
    ("/opt/$HOME/bingwall", "/opt/$HOME/bingwall"),
    ("/opt/a b%c/bingwall", "\"/opt/a b%%c/bingwall\""),
    ("/opt/ünï/bingwall", "/opt/ünï/bingwall"),
  ])
  func execPathIsQuotedForSystemd(path: String, expected: String) throws {
    #expect(try AutostartSystemdUnits.execPath(path, method: "systemd") == expected)
  }

  @Test(arguments: ["/opt/it's/bingwall", "/opt/\"q\"/bingwall", "/opt/back\\slash/bingwall", "/opt/a\nb"])
  func pathsSystemdRefusesAreRefusedHere(path: String) {
    #expect(throws: AutostartError.self) { try AutostartSystemdUnits.execPath(path, method: "systemd") }
  }

  // MARK: Reachable systemd

  @Test func enableWritesTheUnitThenReloadsAndStartsIt() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let report = try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    #expect(report.outcome == .enabled)
    #expect(report.pending.isEmpty)
    #expect(
      runner.calls == [
        ["systemctl", "--user", "show-environment"], AutostartSandbox.trial,
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "bingwall.service"],
        ["systemctl", "--user", "is-active", "graphical-session.target"],
      ])
    let written = try String(contentsOfFile: unitPath, encoding: .utf8)
    #expect(written == (try AutostartSystemd.unitText(executable: Self.binary, sandbox: .strong)))
    var info = stat()
    #expect(stat(unitPath, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o644)
  }

  @Test func enablingTwiceChangesNothing() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let method = AutostartSystemd(environment(runner))
    _ = try method.enable(executable: Self.binary)
    var before = stat()
    stat(unitPath, &before)
    let callsBefore = runner.calls.count
    let again = try method.enable(executable: Self.binary)
    #expect(again.outcome == .alreadyEnabled)
    #expect(again.actions.isEmpty)
    #expect(
      Array(runner.calls.dropFirst(callsBefore)) == [
        ["systemctl", "--user", "is-enabled", "bingwall.service"],
        ["systemctl", "--user", "is-active", "graphical-session.target"],
      ])
    var after = stat()
    stat(unitPath, &after)
    #expect(after.st_ino == before.st_ino)  // Not even rewritten with the same bytes.
  }

  @Test func aMovedBinaryRewritesAndRestarts() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let method = AutostartSystemd(environment(runner))
    _ = try method.enable(executable: Self.binary)
    let callsBefore = runner.calls.count
    let report = try method.enable(executable: "/opt/bingwall/bin/bingwall")
    #expect(report.outcome == .updated)
    #expect(
      Array(runner.calls.dropFirst(callsBefore)) == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "bingwall.service"],
        ["systemctl", "--user", "try-restart", "bingwall.service"],
        ["systemctl", "--user", "is-active", "graphical-session.target"],
      ])
    #expect(
      try String(contentsOfFile: unitPath, encoding: .utf8).contains("/opt/bingwall/bin/bingwall daemon"))
  }

  @Test func disableStopsThenRemovesThenReloads() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let method = AutostartSystemd(environment(runner))
    _ = try method.enable(executable: Self.binary)
    let callsBefore = runner.calls.count
    let report = try method.disable()
    #expect(report.outcome == .disabled)
    #expect(
      Array(runner.calls.dropFirst(callsBefore)) == [
        ["systemctl", "--user", "disable", "--now", "bingwall.service"],
        ["systemctl", "--user", "daemon-reload"],
      ])
    #expect(!FileManager.default.fileExists(atPath: unitPath))
    let again = try method.disable()
    #expect(again.outcome == .alreadyDisabled)
    #expect(runner.calls.count == callsBefore + 2)
  }

  @Test func anInactiveSessionTargetIsReported() throws {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user"]) { _ in .exit(0) }
    runner.stubSandboxTrial(succeeds: true)
    runner.stub(["systemctl", "--user", "is-active"]) { _ in .exit(3, stdout: "inactive\n") }
    let report = try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    #expect(report.warnings.count == 1)
    #expect(report.warnings.first?.contains("graphical-session.target is inactive") == true)
  }

  @Test func aFailingSystemctlIsAnError() throws {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user"]) { _ in .exit(0) }
    runner.stubSandboxTrial(succeeds: true)
    runner.stub(["systemctl", "--user", "enable"]) { _ in .exit(1, stderr: "Access denied\n") }
    #expect {
      try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    } throws: { error in
      "\(error)" == "'systemctl --user enable --now bingwall.service' failed with status 1: Access denied"
    }
  }

  // MARK: Unreachable systemd

  @Test func unreachableWritesTheFilesAndHandsOverTheCommands() throws {
    let runner = ScriptedProcessRunner.unreachableSystemctl()
    let report = try AutostartSystemdTimer(environment(runner)).enable(executable: Self.binary)
    #expect(report.outcome == .enabled)
    #expect(
      report.pending == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "bingwall-update.timer"],
      ])
    #expect(report.pendingReason?.contains("No medium found") == true)
    #expect(runner.calls == [["systemctl", "--user", "show-environment"]])
    for name in ["bingwall-update.service", "bingwall-update.timer"] {
      #expect(FileManager.default.fileExists(atPath: home.file("config/systemd/user/\(name)")))
    }
  }

  @Test func disableWithoutSystemdAlsoRemovesTheLinkSystemctlMade() throws {
    let folder = home.file("config/systemd/user")
    _ = try AutostartSystemd(environment(.unreachableSystemctl())).enable(executable: Self.binary)
    // What `systemctl --user enable` left on an earlier, reachable day; and a user's own link.
    try FileManager.default.createDirectory(
      atPath: folder + "/graphical-session.target.wants", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/graphical-session.target.wants/bingwall.service", withDestinationPath: unitPath)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/graphical-session.target.wants/other.service",
      withDestinationPath: folder + "/other.service")
    let report = try AutostartSystemd(environment(.unreachableSystemctl())).disable()
    #expect(report.outcome == .disabled)
    #expect(
      report.pending == [
        ["systemctl", "--user", "stop", "bingwall.service"], ["systemctl", "--user", "daemon-reload"],
      ])
    let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/graphical-session.target.wants")
    #expect(left == ["other.service"])
    #expect(!FileManager.default.fileExists(atPath: unitPath))
  }

  // MARK: Files that are not ours

  @Test func aUnitTheUserWroteIsNeverTouched() throws {
    try FileManager.default.createDirectory(
      atPath: home.file("config/systemd/user"), withIntermediateDirectories: true)
    let own = "[Service]\nExecStart=/home/me/bin/my-bingwall-wrapper\n"
    try own.write(toFile: unitPath, atomically: false, encoding: .utf8)
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let method = AutostartSystemd(environment(runner))
    #expect(throws: AutostartError.foreignFile(path: unitPath)) { try method.enable(executable: Self.binary) }
    #expect(throws: AutostartError.foreignFile(path: unitPath)) { try method.disable() }
    #expect(try String(contentsOfFile: unitPath, encoding: .utf8) == own)
    #expect(!runner.calls.contains { $0.contains("enable") || $0.contains("disable") })
    #expect(method.status().enabled == false)
    #expect(method.status().note?.contains("not written by bingwall") == true)
  }

  @Test func aForeignTimerStopsTheWholeMethodBeforeAnythingIsWritten() throws {
    let folder = home.file("config/systemd/user")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[Timer]\nOnCalendar=daily\n".write(
      toFile: folder + "/bingwall-update.timer", atomically: false, encoding: .utf8)
    let method = AutostartSystemdTimer(environment(.reachableSystemctl()))
    #expect(throws: AutostartError.self) { try method.enable(executable: Self.binary) }
    #expect(!FileManager.default.fileExists(atPath: folder + "/bingwall-update.service"))
  }

  /// Written is not on: a unit systemd has not enabled is off, with the one command that turns it on.
  @Test func statusSaysWhenSystemdHasItOff() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    let method = AutostartSystemd(environment(.unreachableSystemctl()))
    #expect(method.status() == AutostartStatus(method: "systemd", enabled: false))
    _ = try method.enable(executable: Self.binary)
    let status = AutostartSystemd(environment(runner)).status()
    #expect(!status.enabled)
    #expect(status.files == [unitPath])
    #expect(status.note == "written, not enabled")
    #expect(status.fix == "run 'bingwall autostart enable --method systemd'")
    _ = try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    let on = AutostartSystemd(environment(runner)).status()
    #expect(on.enabled && on.note == nil && on.fix == nil)
  }

  /// Where systemd cannot be asked, the link `systemctl enable` makes tells enabled from not, and
  /// the status says it could not confirm.
  @Test func withoutSystemdTheLinkSaysWhetherItIsEnabled() throws {
    let method = AutostartSystemd(environment(.unreachableSystemctl()))
    _ = try method.enable(executable: Self.binary)
    let written = method.status()
    #expect(!written.enabled)
    #expect(written.note == "written, not enabled")
    #expect(written.fix == "run 'bingwall autostart enable --method systemd' in your desktop session")

    let wants = home.file("config/systemd/user/graphical-session.target.wants")
    try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: wants + "/bingwall.service", withDestinationPath: "../bingwall.service")
    let linked = AutostartSystemd(environment(.unreachableSystemctl())).status()
    #expect(linked.enabled)
    #expect(linked.note == "not confirmed: systemd cannot be asked from here")
    #expect(linked.fix == nil)
  }

  /// Enabling again from where systemd is out of reach: a unit the link says is on needs nothing;
  /// one never enabled still needs the command, and is said to be turned on, not updated.
  @Test func enablingAgainOutOfReachAsksOnlyForWhatIsNotOn() throws {
    let method = AutostartSystemd(environment(.unreachableSystemctl()))
    _ = try method.enable(executable: Self.binary)
    let again = try method.enable(executable: Self.binary)
    #expect(again.outcome == .enabled)
    #expect(again.pending.last == ["systemctl", "--user", "enable", "--now", "bingwall.service"])
    let moved = try method.enable(executable: "/opt/bingwall")
    #expect(moved.outcome == .enabled)

    let wants = home.file("config/systemd/user/graphical-session.target.wants")
    try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: wants + "/bingwall.service", withDestinationPath: "../bingwall.service")
    let linked = try method.enable(executable: "/opt/bingwall")
    #expect(linked.outcome == .alreadyEnabled)
    #expect(linked.pending.isEmpty)
    let updated = try method.enable(executable: Self.binary)
    #expect(updated.outcome == .updated)
    #expect(updated.pending.last == ["systemctl", "--user", "try-restart", "bingwall.service"])
  }

  @Test func aMaskedUnitNamesBothCommands() throws {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user"]) { arguments in
      arguments.contains("is-enabled") ? .exit(1, stdout: "masked\n") : .exit(0)
    }
    runner.stubSandboxTrial(succeeds: false)
    let method = AutostartSystemd(environment(runner))
    _ = try? method.enable(executable: Self.binary)
    let status = method.status()
    #expect(!status.enabled)
    #expect(status.note == "masked in systemd")
    #expect(
      status.fix
        == "run 'systemctl --user unmask bingwall.service', then 'bingwall autostart enable --method systemd'"
    )
  }
}
