import Glibc

/// Whether a Unix socket has a listener: a socket file whose program died is still there (sway's IPC
/// socket in `$XDG_RUNTIME_DIR` outlives a crash), so only a connection or the kernel's table tells a
/// live one.
package enum UnixSocket {
  /// True when a stream connection to `path` succeeds; it is closed at once, unused.
  package static func isLive(_ path: String) -> Bool {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    return result == 0
  }

  /// `__SO_ACCEPTCON` in the table's Flags column: the socket is listening.
  static let acceptingConnections: UInt32 = 0x10000

  /// Whether a program listens at `path`, from `/proc/net/unix` without connecting: pcmanfm takes a
  /// connection that sends nothing for a request without arguments and opens a file manager window
  /// on its working folder.
  package static func isListening(_ path: String) -> Bool {
    guard let bytes = (try? FileContents.read("/proc/net/unix", limit: 64 << 20)).flatMap({ $0 }) else {
      return false
    }
    // Num RefCount Protocol Flags Type St Inode Path; the path is the rest of the line.
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: true)
      guard fields.count == 8, String(fields[7]) == path, let flags = UInt32(fields[3], radix: 16) else {
        continue
      }
      if flags & acceptingConnections != 0 { return true }
    }
    return false
  }
}
