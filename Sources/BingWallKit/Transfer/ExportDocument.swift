import BingWallBing
import BingWallModel
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// `bingwall-export.json`, the metadata of an export folder: written by `export`, read by `import`.
///
/// Each picture is the object `list --json` prints, with `path` relative to the folder, plus
/// `appearances`: every market appearance with its superseded flag, so the round trip is exact.
/// On reading, every value is data: a key must be a picture key, a path a plain file name in the
/// folder, a date a date; a picture that breaks a rule is refused alone.
enum ExportDocument {
  static let fileName = "bingwall-export.json"
  static let format = "bingwall-export"
  static let version = 1
  /// A history of 30 years in 60 markets exports to about 60 MB; anything larger is not ours.
  static let maximumBytes = 128 << 20

  // MARK: - Writing

  /// One picture: the `list --json` object with `path` replaced by `fileName`, then `appearances`.
  static func entry(_ picture: Picture, fileName: String, appearances: [StoredAppearance]) -> JSONOutput {
    guard case .object(var members) = picture.json else { return picture.json }
    if let index = members.firstIndex(where: { $0.0 == "path" }) { members[index].1 = .string(fileName) }
    members.append(("appearances", .array(appearances.map(json))))
    return .object(members)
  }

  static func json(_ stored: StoredAppearance) -> JSONOutput {
    let appearance = stored.appearance
    // Another source's appearance is written with Bing's fields empty, as the history holds it.
    let bing = appearance.bing ?? .unlisted
    return .object([
      ("market", .string(bing.market?.code ?? "")),
      ("date", .string(appearance.date.description)),
      ("served_market", .optional(bing.servedMarket?.code)),
      ("bing_id", .string(bing.bingID)),
      ("title", .string(appearance.words.title)),
      ("caption", .string(appearance.words.caption)),
      ("credit", .string(appearance.words.credit)),
      ("copyright", .string(appearance.words.copyright)),
      ("copyright_link", .string(appearance.words.copyrightLink?.text ?? "")),
      ("urlbase", .string(bing.urlbase)),
      ("hsh", .string(bing.hsh)),
      ("wp", .bool(bing.wp)),
      ("fullstartdate", .string(bing.fullStartDate.map(Timestamp.iso8601) ?? "")),
      ("superseded", .bool(stored.superseded)),
      ("source", .string(appearance.source.rawValue)),
      ("licence", .string(appearance.licence)),
      ("licence_link", .string(appearance.licenceLink?.text ?? "")),
      ("description", .string(appearance.description)),
    ])
  }

  /// The whole document, newline-terminated.
  static func render(_ entries: [JSONOutput], exportedAt: Date) -> String {
    JSONOutput.object([
      ("format", .string(format)),
      ("version", .integer(Int64(version))),
      ("exported_at", .string(Timestamp.iso8601(exportedAt))),
      ("pictures", .array(entries)),
    ]).rendered() + "\n"
  }

  // MARK: - Reading

  /// One picture of a document, checked.
  struct Entry: Equatable {
    /// The source whose id `key` is; Bing's in an export made before there were others.
    var source: Source = .bing
    var key: String
    /// A plain file name inside the export folder.
    var fileName: String
    var sha256: String
    var resolution: Resolution
    var favorite: Bool
    var banned: Bool
    var addedAt: Date
    /// The date of the appearance the picture was shown with: its file name's date.
    var date: CalendarDate
    /// The id it had in the exporting history, to import pictures in the order they arrived.
    var originalID: Int64?
    var appearances: [StoredAppearance]
  }

