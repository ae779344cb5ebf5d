import Glibc

/// A process, as `/proc` shows it: how bingwall tells whether a desktop's own program
/// (`pcmanfm --desktop`, sway) runs before it hands that program a picture.
package struct RunningProcess: Sendable, Equatable {
  package let pid: Int32
  /// Its argument vector, `arguments[0]` as it was started.
  package let arguments: [String]
  /// The user it runs as.
  package let uid: uid_t

  init(pid: Int32, arguments: [String], uid: uid_t = getuid()) {
    self.pid = pid
    self.arguments = arguments
    self.uid = uid
  }

  /// The last path component of `arguments[0]`.
  var programName: String {
    String((arguments.first ?? "").split(separator: "/").last ?? "")
  }

  /// The processes of the user bingwall runs as whose program is called `name`, lowest pid first.
  ///
  /// Only `/proc/PID/cmdline` is read for every process, and by default only processes owned by our
  /// uid count:
  /// another user's desktop cannot take our picture, and its environment is not ours to read.
  /// `anyUser` lifts that for root, whose tools may drive a session another user runs (sway refuses
  /// to run as root, so its tests run it as a user of their own).
  package static func named(_ name: String, anyUser: Bool = false) -> [RunningProcess] {
    guard let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    let uid = getuid()
    var found: [RunningProcess] = []
    while let entry = readdir(folder) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = Int32(entryName) else { continue }
      var status = stat()
      guard stat("/proc/\(pid)", &status) == 0, anyUser || status.st_uid == uid else { continue }
      guard let bytes = try? FileContents.read("/proc/\(pid)/cmdline"), !bytes.isEmpty else { continue }
      let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }.dropLast(bytes.last == 0 ? 1 : 0)
      let process = RunningProcess(pid: pid, arguments: Array(arguments), uid: status.st_uid)
      if process.programName == name { found.append(process) }
    }
    return found.sorted { $0.pid < $1.pid }
  }

  /// The variable `name` in the process's environment, nil when unset or unreadable (a process
  /// that has exited since, or one that is not ours).
  package func environmentValue(_ name: String) -> String? {
    Self.environmentValue(name, of: pid)
  }

  /// The same, for a pid only.
  package static func environmentValue(_ name: String, of pid: Int32) -> String? {
    guard let bytes = try? FileContents.read("/proc/\(pid)/environ") else { return nil }
    let prefix = Array((name + "=").utf8)
    for entry in bytes.split(separator: 0) where entry.starts(with: prefix) {
      return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
    }
    return nil
  }
}
