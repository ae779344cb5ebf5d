import BingWallModel
import BingWallSystem
import FoundationEssentials

/// NASA Earth Observatory's image of the day, from its RSS feed: the newest item's `title`,
/// `link`, `pubDate` (the day), `description`, and its picture.
///
/// The picture is the first of: `media:content`'s `url` (the widest when there are several),
/// an image `enclosure`'s `url` (the feed on science.nasa.gov, as clients read it in 2026), the
/// old feed's `media:thumbnail` (`…_th.jpg`) made full size by naming `…_lrg.jpg` instead, as
/// earthobservatory.nasa.gov served it, and the first `<img src>` in `content:encoded` (made full
/// size the same way: the old feed's is the thumbnail again). One picture a day, so only the newest item with a picture is offered; an item without one
/// is passed over for the next.
///
/// Identity is the item's link: its last path component (with the number before it, when the
/// link is `…/images/154153/istanbul-a-turkish-delight`), cleaned to a key that is safe in a
/// file name. Credit is "NASA Earth Observatory", the pictures public domain.
enum EarthObservatoryFeed {
  static let credit = "NASA Earth Observatory"
  static let licence = "public domain (NASA)"
  /// The longest key kept from a link.
  static let maximumKeyLength = 120

  /// The newest item's picture among those of a plausible day (`PlausibleDay` at `now`), read
  /// within `limit`, and the items passed over for their day; nil when every picture was passed
  /// over so.
  static func decode(
    _ body: some Collection<UInt8>, policy: RemoteURL.Policy, at now: Date, limit: WorkLimit = .none
  ) throws(SourceError) -> (picture: SourcePicture?, implausible: [PlausibleDay.Refusal]) {
    let items = try RSSFeed.items(body, source: .earthObservatory, limit: limit)
    guard !items.isEmpty else { throw .noPicture(.earthObservatory, .noItems) }
    var pictures: [(picture: SourcePicture, index: Int)] = []
    var unusable: [SourceError] = []
    var implausible: [PlausibleDay.Refusal] = []
    for (index, item) in items.enumerated() {
      try SourceBody.check(limit, source: .earthObservatory)
      let path = "rss.channel.item[\(index)]"
      do {
        let picture = try picture(item, path: path, policy: policy)
        if let day = picture.date,
          let problem = PlausibleDay.problem(day, since: EarthObservatorySource().firstDay, at: now)
        {
          implausible.append(PlausibleDay.Refusal(day: day, problem: problem, path: "\(path).pubDate"))
        } else {
          pictures.append((picture, index))
        }
      } catch {
        unusable.append(error)
      }
    }
    // Newest first by the day; the feed's order among items of one day or without a date.
    let newest = pictures.min { left, right in
      switch (left.picture.date, right.picture.date) {
      case (let l?, let r?) where l != r: return l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left.index < right.index
      }
    }
    guard let newest else {
      if !implausible.isEmpty { return (nil, implausible) }
      throw .noPicture(.earthObservatory, .noPhotograph(promotions: 0, unusable: unusable))
    }
    return (newest.picture, implausible)
  }

  /// One item's picture.
  static func picture(_ item: XMLElement, path: String, policy: RemoteURL.Policy) throws(SourceError)
    -> SourcePicture
  {
    guard let linkText = item.text(of: "link").map(TerminalText.singleLine), !linkText.isEmpty else {
      throw .missingField(.earthObservatory, path: "\(path).link")
    }
    let link = try JSONFields.url(linkText, path: "\(path).link", source: .earthObservatory, policy: policy)
    guard let key = key(ofLink: link) else {
      throw .wrongType(
        .earthObservatory, path: "\(path).link", expected: "a page's link", found: "a bare host")
    }
    let image = try self.image(item, path: path, policy: policy)
    let title = PlainText.fromHTML(item.text(of: "title") ?? "")
    return SourcePicture(
      id: PictureID(source: .earthObservatory, key: key),
      date: item.text(of: "pubDate").flatMap(RSSFeed.day(ofPubDate:)),
      words: PictureWords(
        title: title, caption: "", credit: credit, copyright: credit, copyrightLink: link),
      description: PlainText.fromHTML(item.text(of: "description") ?? ""), licence: licence, licenceLink: nil,
      image: image, portrait: nil, page: link)
  }

  /// The item's picture, by the order above.
  static func image(_ item: XMLElement, path: String, policy: RemoteURL.Policy) throws(SourceError)
    -> RemoteURL
  {
    // Its feed names images only, and may say nothing of a content's type.
    if let content = FeedMedia.largest(FeedMedia.contents(of: item).filter { $0.declared != .other }) {
      return try JSONFields.url(
        content.url, path: "\(path).media:content.url", source: .earthObservatory, policy: policy)
    }
    if let enclosure = FeedMedia.enclosures(of: item).first(where: { $0.declared != .other }) {
      return try JSONFields.url(
        enclosure.url, path: "\(path).enclosure.url", source: .earthObservatory, policy: policy)
    }
    if let thumbnail = item.child("media:thumbnail")?.attributes["url"] {
      return try JSONFields.url(
        fullSize(thumbnail), path: "\(path).media:thumbnail.url", source: .earthObservatory, policy: policy)
    }
    if let html = item.text(of: "content:encoded"), let image = FeedMedia.firstImage(inHTML: html) {
      return try JSONFields.url(
        fullSize(image.url), path: "\(path).content:encoded img.src", source: .earthObservatory,
        policy: policy)
    }
    throw .missingField(.earthObservatory, path: "\(path).media:content.url")
  }

  /// The full-size picture of an old-feed thumbnail: `…/160002/bay_floes_th.jpg` →
  /// `…/160002/bay_floes_lrg.jpg`, as earthobservatory.nasa.gov named them; any other URL as it is.
  static func fullSize(_ url: String) -> String {
    guard let slash = url.lastIndex(of: "/"), let marker = url[slash...].ranges(of: "_th.").last else {
      return url
    }
    var full = url
    full.replaceSubrange(marker, with: "_lrg.")
    return full
  }

  /// A key for the picture a link names: its last path component, with the number before it when
  /// there is one (`/images/154153/istanbul-a-turkish-delight` → `154153-istanbul-a-turkish-delight`),
  /// made of ASCII letters, digits, `-`, `_` and `.` only, at most `maximumKeyLength` bytes; nil
  /// when the link has no path.
  static func key(ofLink link: RemoteURL) -> String? {
    var text = Substring(link.text)
    if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
    guard let scheme = text.firstRange(of: "://") else { return nil }
    let parts = text[scheme.upperBound...].split(separator: "/").dropFirst().map(clean).filter {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
    guard var key = parts.last else { return nil }
    if parts.count >= 2, let number = parts.dropLast().last, number.allSatisfy(\.isWholeNumber) {
      key = "\(number)-\(key)"
    }
    key = String(key.prefix(maximumKeyLength))
    while key.hasPrefix(".") || key.hasPrefix("-") { key.removeFirst() }
    return key.isEmpty ? nil : key
  }

  /// A path component percent-decoded, lower-cased, every byte but letters, digits, `-`, `_` and `.`
  /// left out.
  private static func clean(_ part: Substring) -> String {
    let decoded = PercentEncoding.decoded(part, malformed: .kept) ?? String(part)
    return String(
      decoded.lowercased().unicodeScalars.filter {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
      }.map(Character.init))
  }
}
