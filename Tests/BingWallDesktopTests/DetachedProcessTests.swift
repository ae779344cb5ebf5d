import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// The detached start swaybg needs: own session, nothing of ours inherited, still ours to reap.
@Suite struct DetachedProcessTests {
  /// Waits (briefly) for a child of ours and returns its status.
  func waitFor(_ pid: pid_t) -> Int32? {
    for _ in 0..<300 {
      if let status = DetachedProcess.exitStatus(of: pid) { return status }
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    return nil
  }

  /// Looked at from outside, in /proc, while it runs: a shell reporting on itself would change its
  /// own descriptors with the very redirections it reports through.
  @Test func childHasNullStreamsNoOtherDescriptorsNoBlockedSignalsAndOnlyItsEnvironment() throws {
    let pid = try DetachedProcess.spawn(
      executable: "/bin/sleep", arguments: ["sleep", "5"], environment: ["X": "a b", "Y": ""])
    defer {
      kill(pid, SIGKILL)
      _ = waitFor(pid)
    }
    // posix_spawn returns once the exec has begun, a moment before the kernel sets up the new
    // environment area (and closes close-on-exec descriptors); until then the environment reads as empty.
    var environ: [UInt8] = []
    for _ in 0..<200 where environ.isEmpty {
      environ = DetachedProcess.readProcFile("/proc/\(pid)/environ")
      if environ.isEmpty { usleep(10_000) }
    }
    // sleep itself may hold a descriptor for a moment while it starts (seen once on a loaded
    // machine); one leaked from us would stay, so a bounded wait for it to go still catches that.
    var fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").sorted()
    for _ in 0..<200 where fds != ["0", "1", "2"] {
      usleep(10_000)
      fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").sorted()
    }
    #expect(fds == ["0", "1", "2"])
    for fd in fds {
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)") == "/dev/null")
    }
    // The test runner's worker threads block every signal; the child must not inherit that.
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    #expect(status.split(separator: "\n").filter { $0.hasPrefix("SigBlk") } == ["SigBlk:\t0000000000000000"])
    #expect(environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } == ["X=a b", "Y="])
  }

  @Test func childLeadsItsOwnSession() throws {
    let pid = try DetachedProcess.spawn(
      executable: "/bin/sleep", arguments: ["sleep", "5"], environment: [:])
    defer {
      kill(pid, SIGKILL)
      _ = waitFor(pid)
    }
    #expect(getsid(pid) == pid)
    #expect(getsid(pid) != getsid(0))
    #expect(DetachedProcess.commandName(of: pid) == "sleep")
    // Empty for a moment after posix_spawn returns, like the environment above.
    var commandLine: [String] = []
    for _ in 0..<200 where commandLine.isEmpty {
      commandLine = DetachedProcess.commandLine(of: pid)
      if commandLine.isEmpty { usleep(10_000) }
    }
    #expect(commandLine == ["sleep", "5"])
    #expect(DetachedProcess.exitStatus(of: pid) == nil)
  }

  @Test func exitStatusAndSignalDeathAreReported() throws {
    let exits = try DetachedProcess.spawn(
      executable: "/bin/sh", arguments: ["sh", "-c", "exit 7"], environment: [:])
    #expect(waitFor(exits) == 7)
    let killed = try DetachedProcess.spawn(
      executable: "/bin/sleep", arguments: ["sleep", "5"], environment: [:])
    kill(killed, SIGTERM)
    #expect(waitFor(killed) == 128 + SIGTERM)
    #expect(DetachedProcess.commandName(of: killed) == nil)
  }

  @Test(arguments: ["relative/prog", "/nonexistent/prog"])
  func missingProgramIsNotFound(executable: String) {
    #expect(throws: ProcessError.notFound(program: executable)) {
      try DetachedProcess.spawn(executable: executable, arguments: ["prog"], environment: [:])
    }
  }
}
