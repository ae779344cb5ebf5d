import BingWallSystem

extension CalendarDate {
  /// 1970-01-01: the date of a file whose modification time cannot be read.
  package static let unixEpoch = CalendarDate(year: 1970, month: 1, day: 1)!
}
