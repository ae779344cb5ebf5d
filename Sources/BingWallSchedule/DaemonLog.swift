import BingWallSystem
import FoundationEssentials
import Glibc

/// One line per daemon action on stderr: timestamped, unless stderr is the journal (which
/// stamps lines itself; systemd says so in JOURNAL_STREAM as the stream's device:inode).
package struct DaemonLog: Sendable {
  let output: any TextOutput
  let clock: any WallClock
  let stamped: Bool

  package init(output: any TextOutput, clock: any WallClock, environment: [String: String]) {
    self.output = output
    self.clock = clock
    stamped = !Self.stderrIsJournal(environment["JOURNAL_STREAM"])
  }

  package func line(_ text: String) {
    let clean = TerminalText.clean(text)
    output.write((stamped ? Timestamp.iso8601(clock.now()) + " " : "") + clean + "\n")
    output.flush()
  }

  /// `bingwall: error: …`, the words a terminal shows, so that `grep 'bingwall: error'` finds
  /// the daemon's failures in the journal as in cron's mail.
  package func error(_ text: String) { line(Diagnostic.line(.error, text)) }

  /// `bingwall: warning: …`.
  package func warning(_ text: String) { line(Diagnostic.line(.warning, text)) }

  static func stderrIsJournal(_ value: String?) -> Bool {
    guard let value, !value.isEmpty else { return false }
    var status = stat()
    guard fstat(STDERR_FILENO, &status) == 0 else { return false }
    return value == "\(status.st_dev):\(status.st_ino)"
  }
}
