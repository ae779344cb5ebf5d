import Foundation

@testable import BingWallSystem

/// The two systemctl machines the autostart tests run on, scripted: nothing else is installed, so
/// a run of any other program fails the test.
extension ScriptedProcessRunner {
  /// A systemctl whose user instance answers everything with success, remembering what is enabled.
  static func reachableSystemctl() -> ScriptedProcessRunner {
    let runner = ScriptedProcessRunner()
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
  static func unreachableSystemctl() -> ScriptedProcessRunner {
    let runner = ScriptedProcessRunner()
    runner.stub(["systemctl", "--user"]) { _ in
      .exit(1, stderr: "Failed to connect to bus: No medium found\n")
    }
    return runner
  }
}
