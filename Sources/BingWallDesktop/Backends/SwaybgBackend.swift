import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets a Wayland background by starting our own swaybg, for wlroots compositors other than sway.
///
/// swaybg draws only while it runs, so it is started detached, to outlive bingwall, and its pid is
/// kept in `$XDG_RUNTIME_DIR/bingwall-swaybg.pid`. The one started last time is stopped only after the
/// new one had about a second to draw, else the screen flashes grey, and only when that pid still is a
/// swaybg: a pid the kernel reused for something else is left alone. A swaybg that the compositor's
/// own config started is not ours to stop.
///
/// swaybg 1.2 does not exit on a picture it cannot load: it logs "Failed to load image" and draws
/// grey. Its stderr therefore goes to a log beside the pid file, read during the handover; on that
/// line the new swaybg is stopped and the old one, still drawing the previous picture, is kept.
///
/// One swaybg takes an `-o NAME -i PATH -m MODE` group per output; we start it ourselves.
struct SwaybgBackend: LayerShellBackend {
  /// swaybg's `-m` value per mode; `auto` is `fill`.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "fill", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  let name = "swaybg"
  let tools = ["swaybg"]
  var outputSource: OutputSource { .sway }

  /// A swaybg of ours draws on this session's compositor (one the session started, or ours).
  func isRunning(in session: DesktopSession) -> Bool { session.runsForThisCompositor("swaybg") }
  /// How long the new swaybg gets to draw before the old one is stopped; an early exit or a failed
  /// load in this time (no compositor, an unreadable picture) is reported as a failure.
  var handover: Duration = .seconds(1)

  init() {}

  func isDetected(in session: DesktopSession) -> Bool { false }

  /// `*` is every output; no shell sees it.
  static func arguments(for request: WallpaperRequest) -> [String] {
    arguments(for: [("*", request)])
  }

  /// One group per output, in name order; swaybg takes each name and path as one argument.
  static func arguments(for requests: [(output: String, request: WallpaperRequest)]) -> [String] {
    ["swaybg"]
      + requests.flatMap {
        ["-o", $0.output, "-i", $0.request.path, "-m", modeTable[$0.request.mode.explicit]!]
      }
  }

