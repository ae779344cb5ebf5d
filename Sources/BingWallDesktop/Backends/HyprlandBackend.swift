import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets Hyprland's background through hyprpaper's IPC, `hyprctl hyprpaper …`, one monitor at a
/// time, so each can get its own picture.
///
/// hyprpaper 0.8 (December 2025) takes `wallpaper 'MONITOR,PATH,FIT'` with no `preload`, and
/// the monitor must be a real one (its old `all`, the empty name, is gone): the monitors come
/// from `hyprctl monitors -j`. Before 0.8 (`hyprpaper --version` says which; an unreadable
/// version is taken as current) the picture is preloaded first and its fit is a prefix of the
/// path (`contain:`, `tile:`), with no stretch. Neither has a mode that shows the picture at
/// its own size, so `center` becomes `contain`. hyprpaper splits its argument at commas, so a
/// path with a comma (or a line break, which ends a request) is refused rather than misread.
/// No read-back: hyprpaper tells the active pictures only from 0.8.4, in a form not yet pinned.
struct HyprlandBackend: WallpaperBackend {
  /// hyprpaper 0.8's `fit_mode` per mode; `auto` is `fill`.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "cover", .fit: "contain", .stretch: "stretch", .center: "contain", .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  /// The path prefix before 0.8, which knew cover (no prefix), contain and tile.
  static let legacyPrefix: [WallpaperMode: String] = [
    .fill: "", .fit: "contain:", .stretch: "", .center: "contain:", .tile: "tile:",
  ]

  let name = "hyprland"
  let tools = ["hyprctl"]
  let need = SessionNeed.wayland
  var outputSource: OutputSource { .hyprland }
  var pictureScope: PictureScope { .eachOutput }
  var limitation: String? { "no read-back: hyprpaper reports its pictures only from 0.8.4" }

  init() {}

  /// `HYPRLAND_INSTANCE_SIGNATURE` is how hyprctl finds its compositor; without it hyprctl fails.
  func isDetected(in session: DesktopSession) -> Bool {
    !(session.environment["HYPRLAND_INSTANCE_SIGNATURE"] ?? "").isEmpty
  }

  /// What hyprctl is asked, in order, to put `request` on `monitor`.
  static func commands(monitor: String, for request: WallpaperRequest, legacy: Bool) -> [[String]] {
    let mode = request.mode.explicit
    if legacy {
      // Every preloaded picture stays decoded until unloaded: the ones no monitor shows go,
      // or a daemon's rotation would grow hyprpaper by a picture at each change.
      return [
        ["hyprctl", "hyprpaper", "preload", request.path],
        ["hyprctl", "hyprpaper", "wallpaper", "\(monitor),\(legacyPrefix[mode]!)\(request.path)"],
        ["hyprctl", "hyprpaper", "unload", "unused"],
      ]
    }
    return [["hyprctl", "hyprpaper", "wallpaper", "\(monitor),\(request.path),\(modeTable[mode]!)"]]
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try refuseSplitting(request.path)
    let legacy = Self.isLegacy(in: session)
    // Before 0.8 the empty monitor means every one; from 0.8 each is named.
    let monitors = legacy ? [""] : try monitorNames(in: session)
    for monitor in monitors {
      for command in Self.commands(monitor: monitor, for: request, legacy: legacy) {
        try run(command, in: session)
      }
    }
  }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    for request in requests.values { try refuseSplitting(request.path) }
    let legacy = Self.isLegacy(in: session)
    for (monitor, request) in requests.sorted(by: { $0.key < $1.key }) {
      for command in Self.commands(monitor: monitor, for: request, legacy: legacy) {
        try run(command, in: session)
      }
    }
  }

  /// The monitors' names as `hyprctl monitors -j` lists them; none is an error, since hyprpaper
  /// would set nothing.
  private func monitorNames(in session: DesktopSession) throws(DesktopError) -> [String] {
    let monitors: [Output]
    do {
      monitors = try outputSource.read(in: session, backend: name)
    } catch .failed(let failure) {
      throw failure
    } catch {
      throw .misconfigured(backend: name, message: "cannot list the monitors for hyprpaper: \(error)")
    }
    guard !monitors.isEmpty else {
      throw .misconfigured(backend: name, message: "'hyprctl monitors -j' lists no monitor to set")
    }
    for monitor in monitors { try refuseSplitting(monitor.name) }
    return monitors.map(\.name)
  }

  /// True when `hyprpaper --version` names a version before 0.8.
  static func isLegacy(in session: DesktopSession) -> Bool {
    guard session.which("hyprpaper") != nil,
      let result = try? session.run(["hyprpaper", "--version"], backend: "hyprland"),
      let version = version(in: result.stdoutText + result.stderrText)
    else { return false }
    return version.major == 0 && version.minor < 8
  }

  /// The version a `--version` line names: a word `vMAJOR.MINOR…` or `MAJOR.MINOR…` on a line
  /// that says hyprpaper (`hyprpaper v0.7.6`); nil for anything else, such as a usage text whose
  /// digits are no version, which is then taken as current.
  static func version(in text: String) -> (major: Int, minor: Int)? {
    for line in text.split(whereSeparator: \.isNewline) where line.lowercased().contains("hyprpaper") {
      for word in line.split(separator: " ") {
        let number = word.hasPrefix("v") ? word.dropFirst() : word[...]
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
          let major = Int(parts[0]), let minor = Int(parts[1])
        else { continue }
        return (major, minor)
      }
    }
    return nil
  }

  private func refuseSplitting(_ text: String) throws(DesktopError) {
    if text.contains(where: { $0 == "," || $0.isNewline }) {
      throw .misconfigured(
        backend: name,
        message: "hyprpaper cannot take a name with a comma or a line break "
          + "(\(text.debugDescription)); move the data folder or use --backend swww")
    }
  }

  /// hyprpaper answers "ok"; hyprctl may pass a refusal on as text with exit status 0.
  private func run(_ command: [String], in session: DesktopSession) throws(DesktopError) {
    let result = try session.run(command, backend: name)
    let said = result.stdoutText.trimmed()
    if !said.isEmpty && said.lowercased() != "ok" {
      throw .toolFailed(backend: name, command: command.joined(separator: " "), status: 0, stderr: said)
    }
  }
}
