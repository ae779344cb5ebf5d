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
/// - a source: its raw value (`bing`, `apod`, `earth-observatory`);
/// - a link: its text, `''` for none; a text that is no link (`RemoteURL(link:)`: an old row's
///   relative path or `javascript:`) reads as none, and stays as it is in the file.
package enum HistoryColumns {
  package static func date(_ text: String) -> CalendarDate? { CalendarDate(parsing: text) }

  /// Whether `instant` reads `text`, without making the `Date`: doctor's check of every row.
  static func isInstant(_ text: String) -> Bool {
    Timestamp.isWellFormed(text) || (text.utf8.count == 12 && instant(text) != nil)
  }

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

  /// `sources`: the raw values of `group_concat(DISTINCT source)`, in `Source`'s order (Bing first); Bing's
  /// for a picture with no appearance (a plain imported file).
  static func sources(_ text: String?) -> [Source] {
    let sources = Set((text ?? "").split(separator: ",").compactMap { Source(rawValue: String($0)) }).sorted()
    return sources.isEmpty ? [.bing] : sources
  }

  /// `markets`: the codes of `group_concat(market, ' ')`, once each, sorted; a code out of its
  /// type (see `isMarketCode`) is left out, as its appearance is.
  package static func markets(_ text: String?) -> [Market] {
    Set((text ?? "").split(separator: " ").map(String.init)).filter(isMarketCode).sorted()
      .map(Market.init(stored:))
  }

  // MARK: - What each column may hold

  /// A market code as `update` and `import` write one: 2 to 16 letters, digits and dashes.
  static func isMarketCode(_ text: String) -> Bool {
    (2...16).contains(text.utf8.count)
      && text.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
  }

  /// A SHA-256 as stored: 64 lower-case hexadecimal digits.
  static func isSHA256(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// A size's name as stored: Bing's (`UHD`, `1920x1080`) or an imported file's `WIDTHxHEIGHT`.
  static func isResolution(_ text: String) -> Bool {
    (1...20).contains(text.utf8.count) && text.utf8.allSatisfy(isLetterOrDigit)
  }

  /// The longest key stored, in bytes: what `update` and `import` accept (`SourceKey`'s rule).
  static let longestKey = SourceKey.longest
  /// The longest path stored, in bytes: Linux's `PATH_MAX`.
  static let longestPath = 4096

  /// A key as stored: not empty, at most `longestKey` bytes, no control character.
  static func isKey(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= longestKey && TerminalText.clean(text) == text
  }

  /// A path as stored: absolute, at most `longestPath` bytes.
  static func isPath(_ text: String) -> Bool {
    text.hasPrefix("/") && text.utf8.count <= longestPath
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// What a column should hold, in the words of a damaged row's message.
  enum Expected {
    static let date = "a date YYYY-MM-DD"
    static let instant = "a time such as 2026-12-01T09:00:00Z"
    static let source = "a source such as bing or apod"
    static let market = "a market code such as en-US"
    static let sha256 = "64 hexadecimal digits"
    static let resolution = "a size such as UHD or 1920x1080"
    static let positive = "a whole number above 0"
    static let key = "a key of at most 1,024 bytes without control characters"
    static let path = "an absolute path of at most 4,096 bytes"
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
  /// `''` for no link.
  init(_ link: RemoteURL?) { self = .text(link?.text ?? "") }
}

/// The typed readers of the history's columns: each checks its value against the column's rule
/// above and throws `.typeMismatch` for a value out of its type, which the row's decoding turns
/// into a `DamagedRow` (see `HistoryStore.decoded`).
extension SQLiteRow {
  func date(_ name: String) throws(StoreError) -> CalendarDate {
    try parsed(name, as: HistoryColumns.Expected.date, HistoryColumns.date)
  }

  func instant(_ name: String) throws(StoreError) -> Date {
    try parsed(name, as: HistoryColumns.Expected.instant, HistoryColumns.instant)
  }

  func optionalInstant(_ name: String) throws(StoreError) -> Date? {
    try optionalString(name) == nil ? nil : try instant(name)
  }

  func startInstant(_ name: String) throws(StoreError) -> Date? {
    try parsed(name, as: HistoryColumns.Expected.instant, HistoryColumns.startInstant)
  }

  /// `''` for none.
  func market(_ name: String) throws(StoreError) -> Market? {
    try parsed(name, as: HistoryColumns.Expected.market) { (text: String) -> Market?? in
      if text.isEmpty { return .some(nil) }
      return HistoryColumns.isMarketCode(text) ? .some(Market(stored: text)) : .none
    }
  }

  func optionalMarket(_ name: String) throws(StoreError) -> Market? {
    try optionalString(name) == nil ? nil : try market(name)
  }

  func resolution(_ name: String) throws(StoreError) -> Resolution {
    try parsed(name, as: HistoryColumns.Expected.resolution) {
      HistoryColumns.isResolution($0) ? Resolution(stored: $0) : nil
    }
  }

  func source(_ name: String) throws(StoreError) -> Source {
    try parsed(name, as: HistoryColumns.Expected.source, Source.init(rawValue:))
  }

  /// `''`, or a text that is no link, for none.
  func link(_ name: String) throws(StoreError) -> RemoteURL? { RemoteURL(link: try string(name)) }

  func sha256(_ name: String) throws(StoreError) -> String {
    try parsed(name, as: HistoryColumns.Expected.sha256) { HistoryColumns.isSHA256($0) ? $0 : nil }
  }

  func key(_ name: String) throws(StoreError) -> String {
    try parsed(name, as: HistoryColumns.Expected.key) { HistoryColumns.isKey($0) ? $0 : nil }
  }

  func path(_ name: String) throws(StoreError) -> String {
    try parsed(name, as: HistoryColumns.Expected.path) { HistoryColumns.isPath($0) ? $0 : nil }
  }

  /// A width, a height, a size in bytes: above 0.
  func positive(_ name: String) throws(StoreError) -> Int64 {
    let value = try value(name)
    guard case .integer(let number) = value, number > 0 else {
      throw .typeMismatch(
        path: layout.path, sql: layout.sql, column: name, expected: HistoryColumns.Expected.positive,
        found: HistoryStore.shown(value))
    }
    return number
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

  /// `columnNames` as a SELECT list, each text no longer than it is written (`StoredText`), so
  /// that a value a hand made 300 MB long reaches Swift cut.
  static var boundedColumns: String {
    let (line, long, link) = (StoredText.lineLimit, StoredText.longLimit, StoredText.linkLimit)
    let key = HistoryColumns.longestKey + 1
    return [
      ("source", 40), ("market", 17), ("date", 11), ("served_market", 17), ("bing_id", key), ("title", line),
      ("caption", line), ("credit", line), ("copyright", line), ("copyright_link", link), ("urlbase", link),
      ("hsh", key), ("wp", 0), ("fullstartdate", 40), ("licence", line), ("licence_link", link),
      ("description", long),
    ].map { name, limit in limit == 0 ? name : "substr(\(name), 1, \(limit)) AS \(name)" }.joined(
      separator: ", ")
  }

  /// The values of `columnNames`, as the history spells them.
  var columns: [SQLiteValue] {
    let bing = bing ?? .unlisted
    return [
      SQLiteValue(source), SQLiteValue(bing.market), SQLiteValue(date),
      SQLiteValue(servedMarket: bing.servedMarket), .text(bing.bingID), .text(words.title),
      .text(words.caption), .text(words.credit), .text(words.copyright), SQLiteValue(words.copyrightLink),
      .text(bing.urlbase), .text(bing.hsh), SQLiteValue(bing.wp),
      SQLiteValue(startInstant: bing.fullStartDate),
      .text(licence), SQLiteValue(licenceLink), .text(description),
    ]
  }

  /// The appearance a row of `columnNames` holds.
  init(row: SQLiteRow) throws(StoreError) {
    self.init(
      date: try row.date("date"),
      words: PictureWords(
        title: try row.string("title"), caption: try row.string("caption"), credit: try row.string("credit"),
        copyright: try row.string("copyright"), copyrightLink: try row.link("copyright_link")),
      bing: BingListing(
        market: try row.market("market"), servedMarket: try row.optionalMarket("served_market"),
        bingID: try row.string("bing_id"), urlbase: try row.string("urlbase"), hsh: try row.string("hsh"),
        wp: try row.bool("wp"), fullStartDate: try row.startInstant("fullstartdate")))
    source = try row.source("source")
    // Another source's row holds `unlisted` in Bing's columns: no listing. Anything else there
    // is kept, so that what a row holds is read back whole.
    if source != .bing, bing == .unlisted { bing = nil }
    licence = try row.string("licence")
    licenceLink = try row.link("licence_link")
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
