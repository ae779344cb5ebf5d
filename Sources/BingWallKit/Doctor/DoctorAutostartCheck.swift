/// Whether the desktop session the cron line carries is still there: a line written from one
/// login names its display and Xauthority file, which a later login may have replaced.
///
/// A warning, not a problem: the runs still store the pictures, and a display that is gone while
/// nobody is logged in comes back with the next login.
enum DoctorAutostartCheck {
  static func run(_ context: Context) -> DoctorFinding? {
    let gone = Autostart(context: context).staleCronSession()
    guard !gone.isEmpty else { return nil }
    return DoctorFinding(
      .autostart, .warning, subject: "autostart cron",
      message: "its runs will set no wallpaper: \(gone.joined(separator: "; "))",
      advice: "run 'bingwall autostart enable --method cron' in a terminal of your desktop session")
  }
}
