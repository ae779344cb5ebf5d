import Glibc

/// The processes /proc shows, by program name: how a backend finds a desktop that runs although the
/// variable that would name it is missing (sway under cron, a swaybg that sway started).
package enum RunningProcesses {
  /// The pids whose `/proc/PID/comm` is `name`, lowest first; processes another user's /proc hides
  /// (`hidepid`) are simply not there.
  package static func pids(named name: String) -> [pid_t] {
    guard let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    var pids: [pid_t] = []
    while let entry = readdir(folder) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = pid_t(entryName), pid > 0, DetachedProcess.commandName(of: pid) == name else {
        continue
      }
      pids.append(pid)
    }
    return pids.sorted()
  }

  /// The real user id `pid` runs as, from `/proc/PID/status`; nil when it is gone.
  package static func userID(of pid: pid_t) -> uid_t? {
    let status = String(decoding: DetachedProcess.readProcFile("/proc/\(pid)/status"), as: UTF8.self)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return nil }
    return line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.flatMap { uid_t($0) }
  }

  /// The environment `pid` was started with (`/proc/PID/environ`); empty when it is gone or another
  /// user's.
  package static func environment(of pid: pid_t) -> [String: String] {
    var environment: [String: String] = [:]
    for entry in DetachedProcess.readProcFile("/proc/\(pid)/environ").split(separator: 0) {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
      environment[String(decoding: entry[..<equals], as: UTF8.self)] = String(
        decoding: entry[(equals + 1)...], as: UTF8.self)
    }
    return environment
  }
}
