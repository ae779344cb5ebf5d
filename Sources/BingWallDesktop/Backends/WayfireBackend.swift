import BingWallSystem
import FoundationEssentials
import Glibc

/// Wayfire with wf-shell: the picture is `[background] image` (and `fill_mode`) in
/// `$XDG_CONFIG_HOME/wf-shell.ini`, which wf-background reloads when the file changes.
///
/// Only those two lines change; every other line of the file goes back as it was, and the file
/// is replaced atomically. wf-config reads a value to the end of its line, trimmed, with `#`
/// starting a comment, so a path with a line break, a `#`, a backslash or blanks at either end
/// is refused rather than misread. Without wf-shell (Debian 12's wayfire has none) Wayfire draws
/// no background and a Wayland setter (swaybg, awww, wpaperd) is chosen instead.
struct WayfireBackend: WallpaperBackend {
  /// wf-shell's `fill_mode` per mode: it cannot centre or tile, so both keep the aspect.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "fill_and_crop", .fit: "preserve_aspect", .stretch: "stretch", .center: "preserve_aspect",
    .tile: "preserve_aspect",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  let name = "wayfire"
  let tools = ["wf-background"]
  /// A file only: wf-background picks it up whoever writes it.
  let need = SessionNeed.nothing

  init() {}

  func isDetected(in session: DesktopSession) -> Bool { session.isDesktop(["wayfire"]) }

  static func file(in session: DesktopSession) -> String {
    let configured = session.environment["XDG_CONFIG_HOME"] ?? ""
    return (configured.hasPrefix("/") ? configured : session.home + "/.config") + "/wf-shell.ini"
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    let path = request.path
    if !path.hasPrefix("/") || path.contains(where: { $0.isNewline || $0 == "#" || $0 == "\\" })
      || path.last?.isWhitespace == true
    {
      throw .misconfigured(
        backend: name,
        message:
          "wf-shell cannot take a picture path with a line break, '#', a backslash or a blank at its end "
          + "(\(TerminalText.clean(path.debugDescription))); move the data folder or use --backend swaybg")
    }
    let file = Self.file(in: session)
    var text = try SettingsFileWrite.read(file, backend: name) ?? ""
    text = Self.setting("image", to: path, inSection: "background", of: text)
    text = Self.setting(
      "fill_mode", to: Self.modeTable[request.mode.explicit]!, inSection: "background", of: text)
    try SettingsFileWrite.write(text, to: file, backend: name)
    let found = try current(in: session)
    guard found == path else {
      throw .didNotTake(backend: name, expected: path, found: found ?? "no picture in \(file)")
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let text = try SettingsFileWrite.read(Self.file(in: session), backend: name) else { return nil }
    return INILines(text).value("image", inSection: "background")
  }

  /// `text` with `key = value` in `[section]`: the key's line replaced where it is, else added
  /// after the section's last line, else a new section at the end. Every other line is kept.
  static func setting(_ key: String, to value: String, inSection section: String, of text: String) -> String {
    var file = INILines(text)
    let place = file.locate(key, inSection: section)
    if let line = place.line {
      file.lines[line] = "\(key) = \(value)"
    } else if let end = place.end {
      file.lines.insert("\(key) = \(value)", at: end + 1)
    } else {
      if let last = file.lines.last, !last.trimmed().isEmpty { file.lines.append("") }
      file.lines += ["[\(section)]", "\(key) = \(value)"]
    }
    return file.text
  }
}
