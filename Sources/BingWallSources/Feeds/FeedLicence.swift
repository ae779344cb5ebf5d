import BingWallModel
import BingWallSystem

/// The terms a feed gives a picture under, in the ways feeds say them: Media RSS's
/// `media:license` (on the content, its group or the item), Creative Commons' `cc:license`
/// (RSS 1.0, `rdf:resource`) and `creativeCommons:license` (RSS 2.0, the URL as text), Dublin
/// Core's `dc:rights`, and Atom's `rights` and `link rel="license"`.
struct FeedLicence: Equatable {
  /// A few words: the feed's own, else the name of a Creative Commons licence it links
  /// ("CC BY-SA 2.0"); empty when it says none.
  var text: String
  var link: RemoteURL?

  /// The licence of `item`'s picture `media`.
  init(_ item: FeedItem, media: FeedMedia?, policy: RemoteURL.Policy) {
    var texts: [String] = []
    var links: [String] = []
    var holders: [XMLElement] = []
    if let content = media?.element { holders.append(content) }
    holders += item.element.children("media:group")
    holders.append(item.element)
    for holder in holders {
      for licence in holder.children("media:license") {
        if let words = FeedItem.plain(licence.text) { texts.append(words) }
        if let href = licence.attributes["href"] { links.append(href) }
      }
    }
    for licence in item.element.children("cc:license") {
      links.append(licence.attributes["rdf:resource"] ?? licence.text)
    }
    links += item.element.children("creativeCommons:license").map(\.text)
    for name in ["dc:rights", "rights", "atom:rights"] {
      if let words = item.field(name) { texts.append(words) }
    }
    links += item.element.children("link").filter { $0.attributes["rel"] == "license" }.compactMap {
      $0.attributes["href"]
    }
    link = links.lazy.compactMap { Self.url($0, policy: policy) }.first
    text = texts.first ?? link.flatMap(Self.creativeCommonsName) ?? ""
  }

  /// `text` as a link to show: checked as any URL, and Creative Commons' own `http://` links
  /// (most feeds still write them) read as the `https://` that creativecommons.org serves.
  static func url(_ text: String, policy: RemoteURL.Policy) -> RemoteURL? {
    let trimmed = TerminalText.singleLine(text)
    if let url = try? RemoteURL(checking: trimmed, policy: policy) { return url }
    let plain = "http://creativecommons.org/"
    guard trimmed.lowercased().hasPrefix(plain) else { return nil }
    return try? RemoteURL(
      checking: "https://creativecommons.org/" + trimmed.dropFirst(plain.count), policy: policy)
  }

  /// The short name of a Creative Commons licence by its URL: `…/licenses/by-sa/2.0/` is
  /// "CC BY-SA 2.0", `…/publicdomain/zero/1.0/` "CC0 1.0", `…/publicdomain/mark/1.0/` "public
  /// domain"; nil for any other URL.
  static func creativeCommonsName(_ url: RemoteURL) -> String? {
    guard url.host == "creativecommons.org" || url.host == "www.creativecommons.org",
      let scheme = url.text.firstRange(of: "://")
    else { return nil }
    var path = url.text[scheme.upperBound...].drop { $0 != "/" }
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let parts = path.split(separator: "/").map { $0.lowercased() }
    guard parts.count >= 2 else { return nil }
    let version = parts.count >= 3 && parts[2].allSatisfy({ $0.isNumber || $0 == "." }) ? " \(parts[2])" : ""
    switch (parts[0], parts[1]) {
    case ("licenses", let code) where code.allSatisfy({ $0.isLetter || $0 == "-" }) && code.count <= 12:
      return "CC \(code.uppercased())\(version)"
    case ("publicdomain", "zero"): return "CC0\(version)"
    case ("publicdomain", "mark"): return "public domain"
    default: return nil
    }
  }
}
