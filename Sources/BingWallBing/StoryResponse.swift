import BingWallSystem
import FoundationEssentials

/// Bing's home-page model for one market (`/hp/api/model?mkt=M`), read for its stories:
/// `MediaContents[]`, each with `Ssd` (the day, `20261201_0800`) and `ImageContent` holding
/// `Headline`, `Title`, `Description`, `Copyright`, `QuickFact.MainText` and `Image.Url`
/// (`/th?id=OHR.Lake_EN-US1234567890_1920x1080.jpg&…`), whose id matches the archive's.
///
/// Undocumented, like the archive, and optional: every other field is ignored, an entry without
/// a usable image id is skipped, and only the first `entryLimit` entries are read. The body is
/// refused whole (a `BingError`, as the archive's) when it is empty, HTML or not JSON.
enum StoryResponse {
  /// Bing lists the last week or so; a body listing thousands is not read past this.
  static let entryLimit = 16

  static func decode(_ body: Data, market: String, url: String? = nil) throws(BingError) -> [Story] {
    let root = try ArchiveResponse.parseRoot(body, market: market, url: url)
    guard case .object(let members) = root else {
      if root == .null { throw .nullBody(market: market, url: url) }
      throw .notAnObject(market: market, url: url, found: root.kind)
    }
    guard case .array(let entries)? = members["MediaContents"] else { return [] }
    var stories: [Story] = []
    var seen = Set<String>()
    for entry in entries.prefix(entryLimit) {
      guard let story = story(entry), seen.insert(story.bingID).inserted else { continue }
      stories.append(story)
    }
    return stories
  }

  static func story(_ entry: JSONValue) -> Story? {
    guard case .object(let fields) = entry, case .object(let content)? = fields["ImageContent"],
      case .object(let image)? = content["Image"], let url = image["Url"]?.stringValue,
      let id = bingID(fromImageURL: url)
    else { return nil }
    func text(_ value: JSONValue?) -> String {
      guard let raw = value?.stringValue else { return "" }
      return String(TerminalText.clean(raw).trimmed().prefix(Story.textLimit))
    }
    var quickFact = ""
    if case .object(let fact)? = content["QuickFact"] { quickFact = text(fact["MainText"]) }
    let story = Story(
      bingID: id, date: date(fromSsd: fields["Ssd"]?.stringValue), headline: text(content["Headline"]),
      description: text(content["Description"]), quickFact: quickFact)
    return story.isEmpty ? nil : story
  }

  /// `OHR.Lake_EN-US1234567890` from `/th?id=OHR.Lake_EN-US1234567890_1920x1080.jpg&rf=…`: the
  /// `id` query item without its `_WIDTHxHEIGHT.jpg` (or `_UHD.jpg`) suffix. Nil unless what is
  /// left is a plain id (letters, digits, `.`, `_`, `-`; at most 128): it is matched against
  /// stored ids and never used as a path or a URL.
  static func bingID(fromImageURL url: String) -> String? {
    guard let start = url.firstRange(of: "id=")?.upperBound else { return nil }
    var id = url[start...].prefix { $0 != "&" }
    if id.hasSuffix(".jpg"), let underscore = id.lastIndex(of: "_") { id = id[..<underscore] }
    let plain = id.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "."
        || $0 == "_" || $0 == "-"
    }
    guard !id.isEmpty, id.utf8.count <= 128, plain else { return nil }
    return String(id)
  }

  /// `2026-12-01` from `20261201_0800`; nil for anything else.
  static func date(fromSsd ssd: String?) -> CalendarDate? {
    guard let ssd, ssd.utf8.count >= 8 else { return nil }
    return CalendarDate(compact: String(decoding: ssd.utf8.prefix(8), as: UTF8.self))
  }
}
