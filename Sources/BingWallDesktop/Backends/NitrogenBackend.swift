import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets the X11 root window with nitrogen and saves the choice, so `nitrogen --restore` at login
/// brings it back and we can read it back from `bg-saved.cfg`.
package struct NitrogenBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "--set-zoom-fill", .fit: "--set-zoom", .stretch: "--set-scaled", .center: "--set-centered",
    .tile: "--set-tiled",
  ]

  package let name = "nitrogen"
  package let tools = ["nitrogen"]
  package let need = SessionNeed.x11

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool { false }

  package static func arguments(for request: WallpaperRequest) -> [String] {
    ["nitrogen", modeTable[request.mode.explicit]!, "--save", request.path]
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }

  /// The `file=` of the first screen section in `bg-saved.cfg`, where `--save` put it.
  package func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let text = try? String(contentsOfFile: Self.savedConfig(in: session), encoding: .utf8) else {
      return nil
    }
    return Self.picture(inSavedConfig: text)
  }

  /// nitrogen keeps its files in GLib's user config folder: `$XDG_CONFIG_HOME`, else `~/.config`.
  static func savedConfig(in session: DesktopSession) -> String {
    let configured = session.environment["XDG_CONFIG_HOME"] ?? ""
    let folder = configured.hasPrefix("/") ? configured : session.home + "/.config"
    return folder + "/nitrogen/bg-saved.cfg"
  }

  /// The first `file=` value, taken literally (nitrogen's key file writes paths unescaped).
  static func picture(inSavedConfig text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix("file=") {
      let value = String(line.dropFirst(5))
      return value.isEmpty ? nil : value
    }
    return nil
  }
}
