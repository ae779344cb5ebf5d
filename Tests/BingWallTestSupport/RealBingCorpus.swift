import Foundation
import Testing

/// The real Bing archive answers in `../shared/realbing` next to the package (CI has them
/// there; see its README.md), and what each says, read here with Foundation alone.
///
/// Nothing here calls bingwall's decoder: the replay compares what the binary stored with what
/// the response file says, so the expectations must come from the file by other code.
package enum RealBingCorpus {
  /// `<package>/../shared/realbing`, beside the checkout.
  package static let folder: URL = PackageRoot.folder.appendingPathComponent("../shared/realbing")
    .standardizedFileURL

  package static var isPresent: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// One picture entry as the file has it, with what bingwall should make of it.
  package struct Entry: Sendable {
    /// `OHR.Name`: the id without its trailing `_<MARKET><digits>`.
    package var key: String
    /// Market-local `YYYY-MM-DD`: the UTC date of `fullstartdate + 12 h`.
    package var date: String
    package var title: String
    package var copyright: String
    package var caption: String
    package var credit: String
    /// The path the picture's 1920x1080 file is asked for under the endpoint.
    package var imagePath: String
  }

  /// One response file.
  package struct Response: Sendable, CustomTestStringConvertible {
    /// `de-DE_2022-06-01.json`
    package var file: String
    /// The market it was asked for: the file name up to its last `_`.
    package var market: String
    package var body: Data
    /// Newest first, as Bing lists them.
    package var entries: [Entry]
    /// The market Bing served, spelled `ROW` or `ll-CC`: the body's `market.mkt`, else the
    /// market part of the newest picture's id (`_ROW…`, `_EN-US…`); nil when neither says.
    package var served: String?

    package var testDescription: String { file }
  }

  /// Every response, sorted by file name (per market, by capture date); empty without the folder.
  package static let responses: [Response] = {
    guard isPresent,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      guard let body = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
      return Response(
        file: name, market: String(name[..<(name.lastIndex(of: "_") ?? name.endIndex)]), body: body,
        entries: entries(body), served: served(body))
    }
  }()

  /// The markets with several responses, each replayed in date order into one history.
  package static var sequenceMarkets: [String] {
    Dictionary(grouping: responses, by: \.market).filter { $0.value.count > 1 }.keys.sorted()
  }

  package static func entries(_ body: Data) -> [Entry] {
    guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let images = root["images"] as? [[String: Any]]
    else { return [] }
    return images.map { image in
      let urlbase = image["urlbase"] as? String ?? ""
      let copyright = image["copyright"] as? String ?? ""
      let (caption, credit) = parts(of: copyright)
      return Entry(
        key: key(urlbase: urlbase), date: localDate(fullstartdate: image["fullstartdate"] as? String ?? ""),
        title: image["title"] as? String ?? "", copyright: copyright, caption: caption, credit: credit,
        imagePath: imagePath(urlbase: urlbase))
    }
  }

  package static func served(_ body: Data) -> String? {
    guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
    if let market = root["market"] as? [String: Any], let code = market["mkt"] as? String { return code }
    guard let newest = (root["images"] as? [[String: Any]])?.first,
      let urlbase = newest["urlbase"] as? String,
      let match = id(urlbase: urlbase).firstMatch(of: try! Regex("_([A-Za-z-]*[A-Za-z][A-Za-z-]*)[0-9]+$")),
      let suffix = match.output[1].substring
    else { return nil }
    let parts = suffix.split(separator: "-")
    guard parts.count == 2 else { return String(suffix) }
    return parts[0].lowercased() + "-" + parts[1].uppercased()
  }

  /// The `urlbase` without any scheme and host: bingwall asks its own endpoint for everything.
  package static func relative(_ urlbase: String) -> String {
    guard let scheme = urlbase.range(of: "://") else { return urlbase }
    let rest = urlbase[scheme.upperBound...]
    return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
  }

  /// `/th` for `/th?id=…` (the id goes in the query), the whole legacy path plus the size
  /// otherwise: `/az/hprichbg/rb/Name_EN-US1_1920x1080.jpg`.
  package static func imagePath(urlbase: String) -> String {
    let path = relative(urlbase)
    if let question = path.firstIndex(of: "?") { return String(path[..<question]) }
    return path + "_1920x1080.jpg"
  }

  /// The `id` query item, or a legacy path's last component.
  package static func id(urlbase: String) -> String {
    let path = relative(urlbase)
    if let components = URLComponents(string: path),
      let item = components.queryItems?.first(where: {
        $0.name == "id"
      })
    {
      return item.value ?? ""
    }
    return path.split(separator: "/").last.map(String.init) ?? path
  }

  package static func key(urlbase: String) -> String {
    let id = id(urlbase: urlbase)
    let suffix = try! Regex("_[A-Za-z-]*[A-Za-z][A-Za-z-]*[0-9]+$")
    let name = id.replacing(suffix, with: "")
    return name.hasPrefix("OHR.") ? name : "OHR." + name
  }

  package static func localDate(fullstartdate: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMddHHmm"
    guard let start = formatter.date(from: fullstartdate) else { return "?" }
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: start.addingTimeInterval(12 * 3600))
  }

  /// Caption and credit as docs/bing-endpoint.md describes the string: split at the last
  /// `(©` or `（©`, one closing parenthesis dropped; a credit Bing repeated, `(© X) (© X)`,
  /// counted once; a string Bing sent with a copy of itself inside taken as that copy.
  package static func parts(of copyright: String) -> (caption: String, credit: String) {
    let text = withoutInsertedCopy(copyright)
    let markers = [text.range(of: "(©", options: .backwards), text.range(of: "（©", options: .backwards)]
    guard let marker = markers.compactMap({ $0 }).max(by: { $0.lowerBound < $1.lowerBound }) else {
      return (trim(text), "")
    }
    var credit = trim(String(text[marker.upperBound...]))
    if credit.hasSuffix(")") || credit.hasSuffix("）") { credit.removeLast() }
    credit = trim(credit)
    var caption = trim(String(text[..<marker.lowerBound]))
    for repeated in ["(© \(credit))", "（© \(credit)）", "(©\(credit))"] where caption.hasSuffix(repeated) {
      caption = trim(String(caption.dropLast(repeated.count)))
    }
    return (caption, credit)
  }

  /// `S` when `text` is `S` with a second copy of `S` inserted somewhere, else `text`.
  package static func withoutInsertedCopy(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count % 2 == 0, scalars.count > 0 else { return text }
    let half = scalars.count / 2
    for start in 0...half {
      let inner = Array(scalars[start..<(start + half)])
      let outer = Array(scalars[..<start]) + Array(scalars[(start + half)...])
      if inner == outer {
        var copy = String.UnicodeScalarView()
        copy.append(contentsOf: inner)
        if String(copy).contains("©") { return String(copy) }
      }
    }
    return text
  }

  package static func trim(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
