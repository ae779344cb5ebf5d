/// `--method systemd-timer`: `bingwall update` once an hour from a user timer, no daemon running.
///
/// `OnCalendar=` rather than `OnUnitActiveSec=` because only calendar timers honour `Persistent=true`,
/// which runs a check missed while the machine was off or asleep as soon as it is back.
/// `RandomizedDelaySec=` spreads everyone's requests over ten minutes instead of all at :00, and
/// `OnStartupSec=` fetches soon after login without waiting for the next hour.
struct AutostartSystemdTimer: AutostartSystemdMethod {
  static let serviceName = "bingwall-update.service"
  static let timerName = "bingwall-update.timer"

  static let method = "systemd-timer"
  var effect: String {
    "bingwall update runs every hour (and after each boot)"
  }
  let units: AutostartSystemdUnits

  init(_ environment: AutostartEnvironment) {
    units = AutostartSystemdUnits(
      environment, method: Self.method, names: [Self.serviceName, Self.timerName], main: Self.timerName,
      target: "timers.target", restartsOnChange: false)
  }

  /// The oneshot service the timer starts; systemd never starts it twice at once.
  static func serviceText(executable: String, sandbox: AutostartSandbox.Level) throws(AutostartError)
    -> String
  {
    let command = try AutostartSystemdUnits.execPath(executable, method: Self.method)
    return """
      # Written by 'bingwall autostart enable --method systemd-timer'; 'disable' removes it.
      [Unit]
      Description=bingwall: fetch Bing's picture of the day
      \(AutostartFile.marker)

      [Service]
      Type=oneshot
      ExecStart=\(command) update
      # A oneshot has no time limit by default: a stuck update would hold back every later one.
      TimeoutStartSec=30min
      \(AutostartSandbox.unitLines(sandbox))
      """
  }

  static let timerText = """
    # Written by 'bingwall autostart enable --method systemd-timer'; 'disable' removes it.
    [Unit]
    Description=bingwall: look for Bing's picture of the day every hour
    \(AutostartFile.marker)

    [Timer]
    OnCalendar=hourly
    Persistent=true
    RandomizedDelaySec=10min
    OnStartupSec=2min

    [Install]
    WantedBy=timers.target

    """

  func enable(executable: String) throws(AutostartError) -> AutostartReport {
    try units.enable { sandbox throws(AutostartError) in
      [
        .init(name: Self.serviceName, text: try Self.serviceText(executable: executable, sandbox: sandbox)),
        .init(name: Self.timerName, text: Self.timerText),
      ]
    }
  }
}
