import BingWallSystem

/// One way of starting bingwall without the user, so `autostart` can treat systemd, XDG and cron alike.
///
/// Every method owns only what it wrote (files with an `X-Bingwall=true` line, crontab lines with the
/// marker comment) and never touches anything else; enabling twice changes nothing and `disable`
/// takes back exactly what `enable` put there.
package protocol AutostartMethod: Sendable {
  /// The name `--method` takes.
  var name: String { get }
  /// What runs and when, for the summary line: "bingwall daemon starts with your graphical session".
  var effect: String { get }
  /// Whether bingwall's entry is there now; only reads.
  func status() -> AutostartStatus
  /// Installs the entry running `executable`; when it is already there byte for byte, changes nothing.
  func enable(executable: String) throws(AutostartError) -> AutostartReport
  /// Removes bingwall's entry and nothing else; when there is none, changes nothing.
  func disable() throws(AutostartError) -> AutostartReport
}

/// What `autostart status` says about one method.
package struct AutostartStatus: Sendable, Equatable {
  package var method: String
  package var enabled: Bool
  /// The files that are bingwall's, absolute paths.
  package var files: [String] = []
  /// Crontab lines that are bingwall's (cron only).
  package var lines: [String] = []
  /// Something the user should know: "written, not enabled", "crontab is not installed".
  package var note: String?
  /// What turns it on, or makes it what bingwall writes now: "run 'bingwall autostart enable
  /// --method systemd' in your desktop session".
  package var fix: String?
  /// The sandbox of the service bingwall wrote (systemd methods only).
  package var sandbox: AutostartSandbox.Level?
}

/// What an `enable` or `disable` did, so the command can tell the user and finish the job.
package struct AutostartReport: Sendable, Equatable {
  package enum Outcome: Sendable, Equatable {
    /// Turned on now.
    case enabled
    /// It was on, but with other content (the binary moved): rewritten.
    case updated
    /// It was on exactly as it would be written: nothing changed.
    case alreadyEnabled
    /// Turned off now.
    case disabled
    /// Nothing of ours was there: nothing changed.
    case alreadyDisabled
  }

  package var method: String
  package var outcome: Outcome
  /// Each change made, in order: "wrote /…/bingwall.service", "ran systemctl --user daemon-reload".
  package var actions: [String] = []
  /// Commands the user has to run to finish, when we could not run them (systemd not reachable).
  package var pending: [[String]] = []
  /// Why the pending commands could not be run.
  package var pendingReason: String?
  /// Advice that does not stop anything: a graphical-session.target that is not active here.
  package var warnings: [String] = []
  /// The sandbox of the services written (systemd methods only), and why that one.
  package var sandbox: AutostartSandbox?
}
