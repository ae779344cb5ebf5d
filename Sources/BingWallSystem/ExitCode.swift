/// The exit statuses of PRODUCT.md; scripts, cron and systemd rely on them.
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
