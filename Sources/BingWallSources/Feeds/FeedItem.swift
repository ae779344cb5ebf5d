import BingWallModel
import BingWallSystem

/// The words of one RSS item or Atom entry, its names already canonical (`FeedNames`): where each
/// field a picture needs is found in either shape, as plain text.
struct FeedItem {
  let element: XMLElement
  let isAtom: Bool
  /// The feed's own `author`, which an Atom entry without one inherits.
  let feedAuthor: String?

  /// The longest text of one field read, in bytes, before it is made plain: a title is a line,
  /// a description a few paragraphs; more is cut, so no field costs more than this to clean.
  static let maximumFieldBytes = 64 << 10

  /// `text` cut to `maximumFieldBytes`, made plain text (no markup, no control, one line) at
  /// most `StoredText.lineLimit` characters long; nil when nothing is left.
  static func plain(_ text: String?) -> String? {
    guard let text else { return nil }
    let cut =
      text.utf8.count > maximumFieldBytes
      ? String(decoding: text.utf8.prefix(maximumFieldBytes), as: UTF8.self) : text
    let line = StoredText.line(PlainText.fromHTML(cut))
    return line.isEmpty ? nil : line
  }

  /// The text of the first child called `name` that has any, made plain.
  func field(_ name: String, in element: XMLElement? = nil) -> String? {
    (element ?? self.element).children(name).lazy.compactMap { Self.plain($0.text) }.first
  }

  var title: String {
    field("title") ?? field("media:title") ?? ""
  }

  /// The item's own id as written: `guid`, Atom's `id`.
  var guid: String? {
    field(isAtom ? "id" : "guid")
  }

  /// The item's page as written: RSS's `link` text, Atom's `link` whose `rel` is `alternate` or
  /// unsaid.
  var link: String? {
    if isAtom {
      return element.children("link").first { ($0.attributes["rel"] ?? "alternate") == "alternate" }?
        .attributes["href"]
    }
    return element.text(of: "link")
  }

  /// When it was published: `pubDate`, `dc:date`, Atom's `published`, else `updated`.
  var date: FeedDate? {
    for name in ["pubDate", "published", "dc:date", "updated", "atom:updated"] {
      if let text = element.text(of: name), let date = FeedDate(text) { return date }
    }
    return nil
  }

  /// Who is credited for the picture `media` (the chosen `media:content`): its `media:credit`,
  /// the item's (or its group's), `dc:creator`, the author, `media:copyright`.
  func credit(for media: FeedMedia?) -> String {
    if let content = media?.element, let credit = field("media:credit", in: content) { return credit }
    if let credit = field("media:credit") { return credit }
    for group in element.children("media:group") {
      if let credit = field("media:credit", in: group) { return credit }
    }
    if let creator = field("dc:creator") { return creator }
    if isAtom {
      if let name = element.children("author").lazy.compactMap({ self.field("name", in: $0) }).first {
        return name
      }
      if let feedAuthor { return feedAuthor }
    } else if let author = field("author") {
      return Self.name(ofAuthor: author)
    }
    return field("media:copyright") ?? ""
  }

  /// RSS 2.0's `author` is an e-mail address with the name after it, as Flickr writes it:
  /// `nobody@flickr.com (Ansel)` or `nobody@flickr.com ("Ansel")` is Ansel; anything else stays.
  static func name(ofAuthor author: String) -> String {
    guard author.hasSuffix(")"), let open = author.firstIndex(of: "(") else { return author }
    var name = author[author.index(after: open)..<author.index(before: author.endIndex)]
    if name.count >= 2, name.first == "\"", name.last == "\"" { name = name.dropFirst().dropLast() }
    let trimmed = TerminalText.singleLine(String(name))
    return trimmed.isEmpty ? author : trimmed
  }

  /// The HTML the item carries, in the order a picture is looked for in it.
  var html: [String] {
    ["content:encoded", "content", "description", "summary"].compactMap { element.text(of: $0) }.filter {
      !$0.isEmpty
    }
  }
}
