import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// Bing's archive answer for one market: the pictures it lists, in its order (newest first),
/// and the entries set aside as unusable.
package struct ArchiveResponse: Sendable, Equatable {
  /// The market asked for.
  var requestedMarket: String
  /// The market Bing served: the one the body names (`market.mkt`, present with `mbl=1`), else
  /// the one the newest picture's id names (`OHR.X_ROW123` → `ROW`), as every body asked for
  /// without `mbl=1` must be read. In `Market.known`'s spelling when it is a known code; nil
  /// when neither says, or not with a plausible market code.
  package var servedMarket: String?
  package var images: [ArchiveImage]
  /// Entries listed beyond the eight asked for, which were not looked at.
  package var ignoredEntries = 0
  /// Entries that were not usable, while at least one other entry was.
  package var skipped: [SkippedImage]

  init(
    requestedMarket: String, servedMarket: String?, images: [ArchiveImage], skipped: [SkippedImage]
  ) {
    self.requestedMarket = requestedMarket
    self.servedMarket = servedMarket
    self.images = images
    self.skipped = skipped
  }

  /// True when Bing served another market than the one asked for (`en-ZA` → `ROW`), compared
  /// without case; `update` warns then.
  package var marketSubstituted: Bool {
    guard let servedMarket else { return false }
    return servedMarket.equalsIgnoringCase(requestedMarket) == false
  }

  /// Decodes the whole body of `HPImageArchive.aspx?format=js` at once.
  ///
  /// Tolerant of what Bing varies: unknown fields are ignored; `title`, `copyrightlink`,
  /// `hsh`, `wp`, `market`, `enddate` may be absent or `null`; `fullstartdate` may be absent
  /// when `startdate` is there. Strict about types: a known field with another JSON type
  /// makes its entry unusable. One unusable entry is set aside in `skipped`; the body is
  /// refused, each way with its own `BingError`, when it is empty, `null`, HTML, not JSON,
  /// not an object, has no images or no list of them, or no usable entry at all. `url` only
  /// names the request in those errors.
  static func decode(_ body: Data, requestedMarket: String, url: String? = nil) throws(BingError)
    -> ArchiveResponse
  {
    let root = try parseRoot(body, market: requestedMarket, url: url)
    guard case .object(let members) = root else {
      if root == .null { throw .nullBody(market: requestedMarket, url: url) }
      throw .notAnObject(market: requestedMarket, url: url, found: root.kind)
    }
    let announced = servedMarket(members["market"])
    var entries: [JSONValue]
    switch members["images"] {
    case nil, .null?:
      throw .noImages(market: requestedMarket, url: url)
    case .array(let list)?:
      entries = list
    case let other?:
      throw .imagesNotAList(market: requestedMarket, url: url, found: other.kind)
    }
    guard !entries.isEmpty else { throw .noImages(market: requestedMarket, url: url) }
    // We ask for eight; a body listing 10,000 must not cost 10,000 downloads or error lines.
    let ignored = max(0, entries.count - ArchiveRequest.imageCount)
    entries = Array(entries.prefix(ArchiveRequest.imageCount))

    var (images, skipped) = pictures(entries, market: announced ?? requestedMarket)
    guard !images.isEmpty else {
      throw .noUsableImage(market: requestedMarket, url: url, skipped: skipped)
    }
    let served = announced ?? servedMarket(inferredFrom: images)
    // Dates estimated for the market asked for are wrong by a day when the ids show that
    // another one, on the other side of UTC, was served (ROW for da-DK): estimate again.
    if let served, served != requestedMarket, images.contains(where: \.isDateEstimated) {
      (images, skipped) = pictures(entries, market: served)
    }
    var response = ArchiveResponse(
      requestedMarket: requestedMarket, servedMarket: served, images: images, skipped: skipped)
    response.ignoredEntries = ignored
    return response
  }

  /// The body as one JSON value, after the checks that give clearer errors than a parser:
  /// empty, HTML, not UTF-8. A UTF-8 byte order mark, which some proxies add, is skipped.
  static func parseRoot(_ body: Data, market: String, url: String?) throws(BingError) -> JSONValue {
    var bytes = [UInt8](body)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = bytes.first(where: { !isSpace($0) }) else {
      throw .emptyBody(market: market, url: url)
    }
    if first == UInt8(ascii: "<") {
      throw .htmlPage(market: market, url: url, title: htmlTitle(bytes))
    }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .invalidJSON(market: market, url: url, detail: "the body is not UTF-8 text")
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw .invalidJSON(market: market, url: url, detail: error.description)
    }
  }

  /// The text of an HTML page's `<title>` ("Object moved"), white space collapsed, from the
  /// first 4 KiB; nil when there is none.
  static func htmlTitle(_ bytes: [UInt8]) -> String? {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    // Lower-casing ASCII letters keeps every index valid for `head` too: no character changes
    // its length, and the tags are ASCII.
    let lower = String(head.map { $0.isASCII ? Character($0.lowercased()) : $0 })
    guard let open = lower.firstRange(of: "<title"),
      let openEnd = lower[open.upperBound...].firstIndex(of: ">"),
      let close = lower[openEnd...].firstRange(of: "</title")
    else { return nil }
    let words = head[head.index(after: openEnd)..<close.lowerBound].split { $0.isWhitespace }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// `market.mkt`, also accepted as a bare string; kept only when it looks like a market code
  /// (letters, digits and dashes, at most 16), so nothing odd reaches warnings or the history.
  static func servedMarket(_ value: JSONValue?) -> String? {
    var code: String?
    switch value {
    case .object(let members)?: code = members["mkt"]?.stringValue
    case .string(let text)?: code = text
    default: code = nil
    }
    let isCodeCharacter: (Unicode.Scalar) -> Bool = {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
    }
    guard let code, !code.isEmpty, code.utf8.count <= 16, code.unicodeScalars.allSatisfy(isCodeCharacter)
    else { return nil }
    return Market.canonical(code) ?? code
  }

  /// The market the newest picture's id names, in `Market.known`'s spelling (`EN-US` →
  /// `en-US`); nil when its id has no market suffix, or one that is neither `ROW` nor `ll-CC`.
  ///
  /// The newest, because that is the picture a user is shown now: when Bing starts (or stops)
  /// giving a market pictures of its own, the older days of the window still carry the other
  /// suffix, and the warning should describe what Bing does today.
  static func servedMarket(inferredFrom images: [ArchiveImage]) -> String? {
    guard let suffix = images.first?.idMarket else { return nil }
    return Market.canonical(suffix) ?? LanguageRegionCode.normalised(suffix)
  }

  /// Every entry made into a picture, `market` estimating dates where `fullstartdate` is absent;
  /// the unusable ones set aside with their reasons.
  private static func pictures(_ entries: [JSONValue], market: String) -> ([ArchiveImage], [SkippedImage]) {
    var images: [ArchiveImage] = []
    var skipped: [SkippedImage] = []
    for (index, entry) in entries.enumerated() {
      do {
        images.append(try image(from: entry, market: market))
      } catch {
        skipped.append(SkippedImage(index: index, urlbase: urlbase(of: entry), reason: error))
      }
    }
    return (images, skipped)
  }

  /// One entry's fields, type-checked, made into a picture.
  private static func image(from entry: JSONValue, market: String) throws(SkippedImage.Reason) -> ArchiveImage
  {
    guard case .object(let fields) = entry else { throw .notAnObject(found: entry.kind) }
    guard let urlbase = try string(fields, "urlbase") else { throw .missingField("urlbase") }
    let fullstartdate = try string(fields, "fullstartdate")
    let startdate = try string(fields, "startdate")
    let enddate = try string(fields, "enddate")
    let copyright = try string(fields, "copyright") ?? ""
    let copyrightLink = try string(fields, "copyrightlink") ?? ""
    let title = try string(fields, "title") ?? ""
    let hsh = try string(fields, "hsh") ?? ""
    let wp = try bool(fields, "wp") ?? true
    return try ArchiveImage(
      checking: urlbase, fullstartdate: fullstartdate, startdate: startdate, enddate: enddate,
      copyright: copyright, copyrightLink: copyrightLink, title: title, hsh: hsh, wp: wp,
      market: market)
  }

  /// A string field; nil when absent or `null`.
  private static func string(_ fields: [String: JSONValue], _ name: String) throws(SkippedImage.Reason)
    -> String?
  {
    switch fields[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw .wrongType(field: name, expected: "a string", found: other.kind)
    }
  }

  /// A boolean field; nil when absent or `null`.
  private static func bool(_ fields: [String: JSONValue], _ name: String) throws(SkippedImage.Reason) -> Bool?
  {
    switch fields[name] {
    case nil, .null?: return nil
    case .bool(let flag)?: return flag
    case let other?: throw .wrongType(field: name, expected: "a boolean", found: other.kind)
    }
  }

  /// The entry's `urlbase` when it is a string, to name a skipped entry.
  private static func urlbase(of entry: JSONValue) -> String? {
    guard case .object(let fields) = entry else { return nil }
    return fields["urlbase"]?.stringValue
  }
}

extension ArchiveResponse {
  /// This page's pictures dated before every picture of `newer`: what the older page of the
  /// archive adds to the recent one. The pages share their seventh day back (and one more for
  /// each day Bing moved on between the two requests); the newer page's entry for a shared day
  /// stands, as Bing's latest word on it (a re-issued picture, a corrected credit).
  package func images(before newer: ArchiveResponse) -> [ArchiveImage] {
    guard let oldest = newer.images.lazy.map(\.date).min() else { return images }
    return images.filter { $0.date < oldest }
  }
}
