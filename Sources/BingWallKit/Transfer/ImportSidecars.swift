import BingWallBing
import BingWallModel
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// What the JSON files peers keep beside their pictures say about them, for `import` of a plain
/// folder:
///
/// - the GNOME Shell extension's `bing.json`: Bing's own image objects (`urlbase`, `startdate`,
///   `title`, `copyright`, `copyrightlink`) with the extension's `favourite` and `hidden`, which
///   become the favourite mark and the ban;
/// - Variety's `<picture>.metadata.json`, which `Util.write_metadata` writes when it cannot put
///   the metadata into the picture itself: for a Bing picture (`BingDownloader.py`) its
///   `headline` is "Bing Photo of the Day, YYYY-MM-DD" (the date) and its `description` Bing's
///   copyright line (the caption and credit).
///
/// A sidecar is matched to its pictures by the image id in `urlbase` (the key and the market)
/// or, for Variety's, by the picture's file name; the names in it are only compared, never
/// opened. Each is read whole up to `maximumBytes`, through the bounded JSON parser; one that is
/// too large, not UTF-8 or not JSON is refused in one line and the pictures come all the same.
struct ImportSidecars {
  static let maximumBytes = 16 << 20
  static let gnomeName = "bing.json"
  static let varietySuffix = ".metadata.json"

  /// What the sidecars know of one picture (by key).
  struct Known {
    var key: String
    var favorite = false
    var banned = false
    /// Per market (nil for a market not known): what the sidecar says of that appearance.
    var byMarket: [Market?: Appearance] = [:]

    func appearance(market: Market?) -> Appearance? {
      byMarket[market] ?? byMarket.values.sorted { $0.bingID < $1.bingID }.first
    }
    func date(market: Market?) -> CalendarDate? { appearance(market: market)?.date }
  }

  /// One appearance as a sidecar tells it: Bing's id, the day when it says, the words, and the
  /// `urlbase` when it is the GNOME extension's.
  struct Appearance {
    var bingID: String
    var date: CalendarDate?
    var words: PictureWords
    var urlbase: String
  }

  private(set) var known: [String: Known] = [:]

  /// Whether `name` is a sidecar this reader knows (never "not a JPEG").
  static func isSidecar(_ name: String) -> Bool {
    name == gnomeName || (name.hasSuffix(varietySuffix) && name.count > varietySuffix.count)
  }

  func picture(key: String) -> Known? { known[key] }

  /// The picture a sidecar dates `date` in `market` (any market when nil).
  func picture(onDate date: CalendarDate, market: Market?) -> Known? {
    known.values.sorted { $0.key < $1.key }.first { picture in
      picture.byMarket.contains { entry in (market == nil || entry.key == market) && entry.value.date == date
      }
    }
  }

  /// Reads the sidecars among `names` in `folder`; what could not be read is in `refused`.
  static func read(_ folder: FolderHandle, names: [String]) -> (ImportSidecars, refused: [TransferError]) {
    var sidecars = ImportSidecars()
    var refused: [TransferError] = []
    for name in names where isSidecar(name) {
      do {
        sidecars.add(try json(name, in: folder), from: name)
      } catch {
        refused.append(error)
      }
    }
    return (sidecars, refused)
  }

  /// What the sidecar `name` says, its JSON read.
  mutating func add(_ root: JSONValue, from name: String) {
    if name == Self.gnomeName {
      addGnome(root)
    } else {
      // Variety writes the sidecar while the picture is still `NAME.partial` and renames only
      // the picture.
      var picture = String(name.dropLast(Self.varietySuffix.count))
      if picture.hasSuffix(".partial") { picture.removeLast(".partial".count) }
      addVariety(root, picture: picture)
    }
  }

  /// The file's JSON, read through the folder's descriptor without following a link.
  static func json(_ name: String, in folder: FolderHandle) throws(TransferError) -> JSONValue {
    let source = try SourceFile.open(name, in: folder.descriptor, followLinks: false)
    guard source.size <= Int64(maximumBytes) else {
      throw .invalidSidecar(name: name, detail: "it is larger than \(maximumBytes >> 20) MiB")
    }
    var bytes: [UInt8] = []
    try Syscall.readChunks(
      of: source.descriptor, chunkBytes: 1 << 16,
      readFailure: { TransferError.unreadable(name: name, reason: $0.text) }
    ) { (piece) throws(TransferError) in
      bytes += piece
      if bytes.count > maximumBytes {
        throw .invalidSidecar(name: name, detail: "it is larger than \(maximumBytes >> 20) MiB")
      }
    }
    return try json(bytes, name: name)
  }

