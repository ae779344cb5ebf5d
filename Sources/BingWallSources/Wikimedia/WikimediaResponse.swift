import BingWallModel
import BingWallSystem

/// Wikimedia Commons' picture of the day, from the `image` of Wikipedia's featured feed:
/// `title` (`File:…`), `image` {source, width, height} (the original), `thumbnail`, `artist`
/// {text, name}, `credit` {text}, `license` {type, code, url}, `description` {text}, `file_page`.
///
/// Artist, credit, licence and description can each be missing (then empty): a picture without
/// them is still the day's picture. No `image` at all is `SourceError.NoPicture.noImage`.
struct WikimediaResponse: Sendable, Equatable {
  var picture: SourcePicture
  /// The original's size in pixels, when the feed gives it (an SVG has none).
  var width: Int?
  var height: Int?
  /// The feed's own small rendition (640 px wide), for a preview.
  var thumbnail: RemoteURL?
  /// Who gave the picture to Commons, as its page says ("Own work"); empty when not said.
  var creditLine: String

  /// The day's picture; `day` is the UTC day asked for, which the body does not repeat.
  static func decode(
    _ body: some Collection<UInt8>, day: CalendarDate, policy: RemoteURL.Policy, limit: WorkLimit = .none
  ) throws(SourceError) -> WikimediaResponse {
    let root = try JSONFields(
      SourceBody.json(body, source: .wikimedia, limit: limit), path: "", source: .wikimedia)
    guard let image = try root.object("image") else { throw .noPicture(.wikimedia, .noImage(day)) }
    let title = try image.requiredString("title")
    guard !title.isEmpty, SourceKey.fits(title), TerminalText.clean(title) == title else {
      throw .wrongType(
        .wikimedia, path: image.path("title"), expected: "a file title", found: "text that is not one")
    }
    guard let original = try image.object("image") else {
      throw .missingField(.wikimedia, path: image.path("image.source"))
    }
    let source = try original.requiredURL("source", policy: policy)
    let artist = try image.object("artist")
    let artistText = try artist?.string("text")
    let artistLogin = try artist?.string("name")
    let artistName = TerminalText.singleLine(artistText ?? artistLogin ?? "")
    let creditLine = TerminalText.singleLine(try image.object("credit")?.string("text") ?? "")
    let license = try image.object("license")
    let licenceType = try license?.string("type")
    let licenceCode = try license?.string("code")
    let licence = TerminalText.singleLine(licenceType ?? licenceCode?.uppercased() ?? "")
    let described = TerminalText.singleLine(try image.object("description")?.string("text") ?? "")
    let page = lenientURL(try image.string("file_page"), policy: policy)
    let inside = [creditLine, licence].filter { !$0.isEmpty }.joined(separator: ", ")
    let copyright = [artistName, inside.isEmpty ? "" : "(\(inside))"].filter { !$0.isEmpty }.joined(
      separator: " ")
    let picture = SourcePicture(
      id: PictureID(source: .wikimedia, key: title), date: day,
      words: PictureWords(
        title: pictureTitle(file: title, caption: described), caption: described, credit: artistName,
        copyright: copyright, copyrightLink: page),
      description: "", licence: licence, licenceLink: lenientURL(try license?.string("url"), policy: policy),
      image: source, portrait: nil, page: page)
    return WikimediaResponse(
      picture: picture, width: try original.integer("width"), height: try original.integer("height"),
      thumbnail: lenientURL(try image.object("thumbnail")?.string("source"), policy: policy),
      creditLine: creditLine)
  }

  /// The title a picture is listed by: its caption when that reads as a title (one sentence of
  /// at most 100 characters, its full stop dropped), else its file's name as words. Commons'
  /// captions run from "A group of Dorcas gazelle at dusk in Morocco" to a paragraph; the
  /// paragraph stays the caption, and `list`, `update` and `prune` show the file's name.
  /// The featured feed and the RSS fallback share this rule, so both name a picture alike.
  static func pictureTitle(file: String, caption: String) -> String {
    var short = Substring(TerminalText.singleLine(caption))
    if short.hasSuffix("."), !short.hasSuffix("..") { short = short.dropLast() }
    let oneSentence = !short.contains(". ") && !short.contains("? ") && !short.contains("! ")
    guard !short.isEmpty, short.count <= 100, oneSentence else { return fileName(file) }
    return String(short)
  }

  /// A file title as words: `File:Walls_of_Ston.jpg` → `Walls of Ston`.
  static func fileName(_ title: String) -> String {
    var name = Substring(title)
    if name.hasPrefix("File:") { name = name.dropFirst(5) }
    if let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 6 {
      name = name[..<dot]
    }
    return TerminalText.singleLine(String(name.map { $0 == "_" ? " " : $0 }))
  }

  /// A link beside the picture, checked; nil when missing or refused: a bad link costs the
  /// link, not the picture. A protocol-relative `//host/…`, as MediaWiki writes some, is https.
  static func lenientURL(_ text: String?, policy: RemoteURL.Policy) -> RemoteURL? {
    guard let text, !text.isEmpty else { return nil }
    return try? RemoteURL(checking: text.hasPrefix("//") ? "https:" + text : text, policy: policy)
  }
}
