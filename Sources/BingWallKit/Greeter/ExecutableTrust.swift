import BingWallSystem
import FoundationEssentials
import Glibc

/// Whether only root can change what a path runs: the file, and every folder and symbolic link on
/// the way to it, each of which someone else could use to put another file in its place.
///
/// An entry is trusted when root owns it and neither its group nor others may write to it. A
/// sticky world-writable folder such as `/tmp` is not: others cannot replace root's file there,
/// but they can make the name before root does, or after it is gone.
enum ExecutableTrust {
  /// Every entry on the way to `path` that someone other than root could change, each with why
  /// ("/home/alice/bin (owned by alice)"); empty when root alone can.
  ///
  /// Links are followed as `execve` follows them: a link's own folder is checked on the way, then
  /// its target's folders. At most 40 links, as the kernel allows.
  static func untrustedEntries(on path: String) -> [String] {
    var found: [String] = []
    func check(_ entry: String) -> stat? {
      var info = stat()
      guard lstat(entry, &info) == 0 else {
        found.append("\(entry) (\(String(cString: strerror(errno))))")
        return nil
      }
      if info.st_mode & S_IFMT != S_IFLNK, let why = reason(info) { found.append("\(entry) (\(why))") }
      return info
    }
    guard check("/") != nil else { return found }
    var pending = components(path)
    var current = ""
    var links = 0
    while !pending.isEmpty {
      let name = pending.removeFirst()
      if name == "." { continue }
      if name == ".." {
        current = Paths.parent(of: current)
        continue
      }
      let entry = current + "/" + name
      guard let info = check(entry) else { return found }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        current = entry
        continue
      }
      links += 1
      guard links <= 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: entry) else {
        found.append("\(entry) (a link that cannot be followed)")
        return found
      }
      if target.hasPrefix("/") { current = "" }
      pending = components(target) + pending
    }
    return found
  }

  /// Why an entry is not root's alone, or nil when it is.
  static func reason(_ info: stat) -> String? {
    if info.st_uid != 0 {
      let name = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(info.st_uid)"
      return "owned by \(name)"
    }
    let mode = info.st_mode & 0o7777
    if mode & 0o022 != 0 {
      return "mode \(String(mode, radix: 8)), writable by " + (mode & 0o002 != 0 ? "all" : "its group")
    }
    return nil
  }

  private static func components(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  }
}
