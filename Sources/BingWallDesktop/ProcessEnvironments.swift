import BingWallSystem
import Glibc

/// A few variables of the user's own running processes, read from `/proc/PID/environ`, for
/// `SessionFinder`.
///
/// Only processes of `uid` are read, so root finds root's sessions and never reads another
/// user's. Bounded: at most `processLimit` processes, the newest pids first (the login made
/// last), and the first `environLimit` bytes of each. A process the kernel does not let us read
/// (a set-uid program) is passed over.
struct ProcessEnvironments {
  static let processLimit = 1000
  static let environLimit = 64 * 1024
  /// At most this many entries of `/proc` are listed.
  static let listingLimit = 1 << 16

  /// What one process carries.
  struct Process: Equatable {
    var pid: Int32
    /// Its command name (`/proc/PID/comm`), for `-v`.
    var name: String
    /// Only the names asked for, as the process has them.
    var environment: [String: String]
  }

  /// The folder `/proc` is under: empty for `/`.
  let root: String
  let uid: uid_t
  var processLimit = Self.processLimit
  var environLimit = Self.environLimit

  /// The processes of `uid` that carry any of `names`, newest pid first; this process left out.
  func read(names: [String]) -> [Process] {
    let wanted = Set(names)
    let proc = root + "/proc"
    let pids = SessionFinder.names(in: proc, limit: Self.listingLimit).compactMap(Int32.init)
      .filter { $0 != getpid() }.sorted(by: >)
    var buffer = [UInt8](repeating: 0, count: environLimit)
    var found: [Process] = []
    var read = 0
    for pid in pids where read < processLimit {
      var info = stat()
      guard stat("\(proc)/\(pid)", &info) == 0, info.st_uid == uid else { continue }
      read += 1
      guard let bytes = Self.prefix(of: "\(proc)/\(pid)/environ", into: &buffer) else { continue }
      var environment: [String: String] = [:]
      for entry in bytes.split(separator: 0) {
        guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
        let name = String(decoding: entry[..<equals], as: UTF8.self)
        guard wanted.contains(name) else { continue }
        environment[name] = String(decoding: entry[(equals + 1)...], as: UTF8.self)
      }
      guard !environment.isEmpty else { continue }
      var nameBuffer = [UInt8](repeating: 0, count: 64)
      let command = Self.prefix(of: "\(proc)/\(pid)/comm", into: &nameBuffer) ?? []
      let name = TerminalText.clean(String(decoding: command, as: UTF8.self).trimmed())
      found.append(Process(pid: pid, name: name, environment: environment))
    }
    return found
  }

  /// The first bytes of the file at `path`, as many as `buffer` holds; nil when it cannot be read.
  static func prefix(of path: String, into buffer: inout [UInt8]) -> ArraySlice<UInt8>? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let count = buffer.withUnsafeMutableBytes { raw in
      (try? Syscall.read(descriptor, into: raw, at: 0)) ?? -1
    }
    return count < 0 ? nil : buffer[..<count]
  }
}