  /// Where the running swaybg's pid is kept: the runtime folder (cleared at logout, like the process;
  /// systemd's `/run/user/UID` where `XDG_RUNTIME_DIR` is unset, as under cron, so a cron run finds
  /// the file a desktop run wrote), else bingwall's state folder.
  static func pidFile(in session: DesktopSession) -> String {
    if let runtime = session.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      return runtime + "/bingwall-swaybg.pid"
    }
    let systemd = "/run/user/\(getuid())"
    if FileManager.default.fileExists(atPath: systemd) { return systemd + "/bingwall-swaybg.pid" }
    let state = session.environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (state ?? session.home + "/.local/state") + "/bingwall/swaybg.pid"
  }

  /// The stderr of the swaybg we started last, beside its pid file.
  static func logFile(in session: DesktopSession) -> String {
    String(pidFile(in: session).dropLast(".pid".count)) + ".log"
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try start(Self.arguments(for: request), showing: request.path, in: session)
  }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    let sorted = requests.sorted { $0.key < $1.key }.map { (output: $0.key, request: $0.value) }
    try start(
      Self.arguments(for: sorted), showing: sorted.map(\.request.path).joined(separator: ", "), in: session)
  }

  /// Starts swaybg with `arguments`, then hands over from the one started last time.
  private func start(_ arguments: [String], showing expected: String, in session: DesktopSession)
    throws(DesktopError)
  {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    guard let executable = session.which("swaybg") else { throw .toolMissing(backend: name, tool: "swaybg") }
    let command = arguments.joined(separator: " ")
    let pidFile = Self.pidFile(in: session)
    let logFile = Self.logFile(in: session)
    let old = Self.readPid(pidFile)
    // A fresh file, not the old one emptied: the swaybg still drawing writes to that one.
    unlink(logFile)
    let log = Self.folderIsReady(for: logFile) ? logFile : nil

    let pid: pid_t
    do {
      pid = try session.processes.startDetached(
        executable: executable, arguments: arguments, environment: session.environment, errorLog: log)
    } catch {
      throw .toolFailed(backend: name, command: command, status: -1, stderr: error.description)
    }
    // Watched on the monotonic clock, which a time sync cannot step while we wait.
    _ = try session.clock.poll(timeout: handover, every: .milliseconds(20)) {
      () throws(DesktopError) -> Bool? in
      if let status = DetachedProcess.exitStatus(of: pid) {
        let said =
          log.flatMap(Self.failure(inLog:)) ?? "swaybg exited at once; is a wlroots compositor running?"
        throw .toolFailed(backend: name, command: command, status: status, stderr: said)
      }
      if let said = log.flatMap(Self.failure(inLog:)) {
        Self.stop(pid)
        throw .didNotTake(
          backend: name, expected: expected,
          found: "swaybg could not load it: \(TerminalText.clean(said)); the previous picture stays up")
      }
      return nil
    }
    do {
      try Self.writePid(pid, to: pidFile)
    } catch {
      // The picture is up; only next time's clean-up is lost. Not worth failing the change for.
    }
    if let old, old != pid { Self.stop(old) }
  }

  /// The picture of the swaybg we started last, from its command line in /proc, while it runs.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let pid = Self.readPid(Self.pidFile(in: session)), pid > 1,
      DetachedProcess.commandName(of: pid) == "swaybg"
    else { return nil }
    return Self.pictures(inCommandLine: DetachedProcess.commandLine(of: pid)).first
  }

  /// swaybg's own words when it could not load the picture or reach a compositor: the first line of
  /// its log that says it failed, without the timestamp and source position it starts with.
  static func failure(inLog path: String) -> String? {
    let bytes = (try? FileContents.read(path, limit: 64 * 1024)).flatMap { $0 } ?? []
    let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let line = lines.first(where: { $0.contains("Failed to") || $0.contains("failed") }) else {
      return nil
    }
    // "2026-12-03 06:09:34 - [background-image.c:30] Failed to load …": keep what follows "] ".
    guard let bracket = line.firstIndex(of: "]"), line[bracket...].hasPrefix("] ") else {
      return String(line)
    }
    return String(line[line.index(bracket, offsetBy: 2)...])
  }

  /// Every value after a `-i` in a swaybg argument vector: ours has one, sway gives its own one
  /// `-o … -i … -m …` group per output.
  static func pictures(inCommandLine arguments: [String]) -> [String] {
    zip(arguments, arguments.dropFirst()).compactMap { $0 == "-i" ? $1 : nil }
  }

  /// Stops a swaybg we started earlier, if `pid` still is one, and reaps it if it was our child. A pid
  /// from a stale file may since have gone to the swaybg a compositor started (sway hands its own a
  /// `WAYLAND_SOCKET`, which ours never get): that one is left alone.
  static func stop(_ pid: pid_t) {
    guard pid > 1, DetachedProcess.commandName(of: pid) == "swaybg",
      RunningProcess.environmentValue("WAYLAND_SOCKET", of: pid) == nil
    else { return }
    kill(pid, SIGTERM)
    for _ in 0..<25 where DetachedProcess.exitStatus(of: pid) == nil { usleep(10_000) }
  }

  /// Whether the folder of `path` exists, made when it is bingwall's state folder; the runtime folder
  /// is the session's to make (a missing one means a stale `XDG_RUNTIME_DIR`), never ours.
  static func folderIsReady(for path: String) -> Bool {
    let folder = Paths.parent(of: path)
    if folder.hasSuffix("/bingwall") {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return FileManager.default.fileExists(atPath: folder)
  }

  static func readPid(_ path: String) -> pid_t? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return pid_t(text.trimmed())
  }

  /// Written to a temporary name and renamed, so a reader never sees half a number.
  static func writePid(_ pid: pid_t, to path: String) throws {
    guard folderIsReady(for: path) else { throw CocoaError(.fileNoSuchFile) }
    let temporary = path + ".\(getpid()).tmp"
    try Data("\(pid)\n".utf8).write(to: URL(fileURLWithPath: temporary))
    if rename(temporary, path) != 0 {
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown)
    }
  }
}
