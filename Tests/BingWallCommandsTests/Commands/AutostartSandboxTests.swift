import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// Which sandbox `enable` writes for the user services: the strong one only where a trial service
/// with exactly its settings ran, the basic one otherwise, and the one line that says which.
@Suite struct AutostartSandboxTests {
  let home = try! TemporaryDirectory()
  static let binary = "/usr/local/bin/bingwall"

  func environment(_ runner: ScriptedProcessRunner) -> AutostartEnvironment {
    AutostartEnvironment(
      configHome: home.file("config"), processes: runner, environment: ["PATH": "/usr/bin:/bin"])
  }

  func unit(_ name: String) throws -> String {
    try String(contentsOfFile: home.file("config/systemd/user/" + name), encoding: .utf8)
  }

  @Test func aTrialThatRunsWritesTheStrongSandbox() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl(userNamespaces: true)
    let environment = environment(runner)
    let service = try AutostartSystemd(environment).enable(executable: Self.binary)
    let timer = try AutostartSystemdTimer(environment).enable(executable: Self.binary)
    for report in [service, timer] {
      #expect(report.sandbox?.line == "sandbox: strong (user namespaces available)")
    }
    for name in [AutostartSystemd.unitName, AutostartSystemdTimer.serviceName] {
      let text = try unit(name)
      #expect(text.contains("\nPrivateUsers=yes\nCapabilityBoundingSet=\nProtectSystem=full\n"), "\(text)")
      #expect(text.contains("\nNoNewPrivileges=yes\n"))
    }
    // One trial for both methods: the answer is the user manager's, not the method's.
    #expect(runner.calls.filter { $0.first == "systemd-run" } == [AutostartSandbox.trial])
    #expect(AutostartSystemd(environment).status().sandbox == .strong)
  }

  @Test func aTrialThatFailsWritesTheBasicSandbox() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl(userNamespaces: false)
    let environment = environment(runner)
    let service = try AutostartSystemd(environment).enable(executable: Self.binary)
    let timer = try AutostartSystemdTimer(environment).enable(executable: Self.binary)
    for report in [service, timer] {
      #expect(
        report.sandbox?.line == "sandbox: basic (this system does not allow user namespaces to services)")
      // The service is still started: the basic sandbox is one it can run in.
      #expect(report.outcome == .enabled)
    }
    #expect(
      try unit(AutostartSystemd.unitName)
        == AutostartSystemd.unitText(executable: Self.binary, sandbox: .basic))
    #expect(
      try unit(AutostartSystemdTimer.serviceName)
        == AutostartSystemdTimer.serviceText(executable: Self.binary, sandbox: .basic))
    #expect(!(try unit(AutostartSystemd.unitName)).contains("PrivateUsers"))
    #expect(AutostartSystemdTimer(environment).status().sandbox == .basic)
  }

  @Test func withoutSystemdNothingIsTriedAndTheBasicSandboxIsWritten() throws {
    let runner = ScriptedProcessRunner.unreachableSystemctl()
    let report = try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    #expect(
      report.sandbox
        == AutostartSandbox(level: .basic, reason: "systemd is not reachable to try the stronger one"))
    #expect(!runner.calls.contains { $0.first == "systemd-run" })
    #expect(!(try unit(AutostartSystemd.unitName)).contains("PrivateUsers"))
  }

  @Test func withoutSystemdRunTheBasicSandboxIsWritten() throws {
    let runner = ScriptedProcessRunner.reachableSystemctl()
    runner.missing("systemd-run")
    let report = try AutostartSystemdTimer(environment(runner)).enable(executable: Self.binary)
    #expect(report.sandbox?.level == .basic)
    #expect(report.sandbox?.reason == "systemd-run is not installed to try the stronger one")
    #expect(!(try unit(AutostartSystemdTimer.serviceName)).contains("PrivateUsers"))
  }

  /// A system whose user namespaces were since restricted (an upgrade to Ubuntu 24.04): enabling
  /// again writes the basic sandbox and restarts the daemon in it.
  @Test func enablingAgainAfterTheSystemChangedRewritesAndRestarts() throws {
    _ = try AutostartSystemd(environment(.reachableSystemctl(userNamespaces: true))).enable(
      executable: Self.binary)
    let runner = ScriptedProcessRunner.reachableSystemctl(userNamespaces: false)
    let report = try AutostartSystemd(environment(runner)).enable(executable: Self.binary)
    #expect(report.outcome == .updated)
    #expect(runner.calls.contains(["systemctl", "--user", "try-restart", AutostartSystemd.unitName]))
    #expect(!(try unit(AutostartSystemd.unitName)).contains("PrivateUsers"))
  }

  /// A trial of other settings than the unit's would prove nothing: both come from one table.
  @Test func theTrialCarriesExactlyTheStrongUnitsSettings() throws {
    let trial = AutostartSandbox.trial
    #expect(Array(trial.prefix(5)) == ["systemd-run", "--user", "--wait", "--quiet", "--collect"])
    #expect(trial.last == "/bin/true")
    let middle = Array(trial.dropFirst(5).dropLast())
    #expect(middle.count % 2 == 0)
    let flags = stride(from: 0, to: middle.count, by: 2).map { middle[$0] }
    #expect(Set(flags) == ["-p"])
    let properties = stride(from: 1, to: middle.count, by: 2).map { middle[$0] }
    let text = try AutostartSystemd.unitText(executable: Self.binary, sandbox: .strong)
    let service = try #require(text.components(separatedBy: "[Service]\n").last)
    let section = try #require(service.components(separatedBy: "[Install]").first)
    let notSandbox = ["Type", "ExecStart", "Restart", "RestartSec"]
    let settings = section.split(separator: "\n").map(String.init).filter { line in
      !line.hasPrefix("#") && !notSandbox.contains(String(line.prefix { $0 != "=" }))
    }
    #expect(properties == settings)
    #expect(properties.contains("PrivateUsers=yes"))
  }

  /// The sandbox is `-v`'s: `enable` says it only then, and so does `status` (`--json` always).
  @Test func enableSaysWhichSandboxUnderVerboseAndStatusShowsIt() throws {
    let run = try InProcess(environment: [AutostartEnvironment.executableOverride: Self.binary])
    run.processes.stub(["systemctl", "--user"]) { arguments in
      arguments.contains("is-enabled") ? .exit(0, stdout: "enabled\n") : .exit(0)
    }
    run.processes.stubSandboxTrial(succeeds: false)
    let enabled = run.run(["autostart", "enable", "--method", "systemd-timer"])
    #expect(enabled.status == 0, "\(enabled.stderr)")
    #expect(
      enabled.stdout.hasPrefix(
        "Autostart on (systemd-timer): bingwall update runs every hour (and after each boot).\nNext run: "),
      "\(enabled.stdout)")
    #expect(!enabled.stdout.contains("sandbox") && !enabled.stderr.contains("sandbox"))
    let verbose = run.run(["-v", "autostart", "enable", "--method", "systemd-timer"])
    #expect(
      verbose.stderr.contains(
        "bingwall: info: systemd-timer: sandbox: basic (this system does not allow user namespaces to services)\n"
      ), "\(verbose.stderr)")
    let status = run.run(["autostart", "status", "--method", "systemd-timer"])
    #expect(status.stdout.hasPrefix("systemd-timer  on "), "\(status.stdout)")
    #expect(!status.stdout.contains("sandbox"), "\(status.stdout)")
    let detailed = run.run(["-v", "autostart", "status", "--method", "systemd-timer"])
    #expect(detailed.stdout.contains("; sandbox: basic"), "\(detailed.stdout)")
    let json = run.run(["autostart", "status", "--method", "systemd-timer", "--json"])
    #expect(json.stdout.contains("\"sandbox\": \"basic\","), "\(json.stdout)")
  }
}
