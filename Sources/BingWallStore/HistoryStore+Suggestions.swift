import BingWallModel
import BingWallSystem

extension HistoryStore {
  /// At most this many suggestions follow a selector that matched nothing: a hint is one line.
  static let suggestionLimit = 3

  /// What a person may have meant by a selector that matched nothing, each as they would type it:
  /// `'latest'` for a misspelt `latest` (`'current'` likewise), the stored keys nearest in spelling with their dates, or
  /// the stored days on either side of a date. Empty when nothing is near.
  func suggestions(for selector: PictureSelector, market: Market?) throws(StoreError) -> [String] {
    switch selector {
    case .latest, .current, .id, .sourced:
      return []
    case .date(let date):
      return try nearestDates(to: date, market: market)
    case .key(let typed):
      if !typed.contains("."), let word = Suggestion.closest(to: typed, in: ["latest", "current"]) {
        return ["'\(word)'"]
      }
      // `2026-1-5` is a day written loosely: the days stored around it are what was meant.
      if let date = Self.looseDate(typed) {
        let stored = try pictures(onDate: date, market: market).isEmpty ? [] : [date.description]
        return stored.isEmpty ? try nearestDates(to: date, market: market) : stored
      }
      return try nearestKeys(to: typed, market: market)
    }
  }

  /// The newest stored day before `date` and the oldest after it.
  private func nearestDates(to date: CalendarDate, market: Market?) throws(StoreError) -> [String] {
    var bindings: [String: SQLiteValue] = [":date": SQLiteValue(date)]
    var scope = ""
    if let market {
      scope = "AND market = :market"
      bindings[":market"] = SQLiteValue(market)
    }
    let row = try database.queryOne(
      """
      SELECT (SELECT max(date) FROM appearances WHERE date < :date AND superseded = 0 \(scope)) AS before,
        (SELECT min(date) FROM appearances WHERE date > :date AND superseded = 0 \(scope)) AS after
      """, bindings)
    return [try row?.optionalString("before"), try row?.optionalString("after")].compactMap { $0 }
  }

  /// The stored keys nearest `typed` in spelling (ignoring case and the `OHR.` prefix), closest
  /// first, then newest; each as `'Name' (date)`.
  private func nearestKeys(to typed: String, market: Market?) throws(StoreError) -> [String] {
    let word = Self.bareName(typed).lowercased()
    // Bounded: no key is longer than this, so a longer word is near none, and each comparison
    // below is at most 80 by 80 whatever was typed.
    guard !word.isEmpty, word.count <= Self.longestKey else { return [] }
    let limit = max(1, min(3, word.count / 3 + 1))
    var bindings: [String: SQLiteValue] = [:]
    var scope = ""
    if let market {
      scope = "WHERE a.market = :market"
      bindings[":market"] = SQLiteValue(market)
    }
    let rows = try database.query(
      """
      SELECT p.key, max(a.date) AS date FROM pictures p JOIN appearances a ON a.picture_id = p.id \(scope)
      GROUP BY p.key
      """, bindings)
    var near: [(name: String, date: String, distance: Int)] = []
    for row in rows {
      let key = try row.string("key")
      let name = Self.bareName(key)
      let lowered = name.lowercased()
      // Lengths further apart than the limit cannot be within it: no table to fill.
      guard lowered.count <= Self.longestKey, lowered.count - word.count <= limit || lowered.hasPrefix(word),
        word.count - lowered.count <= limit
      else { continue }
      // A word typed short (`Lak`) is near every name it begins.
      let distance =
        word.count >= 3 && lowered.hasPrefix(word) ? 1 : Suggestion.editDistance(word, lowered)
      if distance <= limit { near.append((name, try row.optionalString("date") ?? "", distance)) }
    }
    near.sort { ($0.distance, $1.date, $0.name) < ($1.distance, $0.date, $1.name) }
    return near.prefix(Self.suggestionLimit).map { "'\($0.name)' (\($0.date))" }
  }

  /// The longest name a suggestion is looked for in (Bing's keys are under 40 characters).
  static let longestKey = 80

  /// A key as a person types it: `Lake` for `OHR.Lake`; a key of another kind whole.
  static func bareName(_ key: String) -> String {
    let name = key.hasPrefix("OHR.") ? String(key.dropFirst(4)) : key
    return name.contains(".") ? key : name
  }

  /// `2026-1-5` or `2026/01/05`: a real day in a form `YYYY-MM-DD` does not take.
  static func looseDate(_ text: String) -> CalendarDate? {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" })
    guard parts.count == 3, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "/") }),
      parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    return CalendarDate(year: year, month: month, day: day)
  }
}
