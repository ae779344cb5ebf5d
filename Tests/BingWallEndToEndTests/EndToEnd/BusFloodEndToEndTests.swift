import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The real daemon against a hostile or failing system bus: a flood from the very owner of
/// NetworkManager's name, that owner hanging with the flood queued, the bus restarting, and a
/// client that is not logind sending logind's signal straight to the daemon.
extension SessionEndToEndTests {
  /// `VmHWM` or `VmRSS` of `pid` in kB, from /proc.
  static func memory(_ key: String, of pid: Int32) -> Int? {
    let status = String(decoding: DetachedProcess.readProcFile("/proc/\(pid)/status"), as: UTF8.self)
    return status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
      .flatMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") }
  }

  /// The CPU time `pid` has used, in clock ticks.
  static func cpuTicks(_ pid: Int32) -> Int? {
    let stat = String(decoding: DetachedProcess.readProcFile("/proc/\(pid)/stat"), as: UTF8.self)
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the state.
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }

  /// A daemon started on a seeded history (no update due), once it has said when the next is.
  func idleDaemon() throws -> (Process, () -> String) {
    let seeded = try sandbox.run(["update", "--no-apply"], environment: environment)
    try #require(seeded.status == 0)
    let (process, log) = try daemon()
    let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    try #require(eventually(within: 10) { text().contains("next update at") })
    return (process, text)
  }

  /// The daemon's memory after 30,000 PropertiesChanged from NetworkManager's own connection.
  /// Each one is read and dropped as it comes, and a read of the properties is in flight at most
  /// once at a time, so nothing piles up in the process: before, each batch of 256 cost a
  /// blocking read during which sd-bus queued every message that arrived, and 100,000 of them
  /// took the daemon from 16 to 118 MB. The bound is the idle figure (18 MB, a release
  /// build; a debug build idles at about 23) with room for the allocator, far under what the old
  /// queue reached with this many (over 50 MB).
  @Test func aFloodFromTheOwnerLeavesTheDaemonsMemoryFlat() throws {
    let (process, text) = try idleDaemon()
    let pid = process.processIdentifier
    defer {
      kill(pid, SIGTERM)
      process.waitUntilExit()
    }
    let idle = try #require(Self.memory("VmHWM", of: pid))
    try system.flood(count: 30_000)
    // Read to the end: the daemon's CPU time stops moving.
    var last = -1
    #expect(
      eventually(within: 120) {
        let now = Self.cpuTicks(pid) ?? -1
        defer { last = now }
        if now == last { return true }
        usleep(500_000)
        return false
      })
    let peak = try #require(Self.memory("VmHWM", of: pid))
    let resident = try #require(Self.memory("VmRSS", of: pid))
    if Sanitizer.name == nil {
      #expect(peak < 40_000, "VmHWM \(peak) kB after the flood, \(idle) kB idle")
      #expect(peak - idle < 8_000, "VmHWM \(peak) kB after the flood, \(idle) kB idle")
    }
    #expect(resident <= peak)
    // Still listening: the machine waking is heard, once.
    try system.prepareForSleep(false)
    #expect(eventually(within: 10) { text().contains("resumed from sleep") })
    #expect(process.isRunning)
  }

  /// SIGTERM with a flood queued and its sender no longer answering: before, every batch of 256
  /// waited 2 s for an answer, and 20,000 took 156 s to stop. The deadline is generous; the
  /// point is that the daemon does not wait on the bus at all.
  @Test func sigtermEndsTheDaemonWhateverTheBusHasQueued() throws {
    let (process, text) = try idleDaemon()
    try system.flood(count: 20_000, hang: 120)
    kill(process.processIdentifier, SIGTERM)
    let stopped = eventually(within: 5) { !process.isRunning }
    if !stopped {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    #expect(stopped)
    #expect(process.terminationStatus == 0)
    #expect(text().hasSuffix("stopping\n"))
  }

  @Test func theBusRestartingIsLoggedOnceAndHeardAgain() throws {
    let (process, text) = try idleDaemon()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    try system.restart(sparing: [process.processIdentifier])
    #expect(eventually(within: 30) { text().contains("the system bus is back") })
    let lines = text().split(separator: "\n")
    #expect(
      lines.filter { $0.hasSuffix("the system bus went away; listening again when it is back") }.count == 1)
    #expect(
      lines.filter {
        $0.hasSuffix("the system bus is back; listening again for the network, the power and sleep")
      }
      .count == 1)
    // Subscribed again: the restarted logind's signal is heard.
    try system.prepareForSleep(false)
    #expect(eventually(within: 10) { text().contains("resumed from sleep") })
  }

  @Test func aSpoofedSignalSentStraightToTheDaemonIsIgnored() throws {
    let (process, text) = try idleDaemon()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    let names = system.uniqueNames(of: process.processIdentifier)
    try #require(names.count == 1)
    // logind's "back from sleep" from a client that does not own logind's name: to the daemon's
    // unique name (which the bus delivers whatever the match rules say), and to everyone.
    try system.spoofResume(to: names[0])
    try system.spoofResume(to: nil)
    // Then logind's own, which the daemon reads after them.
    try system.prepareForSleep(false)
    #expect(eventually(within: 10) { text().contains("resumed from sleep") })
    #expect(text().components(separatedBy: "resumed from sleep").count == 2)
  }
}
