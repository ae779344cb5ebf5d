/// The monitors' output names as the X server's RandR extension reports them (`eDP-1`, `HDMI-1`;
/// `screen` on Xvfb): the names xfdesktop 4.18 files each monitor's picture under.
enum XRandRMonitors {
  static let tool = "xrandr"

  /// Runs `xrandr --listmonitors` on the session's display.
  static func names(in session: DesktopSession, backend: String) throws(DesktopError) -> [String] {
    parse(try session.run([tool, "--listmonitors"], backend: backend).stdoutText)
  }

  /// The first output of every monitor in `xrandr --listmonitors` output.
  ///
  /// Each line is ` 0: +*eDP-1 1920/344x1080/194+0+0  eDP-1`: index, the monitor's name after `+`
  /// (active) and `*` (primary), its geometry, then its outputs. GTK names a monitor after its first
  /// output, which is the monitor's own name unless someone made one with `xrandr --setmonitor`.
  static func parse(_ output: String) -> [String] {
    output.split(whereSeparator: \.isNewline).compactMap { line in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.count >= 3, words[0].hasSuffix(":"), Int(words[0].dropLast()) != nil else { return nil }
      let name = words.count >= 4 ? words[3] : words[1].drop { $0 == "+" || $0 == "*" }
      return name.isEmpty ? nil : String(name)
    }
  }
}
