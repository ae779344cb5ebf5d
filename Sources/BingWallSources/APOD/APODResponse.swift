import BingWallModel
import BingWallSystem

/// One day's Astronomy Picture of the Day, from either API's JSON.
///
/// The day's picture is the largest file the body names: `hdurl`, else (api.nasa.gov only)
/// `url`; science.nasa.gov's `url` is the article, not the picture. A video day or another
/// medium is `SourceError.NoPicture.video` / `.otherMedia`: it has no picture to show, and the
/// caller says so in one line. An error body is `SourceError.apiError` with its code as it came.
enum APODResponse {
  /// Which API wrote the body.
  enum API: Sendable, Equatable {
    /// science.nasa.gov's `wp-json/wp/v2/apod-basic/YYMMDD`, whose text fields are HTML.
    case basic
    /// api.nasa.gov's `planetary/apod`, whose text fields are plain.
    case planetary
  }

  /// The licence of a picture with no `copyright` on api.nasa.gov: NASA's, which are generally
  /// in the public domain.
  static let publicDomain = "public domain (NASA)"
  /// The licence of a picture whose author keeps the copyright: APOD may show it, anyone else
  /// must ask.
  static let rightsReserved = "copyright of its author; specific rights apply"
  /// The licence when the body cannot tell (science.nasa.gov repeats the credit as `copyright`
  /// for NASA's pictures and photographers' alike).
  static let seeCredit = "specific rights may apply; see the credit"

  /// The picture of one body.
  static func decode(
    _ body: some Collection<UInt8>, api: API, policy: RemoteURL.Policy, limit: WorkLimit = .none
  ) throws(SourceError) -> SourcePicture {
    let root = try JSONFields(SourceBody.json(body, source: .apod, limit: limit), path: "", source: .apod)
    if !root.has("date") { try throwAPIError(root) }
    let dateText = try root.requiredString("date")
    guard let day = CalendarDate(parsing: dateText) else {
      throw .wrongType(
        .apod, path: "date", expected: "a date YYYY-MM-DD", found: TerminalText.quoted(dateText, limit: 20))
    }
    let mediaType = try root.requiredString("media_type")
    switch mediaType {
    case "image": break
    case "video": throw .noPicture(.apod, .video(day))
    default: throw .noPicture(.apod, .otherMedia(day, mediaType: mediaType))
    }
    switch api {
    case .basic: return try basic(root, day: day, policy: policy)
    case .planetary: return try planetary(root, day: day, policy: policy)
    }
  }

  /// api.nasa.gov: `title`, `explanation`, `hdurl` (absent when there is none), `url`,
  /// `copyright` (absent for NASA's own pictures), all plain text.
  static func planetary(_ root: JSONFields, day: CalendarDate, policy: RemoteURL.Policy) throws(SourceError)
    -> SourcePicture
  {
    let image: RemoteURL
    if let hdurl = try root.url("hdurl", policy: policy) {
      image = hdurl
    } else {
      image = try root.requiredURL("url", policy: policy)
    }
    // A title has been seen to carry the start of the next line ("… Galaxy \r\nCredit:").
    let title = firstLine(try root.string("title") ?? "")
    let author = TerminalText.singleLine(try root.string("copyright") ?? "")
    return SourcePicture(
      id: PictureID(source: .apod, key: day.description), date: day,
      words: PictureWords(
        title: title, caption: "", credit: author, copyright: author.isEmpty ? "" : "© \(author)",
        copyrightLink: nil),
      description: TerminalText.singleLine(try root.string("explanation") ?? ""),
      licence: author.isEmpty ? publicDomain : rightsReserved, licenceLink: nil, image: image, portrait: nil,
      page: nil)
  }

  /// science.nasa.gov: `title`, `credit`, `copyright` and `explanation` as HTML, `hdurl` the
  /// picture, `permalink` (and `url`) the article.
  static func basic(_ root: JSONFields, day: CalendarDate, policy: RemoteURL.Policy) throws(SourceError)
    -> SourcePicture
  {
    let image = try root.requiredURL("hdurl", policy: policy)
    let page = [try root.string("permalink"), try root.string("url")].compactMap { $0 }.lazy.compactMap {
      try? RemoteURL(checking: $0, policy: policy)
    }.first
    let credit = withoutLabel(PlainText.fromHTML(try root.string("credit") ?? ""))
    let copyright = PlainText.fromHTML(try root.string("copyright") ?? "")
    var explanation = PlainText.firstParagraph(ofHTML: try root.string("explanation") ?? "")
    if explanation.hasPrefix("Explanation:") {
      explanation = TerminalText.singleLine(String(explanation.dropFirst("Explanation:".count)))
    }
    return SourcePicture(
      id: PictureID(source: .apod, key: day.description), date: day,
      words: PictureWords(
        title: PlainText.fromHTML(try root.string("title") ?? ""), caption: "",
        credit: credit.isEmpty ? withoutLabel(copyright) : credit, copyright: copyright,
        copyrightLink: page),
      description: explanation, licence: seeCredit, licenceLink: nil, image: image, portrait: nil, page: page)
  }

  /// Throws the API's error when the body is one: api.nasa.gov's `{"error":{"code":"…",
  /// "message":"…"}}` and `{"code":404,"msg":"…"}`, and WordPress's `{"code":"rest_no_route",
  /// "message":"…"}`. Returns for any other body.
  static func throwAPIError(_ root: JSONFields) throws(SourceError) {
    if let error = try? root.object("error"), let code = try? error.string("code") {
      throw .apiError(
        .apod, code: .named(code), message: TerminalText.singleLine((try? error.string("message")) ?? ""))
    }
    let message = TerminalText.singleLine(((try? root.string("msg")) ?? (try? root.string("message"))) ?? "")
    if let status = root.members["code"]?.intValue {
      throw .apiError(.apod, code: .status(status), message: message)
    }
    if let word = root.members["code"]?.stringValue {
      throw .apiError(.apod, code: .named(word), message: message)
    }
  }

  /// The first line of a text with something on it, as one clean line.
  static func firstLine(_ text: String) -> String {
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    return lines.lazy.map { TerminalText.singleLine(String($0)) }.first { !$0.isEmpty } ?? ""
  }

  /// A credit without the label the page puts before it: "Image Credit: NASA" → "NASA",
  /// "Image Credit & Copyright: Jane Doe" → "Jane Doe". A colon further than 40 characters in,
  /// or after words that are not a label, is part of the credit.
  static func withoutLabel(_ credit: String) -> String {
    guard let colon = credit.firstIndex(of: ":"), credit.distance(from: credit.startIndex, to: colon) <= 40
    else { return credit }
    let label = credit[..<colon].lowercased()
    guard label.contains("credit") || label.contains("copyright") else { return credit }
    return TerminalText.singleLine(String(credit[credit.index(after: colon)...]))
  }
}
