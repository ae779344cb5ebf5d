import Foundation
import Synchronization
import Testing

@testable import BingWallSystem

/// A process runner that answers from a table of programs and fails the test loudly when a
/// program nobody stubbed is run, so an in-process test states every child the command starts.
/// "Is it installed" is answered from the same table: a program is installed when stubbed.
final class ScriptedProcessRunner: ProcessRunner, Sendable {
  typealias Answer = @Sendable (_ arguments: [String]) -> ProcessResult
  /// For a child whose whole invocation matters: its environment, timeout, stop and output limit.
  typealias InvocationAnswer = @Sendable (_ invocation: ProcessInvocation) -> ProcessResult

  private let programs: Mutex<[String: InvocationAnswer]>
  private let log = Mutex<[[String]]>([])
  private let invocations = Mutex<[ProcessInvocation]>([])

  init(_ programs: [String: Answer] = [:]) {
    self.programs = Mutex(programs.mapValues { answer in { answer($0.arguments) } })
  }

  func stub(_ program: String, _ answer: @escaping Answer) {
    programs.withLock { $0[program] = { answer($0.arguments) } }
  }

  func stubInvocation(_ program: String, _ answer: @escaping InvocationAnswer) {
    programs.withLock { $0[program] = answer }
  }

  /// Every invocation run, in order.
  var runs: [ProcessInvocation] { invocations.withLock { $0 } }

  /// Every argv run, in order.
  var calls: [[String]] { log.withLock { $0 } }

  func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    let program = invocation.arguments.first ?? ""
    log.withLock { $0.append(invocation.arguments) }
    invocations.withLock { $0.append(invocation) }
    guard let answer = programs.withLock({ $0[(program as NSString).lastPathComponent] }) else {
      Issue.record("unstubbed program run: \(invocation.arguments)")
      throw .notFound(program: program)
    }
    return answer(invocation)
  }

  /// A stubbed program is installed, at a made-up path; any other is not.
  func locate(_ program: String, onPath path: String?) -> String? {
    programs.withLock { $0[program] } == nil ? nil : "/usr/bin/" + program
  }

  func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
  {
    Issue.record("unstubbed detached start: \(arguments)")
    throw .notFound(program: executable)
  }

  static func exit(_ status: Int32, stdout: String = "", stderr: String = "") -> ProcessResult {
    ProcessResult(status: status, stdout: Data(stdout.utf8), stderr: Data(stderr.utf8), timedOut: false)
  }
}
