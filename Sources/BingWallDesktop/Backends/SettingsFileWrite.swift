import BingWallSystem
import FoundationEssentials
import Glibc

/// Writing a settings file of another program's (cosmic-bg's keys, wf-shell.ini) the way its
/// owner keeps it: through a symbolic link (a dotfiles checkout) to the file it names, with the
/// file's own mode, atomically (temporary file, fsync, rename), since the program may read it
/// at any moment.
enum SettingsFileWrite {
  /// The file's text, nil when there is none; a file that is not UTF-8 (or larger than `limit`)
  /// is an error, so nothing bingwall did not understand is ever written back changed.
  static func read(_ path: String, backend: String, limit: Int = 1 << 20) throws(DesktopError) -> String? {
    let bytes: [UInt8]?
    do {
      bytes = try FileContents.read(path, limit: limit)
    } catch {
      throw .misconfigured(backend: backend, message: "cannot read \(path): \(error)")
    }
    guard let bytes else { return nil }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .misconfigured(backend: backend, message: "\(path) is not UTF-8 text; bingwall leaves it alone")
    }
    return text
  }

  static func write(_ text: String, to path: String, backend: String) throws(DesktopError) {
    var target = path
    var mode: mode_t = 0o644
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
      target = String(cString: resolved)
      free(resolved)
    }
    if stat(target, &status) == 0 { mode = status.st_mode & 0o7777 }
    do {
      try Paths.ensureDirectory(Paths.parent(of: target))
      try AtomicFile.write(Data(text.utf8), to: target, mode: mode)
    } catch {
      throw .misconfigured(backend: backend, message: "cannot write \(target): \(error)")
    }
  }
}
