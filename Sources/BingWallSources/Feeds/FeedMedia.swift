import BingWallSystem

/// A picture an RSS item or Atom entry names, as written: a Media RSS `media:content`, an
/// `enclosure`, an Atom `link rel="enclosure"`, or an `<img>` in its HTML. The URL is not checked
/// here; whoever picks one checks it as a `RemoteURL`.
///
/// The rules every feed reader shares live here: what counts as an image, which of several is
/// the largest, where the first `<img>` of a fragment of HTML is.
struct FeedMedia: Equatable {
  /// What the feed says the file is.
  enum Declared: Equatable {
    /// `medium="image"`, or no medium and an `image/…` type.
    case image
    /// Neither a medium nor a type.
    case unstated
    /// Another medium or type: a video, a podcast's audio, a page.
    case other
  }

  var url: String
  var declared: Declared
  var width: Int?
  var height: Int?
  var fileSize: Int?
  /// The element that names it, for what Media RSS nests inside (`media:credit`,
  /// `media:license`); nil for an `<img>`.
  var element: XMLElement?

  /// The endings of the files that are pictures, for a `media:content` that declares nothing.
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "avif", "gif", "heic", "heif"]

  /// True when the URL's path (before any `?` or `#`) ends in one of `imageExtensions`:
  /// `…/3000.jpg?w=460` is one, `…/clip.mp4` and `…/photo` are not.
  var hasImageExtension: Bool {
    var path = Substring(url)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
    return Self.imageExtensions.contains(path[path.index(after: dot)...].lowercased())
  }

  /// Every `media:content` of `item`, its own and those inside its `media:group`s, in order;
  /// those without a `url` left out.
  static func contents(of item: XMLElement) -> [FeedMedia] {
    var elements = item.children("media:content")
    for group in item.children("media:group") { elements += group.children("media:content") }
    return elements.compactMap { element in
      guard let url = element.attributes["url"] else { return nil }
      let declared: Declared
      if let medium = element.attributes["medium"] {
        declared = medium.lowercased() == "image" ? .image : .other
      } else {
        declared = self.declared(type: element.attributes["type"])
      }
      return FeedMedia(
        url: url, declared: declared, width: number(element.attributes["width"]),
        height: number(element.attributes["height"]), fileSize: number(element.attributes["fileSize"]),
        element: element)
    }
  }

  /// Every RSS `enclosure` of `item` with a `url`, in order.
  static func enclosures(of item: XMLElement) -> [FeedMedia] {
    item.children("enclosure").compactMap { element in
      guard let url = element.attributes["url"] else { return nil }
      return FeedMedia(
        url: url, declared: declared(type: element.attributes["type"]),
        fileSize: number(element.attributes["length"]),
        element: element)
    }
  }

  /// The largest of `candidates`: by `width` when any says one, else by `fileSize`; the first of
  /// equals. Nil when there is none.
  static func largest(_ candidates: [FeedMedia]) -> FeedMedia? {
    let size: (FeedMedia) -> Int =
      candidates.contains { $0.width != nil } ? { $0.width ?? 0 } : { $0.fileSize ?? 0 }
    return candidates.max { size($0) < size($1) }
  }

  /// The first `<img>` with a `src` in `html`, with its `width` and `height` when it says them.
  static func firstImage(inHTML html: String) -> FeedMedia? {
    firstImage(in: HTMLTags(html))
  }

  /// The first `<img>` with a `src` among `tags`.
  static func firstImage(in tags: HTMLTags) -> FeedMedia? {
    guard let tag = tags.starts("img").first(where: { $0.attributes["src"] != nil }),
      let source = tag.attributes["src"]
    else { return nil }
    return FeedMedia(
      url: source, declared: .unstated, width: number(tag.attributes["width"]),
      height: number(tag.attributes["height"]))
  }

  /// The first link (`<a href>`) among `tags` to an image file (`hasImageExtension`): the
  /// picture itself, where an `<img>` beside it shows a thumbnail.
  static func linkedImage(in tags: HTMLTags) -> FeedMedia? {
    tags.starts("a").lazy.compactMap { tag in
      tag.attributes["href"].map { FeedMedia(url: $0, declared: .unstated) }
    }.first { $0.hasImageExtension }
  }

  /// What a MIME type says: `image/jpeg` an image, none unstated, anything else other.
  static func declared(type: String?) -> Declared {
    guard let type else { return .unstated }
    return type.lowercased().hasPrefix("image/") ? .image : .other
  }

  /// A positive whole number as an attribute writes it; nil for anything else, or past a
  /// billion (no picture is that wide, and no sum of them overflows).
  static func number(_ text: String?) -> Int? {
    guard let text, let value = Int(text), value > 0, value <= 1_000_000_000 else {
      return nil
    }
    return value
  }
}
