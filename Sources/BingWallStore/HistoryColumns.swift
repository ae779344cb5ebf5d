import BingWallModel
import BingWallSystem
import FoundationEssentials

/// How the history spells the model's values in its TEXT columns, both ways, so that a row is
/// built from typed values and read back into them, and every file on disk keeps its bytes.
///
/// - a calendar date: `YYYY-MM-DD`;
/// - an instant: `2026-12-02T13:45:07Z` (`Timestamp`); histories written before 2026 kept
///   Bing's own `yyyyMMddHHmm` in `fullstartdate`, which still reads;
/// - a market: its code as stored, `''` for none (a plain imported file);
/// - a resolution: its name as stored;
/// - a source: its raw value (`bing`, `apod`, `earth-observatory`).
package enum HistoryColumns {
  package static func date(_ text: String) -> CalendarDate? { CalendarDate(parsing: text) }

  package static func instant(_ text: String) -> Date? {
    if let instant = Timestamp.parse(text) { return instant }
    let digits = Array(text)
    guard digits.count == 12, let day = CalendarDate(compact: String(digits[0..<8])) else { return nil }
    return Timestamp.parse("\(day)T\(String(digits[8..<10])):\(String(digits[10..<12])):00Z")
  }

  /// `fullstartdate`: `''` when unknown.
  package static func startInstant(_ text: String) -> Date?? {
    text.isEmpty ? .some(nil) : instant(text).map { $0 }
  }

  package static func market(_ text: String) -> Market? { text.isEmpty ? nil : Market(stored: text) }

  /// `sources`: the raw values of `group_concat(DISTINCT source)`, in `Source`'s order; Bing's
  /// for a picture with no appearance (a plain imported file).
  static func sources(_ text: String?) -> [Source] {
    let named = Set((text ?? "").split(separator: ",").compactMap { Source(rawValue: String($0)) })
    let sources = Source.allCases.filter(named.contains)
    return sources.isEmpty ? [.bing] : sources
  }

  /// `markets`: the codes of `group_concat(market, ' ')`, once each, sorted.
  package static func markets(_ text: String?) -> [Market] {
    Set((text ?? "").split(separator: " ").map(String.init)).sorted().map(Market.init(stored:))
  }
}

extension SQLiteValue {
  init(_ date: CalendarDate) { self = .text(date.description) }
  init(instant: Date) { self = .text(Timestamp.iso8601(instant)) }
  /// `fullstartdate`: `''` when unknown.
  init(startInstant: Date?) { self = .text(startInstant.map(Timestamp.iso8601) ?? "") }
  /// `''` for no market.
  init(_ market: Market?) { self = .text(market?.code ?? "") }
  /// NULL for no market: `served_market`.
  init(servedMarket: Market?) { self = SQLiteValue(servedMarket?.code) }
  init(_ resolution: Resolution) { self = .text(resolution.name) }
  init(_ source: Source) { self = .text(source.rawValue) }
}

extension SQLiteRow {
  func date(_ name: String) throws(StoreError) -> CalendarDate {
    try parsed(name, as: "a date YYYY-MM-DD", HistoryColumns.date)
  }

  func instant(_ name: String) throws(StoreError) -> Date {
    try parsed(name, as: "a time such as 2026-12-01T09:00:00Z", HistoryColumns.instant)
  }

  func optionalInstant(_ name: String) throws(StoreError) -> Date? {
    try optionalString(name) == nil ? nil : try instant(name)
  }

  func startInstant(_ name: String) throws(StoreError) -> Date? {
    try parsed(name, as: "a time such as 2026-12-01T09:00:00Z", HistoryColumns.startInstant)
  }

  func market(_ name: String) throws(StoreError) -> Market? { HistoryColumns.market(try string(name)) }

  func optionalMarket(_ name: String) throws(StoreError) -> Market? {
    try optionalString(name).map(Market.init(stored:))
  }

  func resolution(_ name: String) throws(StoreError) -> Resolution { Resolution(stored: try string(name)) }

  func source(_ name: String) throws(StoreError) -> Source {
    try parsed(name, as: "a source such as bing or apod", Source.init(rawValue:))
  }

  private func parsed<T>(_ name: String, as expected: String, _ parse: (String) -> T?) throws(StoreError) -> T
  {
    let text = try string(name)
    guard let value = parse(text) else {
      throw .typeMismatch(
        path: layout.path, sql: layout.sql, column: name, expected: expected,
        found: TerminalText.quoted(text, limit: 40))
    }
    return value
  }
}

extension Appearance {
  /// The columns of `appearances` an appearance fills, in the order of `columns`.
  static let columnNames =
    "source, market, date, served_market, bing_id, title, caption, credit, copyright, copyright_link, urlbase, "
    + "hsh, wp, fullstartdate, licence, licence_link, description"
  static let placeholders = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"

  /// The values of `columnNames`, as the history spells them.
  var columns: [SQLiteValue] {
    [
      SQLiteValue(source), SQLiteValue(bing.market), SQLiteValue(date),
      SQLiteValue(servedMarket: bing.servedMarket), .text(bing.bingID), .text(words.title),
      .text(words.caption), .text(words.credit), .text(words.copyright), .text(words.copyrightLink),
      .text(bing.urlbase), .text(bing.hsh), SQLiteValue(bing.wp),
      SQLiteValue(startInstant: bing.fullStartDate),
      .text(licence), .text(licenceLink), .text(description),
    ]
  }

  /// The appearance a row of `columnNames` holds.
  init(row: SQLiteRow) throws(StoreError) {
    self.init(
      date: try row.date("date"),
      words: PictureWords(
        title: try row.string("title"), caption: try row.string("caption"), credit: try row.string("credit"),
        copyright: try row.string("copyright"), copyrightLink: try row.string("copyright_link")),
      bing: BingListing(
        market: try row.market("market"), servedMarket: try row.optionalMarket("served_market"),
        bingID: try row.string("bing_id"), urlbase: try row.string("urlbase"), hsh: try row.string("hsh"),
        wp: try row.bool("wp"), fullStartDate: try row.startInstant("fullstartdate")))
    source = try row.source("source")
    licence = try row.string("licence")
    licenceLink = try row.string("licence_link")
    description = try row.string("description")
  }
}

extension NewPictureFile {
  /// The columns of `pictures` a new file fills, in the order of `columns`.
  static let columnNames = "source, key, sha256, path, resolution, width, height, bytes"
  static let placeholders = "?, ?, ?, ?, ?, ?, ?, ?"

  /// The values of `columnNames`, as the history spells them.
  var columns: [SQLiteValue] {
    [
      SQLiteValue(source), .text(key), .text(sha256), .text(path), SQLiteValue(resolution),
      .integer(Int64(width)),
      .integer(Int64(height)), .integer(bytes),
    ]
  }
}
