import BingWallBing
import BingWallModel
import BingWallSystem

/// What a JPEG's file name says about the picture, for `import` of a plain folder.
struct NamedPicture: Equatable {
  /// The readable name: `AuroraIceland`, the key's part after `OHR.`; empty when the name is
  /// only a date (`20260103.jpg`).
  var name: String
  /// The market-local date the name carries, if any.
  var date: CalendarDate?
  /// The market, in our spelling (`en-US`, `ROW`), when the name says.
  var market: Market?
  /// `UHD`, `1920x1080`, `768x1280`… when the name says.
  var resolution: String?
  /// Bing's own picture id (`OHR.Name_EN-US123`) when the name holds one.
  var bingID: String?

  /// Whether the name's resolution is taller than wide (`768x1280`, `1080x1920`): Bing's
  /// portrait rendition of a picture, not another picture.
  var isPortrait: Bool {
    guard let resolution, let x = resolution.firstIndex(of: "x"),
      let width = Int(resolution[..<x]), let height = Int(resolution[resolution.index(after: x)...])
    else { return false }
    return height > width
  }
}

/// The one reader of the file names of the tools a user brings pictures from. Every scheme is
/// made of the same pieces, so the name is peeled from both ends instead of matched whole:
///
/// 1. a date in front: `20240130-`, `20240130_`, `2024-01-30_`; or the whole name is a date;
/// 2. what an old URL left: `th?id=` (or `th_id=`, where the `?` was made safe), then `OHR.`;
/// 3. bingwall's own: the `-2` a clash adds at the end, and an export's market after the date;
/// 4. the resolution at the end: `_UHD`, `_1920x1080`, `_768x1280`;
/// 5. Bing's id at the end: `_<MKT><digits>` (`_EN-US9313111559`, `_ROW123`) gives the market;
/// 6. what is left is the name (`Nara_TodaijiBell2022`, `BefanaPiazzaNavona_459973167` keep
///    their inner underscores and digits).
///
/// The schemes this covers, each from the tool's own source (see docs/import-schemes.md):
/// - Bing's file: `OHR.<Name>_<MKT><digits>_<RES>.jpg`, and before 2019 without `OHR.`;
/// - TTGBingWallPaper (`WallPaperSevice.swift`): Bing's start date, `_`, then the file name the
///   download suggests: Bing's own name for the old URLs, `th.jpg` for today's;
/// - the GNOME Shell extension (`utils.js`, `toFilename`): `<YYYYMMDD>-<Name>_<MKT><digits>_<RES>.jpg`;
///   before 2019 the date, `-`, and the URL's tail, `th?id=OHR.<Name>_…_<RES>.jpg`;
/// - pybingwallpaper (`main.py`, `get_output_filename`): Bing's own name with `--keep-file-name`;
/// - mklein994's bing-wallpaper (`src/lib.rs`, `file_name`): Bing's `hsh`, `_`, Bing's own name
///   (`15118304…e261_OHR.<Name>_…_<RES>.jpg`), and `<YYYY-MM-DD>_OHR.<Name>_…` as issue 24 quotes it;
/// - Variety (`BingDownloader.py`): the URL's `id`, Bing's own name; thejandroman's
///   `bing-wallpaper.sh`: the `id`'s last two dot-separated parts, Bing's name without `OHR.`;
/// - a bare date, `YYYYMMDD.jpg` or `YYYY-MM-DD.jpg`;
/// - bingwall's image folder (`<YYYY-MM-DD>_<Name>_<RES>.jpg`) and export
///   (`<YYYY-MM-DD>_<market>_<Name>.jpg`), with `-2`… after a clash.
///
/// A name that only looks like a scheme (a date in front that is no date) keeps its whole stem.
enum FileNameScheme {
  /// Reads `fileName` (with its `.jpg` or `.jpeg`, any case).
  static func read(_ fileName: String) -> NamedPicture {
    let stem = self.stem(of: fileName)
    let whole = NamedPicture(
      name: PictureKey.name(of: stem), date: nil, market: nil, resolution: nil, bingID: nil)
    if let date = wholeDate(stem) {
      return NamedPicture(name: "", date: date, market: nil, resolution: nil, bingID: nil)
    }
    var rest = Substring(stem)
    // mklein994's bing-wallpaper puts Bing's `hsh` (32 hex digits) and `_` before Bing's name.
    if let underscore = rest.firstIndex(of: "_"), rest.distance(from: rest.startIndex, to: underscore) == 32,
      rest[..<underscore].allSatisfy(\.isHexDigit)
    {
      rest = rest[rest.index(after: underscore)...]
    }
    var date: CalendarDate?
    var dashedDate = false
    switch datePrefix(rest) {
    case .none: break
    case .invalid: return whole
    case .date(let day, let length, let dashed):
      date = day
      dashedDate = dashed
      rest = rest.dropFirst(length)
    }
    for prefix in ["th?id=", "th_id=", "th%3Fid="] where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(prefix.count)
    }
    if rest.hasPrefix("OHR.") { rest = rest.dropFirst(4) }
    var market: Market?
    if dashedDate {
      // bingwall's names: the clash number last, an export's market first.
      if let dash = rest.lastIndex(of: "-"), rest.index(after: dash) < rest.endIndex,
        rest[rest.index(after: dash)...].allSatisfy({ $0.isASCII && $0.isNumber }),
        rest[rest.index(after: dash)...].count <= 4
      {
        rest = rest[..<dash]
      }
      if let underscore = rest.firstIndex(of: "_"), let code = marketCode(String(rest[..<underscore])) {
        market = code
        rest = rest[rest.index(after: underscore)...]
      }
    }
    var resolution: String?
    if let underscore = rest.lastIndex(of: "_"), isResolution(rest[rest.index(after: underscore)...]) {
      resolution = String(rest[rest.index(after: underscore)...])
      rest = rest[..<underscore]
    }
    var bingID: String?
    if let (name, idMarket) = marketSuffix(of: rest), !name.isEmpty {
      market = Market(stored: ourSpelling(idMarket))
      bingID = "OHR." + rest
      rest = name
    }
    // TTGBingWallPaper saved today's URLs (`/th?id=…`) under the name the download suggests,
    // `th.jpg`: a date and nothing else.
    if rest == "th", date != nil { rest = "" }
    if rest.isEmpty, let date {
      return NamedPicture(name: "", date: date, market: nil, resolution: nil, bingID: nil)
    }
    guard !rest.isEmpty else { return whole }
    return NamedPicture(
      name: String(rest), date: date, market: market, resolution: resolution, bingID: bingID)
  }

  /// The name without its JPEG extension. A name that kept the URL's query after `.jpg`
  /// (`…_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp`, the GNOME extension in 2019) is read
  /// up to it.
  static func stem(of fileName: String) -> String {
    let fileName = withoutQuery(fileName)
    let lower = fileName.lowercased()
    for suffix in [".jpeg", ".jpg"] where lower.hasSuffix(suffix) {
      return String(fileName.dropLast(suffix.count))
    }
    return fileName
  }

  /// True for `*.jpg` and `*.jpeg`, any case.
  static func hasJPEGExtension(_ fileName: String) -> Bool {
    let lower = withoutQuery(fileName).lowercased()
    return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
  }

  // MARK: - Pieces

  /// `name.jpg` from `name.jpg&rf=…`; other names as they are.
  static func withoutQuery(_ fileName: String) -> String {
    // Lower-casing ASCII keeps every index of `fileName` valid in `lower`.
    let lower = String(fileName.map { $0.isASCII ? Character($0.lowercased()) : $0 })
    guard let range = lower.firstRange(of: ".jpg&") else { return fileName }
    let end = lower.distance(from: lower.startIndex, to: range.lowerBound) + 4
    return String(fileName.prefix(end))
  }

  enum DatePrefix: Equatable {
    case none
    /// Shaped like a date, and no date (`20241399-`): the name is not of any scheme.
    case invalid
    case date(CalendarDate, length: Int, dashed: Bool)
  }

  /// `20240130-`, `20240130_` or `2024-01-30_` (`-` too) in front of more.
  static func datePrefix(_ stem: Substring) -> DatePrefix {
    let characters = Array(stem.prefix(11))
    let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
    if characters.count > 9, characters[0..<8].allSatisfy(isDigit),
      characters[8] == "-" || characters[8] == "_"
    {
      guard let date = CalendarDate(compact: String(characters[0..<8])) else { return .invalid }
      return .date(date, length: 9, dashed: false)
    }
    if characters.count > 10, characters[4] == "-", characters[7] == "-",
      characters[10] == "_" || characters[10] == "-",
      characters[0..<4].allSatisfy(isDigit), characters[5..<7].allSatisfy(isDigit),
      characters[8..<10].allSatisfy(isDigit)
    {
      guard let date = CalendarDate(parsing: String(characters[0..<10])) else { return .invalid }
      return .date(date, length: 11, dashed: true)
    }
    return .none
  }

  /// The date of a name that is only one: `20260103` or `2026-01-03`.
  static func wholeDate(_ stem: String) -> CalendarDate? {
    if stem.count == 8, stem.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return CalendarDate(compact: stem)
    }
    if stem.count == 10 { return CalendarDate(parsing: stem) }
    return nil
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

  /// `Name_EN-US123` → (`Name`, `EN-US`), as Bing writes its ids: letters (with a dash) then
  /// digits, after the last underscore.
  static func marketSuffix(of id: Substring) -> (Substring, String)? {
    guard let underscore = id.lastIndex(of: "_") else { return nil }
    let suffix = id[id.index(after: underscore)...]
    guard let firstDigit = suffix.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
    let market = suffix[..<firstDigit]
    let digits = suffix[firstDigit...]
    guard market.contains(where: { $0.isASCII && $0.isLetter }),
      market.allSatisfy({ ($0.isASCII && $0.isUppercase) || $0 == "-" }),
      market == "ROW" || LanguageRegionCode.normalised(String(market)) != nil,
      digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return (id[..<underscore], String(market))
  }

  /// A market code as an export file name spells it (`en-US`, `ROW`), or nil.
  private static func marketCode(_ text: String) -> Market? {
    text == "ROW" || LanguageRegionCode.normalised(text) == text ? Market(stored: text) : nil
  }

  /// `EN-US` → `en-US`, `ROW` → `ROW`: Bing's id spelling to the one the history uses.
  static func ourSpelling(_ market: String) -> String {
    LanguageRegionCode.normalised(market) ?? market.uppercased()
  }
}
