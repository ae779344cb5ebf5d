import BingWallSystem
import Glibc

/// The user's graphical session running now, for a run that names no display of its own: cron
/// gives a job HOME, LOGNAME, SHELL and PATH only, and a systemd timer's service gets the user
/// manager's environment, which often has no display.
///
/// Where it looks, all of it the user's own:
/// - the environments of the user's processes (`ProcessEnvironments`): a terminal, a panel, the
///   compositor's children all carry the session's DISPLAY or WAYLAND_DISPLAY and the rest;
/// - the Wayland sockets (`wayland-*`) in the runtime folder and the X11 sockets in
///   `/tmp/.X11-unix` the user owns, for a session no process names.
///
/// A display counts only when its socket takes a connection: a server that died leaves its
/// socket behind. Of the sessions left, one a process names comes before a bare socket, then the
/// newest socket: the login made last.
package struct SessionFinder: Sendable {
  /// Puts `/proc`, `/tmp/.X11-unix` and the runtime folder under another folder: for tests,
  /// which must find neither the machine's own session nor another test's.
  package static let rootVariable = "BINGWALL_SESSION_ROOT"
  static let x11Folder = "/tmp/.X11-unix"

  /// A session found: its variables, and where they were read, for `-v`.
  package struct Found: Sendable, Equatable {
    package var variables: SessionVariables
    /// "process 4242 (sway)", "the socket /tmp/.X11-unix/X1".
    package var source: String
  }

  /// The folder the system's paths are under: empty for `/`.
  let root: String
  let uid: uid_t
  /// The runtime folder of the user's Wayland sockets, as the system names it.
  let runtime: String

  /// The finder of `environment`'s user: its runtime folder, and `rootVariable`.
  package init(environment: [String: String], uid: uid_t = getuid()) {
    let configured = environment[Self.rootVariable] ?? ""
    let root = configured.hasPrefix("/") ? String(configured.reversed().drop { $0 == "/" }.reversed()) : ""
    let own = environment["XDG_RUNTIME_DIR"] ?? ""
    self.init(root: root, uid: uid, runtime: own.hasPrefix("/") ? own : "/run/user/\(uid)")
  }

  init(root: String, uid: uid_t, runtime: String) {
    self.root = root
    self.uid = uid
    self.runtime = runtime
  }

  /// A system path as it is on disk here.
  func onDisk(_ path: String) -> String { root + path }

  /// One session seen, with what ranks it.
  struct Candidate {
    var found: Found
    /// The display's socket, on disk.
    var socket: String
    /// A process names it, rather than a socket alone.
    var named: Bool
    /// When its socket was made (its modification time), in nanoseconds.
    var made: Int
  }

  /// The session to use, or nil when none of the user's runs.
  package func find() -> Found? {
    var live: [String: Bool] = [:]
    func isLive(_ socket: String) -> Bool {
      if let known = live[socket] { return known }
      let answer = UnixSocket.isLive(socket)
      live[socket] = answer
      return answer
    }
    var sessions: [String: Candidate] = [:]
    let processes = ProcessEnvironments(root: root, uid: uid).read(names: SessionVariables.known.map(\.name))
    for process in processes {
      let variables = SessionVariables(valid: process.environment)
      guard let socket = socket(of: variables), isLive(socket) else { continue }
      // The fullest environment that names a session stands for it; of equals, the newest process.
      if let seen = sessions[socket], seen.found.variables.variables.count >= variables.variables.count {
        continue
      }
      sessions[socket] = Candidate(
        found: Found(variables: variables, source: "process \(process.pid) (\(process.name))"),
        socket: socket, named: true, made: Self.modified(socket))
    }
    for bare in bareSockets() where sessions[bare.socket] == nil && isLive(bare.socket) {
      sessions[bare.socket] = bare
    }
    return sessions.values.max { Self.isOlder($0, than: $1) }?.found
  }

  /// The ranking: a bare socket before a named session, then the older socket, then the name.
  static func isOlder(_ one: Candidate, than other: Candidate) -> Bool {
    if one.named != other.named { return !one.named }
    if one.made != other.made { return one.made < other.made }
    return one.socket > other.socket
  }

  /// The socket, on disk, of the display `variables` name: the Wayland one when named, else a
  /// local X11 display's. Nil for a forwarded display (`localhost:10.0` from ssh -X).
  func socket(of variables: SessionVariables) -> String? {
    if let wayland = variables["WAYLAND_DISPLAY"] {
      return onDisk(
        wayland.hasPrefix("/") ? wayland : (variables["XDG_RUNTIME_DIR"] ?? runtime) + "/" + wayland)
    }
    guard let value = variables["DISPLAY"], let colon = value.lastIndex(of: ":") else { return nil }
    let host = value[..<colon]
    guard host.isEmpty || host == "unix",
      let number = value[value.index(after: colon)...].split(separator: ".").first
    else { return nil }
    return onDisk(Self.x11Folder + "/X" + number)
  }

  /// The user's own display sockets: `wayland-N` in the runtime folder, `XN` in `/tmp/.X11-unix`.
  func bareSockets() -> [Candidate] {
    var found: [Candidate] = []
    for name in Self.names(in: onDisk(runtime))
    where name.hasPrefix("wayland-") && !name.hasSuffix(".lock") {
      let variables = SessionVariables(valid: ["WAYLAND_DISPLAY": name, "XDG_RUNTIME_DIR": runtime])
      found += candidate(variables, socket: runtime + "/" + name)
    }
    for name in Self.names(in: onDisk(Self.x11Folder))
    where name.hasPrefix("X") && name.dropFirst().allSatisfy(\.isNumber) && name.count > 1 {
      let variables = SessionVariables(valid: ["DISPLAY": ":" + name.dropFirst()])
      found += candidate(variables, socket: Self.x11Folder + "/" + name)
    }
    return found
  }

  /// The bare socket at `path` (a system path) when it is a socket of the user's.
  private func candidate(_ variables: SessionVariables, socket path: String) -> [Candidate] {
    var info = stat()
    guard variables.hasDisplay, lstat(onDisk(path), &info) == 0, info.st_mode & S_IFMT == S_IFSOCK,
      info.st_uid == uid
    else { return [] }
    return [
      Candidate(
        found: Found(variables: variables, source: "the socket \(path)"), socket: onDisk(path), named: false,
        made: Self.nanoseconds(info.st_mtim))
    ]
  }

  /// When the file at `path` was last modified, in nanoseconds; 0 when it cannot be seen.
  static func modified(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? nanoseconds(info.st_mtim) : 0
  }

  static func nanoseconds(_ time: timespec) -> Int { Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec) }

  /// At most this many names of a folder are looked at: a runtime folder or `/tmp/.X11-unix`
  /// holds a handful.
  static let folderLimit = 1000

  /// The names in a folder, up to `limit`; none when it cannot be read.
  static func names(in folder: String, limit: Int = folderLimit) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while names.count < limit, let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
