import FoundationEssentials
import Glibc

/// Where bingwall keeps its files, from the XDG base directory variables.
///
/// https://specifications.freedesktop.org/basedir-spec/latest/
/// A relative value in an XDG variable is invalid by the spec and ignored.
package struct Paths: Sendable, Equatable {
  package var home: String
  package var configHome: String
  var dataHome: String
  var stateHome: String
  var cacheHome: String
  /// `XDG_RUNTIME_DIR`, which has no default.
  var runtimeDir: String?
  /// `BINGWALL_CONFIG` when set, else `configHome/bingwall/config.toml`.
  package var configFile: String

  package init(environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome()
    func xdg(_ name: String, _ fallback: String) -> String {
      guard let value = environment[name], value.hasPrefix("/") else { return home + "/" + fallback }
      return value
    }
    self.home = home
    configHome = xdg("XDG_CONFIG_HOME", ".config")
    dataHome = xdg("XDG_DATA_HOME", ".local/share")
    stateHome = xdg("XDG_STATE_HOME", ".local/state")
    cacheHome = xdg("XDG_CACHE_HOME", ".cache")
    // cron and `env -i` lose XDG_RUNTIME_DIR; systemd's folder for it is /run/user/UID, and using
    // it keeps "one daemon per user" true whichever way a daemon was started.
    runtimeDir =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.systemdRuntimeDir()
    if let explicit = environment["BINGWALL_CONFIG"], !explicit.isEmpty {
      configFile = explicit
    } else {
      configFile = configHome + "/bingwall/config.toml"
    }
  }

  /// `$XDG_DATA_HOME/bingwall`: the history and, by default, the images.
  package var dataDir: String { dataHome + "/bingwall" }
  package var databaseFile: String { dataDir + "/history.db" }
  /// The default image folder; config `image_dir` may move it.
  package var defaultImageDir: String { dataDir + "/images" }
  /// `$XDG_STATE_HOME/bingwall`: schedule state and logs.
  package var stateDir: String { stateHome + "/bingwall" }
  /// `$XDG_CACHE_HOME/bingwall`: things that can be made again.
  package var cacheDir: String { cacheHome + "/bingwall" }
  /// The daemon's lock: in the runtime dir when there is one, else under the state dir.
  package var lockFile: String {
    if let runtimeDir { return runtimeDir + "/" + StateFileName.daemonLock.rawValue }
    return stateFile(.daemonLock)
  }

  /// The file this process was started from (`readlink /proc/self/exe`), nil when unreadable or
  /// already replaced on disk (the kernel then appends ` (deleted)`).
  package static func runningExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return path.hasSuffix(" (deleted)") ? nil : path
  }

  /// The folder that holds `path`: `/a/b` for `/a/b/c`, `/` for `/a`, `` for a bare name.
  package static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// `path` made absolute against `directory` (the working folder when nil), with `.`, `..`
  /// and doubled slashes resolved in the text; symlinks are left alone.
  package static func absolute(_ path: String, from directory: String? = nil) -> String {
    let base = path.hasPrefix("/") ? "" : (directory ?? FileManager.default.currentDirectoryPath)
    var parts: [Substring] = []
    for part in (base + "/" + path).split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The home folder from the password database, for a process started without `HOME`.
  static func passwordHome() -> String {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }

  /// `/run/user/UID` when it exists and is ours.
  static func systemdRuntimeDir() -> String? {
    let path = "/run/user/\(getuid())"
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid() else {
      return nil
    }
    return path
  }

  /// Creates `path` and any missing parents. New folders get mode 0700: they hold user data.
  package static func ensureDirectory(_ path: String) throws(FileError) {
    var status = stat()
    if stat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR { return }
      throw FileError.notADirectory(path: path)
    }
    let parent = Self.parent(of: path)
    if !parent.isEmpty, parent != path { try ensureDirectory(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw FileError.system(operation: "create folder", path: path, errno: errno)
    }
  }
}