  /// `bytes`, the whole of the sidecar `name`, as JSON.
  static func json(_ bytes: [UInt8], name: String) throws(TransferError) -> JSONValue {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .invalidSidecar(name: name, detail: "it is not UTF-8 text")
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw .invalidSidecar(name: name, detail: error.description)
    }
  }

  /// The GNOME extension's list: an array of image objects, or an object holding `images`.
  private mutating func addGnome(_ root: JSONValue) {
    var entries: [JSONValue] = []
    switch root {
    case .array(let list): entries = list
    case .object(let members): if case .array(let list)? = members["images"] { entries = list }
    default: break
    }
    // A list far longer than any history is not read past this.
    for entry in entries.prefix(100_000) {
      guard case .object(let fields) = entry, let urlbase = fields["urlbase"]?.stringValue,
        let id = Self.imageID(urlbase)
      else { continue }
      let named = FileNameScheme.read(id + ".jpg")
      guard !named.name.isEmpty else { continue }
      let key = PictureKey.key(forName: named.name)
      let copyright = text(fields["copyright"])
      let (caption, credit) = ArchiveImage.split(copyright: copyright)
      let startdate = fields["startdate"]?.stringValue.flatMap { CalendarDate(compact: $0) }
      var picture = known[key] ?? Known(key: key)
      let words = PictureWords(
        title: text(fields["title"]), caption: caption, credit: credit, copyright: copyright,
        copyrightLink: RemoteURL(link: text(fields["copyrightlink"])))
      picture.byMarket[named.market] = Appearance(
        bingID: named.bingID ?? key, date: startdate, words: words, urlbase: String(urlbase.prefix(300)))
      picture.favorite =
        picture.favorite || fields["favourite"] == .bool(true) || fields["favorite"] == .bool(true)
      picture.banned = picture.banned || fields["hidden"] == .bool(true)
      known[key] = picture
    }
  }

  /// Variety's sidecar of one picture file.
  private mutating func addVariety(_ root: JSONValue, picture file: String) {
    guard case .object(let fields) = root else { return }
    let named = FileNameScheme.read(file)
    guard !named.name.isEmpty else { return }
    let key = PictureKey.key(forName: named.name)
    let copyright = text(fields["description"])
    let (caption, credit) = ArchiveImage.split(copyright: copyright)
    // "Bing Photo of the Day, 2026-09-05": the date after the last ", ".
    let headline = text(fields["headline"])
    let date = headline.split(separator: " ").last.flatMap { CalendarDate(parsing: String($0)) }
    var picture = known[key] ?? Known(key: key)
    let market = named.market
    if picture.byMarket[market] == nil {
      let words = PictureWords(
        title: "", caption: caption, credit: credit, copyright: copyright, copyrightLink: nil)
      picture.byMarket[market] = Appearance(
        bingID: named.bingID ?? key, date: date, words: words, urlbase: "")
    }
    known[key] = picture
  }

  /// `OHR.Name_EN-US123` from `/th?id=OHR.Name_EN-US123` or `/az/hprichbg/rb/Name_EN-US123`;
  /// nil unless it is a plain id (it is only ever compared).
  static func imageID(_ urlbase: String) -> String? {
    let tail =
      urlbase.firstRange(of: "id=").map { urlbase[$0.upperBound...] } ?? urlbase.split(separator: "/").last
    guard let tail else { return nil }
    let id = tail.prefix { $0 != "&" }
    let plain = id.unicodeScalars.allSatisfy { PictureKey.isKeyCharacter($0) }
    return !id.isEmpty && id.count <= 200 && plain && !id.contains("..") ? String(id) : nil
  }

  /// A string field as text fit for the history: control characters out, at most 2,000
  /// characters.
  private func text(_ value: JSONValue?) -> String {
    String(TerminalText.clean(value?.stringValue ?? "").prefix(2000))
  }
}
