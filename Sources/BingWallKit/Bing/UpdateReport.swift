/// What one `bingwall update` did, for the text lines, `--json` and the exit status.
public struct UpdateReport: Sendable {
  /// A picture of the window that was not downloaded, and why.
  public struct Skip: Sendable, Equatable {
    public var key: String
    public var market: String
    public var date: String
    public var reason: String
  }

  /// A market Bing answered for with another one's picture.
  public struct Substitution: Sendable, Equatable {
    public var requested: String
    public var served: String
  }

  /// Something that failed: a market's metadata, or one picture.
  public struct Failure: Sendable {
    public var what: String
    public var error: any Error
    public var temporary: Bool
  }

  /// Pictures newly stored, newest first.
  public var fetched: [Picture] = []
  public var skipped: [Skip] = []
  public var substitutions: [Substitution] = []
  public var failures: [Failure] = []
  /// Appearances recorded for pictures already stored (another market, a re-issued day).
  public var appearancesRecorded = 0

  /// 0 when everything worked, 75 when something may work later, 1 otherwise.
  public var exitStatus: Int32 {
    if failures.isEmpty { return ExitCode.success }
    return failures.allSatisfy(\.temporary) ? ExitCode.temporaryFailure : ExitCode.failure
  }
}
