/// `--method systemd`: a user service running `bingwall daemon` for as long as the graphical session.
///
/// `PartOf=` stops it with the session (no daemon left setting wallpapers on a display that is gone),
/// `After=` starts it once the session's environment (DISPLAY, WAYLAND_DISPLAY) is imported, and
/// `Restart=on-failure` brings it back after a crash but not after a clean stop.
struct AutostartSystemd: AutostartSystemdMethod {
  static let unitName = "bingwall.service"

  static let method = "systemd"
  var effect: String {
    "bingwall daemon starts with your graphical session"
  }
  let units: AutostartSystemdUnits

  init(_ environment: AutostartEnvironment) {
    var units = AutostartSystemdUnits(
      environment, method: Self.method, names: [Self.unitName], main: Self.unitName,
      target: "graphical-session.target", restartsOnChange: true)
    units.now = !environment.leavesDaemonRunning
    self.units = units
  }

  /// The unit file. No comment shares a line with a setting: systemd would take it as part of the value.
  static func unitText(executable: String, sandbox: AutostartSandbox.Level) throws(AutostartError)
    -> String
  {
    let command = try AutostartSystemdUnits.execPath(executable, method: Self.method)
    return """
      # Written by 'bingwall autostart enable'; 'bingwall autostart disable' removes it.
      # Local changes belong in a drop-in: systemctl --user edit bingwall.service
      [Unit]
      Description=bingwall: Bing's picture of the day as the wallpaper
      PartOf=graphical-session.target
      After=graphical-session.target
      \(AutostartFile.marker)

      [Service]
      Type=simple
      ExecStart=\(command) daemon
      Restart=on-failure
      RestartSec=30s
      \(AutostartSandbox.unitLines(sandbox))
      [Install]
      WantedBy=graphical-session.target

      """
  }

  func enable(executable: String) throws(AutostartError) -> AutostartReport {
    try units.enable { sandbox throws(AutostartError) in
      [.init(name: Self.unitName, text: try Self.unitText(executable: executable, sandbox: sandbox))]
    }
  }
}
