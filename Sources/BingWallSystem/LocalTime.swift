import FoundationEssentials
import Glibc
import Synchronization

/// Instants as a wall clock in one time zone shows them: the zone `TZ` names (glibc's rules:
/// `Europe/Paris`, `:/etc/localtime`, `CET-1CEST,M3.5.0,M10.5.0/3`), or the system's without it.
///
/// glibc converts only in the process's own zone, read from the process's `TZ` by `tzset`. The
/// zone given here is the context's `TZ`, which in the real program is the process's own, so
/// nothing changes; a test's context may name another, and then the process's `TZ` is set to it
/// for the conversion and put back, under one lock, so conversions of different zones never mix.
package struct LocalTime: Sendable {
  /// The fields of one instant on this zone's wall clock.
  package struct Fields: Sendable, Equatable {
    package var day: CalendarDate
    package var hour: Int
    package var minute: Int
  }

  /// The context's `TZ`; nil for the system's zone.
  let zone: String?

  package init(environment: [String: String]) {
    zone = environment["TZ"]
  }

  /// `date` on this zone's wall clock.
  package func fields(of date: Date) -> Fields {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    Self.inZone(zone) { _ = localtime_r(&seconds, &parts) }
    return Fields(
      day: CalendarDate(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        ?? CalendarDate(year: 1970, month: 1, day: 1)!,
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
  }

  /// Serialises every switch of the process's `TZ`, and every conversion made while switched.
  private static let switching = Mutex(())

  /// Runs `body` with the process's zone set to `zone` (nil: the system's), then sets it back.
  private static func inZone(_ zone: String?, _ body: () -> Void) {
    switching.withLock { _ in
      let current = getenv("TZ").map { String(cString: $0) }
      // Without TZ glibc reads /etc/localtime; ":/etc/localtime" says the same in a value.
      let wanted = zone ?? (current == nil ? nil : ":/etc/localtime")
      guard let wanted, wanted != current else {
        tzset()
        body()
        return
      }
      setenv("TZ", wanted, 1)
      tzset()
      body()
      // Put back as a value, never removed: glibc replaces an existing variable in place, where
      // adding or removing one moves the environment under any thread reading it.
      setenv("TZ", current ?? ":/etc/localtime", 1)
      tzset()
    }
  }
}
