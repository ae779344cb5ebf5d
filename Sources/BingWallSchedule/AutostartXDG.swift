import BingWallSystem

/// `--method xdg`: `~/.config/autostart/bingwall.desktop`, which desktops run at login.
///
/// For sessions without systemd, or whose systemd never reaches graphical-session.target. The
/// desktop starts `bingwall daemon` once per login; there is no restart after a crash.
struct AutostartXDG: AutostartMethod {
  static let method = "xdg"
  static let fileName = "bingwall.desktop"

  var name: String { Self.method }
  var effect: String { "bingwall daemon starts when you log in to your desktop" }
  let file: AutostartFile

  init(_ environment: AutostartEnvironment) {
    file = AutostartFile(path: environment.autostartFolder + "/" + Self.fileName)
  }

  /// Characters that make the Desktop Entry spec quote an argument of `Exec`.
  static let reserved: Set<Character> = [
    " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`",
  ]

  /// The program path as the first argument of `Exec`, by the Desktop Entry spec's two layers.
  ///
  /// First the argument quoting: inside double quotes `"`, `` ` ``, `$` and `\` take a backslash.
  /// Then the escaping of every string value, which doubles that backslash, so a literal backslash
  /// ends up as four. `%` is refused rather than doubled: GLib (and with it GNOME's session) looks
  /// for the program before it undoes `%%`, finds nothing, and ignores the whole entry.
  /// https://specifications.freedesktop.org/desktop-entry-spec/latest/exec-variables.html
  static func execArgument(_ path: String) throws(AutostartError) -> String {
    for character in path {
      let scalar = character.unicodeScalars.first!.value
      if scalar < 0x20 || scalar == 0x7f {
        throw .unsafePath(
          method: method, path: path, character: character,
          reason: "which a desktop entry cannot hold")
      }
      if character == "%" {
        throw .unsafePath(
          method: method, path: path, character: character,
          reason: "which GLib-based desktops cannot start from an autostart entry")
      }
    }
    var argument = path
    if path.contains(where: reserved.contains) {
      var quoted = "\""
      for character in path {
        if "\"`$\\".contains(character) { quoted.append("\\") }
        quoted.append(character)
      }
      argument = quoted + "\""
    }
    return stringValue(argument)
  }

  /// A value of type string in a desktop file: a backslash is the escape character.
  static func stringValue(_ text: String) -> String {
    text.replacingEvery("\\", with: "\\\\")
  }

  static func entryText(executable: String) throws(AutostartError) -> String {
    """
    # Written by 'bingwall autostart enable --method xdg'; 'bingwall autostart disable' removes it.
    [Desktop Entry]
    Type=Application
    Name=bingwall
    Comment=Sets Bing's picture of the day as the wallpaper and keeps it current
    Exec=\(try execArgument(executable)) daemon
    TryExec=\(stringValue(executable))
    Terminal=false
    NoDisplay=true
    X-GNOME-Autostart-enabled=true
    \(AutostartFile.marker)

    """
  }

  func status() -> AutostartStatus {
    var result = AutostartStatus(method: name, enabled: false)
    switch try? file.state() {
    case .ours(let data):
      result.files = [file.path]
      // Desktops' "startup applications" panels switch an entry off in place rather than deleting it.
      let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        .map { $0.replacingEvery(" ", with: "") }
      if lines.contains("Hidden=true") || lines.contains("X-GNOME-Autostart-enabled=false") {
        result.note = "switched off in the desktop's settings"
        result.fix = "run 'bingwall autostart enable --method xdg'"
      } else {
        result.enabled = true
      }
    case .foreign:
      result.note = "\(file.path) is there but was not written by bingwall"
    default:
      break
    }
    return result
  }

  func enable(executable: String) throws(AutostartError) -> AutostartReport {
    let existed = (try file.state()) != .absent
    guard try file.write(try Self.entryText(executable: executable)) else {
      return AutostartReport(method: name, outcome: .alreadyEnabled)
    }
    return AutostartReport(
      method: name, outcome: existed ? .updated : .enabled, actions: ["wrote \(file.path)"])
  }

  func disable() throws(AutostartError) -> AutostartReport {
    guard try file.remove() else { return AutostartReport(method: name, outcome: .alreadyDisabled) }
    return AutostartReport(method: name, outcome: .disabled, actions: ["removed \(file.path)"])
  }
}