  /// Parses a document: the pictures in it, each checked or refused with the reason.
  static func read(_ bytes: [UInt8], path: String) throws(TransferError) -> [Result<Entry, TransferError>] {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .invalidDocument(path: path, detail: "it is not UTF-8 text")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .invalidDocument(path: path, detail: error.description)
    }
    guard case .object(let top) = value else {
      throw .invalidDocument(path: path, detail: "the document is \(value.kind), not an object")
    }
    guard top["format"]?.stringValue == format else {
      throw .invalidDocument(path: path, detail: "its \"format\" is not \"\(format)\"")
    }
    guard case .number(let number) = top["version"], number == Double(version) else {
      throw .invalidDocument(
        path: path, detail: "its \"version\" is not \(version); a newer bingwall may have written it")
    }
    guard case .array(let pictures) = top["pictures"] else {
      throw .invalidDocument(path: path, detail: "it has no \"pictures\" list")
    }
    return pictures.enumerated().map { index, picture in
      Result { () throws(TransferError) in
        do throws(FieldError) {
          return try entry(Fields(picture))
        } catch {
          throw .invalidEntry(index: index, detail: error.detail)
        }
      }
    }
  }

  private static func entry(_ fields: Fields) throws(FieldError) -> Entry {
    let given = try fields.string("key")
    let source = try source(fields)
    if let problem = PictureKey.problem(given, source: source) {
      throw FieldError("key \(quoted(given)): \(problem)")
    }
    // Kept as `update` keeps a source's id (Bing's keys are of the safe set already): an export
    // written before keys were escaped, or by hand, brings no shell word into the history.
    let key = SourceKey.escaped(given)
    let fileName = try fields.string("path")
    if let problem = fileNameProblem(fileName) {
      throw FieldError(
        "\(key): path \(quoted(fileName)) \(problem); nothing outside the export folder is read")
    }
    let sha256 = try fields.string("sha256")
    guard sha256.count == 64, sha256.unicodeScalars.allSatisfy(isLowerHex) else {
      throw FieldError("\(key): sha256 is not 64 hexadecimal digits")
    }
    let resolution = try fields.string("resolution")
    guard (1...20).contains(resolution.count),
      resolution.unicodeScalars.allSatisfy(PictureKey.isLetterOrDigit)
    else {
      throw FieldError("\(key): resolution \(quoted(resolution)) is not a size such as UHD or 1920x1080")
    }
    let addedText = try fields.string("added_at")
    guard let addedAt = Timestamp.parse(addedText) else {
      throw FieldError("\(key): added_at \(quoted(addedText)) is not a time such as 2026-12-01T09:00:00Z")
    }
    let date = try fields.date("date")
    var originalID: Int64?
    if case .number(let id)? = fields.members["id"], id >= 1, id < 9e15, id == id.rounded() {
      originalID = Int64(id)
    }
    guard case .array(let list)? = fields.members["appearances"] else {
      throw FieldError("\(key): it has no \"appearances\" list")
    }
    var appearances: [StoredAppearance] = []
    for item in list {
      do throws(FieldError) {
        appearances.append(try appearance(Fields(item)))
      } catch {
        throw FieldError("\(key): an appearance \(error.detail)")
      }
    }
    return Entry(
      source: source, key: key, fileName: fileName, sha256: sha256,
      resolution: Resolution(stored: resolution),
      favorite: try fields.bool("favorite"),
      banned: try fields.bool("banned"), addedAt: addedAt, date: date, originalID: originalID,
      appearances: appearances)
  }

  private static func appearance(_ fields: Fields) throws(FieldError) -> StoredAppearance {
    let market = try fields.string("market")
    guard market.count <= 16,
      market.unicodeScalars.allSatisfy({ PictureKey.isLetterOrDigit($0) || $0 == "-" })
    else { throw FieldError("has market \(quoted(market)), not a market code") }
    let served = try fields.optionalString("served_market")
    if let served,
      served.count > 16 || !served.unicodeScalars.allSatisfy({ PictureKey.isLetterOrDigit($0) || $0 == "-" })
    {
      throw FieldError("has served_market \(quoted(served)), not a market code")
    }
    var appearance = Appearance(
      date: try fields.date("date"),
      words: PictureWords(
        title: try fields.string("title"), caption: try fields.string("caption"),
        credit: try fields.string("credit"), copyright: try fields.string("copyright"),
        copyrightLink: RemoteURL(link: try fields.string("copyright_link"))),
      bing: BingListing(
        market: market.isEmpty ? nil : Market(stored: market),
        servedMarket: served.map(Market.init(stored:)),
        bingID: try fields.string("bing_id"), urlbase: try fields.string("urlbase"),
        hsh: try fields.string("hsh"), wp: try fields.bool("wp"),
        fullStartDate: try fields.startInstant("fullstartdate")))
    // Absent from an export made before the other sources: Bing's, with no stated terms.
    appearance.source = try source(fields)
    if appearance.source != .bing, appearance.bing == .unlisted { appearance.bing = nil }
    appearance.licence = try fields.optionalString("licence") ?? ""
    appearance.licenceLink = RemoteURL(link: try fields.optionalString("licence_link") ?? "")
    appearance.description = try fields.optionalString("description") ?? ""
    return StoredAppearance(appearance, superseded: try fields.bool("superseded"))
  }

  /// A `source` field: a source's name (`Source`), known to this version or not; Bing's when absent.
  private static func source(_ fields: Fields) throws(FieldError) -> Source {
    guard let name = try fields.optionalString("source") else { return .bing }
    guard let source = Source(rawValue: name) else {
      throw FieldError(
        "has source \(quoted(name)), not a source's name (lower-case letters, digits and -, such as apod)")
    }
    return source
  }

  /// Why `name` is not a plain file name of the export folder, or nil: no folder part, no `..`,
  /// nothing hidden, so reading it never leaves the folder.
  static func fileNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.hasPrefix("/") { return "is an absolute path" }
    if name.contains("/") { return "names a file in another folder" }
    if name.hasPrefix(".") { return "is a hidden or parent name" }
    if name.utf8.count > 255 || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "is not a file name"
    }
    return nil
  }

  private static func quoted(_ text: String) -> String { TerminalText.quoted(text, limit: 60) }

  private static func isLowerHex(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar)
  }

  /// What is wrong with one field.
  struct FieldError: Error {
    var detail: String
    init(_ detail: String) { self.detail = detail }
  }

  /// The members of one JSON object, read with type checks.
  struct Fields {
    let members: [String: JSONValue]

    init(_ value: JSONValue) throws(FieldError) {
      guard case .object(let members) = value else { throw FieldError("is \(value.kind), not an object") }
      self.members = members
    }

    func string(_ name: String) throws(FieldError) -> String {
      guard let value = members[name] else { throw FieldError("has no \"\(name)\"") }
      guard case .string(let text) = value else {
        throw FieldError("has \"\(name)\" as \(value.kind), not a string")
      }
      return text
    }

    func optionalString(_ name: String) throws(FieldError) -> String? {
      if members[name] == nil || members[name] == .null { return nil }
      return try string(name)
    }

    func bool(_ name: String) throws(FieldError) -> Bool {
      guard case .bool(let flag)? = members[name] else {
        throw FieldError("has no true or false \"\(name)\"")
      }
      return flag
    }

    func date(_ name: String) throws(FieldError) -> CalendarDate {
      let text = try string(name)
      guard let date = CalendarDate(parsing: text) else {
        throw FieldError("has \"\(name)\" \(TerminalText.quoted(text, limit: 40)), not a date YYYY-MM-DD")
      }
      return date
    }

    /// `fullstartdate`: a time, or `""` when unknown (a picture imported from a plain file).
    func startInstant(_ name: String) throws(FieldError) -> Date? {
      let text = try string(name)
      guard let instant = HistoryColumns.startInstant(text) else {
        throw FieldError(
          "has \"\(name)\" \(TerminalText.quoted(text, limit: 40)), not a time such as 2026-12-01T08:00:00Z")
      }
      return instant
    }
  }
}
