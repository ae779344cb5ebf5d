import Foundation
import Synchronization

@testable import BingWallDesktop
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// A process runner for the autostart unit tests: records every argv and answers from a table, so a
/// test states exactly which systemctl and crontab calls it expects, and nothing real ever runs.
final class AutostartFakeRunner: ProcessRunner, Sendable {
  /// What a fake program does with one call: nil means "not installed".
  typealias Answer = @Sendable (_ arguments: [String], _ input: Data?) -> ProcessResult?

  private let answer: Answer
  private let recorded = Mutex<[ProcessInvocation]>([])

  init(_ answer: @escaping Answer) {
    self.answer = answer
  }

  /// Every call so far, argv only.
  var calls: [[String]] { recorded.withLock { $0.map(\.arguments) } }
  var invocations: [ProcessInvocation] { recorded.withLock { $0 } }

  func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    recorded.withLock { $0.append(invocation) }
    guard let result = answer(invocation.arguments, invocation.input) else {
      throw .notFound(program: invocation.arguments.first ?? "")
    }
    return result
  }

  /// Tools are looked up as before this seam existed, on the real file system: the table answers
  /// runs only, and no autostart test asks where a tool is.
  func locate(_ program: String, onPath path: String?) -> String? {
    PosixProcessRunner.which(program, path: path)
  }

  /// Detached starts go to the real spawner, as they did before this seam existed; nothing here
  /// starts one.
  func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
  {
    try PosixProcessRunner().startDetached(
      executable: executable, arguments: arguments, environment: environment, errorLog: errorLog)
  }

  static func result(_ status: Int32, stdout: String = "", stderr: String = "") -> ProcessResult {
    ProcessResult(status: status, stdout: Data(stdout.utf8), stderr: Data(stderr.utf8), timedOut: false)
  }

  /// State a fake program keeps between calls.
  final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value {
      get { storage.withLock { $0 } }
      set { storage.withLock { $0 = newValue } }
    }
  }

  /// A systemctl whose user instance answers everything with success, remembering what is enabled.
  static func reachableSystemctl() -> AutostartFakeRunner {
    let enabled = Box<Set<String>>([])
    return AutostartFakeRunner { arguments, _ in
      guard arguments.first == "systemctl" else { return nil }
      let words = Array(arguments.dropFirst(2))
      switch words.first {
      case "is-enabled":
        let on = enabled.value.contains(words[1])
        return result(on ? 0 : 1, stdout: on ? "enabled\n" : "disabled\n")
      case "enable": enabled.value.insert(words.last!)
      case "disable": enabled.value.remove(words.last!)
      case "is-active": return result(0, stdout: "active\n")
      default: break
      }
      return result(0)
    }
  }

  /// A machine where `systemctl --user` cannot reach any instance (a container, `su`).
  static func unreachableSystemctl() -> AutostartFakeRunner {
    AutostartFakeRunner { arguments, _ in
      guard arguments.first == "systemctl" else { return nil }
      return result(1, stderr: "Failed to connect to bus: No medium found\n")
    }
  }
}
