/// The exit statuses of PRODUCT.md; scripts, cron and systemd rely on them.
public enum ExitCode {
  public static let success: Int32 = 0
  /// Bad response, corrupt file, backend failed.
  public static let failure: Int32 = 1
  /// Unknown option, bad value, missing argument (sysexits EX_USAGE).
  public static let usage: Int32 = 64
  /// No usable desktop backend in this session (EX_UNAVAILABLE).
  public static let unavailable: Int32 = 69
  /// Network unreachable, timeout, HTTP 5xx: try later (EX_TEMPFAIL).
  public static let temporaryFailure: Int32 = 75
}
