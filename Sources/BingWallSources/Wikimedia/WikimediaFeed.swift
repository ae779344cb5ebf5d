import BingWallModel
import BingWallSystem
import FoundationEssentials

/// Wikimedia Commons' picture-of-the-day RSS feed (`api.php?action=featuredfeed&feed=potd&
/// feedformat=rss`), the fallback when Wikipedia's featured feed fails: ten days, oldest first,
/// each item's `description` the HTML of that day's box.
///
/// From the newest item (by `pubDate`) it reads what the HTML says safely: the file's title from
/// the link to its page (`/wiki/File:…`, the same title the featured feed gives, so both name
/// the picture alike), the original from the thumbnail's `src` (`…/thumb/a/ab/Name.jpg/330px-
/// Name.jpg` → `…/a/ab/Name.jpg`), its width from `data-file-width`, and the caption from the
/// `description` block, as plain text. The title is the caption when short, else the file's
/// name (`WikimediaResponse.pictureTitle`), never a paragraph. The feed names no licence (every
/// item of the real feed, `Tests/Fixtures/feeds/`, has none, and an empty `dc:creator`): the
/// credit is `dc:creator` when the feed fills it, and the licence points to the file page,
/// where Commons states it.
enum WikimediaFeed {
  static let licence = "stated on the file page"
  /// Where a file's page is, for the link beside the picture.
  static let filePageBase = "https://commons.wikimedia.org"

  /// The newest day's picture among the items of a plausible day (`PlausibleDay` at `now`), read
  /// within `limit`, with its original's width when the feed says, and the items passed over for
  /// their day; no picture when every dated item was passed over so.
  static func decode(
    _ body: some Collection<UInt8>, policy: RemoteURL.Policy, at now: Date, limit: WorkLimit = .none
  ) throws(SourceError) -> (
    picture: (picture: SourcePicture, width: Int?)?, implausible: [PlausibleDay.Refusal]
  ) {
    let items = try RSSFeed.items(body, source: .wikimedia, limit: limit)
    guard !items.isEmpty else { throw .noPicture(.wikimedia, .noItems) }
    var implausible: [PlausibleDay.Refusal] = []
    var newest: (index: Int, day: CalendarDate?)?
    for (index, item) in items.enumerated() {
      let day = item.text(of: "pubDate").flatMap(RSSFeed.day(ofPubDate:))
      if let day, let problem = PlausibleDay.problem(day, since: WikimediaSource().firstDay, at: now) {
        implausible.append(
          PlausibleDay.Refusal(day: day, problem: problem, path: "rss.channel.item[\(index)].pubDate"))
        continue
      }
      // The newest dated item; the last one when none is dated (then refused for want of a day).
      guard let current = newest else {
        newest = (index, day)
        continue
      }
      if let day, current.day.map({ day >= $0 }) ?? true { newest = (index, day) }
      if day == nil, current.day == nil { newest = (index, nil) }
    }
    guard let newest else { return (nil, implausible) }
    try SourceBody.check(limit, source: .wikimedia)
    let chosen = try picture(
      items[newest.index], day: newest.day, path: "rss.channel.item[\(newest.index)]", policy: policy)
    return (chosen, implausible)
  }

  /// One item's picture.
  static func picture(_ item: XMLElement, day: CalendarDate?, path: String, policy: RemoteURL.Policy)
    throws(SourceError) -> (picture: SourcePicture, width: Int?)
  {
    guard let day else { throw .missingField(.wikimedia, path: "\(path).pubDate") }
    let html = HTMLTags(item.text(of: "description") ?? "")
    let descriptionPath = "\(path).description"
    guard
      let link = html.starts("a").first(where: { ($0.attributes["href"] ?? "").hasPrefix("/wiki/File:") }),
      let href = link.attributes["href"]
    else { throw .missingField(.wikimedia, path: "\(descriptionPath) a.href") }
    let name = PercentEncoding.decoded(href.dropFirst("/wiki/".count), malformed: .refused) ?? ""
    guard name.utf8.count > "File:".count, SourceKey.fits(name), TerminalText.clean(name) == name,
      !name.contains("/")
    else {
      throw .wrongType(
        .wikimedia, path: "\(descriptionPath) a.href", expected: "a file title", found: "text that is not one"
      )
    }
    guard let image = html.starts("img").first, let source = image.attributes["src"] else {
      throw .missingField(.wikimedia, path: "\(descriptionPath) img.src")
    }
    let thumbnail = try JSONFields.url(
      source.hasPrefix("//") ? "https:" + source : source, path: "\(descriptionPath) img.src",
      source: .wikimedia,
      policy: policy)
    let original = try JSONFields.url(
      originalText(ofThumbnail: thumbnail.text), path: "\(descriptionPath) img.src", source: .wikimedia,
      policy: policy)
    let caption =
      html.starts("div").first(where: {
        ($0.attributes["class"] ?? "").split(separator: " ").contains("description")
      }).map { PlainText.fromHTML(html.inner($0)) } ?? ""
    // The link as the feed writes it, on Commons' host: a courtesy link, never fetched.
    let page = try? RemoteURL(checking: filePageBase + href, policy: .httpsOnly)
    let creator = TerminalText.singleLine(item.text(of: "dc:creator") ?? "")
    let picture = SourcePicture(
      id: PictureID(source: .wikimedia, key: name), date: day,
      words: PictureWords(
        title: WikimediaResponse.pictureTitle(file: name, caption: caption), caption: caption,
        credit: creator, copyright: creator, copyrightLink: page),
      description: "", licence: licence, licenceLink: page, image: original, portrait: nil, page: page)
    return (picture, image.attributes["data-file-width"].flatMap { Int($0) })
  }

  /// The original a Commons thumbnail is made from: `…/wikipedia/commons/thumb/a/ab/Name.jpg/
  /// 330px-Name.jpg` → `…/wikipedia/commons/a/ab/Name.jpg`; any other URL as it is (the
  /// thumbnail is then the largest the feed names).
  static func originalText(ofThumbnail text: String) -> String {
    guard !text.contains("?"), let marker = text.firstRange(of: "/thumb/") else { return text }
    let after = text[marker.upperBound...]
    guard let lastSlash = after.lastIndex(of: "/") else { return text }
    let original = after[..<lastSlash]
    guard original.split(separator: "/").count == 3 else { return text }
    return String(text[..<marker.lowerBound]) + "/" + original
  }
}
