import BingWallBing
import BingWallSystem

/// What a JPEG's file name says about the picture, for `import` of a plain folder.
struct NamedPicture: Equatable {
  /// The readable name: `AuroraIceland`, the key's part after `OHR.`.
  var name: String
  /// The market-local date the name carries, if any.
  var date: String?
  /// The market, in our spelling (`en-US`, `ROW`), when the name says.
  var market: String?
  /// `UHD`, `1920x1080`… when the name says.
  var resolution: String?
  /// Bing's own picture id (`OHR.Name_EN-US123`) when the name is one.
  var bingID: String?
}

/// The file-name schemes of the tools a user may bring pictures from, tried in order; a name that
/// fits none keeps its stem (without `OHR.`) as the picture's name and gets no date (the caller
/// uses the mtime).
///
/// - Bing's own: `OHR.<Name>_<MKT><digits>_<RES>.jpg` (`OHR.BeaversBend_EN-US1234567890_UHD.jpg`),
///   market from the id, no date;
/// - the GNOME Shell Bing extension: `<YYYYMMDD>-<Name>_<RES>.jpg` (`20240130-AuroraIceland_UHD.jpg`);
/// - the ancestor app: `<YYYYMMDD>_<Name>.jpg` (`20161205_SomePlace.jpg`), the startdate Bing gives;
/// - bingwall's image folder: `<YYYY-MM-DD>_<Name>_<RES>.jpg`, with `-2`… after a clash;
/// - bingwall's export: `<YYYY-MM-DD>_<market>_<Name>.jpg`, with `-2`… after a clash.
enum FileNameScheme {
  /// Reads `fileName` (with its `.jpg` or `.jpeg`, any case).
  static func read(_ fileName: String) -> NamedPicture {
    let stem = self.stem(of: fileName)
    return bing(stem) ?? gnome(stem) ?? ancestor(stem) ?? bingwall(stem)
      ?? NamedPicture(name: PictureKey.name(of: stem), date: nil, market: nil, resolution: nil, bingID: nil)
  }

  /// The name without its JPEG extension.
  static func stem(of fileName: String) -> String {
    let lower = fileName.lowercased()
    for suffix in [".jpeg", ".jpg"] where lower.hasSuffix(suffix) {
      return String(fileName.dropLast(suffix.count))
    }
    return fileName
  }

  /// True for `*.jpg` and `*.jpeg`, any case.
  static func hasJPEGExtension(_ fileName: String) -> Bool {
    let lower = fileName.lowercased()
    return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
  }

  static func bing(_ stem: String) -> NamedPicture? {
    guard stem.hasPrefix("OHR.") else { return nil }
    var id = String(stem.dropFirst(4))
    var resolution: String?
    if let underscore = id.lastIndex(of: "_"), isResolution(id[id.index(after: underscore)...]) {
      resolution = String(id[id.index(after: underscore)...])
      id = String(id[..<underscore])
    }
    guard let (name, market) = marketSuffix(of: id), !name.isEmpty else { return nil }
    return NamedPicture(
      name: String(name), date: nil, market: ourSpelling(market), resolution: resolution, bingID: "OHR." + id)
  }

  static func gnome(_ stem: String) -> NamedPicture? {
    guard let (date, rest) = compactDate(stem, separator: "-") else { return nil }
    var name = rest
    var resolution: String?
    if let underscore = rest.lastIndex(of: "_"), isResolution(rest[rest.index(after: underscore)...]) {
      resolution = String(rest[rest.index(after: underscore)...])
      name = String(rest[..<underscore])
    }
    guard !name.isEmpty else { return nil }
    return NamedPicture(name: name, date: date, market: nil, resolution: resolution, bingID: nil)
  }

  static func ancestor(_ stem: String) -> NamedPicture? {
    guard let (date, name) = compactDate(stem, separator: "_"), !name.isEmpty else { return nil }
    return NamedPicture(name: name, date: date, market: nil, resolution: nil, bingID: nil)
  }

  static func bingwall(_ stem: String) -> NamedPicture? {
    guard stem.count > 11, let date = CalendarDate(parsing: String(stem.prefix(10))),
      stem.dropFirst(10).first == "_"
    else { return nil }
    var parts = stem.dropFirst(11).split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    // The `-2` a clash adds sits at the very end of the stem.
    if let last = parts.last, let dash = last.lastIndex(of: "-"),
      last[last.index(after: dash)...].allSatisfy(\.isNumber),
      last.index(after: dash) < last.endIndex
    {
      parts[parts.count - 1] = String(last[..<dash])
    }
    if parts.count >= 2, let market = marketCode(parts[0]) {
      let name = parts.dropFirst().joined(separator: "_")
      return NamedPicture(name: name, date: date.description, market: market, resolution: nil, bingID: nil)
    }
    if parts.count >= 2, let last = parts.last, isResolution(Substring(last)) {
      let name = parts.dropLast().joined(separator: "_")
      guard !name.isEmpty else { return nil }
      return NamedPicture(name: name, date: date.description, market: nil, resolution: last, bingID: nil)
    }
    return nil
  }

  // MARK: - Pieces

  /// `20240130<separator>rest` → (`2024-01-30`, `rest`).
  private static func compactDate(_ stem: String, separator: Character) -> (String, String)? {
    guard stem.count > 9, stem.dropFirst(8).first == separator,
      let date = CalendarDate(compact: String(stem.prefix(8)))
    else { return nil }
    return (date.description, String(stem.dropFirst(9)))
  }

  /// `UHD`, or `<width>x<height>` in digits.
  static func isResolution(_ text: Substring) -> Bool {
    if text == "UHD" { return true }
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    return sides.count == 2
      && sides.allSatisfy {
        !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
      }
  }

  /// `Name_EN-US123` → (`Name`, `EN-US`), as Bing writes its ids.
  private static func marketSuffix(of id: String) -> (Substring, String)? {
    guard let underscore = id.lastIndex(of: "_") else { return nil }
    let suffix = id[id.index(after: underscore)...]
    guard let firstDigit = suffix.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
    let market = suffix[..<firstDigit]
    let digits = suffix[firstDigit...]
    guard market.contains(where: { $0.isASCII && $0.isLetter }),
      market.allSatisfy({ ($0.isASCII && $0.isLetter) || $0 == "-" }),
      digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return (id[..<underscore], String(market))
  }

  /// A market code as an export file name spells it (`en-US`, `ROW`), or nil.
  private static func marketCode(_ text: String) -> String? {
    if text == "ROW" { return text }
    return LanguageRegionCode.normalised(text) == text ? text : nil
  }

  /// `EN-US` → `en-US`, `ROW` → `ROW`: Bing's id spelling to the one the history uses.
  static func ourSpelling(_ market: String) -> String {
    LanguageRegionCode.normalised(market) ?? market.uppercased()
  }
}
