/// The monitors' output names as the X server's RandR extension reports them (`eDP-1`, `HDMI-1`;
/// `screen` on Xvfb): the names xfdesktop 4.18 files each monitor's picture under.
enum XRandRMonitors {
  static let tool = "xrandr"

  /// Runs `xrandr --listactivemonitors` on the session's display.
  static func names(in session: DesktopSession, backend: String) throws(DesktopError) -> [String] {
    parse(try session.run([tool, "--listactivemonitors"], backend: backend).stdoutText)
  }

  /// The monitors with their geometry, in RandR's order (which is Xinerama's, the order feh
  /// and nitrogen number screens in), the primary one marked `*`.
  static func outputs(in session: DesktopSession, backend: String) throws(DesktopError) -> [Output] {
    outputs(try session.run([tool, "--listactivemonitors"], backend: backend).stdoutText)
  }

  /// Each monitor line's name (as `parse`), geometry `W/mmxH/mm+X+Y`, primary mark `*` and
  /// automatic mark `+` (a monitor the server made for an output; without it, one made by
  /// `--setmonitor`). RandR gives no rotation here: the geometry is already turned.
  static func outputs(_ text: String) -> [Output] {
    text.split(whereSeparator: \.isNewline).compactMap { line -> Output? in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.count >= 3, words[0].hasSuffix(":"), Int(words[0].dropLast()) != nil,
        let name = parse(String(line)).first
      else { return nil }
      let flags = words[1].prefix { $0 == "+" || $0 == "*" }
      // 1920/344x1080/194+0+0: the sizes carry millimetres after a slash.
      let parts = words[2].split(separator: "+", omittingEmptySubsequences: false)
      let sides = parts.first?.split(separator: "x") ?? []
      guard parts.count == 3, sides.count == 2,
        let width = Int(sides[0].prefix { $0 != "/" }), let height = Int(sides[1].prefix { $0 != "/" }),
        let x = Int(parts[1]), let y = Int(parts[2])
      else { return nil }
      var output = Output(
        name: name, width: width, height: height, x: x, y: y, rotation: nil, primary: flags.contains("*"))
      output.isUserMonitor = !flags.contains("+")
      return output
    }
    .normalised()
  }

  /// The first output of every monitor in `xrandr --listactivemonitors` output.
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
