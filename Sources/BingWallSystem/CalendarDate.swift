/// A day on the calendar with no time zone: a picture's market-local date, `YYYY-MM-DD`.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var year: Int
  package var month: Int
  package var day: Int

  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD` and refuses impossible days such as 2023-02-29.
  package init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Parses Bing's compact `YYYYMMDD`.
  package init?(compact text: String) {
    guard text.count == 8, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let digits = Array(text)
    self.init(parsing: "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))")
  }

  package var description: String {
    let y = String(year)
    let m = month < 10 ? "0\(month)" : "\(month)"
    let d = day < 10 ? "0\(day)" : "\(day)"
    return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
  }

  package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
