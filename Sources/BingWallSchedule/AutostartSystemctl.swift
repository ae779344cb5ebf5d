import BingWallSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `systemctl --user`, asked once whether a user instance answers, then used by both systemd methods.
///
/// Without an answering instance (a container, `su`, a machine without systemd) nothing is run and the
/// methods hand the user the commands instead.
package final class AutostartSystemctl: Sendable {
  enum Reachability: Sendable, Equatable {
    case reachable
    /// Why not, for the message: "systemctl is not installed", what it said.
    case unreachable(String)
  }

  /// Long enough for `enable --now` to start a unit; a hung manager still cannot stall us for good.
  static let timeout: Duration = .seconds(30)
  /// The question that needs a running instance but changes nothing. `is-system-running` would be
  /// the obvious one, but it exits 1 for "degraded", a state of many desktops with one failed unit.
  static let probe = ["show-environment"]

  let processes: any ProcessRunner
  let environment: [String: String]
  private let answer = Mutex<Reachability?>(nil)
  private let trialAnswer = Mutex<AutostartSandbox?>(nil)

  init(processes: any ProcessRunner, environment: [String: String]) {
    self.processes = processes
    self.environment = environment
  }

  var reachability: Reachability {
    if let known = answer.withLock({ $0 }) { return known }
    let found: Reachability
    switch query(Self.probe, timeout: .seconds(5)) {
    case .none:
      found = .unreachable("systemctl is not installed")
    case .some(let result) where result.status == 0:
      found = .reachable
    case .some(let result):
      let said = TerminalText.clean(result.stderrText.trimmed())
      let why = result.timedOut ? "no answer within 5 s" : said.isEmpty ? "status \(result.status)" : said
      found = .unreachable("systemctl --user show-environment: \(why)")
    }
    answer.withLock { $0 = found }
    return found
  }

  package var isReachable: Bool { reachability == .reachable }

  /// The sandbox this user manager runs the services in, tried once for both systemd methods.
  var sandbox: AutostartSandbox {
    if let known = trialAnswer.withLock({ $0 }) { return known }
    let found = AutostartSandbox.choose(self)
    trialAnswer.withLock { $0 = found }
    return found
  }

  /// `systemctl --user ARGS` whatever its status; nil when systemctl cannot be started.
  package func query(_ arguments: [String], timeout: Duration = AutostartSystemctl.timeout) -> ProcessResult?
  {
    try? processes.run(
      ProcessInvocation(
        arguments: Self.command(arguments), environment: environment, timeout: timeout))
  }

  /// `systemctl --user ARGS`, which must succeed.
  func run(_ arguments: [String]) throws(AutostartError) -> String {
    let argv = Self.command(arguments)
    guard let result = query(arguments) else {
      throw .toolMissing(tool: "systemctl", hint: "install systemd or choose another --method")
    }
    guard result.status == 0, !result.timedOut else {
      let said = result.timedOut ? "no answer within \(Self.timeout.components.seconds) s" : result.stderrText
      throw .toolFailed(command: argv.joined(separator: " "), status: result.status, stderr: said)
    }
    return "ran " + argv.joined(separator: " ")
  }

  /// What `systemctl --user is-enabled UNIT` prints ("enabled", "disabled", "masked"), or nil.
  func enablement(of unit: String) -> String? {
    guard let result = query(["is-enabled", unit], timeout: .seconds(5)) else { return nil }
    let word = result.stdoutText.trimmed()
    return word.isEmpty ? nil : word
  }

  static func command(_ arguments: [String]) -> [String] { ["systemctl", "--user"] + arguments }
}
