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
    // Byte by byte, without splitting: a gallery reads 100,000 of these.
    var utf8 = text.utf8.makeIterator()
    func digits(_ count: Int) -> Int? {
      var value = 0
      for _ in 0..<count {
        guard let byte = utf8.next(), (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard let year = digits(4), utf8.next() == 45, let month = digits(2), utf8.next() == 45,
      let day = digits(2), utf8.next() == nil
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

  /// The next day on the calendar; nil after 9999-12-31.
  package var dayAfter: CalendarDate? {
    CalendarDate(year: year, month: month, day: day + 1) ?? CalendarDate(year: year, month: month + 1, day: 1)
      ?? CalendarDate(year: year + 1, month: 1, day: 1)
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
