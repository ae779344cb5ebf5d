import BingWallModel
import BingWallSystem

/// A feed of pictures that a person names (RSS 2.0, RSS 1.0 or Atom) read as the pictures it
/// offers, newest first.
///
/// Each item's picture is, in this order: the largest image `media:content` (its own or in a
/// `media:group`; by `width`, else `fileSize`), an image `enclosure`, an Atom
/// `link rel="enclosure"` of an image type, and last a picture in the item's HTML (`content:encoded`,
/// Atom's `content`, `description`, `summary`): the first link to an image file there (Reddit's
/// "[link]" to the full picture), else the first `<img>` (often a thumbnail). The first of these an
/// item has decides: when its URL is not one bingwall fetches (`RemoteURL`, https only), the item
/// is skipped and counted, never fetched, and no other of its URLs tried.
///
/// Bounded: the body is refused past `SourceBody.maximumSize`, the XML reader declares no entity
/// and bounds depth and element count, at most `maximumItems` items are read, and every field is
/// cut before it is cleaned (`FeedItem.maximumFieldBytes`), so a hostile feed costs one
/// `SourceError` or a list of skipped items; `limit` bounds the time.
enum PictureFeed {
  /// The most items read: a photo feed lists 20 to 100.
  static let maximumItems = 200
  /// The longest id kept, in characters.
  static let maximumIDLength = 512

  /// What `body`, the feed of `source`, offers, its URLs checked under `policy`, read within
  /// `limit`. The entry point a feed source's update will call from Kit (then `package`), with
  /// the failure as `SourceFailure`, the type other targets see.
  static func read(
    _ body: some Collection<UInt8>, source: Source, policy: RemoteURL.Policy, limit: WorkLimit = .none
  ) throws(SourceFailure) -> FeedReading {
    do {
      return try decode(body, source: source, policy: policy, limit: limit)
    } catch {
      throw SourceFailure(
        source: source, isTemporary: error.isTemporary, description: error.description,
        explanation: error.explanation)
    }
  }

  /// `read`, with the reason it failed typed.
  static func decode(
    _ body: some Collection<UInt8>, source: Source, policy: RemoteURL.Policy, limit: WorkLimit = .none
  ) throws(SourceError) -> FeedReading {
    let root = try RSSFeed.document(body, source: source, limit: limit)
    let names = FeedNames(root: root)
    let items = try self.items(of: root, names: names, source: source)
    let feedAuthor = names.isAtom ? self.feedAuthor(of: root, names: names) : nil
    var pictures: [(picture: FeedPicture, index: Int)] = []
    var skipped: [SkippedItem] = []
    for (index, element) in items.prefix(maximumItems).enumerated() {
      try SourceBody.check(limit, source: source)
      let item = FeedItem(element: names.normalized(element), isAtom: names.isAtom, feedAuthor: feedAuthor)
      switch picture(item, policy: policy) {
      case .picture(let picture): pictures.append((picture, index))
      case .skipped(let reason): skipped.append(SkippedItem(index: index, reason: reason))
      }
    }
    // Newest first; the feed's order among equals and after them for those without a date.
    pictures.sort { left, right in
      switch (left.picture.date, right.picture.date) {
      case (let l?, let r?) where l != r: l > r
      case (.some, nil): true
      case (nil, .some): false
      default: left.index < right.index
      }
    }
    return FeedReading(
      pictures: pictures.map(\.picture), skipped: skipped, unread: max(0, items.count - maximumItems))
  }

  /// The name of an Atom feed's own `author`, which its entries without one inherit.
  private static func feedAuthor(of root: XMLElement, names: FeedNames) -> String? {
    guard let author = root.children.first(where: { names.canonical($0.name) == "author" }) else {
      return nil
    }
    return FeedItem.plain(names.normalized(author).text(of: "name"))
  }

  /// The document's items: RSS 2.0's `channel`'s, RSS 1.0's (beside its `channel`), Atom's
  /// entries.
  private static func items(of root: XMLElement, names: FeedNames, source: Source) throws(SourceError)
    -> [XMLElement]
  {
    let children: (XMLElement, String) -> [XMLElement] = { element, name in
      element.children.filter { names.canonical($0.name) == name }
    }
    switch names.canonical(root.name) {
    case "rss":
      guard let channel = children(root, "channel").first else {
        throw .missingField(source, path: "rss.channel")
      }
      return children(channel, "item")
    case "rdf:RDF":
      return children(root, "item")
    case _ where names.isAtom:
      return children(root, "entry")
    case let name where name.lowercased() == "html":
      throw .notFeed(source, detail: "it is an HTML page")
    case let name:
      throw .notFeed(
        source, detail: "its document is \(TerminalText.quoted("<\(name)>", limit: 40)), not <rss> or <feed>")
    }
  }

  /// What one item gives.
  enum Outcome: Equatable {
    case picture(FeedPicture)
    case skipped(SkippedItem.Reason)
  }

  /// The picture of one item, or why it has none.
  static func picture(_ item: FeedItem, policy: RemoteURL.Policy) -> Outcome {
    guard let media = self.media(of: item) else { return .skipped(.noPicture) }
    let image: RemoteURL
    do {
      image = try RemoteURL(checking: media.url, policy: policy)
    } catch {
      return .skipped(.refusedURL(error))
    }
    let linkText = item.link.map(TerminalText.singleLine)
    let link = linkText.flatMap { try? RemoteURL(checking: $0, policy: policy) }
    let id = [item.guid, link?.text, image.text].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? image.text
    let licence = FeedLicence(item, media: media, policy: policy)
    return .picture(
      FeedPicture(
        id: String(TerminalText.singleLine(id).prefix(maximumIDLength)), image: image, title: item.title,
        credit: item.credit(for: media), link: link, licence: licence.text, licenceLink: licence.link,
        date: item.date, width: media.width, height: media.height))
  }

  /// The item's picture as written, by the order above; nil when it names none.
  static func media(of item: FeedItem) -> FeedMedia? {
    let isPicture: (FeedMedia) -> Bool = {
      $0.declared == .image || ($0.declared == .unstated && $0.hasImageExtension)
    }
    if let content = FeedMedia.largest(FeedMedia.contents(of: item.element).filter(isPicture)) {
      return content
    }
    if let enclosure = FeedMedia.enclosures(of: item.element).first(where: isPicture) { return enclosure }
    if item.isAtom,
      let link = item.element.children("link").first(where: {
        $0.attributes["rel"] == "enclosure" && FeedMedia.declared(type: $0.attributes["type"]) == .image
      }), let href = link.attributes["href"]
    {
      return FeedMedia(
        url: href, declared: .image, fileSize: FeedMedia.number(link.attributes["length"]), element: link)
    }
    for html in item.html {
      let tags = HTMLTags(html)
      if let linked = FeedMedia.linkedImage(in: tags) ?? FeedMedia.firstImage(in: tags) { return linked }
    }
    return nil
  }
}
