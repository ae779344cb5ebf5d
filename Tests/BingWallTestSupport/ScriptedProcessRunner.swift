import Foundation
import Synchronization
import Testing

@testable import BingWallSystem

/// The one process runner of the tests: it answers from a script of argv prefixes, records every
/// call, and fails the test loudly when the code starts a program nobody scripted, so a test
/// states every child the code may start.
///
/// "Is it installed" is answered from the same script, as the whole of a made-up machine: a
/// program is installed when it has an answer (at `/usr/bin/<name>`, or where `install` put it),
/// and not installed otherwise. `missing` scripts the absent program itself: running it fails as
/// a real spawn would (`ProcessError.notFound`), without an issue.
package final class ScriptedProcessRunner: ProcessRunner, Sendable {
  package typealias Answer = @Sendable (_ arguments: [String]) -> ProcessResult
  /// For a child whose whole invocation matters: its environment, input, timeout and stop.
  package typealias InvocationAnswer = @Sendable (_ invocation: ProcessInvocation) -> ProcessResult
  /// A detached start's pid, or the error its spawn fails with.
  package typealias DetachedAnswer = @Sendable (_ start: DetachedStart) throws(ProcessError) -> pid_t

  /// One detached start, as the code asked for it.
  package struct DetachedStart: Equatable, Sendable {
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var errorLog: String?

    package init(
      executable: String, arguments: [String], environment: [String: String], errorLog: String? = nil
    ) {
      self.executable = executable
      self.arguments = arguments
      self.environment = environment
      self.errorLog = errorLog
    }
  }

  /// One call the code made, in order: a child run and waited for, or a detached start.
  package enum Call: Equatable, Sendable {
    case run(ProcessInvocation)
    case detached(DetachedStart)

    package var arguments: [String] {
      switch self {
      case .run(let invocation): invocation.arguments
      case .detached(let start): start.arguments
      }
    }
  }

  private struct Script {
    /// The argv this answers, from its start; the program is compared by its file name.
    var prefix: [String]
    var answer: InvocationAnswer
  }

  private let scripts = Mutex<[Script]>([])
  private let detachedScripts = Mutex<[String: DetachedAnswer]>([:])
  /// Where `install` put a program; nil for a program scripted as missing.
  private let places = Mutex<[String: String?]>([:])
  private let log = Mutex<[Call]>([])
  private let lookupLog = Mutex<[[String]]>([])
  /// Unscripted calls made off the test's own task (the daemon's threads), where an issue cannot
  /// be attributed to the test; `recordUnattributedCalls` records them once the run is over.
  private let unattributed = Mutex<[String]>([])

  package init() {}

  // MARK: Scripting

  /// Answers every run of `program` (any arguments) with `answer`.
  package func stub(_ program: String, _ answer: @escaping Answer) {
    stub([program], answer)
  }

  /// Answers every run whose argv starts with `prefix` with `answer`. The longest matching prefix
  /// wins; of two as long, the later.
  package func stub(_ prefix: [String], _ answer: @escaping Answer) {
    stubInvocation(prefix) { answer($0.arguments) }
  }

  package func stubInvocation(_ program: String, _ answer: @escaping InvocationAnswer) {
    stubInvocation([program], answer)
  }

  package func stubInvocation(_ prefix: [String], _ answer: @escaping InvocationAnswer) {
    precondition(!prefix.isEmpty, "a script needs at least the program")
    scripts.withLock { $0.append(Script(prefix: prefix, answer: answer)) }
  }

  /// Answers each detached start of `program` with `answer` (a pid, or a spawn error).
  package func stubDetached(_ program: String, _ answer: @escaping DetachedAnswer) {
    detachedScripts.withLock { $0[program] = answer }
  }

  /// Says `program` is installed at `path` (instead of `/usr/bin/<program>`).
  package func install(_ program: String, at path: String) {
    places.withLock { $0[program] = .some(path) }
  }

  /// Says `program` is not installed: looked up, it is not found; run, it cannot be started.
  package func missing(_ program: String) {
    places.withLock { $0[program] = .some(nil) }
  }

  // MARK: What was called

  /// Every call, in order.
  package var allCalls: [Call] { log.withLock { $0 } }

  /// Every invocation run and waited for, in order.
  package var runs: [ProcessInvocation] {
    allCalls.compactMap {
      guard case .run(let invocation) = $0 else { return nil }
      return invocation
    }
  }

  /// The argv of every run waited for, in order.
  package var calls: [[String]] { runs.map(\.arguments) }

  /// Every detached start, in order.
  package var detachedStarts: [DetachedStart] {
    allCalls.compactMap {
      guard case .detached(let start) = $0 else { return nil }
      return start
    }
  }

  /// Every look-up, as the program and the PATH it was looked up on ("" for none).
  package var lookups: [[String]] { lookupLog.withLock { $0 } }

  /// Records, in the calling test, the unscripted calls made off its task so far.
  package func recordUnattributedCalls() {
    for call in unattributed.withLock({ calls in
      defer { calls.removeAll() }
      return calls
    }) {
      Issue.record("\(call)")
    }
  }

  // MARK: ProcessRunner

  package func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    log.withLock { $0.append(.run(invocation)) }
    let program = invocation.arguments.first ?? ""
    let name = Self.name(of: program)
    if places.withLock({ $0[name] }) == .some(nil) { throw .notFound(program: program) }
    guard let answer = script(for: invocation.arguments) else {
      fail("unscripted program run: \(invocation.arguments)")
      throw .notFound(program: program)
    }
    return answer(invocation)
  }

  package func locate(_ program: String, onPath path: String?) -> String? {
    lookupLog.withLock { $0.append([program, path ?? ""]) }
    if let place = places.withLock({ $0[program] }) { return place }
    let scripted =
      scripts.withLock { $0.contains { $0.prefix[0] == program } }
      || detachedScripts.withLock { $0[program] != nil }
    return scripted ? "/usr/bin/" + program : nil
  }

  package func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
  {
    let start = DetachedStart(
      executable: executable, arguments: arguments, environment: environment, errorLog: errorLog)
    log.withLock { $0.append(.detached(start)) }
    guard let answer = detachedScripts.withLock({ $0[Self.name(of: arguments.first ?? executable)] }) else {
      fail("unscripted detached start: \(executable) \(arguments)")
      throw .notFound(program: executable)
    }
    return try answer(start)
  }

  // MARK: Helpers

  private static func name(of program: String) -> String {
    program.split(separator: "/").last.map(String.init) ?? program
  }

  /// The answer of the longest prefix that `arguments` starts with (the later of two as long).
  private func script(for arguments: [String]) -> InvocationAnswer? {
    guard let first = arguments.first else { return nil }
    let argv = [Self.name(of: first)] + arguments.dropFirst()
    return scripts.withLock { scripts in
      var best: Script?
      for script in scripts where argv.starts(with: script.prefix) {
        if script.prefix.count >= (best?.prefix.count ?? 0) { best = script }
      }
      return best?.answer
    }
  }

  private func fail(_ message: String) {
    if Test.current == nil {
      unattributed.withLock { $0.append(message) }
    } else {
      Issue.record(Comment(rawValue: message))
    }
  }
}

extension ProcessResult {
  /// A scripted child's ending: `status`, with what it printed.
  package static func exit(_ status: Int32, stdout: String = "", stderr: String = "") -> ProcessResult {
    ProcessResult(status: status, stdout: Data(stdout.utf8), stderr: Data(stderr.utf8), timedOut: false)
  }
}
