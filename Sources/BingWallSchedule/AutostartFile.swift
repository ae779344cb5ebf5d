import BingWallSystem
import FoundationEssentials
import Glibc

/// A file an autostart method writes, recognised as bingwall's by its marker line.
///
/// The marker is what lets `disable` remove the file and `enable` replace it without ever destroying
/// a unit or desktop file the user wrote by hand under the same name.
struct AutostartFile: Sendable {
  /// The line that makes a file ours; systemd and the Desktop Entry spec both ignore `X-` keys.
  static let marker = "X-Bingwall=true"
  /// Unit and desktop files are read by the user's own session; 0644 is what systemd and desktops
  /// install, and systemd warns about executable or world-writable unit files.
  static let mode: mode_t = 0o644

  enum State: Sendable, Equatable {
    case absent
    /// Ours, with these bytes.
    case ours(Data)
    /// Something else is there: a user's own file, a folder.
    case foreign
  }

  let path: String

  /// What is at `path` now.
  func state() throws(AutostartError) -> State {
    var info = stat()
    if lstat(path, &info) != 0 {
      if errno == ENOENT { return .absent }
      throw .file(.system(operation: "look at", path: path, errno: errno))
    }
    // Through a symlink (a dotfiles link) to what it points at. A dangling link or a folder is not
    // ours to replace.
    var target = stat()
    if stat(path, &target) != 0 {
      if errno == ENOENT { return .foreign }
      throw .file(.system(operation: "look at", path: path, errno: errno))
    }
    if target.st_mode & S_IFMT != S_IFREG { return .foreign }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .file(.system(operation: "read", path: path, errno: access(path, R_OK) == 0 ? EIO : errno))
    }
    let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
    let marked = lines.contains { $0.trimmingBlanks() == Self.marker }
    return marked ? .ours(data) : .foreign
  }

  /// Writes `text` unless the file already holds exactly it. Returns whether anything changed.
  /// Refuses a foreign file.
  @discardableResult
  func write(_ text: String) throws(AutostartError) -> Bool {
    let data = Data(text.utf8)
    switch try state() {
    case .foreign: throw .foreignFile(path: path)
    case .ours(let current) where current == data: return false
    case .ours, .absent: break
    }
    do {
      try Paths.ensureDirectory(Paths.parent(of: path))
      try AtomicFile.write(data, to: path, mode: Self.mode)
    } catch {
      throw .file(error)
    }
    return true
  }

  /// Removes the file when it is ours. Returns whether there was one; refuses a foreign file.
  @discardableResult
  func remove() throws(AutostartError) -> Bool {
    switch try state() {
    case .absent: return false
    case .foreign: throw .foreignFile(path: path)
    case .ours: break
    }
    if unlink(path) != 0, errno != ENOENT {
      throw .file(.system(operation: "remove", path: path, errno: errno))
    }
    do {
      try TemporaryFile.syncFolder(Paths.parent(of: path))
    } catch {
      throw .file(error)
    }
    return true
  }
}
