import BingWallSystem

/// Whether a program listens on the Unix socket at `path`, not just a file left by one that was
/// killed, as the kernel's `/proc/net/unix` table tells.
///
/// Connecting would tell too, but pcmanfm takes a connection that sends nothing for a request without
/// arguments and opens a file manager window on its working folder.
enum UnixSocketProbe {
  /// `__SO_ACCEPTCON` in the table's Flags column: the socket is listening.
  static let acceptingConnections: UInt32 = 0x10000

  static func isListening(_ path: String) -> Bool {
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
