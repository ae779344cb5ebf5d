import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets sway's background over its IPC socket with `swaymsg output '*' bg PATH MODE`.
///
/// sway then runs its own swaybg, so nothing of ours has to stay running; that swaybg, showing our
/// path, is what we read back, since sway answers "success" before it has looked at the file. A swaybg
/// the `swaybg` backend started earlier would cover sway's, so it is stopped once sway's is up.
///
/// swaymsg does not pass its arguments on as a list: it joins them into one command string, which
/// sway splits again at `;` and `,`, and sway then runs the picture's path through `wordexp(3)`
/// without `WRDE_NOCMD`, so a `$(…)` or backtick in it would run inside the compositor and a blank
/// would cut it short. Paths with
/// anything beyond letters, digits and `/._-+@%=` are therefore refused (bingwall's own picture
/// names never have such characters; a home folder might): the `swaybg` backend takes any path.
struct SwayBackend: WallpaperBackend {
  /// sway's mode word per mode, which it hands to the swaybg it starts: swaybg's own.
  static let modeTable = SwaybgBackend.modeTable
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  let name = "sway"
  let tools = ["swaymsg"]
  /// Only sway's IPC socket, which `SwaySocket` finds even where `WAYLAND_DISPLAY` is unset (cron).
  let need = SessionNeed.nothing
  var outputSource: OutputSource { .sway }
  /// `output NAME bg` gives each output its own picture.
  var pictureScope: PictureScope { .eachOutput }
  /// Seconds sway gets to start the swaybg that shows the new picture.
  var readBackTimeout: Duration = .seconds(5)

  init() {}

  /// sway answering on its IPC socket, in a session that names sway or names no desktop at all:
  /// sway 1.7 sets no `XDG_CURRENT_DESKTOP` and Debian's session file no `DesktopNames`, while a
  /// session that names another desktop makes a `SWAYSOCK` there a stale export.
  func isDetected(in session: DesktopSession) -> Bool {
    let named = session.desktops
    if !named.isEmpty {
      guard named.contains("sway") else { return false }
    } else {
      let sessionDesktop = (session.environment["XDG_SESSION_DESKTOP"] ?? "").lowercased()
      guard sessionDesktop.isEmpty || sessionDesktop == "sway" else { return false }
    }
    return SwaySocket.find(in: session) != nil
  }

  /// `*` is every output; swaymsg passes it to sway as a word, no shell involved.
  static func arguments(for request: WallpaperRequest, output: String = "*") -> [String] {
    ["swaymsg", "output", output, "bg", request.path, modeTable[request.mode.explicit]!]
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try set([("*", request)], in: session)
  }

  /// One `swaymsg output NAME bg PATH MODE` per output, each name and path checked as a path is.
  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    try set(requests.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, in: session)
  }

  private func set(_ requests: [(output: String, request: WallpaperRequest)], in session: DesktopSession)
    throws(DesktopError)
  {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    for (output, request) in requests {
      guard Self.isSafe(request.path) else {
        throw .misconfigured(
          backend: name,
          message:
            "sway would expand or split the picture path \(request.path.debugDescription) (it allows only "
            + "letters, digits and /._-+@%=); move the data folder or use --backend swaybg")
      }
      guard output == "*" || Self.isSafe(output) else {
        throw .misconfigured(
          backend: name, message: "sway would expand or split the output name \(output.debugDescription)")
      }
    }
    guard let socket = SwaySocket.find(in: session) else {
      throw .sessionMissing(
        backend: name,
        what:
          "no sway answers (SWAYSOCK is unset or dead, and no sway runs in \(SwaySocket.runtimeFolder(of: session)))"
      )
    }
    let ipc = SwaySocket.session(session, talkingTo: socket)
    let before = Set(Self.swaybgs(of: socket).map(\.pid))
    for (output, request) in requests {
      try ipc.run(Self.arguments(for: request, output: output), backend: name)
    }
    let paths = requests.map(\.request.path)
    guard waitForSwaysBackground(showing: paths, of: socket, startedAfter: before, clock: session.clock)
    else {
      throw .didNotTake(
        backend: name, expected: paths.joined(separator: ", "),
        found:
          "no swaybg of sway's showing it after \(readBackTimeout.components.seconds) s (is swaybg installed, "
          + "or swaybg_command disabled in sway's config?)")
    }
    if let ours = SwaybgBackend.readPid(SwaybgBackend.pidFile(in: session)) {
      SwaybgBackend.stop(ours)
      unlink(SwaybgBackend.pidFile(in: session))
    }
  }

  /// The picture of the swaybg this sway runs (not one the `swaybg` backend started).
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let socket = SwaySocket.find(in: session) else { return nil }
    return Self.swaybgs(of: socket).reversed().lazy.compactMap {
      SwaybgBackend.pictures(inCommandLine: $0.arguments).first
    }
    .first
  }

  /// Polls /proc until swaybgs this sway started after `before` was taken show every one of
  /// `paths` (sway starts them after answering; the ones they replace may linger a moment and
  /// prove nothing).
  func waitForSwaysBackground(
    showing paths: [String], of socket: String, startedAfter before: Set<pid_t>, clock: any WallClock
  ) -> Bool {
    let shown = clock.poll(timeout: readBackTimeout, every: .milliseconds(50)) { () -> Bool? in
      let showing = Self.swaybgs(of: socket).filter { !before.contains($0.pid) }
        .flatMap { SwaybgBackend.pictures(inCommandLine: $0.arguments) }
      return paths.allSatisfy(showing.contains) ? true : nil
    }
    return shown != nil
  }

  /// The swaybg processes the sway behind `socket` started: sway hands each its Wayland connection
  /// in `WAYLAND_SOCKET` and they inherit its `SWAYSOCK`; a swaybg started any other way (ours, a
  /// unit's) has no `WAYLAND_SOCKET`.
  static func swaybgs(of socket: String) -> [RunningProcess] {
    RunningProcess.named("swaybg", anyUser: SwaySocket.rootSeesEveryUser).filter { swaybg in
      swaybg.environmentValue("WAYLAND_SOCKET") != nil && swaybg.environmentValue("SWAYSOCK") == socket
    }
  }

  /// Whether sway's command parser and `wordexp` leave `path` as it is: ASCII letters, digits and
  /// `/._-+@%=`, and any non-ASCII character (UTF-8 bytes above 0x7f mean nothing to either).
  static func isSafe(_ path: String) -> Bool {
    !path.isEmpty
      && path.utf8.allSatisfy { byte in
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a)
          || (byte >= 0x61 && byte <= 0x7a) || "/._-+@%=".utf8.contains(byte)
      }
  }
}
