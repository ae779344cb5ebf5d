import Foundation

@testable import BingWallSystem

/// Instants written as people read them, so the tables show the clocks they test.
package enum UTC {
  /// `2026-12-02T08:00:00Z`; a typo stops the test run at once rather than testing another day.
  package static func at(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { fatalError("not an instant: \(text)") }
    return date
  }

  /// From `start` to `end`, both included.
  package static func range(_ start: String, _ end: String) -> ClosedRange<Date> { at(start)...at(end) }
}

extension TimeInterval {
  /// Minutes as seconds, so durations in the tables read like the rules.
  package static func minutes(_ count: Double) -> TimeInterval { count * 60 }
  package static func hours(_ count: Double) -> TimeInterval { count * 3600 }
}

extension Duration {
  /// As `TimeInterval.minutes`, for the spans the schedule keeps as durations.
  package static func minutes(_ count: Double) -> Duration { .seconds(count * 60) }
  package static func hours(_ count: Double) -> Duration { .seconds(count * 3600) }
}
