import BingWallSystem

/// A running `pcmanfm --desktop` (LXDE) or `pcmanfm-qt --desktop` (LXQt) on the session's display:
/// the program that draws the wallpaper, and that a second `pcmanfm --set-wallpaper` hands the picture
/// to.
///
/// Without one, the second pcmanfm becomes the first instance itself: pcmanfm 1.3 then opens a modal
/// "Desktop manager is not active" dialog and never exits, and pcmanfm-qt 1.2 exits 0 having stored
/// nothing. So the backends look for it first and fail at once.
struct PCManFMDesktop {
  let process: RunningProcess

  /// The desktop of `program` that draws on the session's display, if one runs.
  static func find(_ program: String, in session: DesktopSession) -> PCManFMDesktop? {
    let ours = DisplayName(session.environment["DISPLAY"])
    return RunningProcess.named(program).lazy
      .filter { $0.arguments.dropFirst().contains("--desktop") }
      .first { ours != nil && DisplayName($0.environmentValue("DISPLAY")) == ours }
      .map(PCManFMDesktop.init)
  }

  /// Why nothing would show the picture, for `sessionMissing`.
  static func absence(_ program: String, in session: DesktopSession) -> String {
    let display = session.environment["DISPLAY"] ?? ""
    return
      "no '\(program) --desktop' runs on display \(display) for this user, so nothing would draw the picture"
      + " (start your desktop session, or pick a backend for your window manager)"
  }

  /// The configuration profile: `--profile NAME`, `--profile=NAME` or `-p NAME`; `default` without one.
  var profile: String {
    var words = process.arguments.dropFirst()[...]
    while let word = words.popFirst() {
      if word.hasPrefix("--profile=") { return String(word.dropFirst("--profile=".count)) }
      if word == "--profile" || word == "-p", let value = words.first { return value }
    }
    return "default"
  }

  /// The folder the desktop keeps its settings in: its own `XDG_CONFIG_HOME`, else its `~/.config`.
  func configFolder(in session: DesktopSession) -> String {
    if let folder = process.environmentValue("XDG_CONFIG_HOME"), folder.hasPrefix("/") { return folder }
    let home = process.environmentValue("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? session.home
    return home + "/.config"
  }
}
