import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets the X11 root window with feh, and reads the picture back from the `~/.fehbg` it writes.
///
/// feh writes `~/.fehbg` (a shell script that restores the background) unless told `--no-fehbg`; we
/// keep it, because it is the only place the choice can be read back from, and because many window
/// manager setups already run it at login.
package struct FehBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "--bg-fill", .fit: "--bg-max", .stretch: "--bg-scale", .center: "--bg-center",
    .tile: "--bg-tile",
  ]

  package let name = "feh"
  package let tools = ["feh"]
  package let need = SessionNeed.x11

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool { false }

  /// The argument vector for `request`.
  package static func arguments(for request: WallpaperRequest) -> [String] {
    ["feh", modeTable[request.mode.explicit]!, request.path]
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
    let found = try current(in: session)
    // feh writes the path as given (it is absolute); a differing one means another HOME or an old feh.
    if found != request.path {
      throw .didNotTake(
        backend: name, expected: request.path, found: found ?? "no picture in \(fehbg(session))")
    }
  }

  package func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let script = try? String(contentsOfFile: fehbg(session), encoding: .utf8) else { return nil }
    return Self.picture(inFehbg: script)
  }

  /// feh writes `~/.fehbg` into `$HOME` as its environment says, which is the session's home.
  private func fehbg(_ session: DesktopSession) -> String {
    let home = session.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? session.home
    return home + "/.fehbg"
  }

  /// The first picture on the `feh` line of a `.fehbg` script, with feh's `'\''` quoting undone.
  ///
  /// feh writes `feh --no-fehbg --bg-fill '/a/b.jpg'` (one quoted path per monitor when several
  /// pictures are set). Its quoting is shell quoting, which `ArgumentTemplate.split` undoes without
  /// expanding anything; a line that does not split gives nil rather than a guess.
  static func picture(inFehbg script: String) -> String? {
    let line = script.split(separator: "\n").first { $0.hasPrefix("feh ") }
    guard let line, let words = try? ArgumentTemplate.split(String(line)) else { return nil }
    return words.dropFirst().first { $0.hasPrefix("/") }
  }
}
