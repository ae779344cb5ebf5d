import Foundation

/// Where bingwall keeps its files, from the XDG base directory variables.
///
/// https://specifications.freedesktop.org/basedir-spec/latest/
/// A relative value in an XDG variable is invalid by the spec and ignored.
public struct Paths: Sendable, Equatable {
  public var home: String
  public var configHome: String
  public var dataHome: String
  public var stateHome: String
  public var cacheHome: String
  /// `XDG_RUNTIME_DIR`, which has no default.
  public var runtimeDir: String?
  /// `BINGWALL_CONFIG` when set, else `configHome/bingwall/config.toml`.
  public var configFile: String

  public init(environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
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
  public var dataDir: String { dataHome + "/bingwall" }
  public var databaseFile: String { dataDir + "/history.db" }
  /// The default image folder; config `image_dir` may move it.
  public var defaultImageDir: String { dataDir + "/images" }
  /// `$XDG_STATE_HOME/bingwall`: schedule state and logs.
  public var stateDir: String { stateHome + "/bingwall" }
  /// `$XDG_CACHE_HOME/bingwall`: things that can be made again.
  public var cacheDir: String { cacheHome + "/bingwall" }
  /// The daemon's lock: in the runtime dir when there is one, else under the state dir.
  public var lockFile: String {
    if let runtimeDir { return runtimeDir + "/bingwall.lock" }
    return stateDir + "/bingwall.lock"
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
  public static func ensureDirectory(_ path: String) throws(FileError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return }
      throw FileError.notADirectory(path: path)
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try ensureDirectory(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw FileError.system(operation: "create folder", path: path, errno: errno)
    }
  }
}
