import BingWallSchedule

/// Autostart entries that are there but do not run as they should: a systemd unit written but
/// never enabled (systemd was out of reach), an entry switched off, a cron line an older
/// bingwall wrote with the display of its day in it.
///
/// Warnings, not problems: updates still run by hand, and a pinned display that is still there
/// still works.
enum DoctorAutostartCheck {
  static func run(_ context: Context) -> [DoctorFinding] {
    let autostart = Autostart(context: context)
    var findings: [DoctorFinding] = []
    // systemd and xdg: only what has a file of bingwall's (a foreign file is the user's own);
    // cron's line is read only where crontab is installed (`pinnedCronDisplay`).
    let files = Autostart.methodNames.filter { $0 != AutostartCron.method }.flatMap(autostart.status)
    for status in files {
      guard !status.enabled, !status.files.isEmpty, let note = status.note, let fix = status.fix else {
        continue
      }
      findings.append(
        DoctorFinding(.autostart, .warning, subject: "autostart \(status.method)", message: note, advice: fix)
      )
    }
    if let pinned = autostart.pinnedCronDisplay() {
      findings.append(
        DoctorFinding(
          .autostart, .warning, subject: "autostart cron",
          message: AutostartCron.pinnedNote(pinned),
          advice: AutostartCron.unpin))
    }
    return findings
  }
}
