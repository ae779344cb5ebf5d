import BingWallStore
import BingWallSystem

/// What one `bingwall update` did, for the text lines, `--json` and the exit status.
package struct UpdateReport: Sendable {
  /// A picture of the window that was not downloaded, and why.
  package struct Skip: Sendable, Equatable {
    package var key: String
    package var market: String
    package var date: String
    package var reason: String
  }

  /// A market Bing answered for with another one's picture.
  package struct Substitution: Sendable, Equatable {
    package var requested: String
    package var served: String
  }

  /// Something that failed: a market's metadata, or one picture.
  package struct Failure: Sendable {
    package var what: String
    package var error: any Error
    package var temporary: Bool
  }

  /// Pictures newly stored, newest first.
  package var fetched: [Picture] = []
  package var skipped: [Skip] = []
  package var substitutions: [Substitution] = []
  package var failures: [Failure] = []
  /// Things the user should know that are not failures (a response listing more than asked).
  package var warnings: [String] = []
  /// Appearances recorded for pictures already stored (another market, a re-issued day).
  var appearancesRecorded = 0

  /// 0 when everything worked, 75 when something may work later, 1 otherwise.
  package var exitStatus: Int32 {
    if failures.isEmpty { return ExitCode.success }
    return failures.allSatisfy(\.temporary) ? ExitCode.temporaryFailure : ExitCode.failure
  }
}
