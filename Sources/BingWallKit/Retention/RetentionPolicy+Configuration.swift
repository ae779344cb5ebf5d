import BingWallStore
import BingWallSystem
import FoundationEssentials

extension Configuration {
  /// The `[retention]` keys (or the options standing in for them) as a policy; 0 and "" mean
  /// "no limit". Ages count back from `now` in whole days, compared with market-local dates, so a
  /// picture may stay up to a day longer in a market east of UTC; never a day less.
  func retentionPolicy(now: Date) -> RetentionPolicy {
    let keep = self[ConfigSchema.keep]
    let days = self[ConfigSchema.maxAgeDays]
    let cutoff = now.adding(.seconds(-days * 86_400))
    return RetentionPolicy(
      keep: keep > 0 ? keep : nil,
      shownBefore: days > 0 ? CalendarDate(parsing: String(Timestamp.iso8601(cutoff).prefix(10))) : nil,
      maxBytes: self[ConfigSchema.maxSize]?.bytes)
  }
}
