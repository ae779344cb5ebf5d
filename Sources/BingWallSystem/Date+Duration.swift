import FoundationEssentials

extension Date {
  /// This instant moved on by `duration` (back, for a negative one): where a span, kept as a
  /// `Duration` from the config to here, meets the wall clock's `Date`. The one conversion.
  package func adding(_ duration: Duration) -> Date {
    addingTimeInterval(duration.seconds)
  }

  /// The span from `earlier` to this instant; negative when `earlier` is later.
  package func duration(since earlier: Date) -> Duration {
    .seconds(timeIntervalSince(earlier))
  }
}
