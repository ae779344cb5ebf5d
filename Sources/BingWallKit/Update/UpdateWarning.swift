import BingWallModel

/// Something the user of an update should know that is not a failure: the update stands. Kit
/// says what happened; Commands words it (Render/UpdateWarningText), the same on the terminal,
/// in `--json` and in the daemon's log.
package enum UpdateWarning: Sendable {
  /// Bing listed `listed` entries for `market` where `asked` were asked for; the rest were ignored.
  case overlisted(market: Market, listed: Int, asked: Int)
  /// The archive's older page of `market` (the days from 8 to 14 back) could not be had; the
  /// recent page's pictures are stored all the same.
  case olderPageNotFetched(market: Market, any Error)
  /// The portrait files could not be looked for at all (the history failed).
  case portraitsFailed(any Error)
  /// The portrait file of picture `key` failed for a reason that may pass.
  case portraitFailed(key: String, any Error)
  /// Bing's stories of the `market` pictures could not be fetched.
  case storyNotFetched(market: Market, any Error)
  /// Bing's stories of the `market` pictures came, and could not be stored.
  case storyNotStored(market: Market, any Error)
  /// A source gave its pictures through its fallback, and a setting of the user's wants a fix
  /// (a refused `apod.api_key`): the source's own line.
  case sourceSetting(Source, String)
  /// A source gave pictures of days they cannot have (`PlausibleDay`): passed over, told once for
  /// the source.
  case implausibleDays(Source, [PlausibleDay.Refusal])
}

/// The scheduler state (the journal's file) could not be saved; the update itself still counts.
package struct StateNotSaved: Sendable {
  package var file: String
  package var error: any Error
}
