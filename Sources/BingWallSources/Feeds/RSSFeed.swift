import BingWallModel
import BingWallSystem

/// An RSS 2.0 body read as its channel's items, with the checks that give clearer errors than
/// the XML reader's: too large, empty, an HTML page, not an RSS feed.
///
/// `XMLParser` bounds nesting and the number of elements and expands no entity; with
/// `SourceBody.maximumSize` that bounds the work of every feed, and the reading's `WorkLimit`
/// its time.
enum RSSFeed {
  /// The most items read from one feed: Commons' lists ten days, Earth Observatory's a few.
  static let maximumItems = 64

  /// The channel's `item`s, in the feed's order, at most `maximumItems`, read within `limit`.
  static func items(_ body: some Collection<UInt8>, source: Source, limit: WorkLimit = .none)
    throws(SourceError) -> [XMLElement]
  {
    let root = try document(body, source: source, limit: limit)
    guard root.name == "rss" else {
      if root.name.lowercased() == "html" { throw .notFeed(source, detail: "it is an HTML page") }
      throw .notFeed(
        source, detail: "its document is \(TerminalText.quoted("<\(root.name)>", limit: 40)), not <rss>")
    }
    guard let channel = root.child("channel") else { throw .missingField(source, path: "rss.channel") }
    return Array(channel.children("item").prefix(maximumItems))
  }

  /// The body read as one XML document, its root element returned whatever it is: refused when
  /// larger than `SourceBody.maximumSize`, empty, an HTML page or not XML (an entity declared, too
  /// deep, cut short), and stopped once `limit` has passed.
  static func document(_ body: some Collection<UInt8>, source: Source, limit: WorkLimit = .none)
    throws(SourceError) -> XMLElement
  {
    guard body.count <= SourceBody.maximumSize else {
      throw .notFeed(source, detail: "the body is \(body.count) bytes, more than \(SourceBody.maximumSize)")
    }
    let bytes = Array(body)
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard bytes.contains(where: { !isSpace($0) }) else { throw .notFeed(source, detail: "the body is empty") }
    do {
      return try XMLParser.parse(bytes, limit: limit)
    } catch {
      if let overTime = error.overTime { throw .overTime(source, overTime) }
      if looksLikeHTML(bytes) { throw .notFeed(source, detail: "it is an HTML page") }
      throw .notFeed(source, detail: error.description)
    }
  }

  /// The day an RFC 822 date names as written, in its own time zone: `Mon, 15 Jun 2026 00:00:00
  /// GMT` and `Sun, 20 Apr 2025 00:00:00 -0400` are the 15th and the 20th. Nil when it is not one.
  static func day(ofPubDate text: String) -> CalendarDate? {
    let words = text.split(whereSeparator: {
      $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r"
    })
    guard words.count <= 12,
      let monthIndex = words.firstIndex(where: { months.contains($0.prefix(3).lowercased()) }),
      monthIndex > words.startIndex, monthIndex + 1 < words.endIndex,
      let month = months.firstIndex(of: words[monthIndex].prefix(3).lowercased()),
      let day = Int(words[monthIndex - 1]), let year = Int(words[monthIndex + 1]),
      words[monthIndex + 1].count == 4
    else { return nil }
    return CalendarDate(year: year, month: month + 1, day: day)
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// True when the body starts, after white space, with `<!DOCTYPE html` or `<html`.
  static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
    let start = String(decoding: bytes.prefix(512), as: UTF8.self).lowercased().drop(while: {
      $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}"
    })
    return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
  }
}
