import FoundationEssentials
import Glibc

/// ISO 8601 instants in UTC, as the history stores them and `--json` prints them.
package enum Timestamp {
  /// `2026-12-02T13:45:07Z`.
  package static func iso8601(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// Whether `text` is what `iso8601` writes (`parse` reads it): the rule alone, without the
  /// `Date`, for a check of 100,000 rows.
  package static func isWellFormed(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count == 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58,
        bytes[16] == 58, bytes[19] == 90
      else { return false }
      for index in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] where !(48...57).contains(bytes[index]) {
        return false
      }
      return true
    }
  }

  /// Reads what `iso8601` wrote; nil for anything else.
  package static func parse(_ text: String) -> Date? {
    guard isWellFormed(text) else { return nil }
    let bytes = Array(text.utf8)
    // Digit by digit, without a String a field: a gallery reads 100,000 of these.
    func number(_ range: Range<Int>) -> Int32? {
      var value: Int32 = 0
      for byte in bytes[range] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int32(byte - 48)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = month - 1
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
  }
}
