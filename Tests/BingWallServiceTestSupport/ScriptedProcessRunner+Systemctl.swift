import BingWallTestSupport
import Foundation

@testable import BingWallSystem

/// The two systemctl machines the autostart tests run on, scripted: nothing else is installed, so
/// a run of any other program fails the test.
extension ScriptedProcessRunner {
  /// A systemctl whose user instance answers everything with success, remembering what is enabled,
  /// and starts the sandbox's trial service when `userNamespaces` (a refusal as systemd 252 words
  /// it otherwise).
  package static func reachableSystemctl(userNamespaces: Bool = true) -> ScriptedProcessRunner {
    let runner = ScriptedProcessRunner()
    runner.stubSandboxTrial(succeeds: userNamespaces)
    let enabled = Locked<Set<String>>([])
    runner.stub(["systemctl", "--user"]) { arguments in
      let words = Array(arguments.dropFirst(2))
      switch words.first {
      case "is-enabled":
        let on = enabled.withLock { $0.contains(words[1]) }
        return .exit(on ? 0 : 1, stdout: on ? "enabled\n" : "disabled\n")
      case "enable": enabled.withLock { _ = $0.insert(words.last!) }
      case "disable": enabled.withLock { _ = $0.remove(words.last!) }
      case "is-active": return .exit(0, stdout: "active\n")
      default: break
      }
      return .exit(0)
    }
    return runner
  }

  /// A machine where `systemctl --user` cannot reach any instance (a container, `su`).
  package static func unreachableSystemctl() -> ScriptedProcessRunner {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user"]) { _ in
      .exit(1, stderr: "Failed to connect to bus: No medium found\n")
    }
    return runner
  }

  /// `systemd-run --user --wait … /bin/true`, the strong sandbox's trial: where user namespaces
  /// are refused the service fails at its start, and systemd-run says so.
  package func stubSandboxTrial(succeeds: Bool) {
    stub(["systemd-run", "--user"]) { _ in
      succeeds
        ? .exit(0)
        : .exit(
          1,
          stderr: "Job for run-u7.service failed because the control process exited with error code.\n"
            + "See \"systemctl --user status run-u7.service\" and \"journalctl --user -xeu run-u7.service\" "
            + "for details.\n")
    }
  }
}
