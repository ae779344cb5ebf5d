/// The exit statuses of the command-line contract (the man page's EXIT STATUS); scripts, cron and
/// systemd rely on them.
package enum ExitCode {
  package static let success: Int32 = 0
  /// Bad response, corrupt file, backend failed.
  package static let failure: Int32 = 1
  /// Unknown option, bad value, missing argument (sysexits EX_USAGE).
  package static let usage: Int32 = 64
  /// No usable desktop backend in this session (EX_UNAVAILABLE).
  package static let unavailable: Int32 = 69
  /// Network unreachable, timeout, HTTP 5xx: try later (EX_TEMPFAIL).
  package static let temporaryFailure: Int32 = 75
}

/// An error that knows the exit status it ends the program with; any other error exits 1.
package protocol ExitStatusError: Error {
  var exitStatus: Int32 { get }
}
