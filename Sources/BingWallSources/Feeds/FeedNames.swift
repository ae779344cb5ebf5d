import BingWallSystem

/// The names of a feed's elements made the ones feeds usually write, whatever prefixes the feed
/// bound its namespaces to: `<m:content xmlns:m="http://search.yahoo.com/mrss/">` reads as
/// `media:content`, and Atom's elements are unprefixed in an Atom document (`<atom:entry>` there
/// reads as `entry`) and `atom:`-prefixed in an RSS one.
///
/// `XMLParser` keeps names as written; this maps only the namespaces a picture feed's fields come
/// in, and leaves any other name as it is. Declarations are honoured where they are made: on the
/// root, or on an element for itself and what it holds.
struct FeedNames {
  /// The prefix each known namespace is read under.
  static let prefixes: [String: String] = [
    "http://search.yahoo.com/mrss/": "media", "http://search.yahoo.com/mrss": "media",
    "http://purl.org/dc/elements/1.1/": "dc", "http://purl.org/dc/terms/": "dcterms",
    "http://purl.org/rss/1.0/modules/content/": "content", "http://www.w3.org/2005/Atom": "atom",
    "http://web.resource.org/cc/": "cc", "http://creativecommons.org/ns#": "cc",
    "http://backend.userland.com/creativeCommonsRssModule": "creativeCommons",
    "http://cyber.law.harvard.edu/rss/creativeCommonsRssModule.html": "creativeCommons",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf", "http://purl.org/rss/1.0/": "",
  ]

  /// The prefix each written prefix stands for; `""` is the default namespace.
  private var bound: [String: String] = [:]
  /// True in an Atom document, where Atom's own names go unprefixed.
  let isAtom: Bool

  /// The names of the document whose root is `root`.
  init(root: XMLElement) {
    var probe = FeedNames(isAtom: false)
    probe.declare(root.attributes)
    // A `<feed>` that declares no namespace is taken for Atom too.
    let name = probe.canonical(root.name)
    self.init(isAtom: name == "atom:feed" || name == "feed")
    declare(root.attributes)
  }

  private init(isAtom: Bool) {
    self.isAtom = isAtom
  }

  /// Reads `xmlns` and `xmlns:…` among `attributes`.
  private mutating func declare(_ attributes: [String: String]) {
    for (name, uri) in attributes where name == "xmlns" || name.hasPrefix("xmlns:") {
      let written = name == "xmlns" ? "" : String(name.dropFirst(6))
      guard var prefix = Self.prefixes[uri] else {
        bound[written] = nil
        continue
      }
      if prefix == "atom" && isAtom { prefix = "" }
      bound[written] = prefix
    }
  }

  /// `name` as this reader looks it up.
  func canonical(_ name: String) -> String {
    let written: String
    let local: Substring
    if let colon = name.firstIndex(of: ":") {
      written = String(name[..<colon])
      local = name[name.index(after: colon)...]
    } else {
      written = ""
      local = Substring(name)
    }
    guard let prefix = bound[written] else { return name }
    return prefix.isEmpty ? String(local) : "\(prefix):\(local)"
  }

  /// `element` and everything inside it under their canonical names. Recursive, which
  /// `XMLParser.maximumDepth` bounds.
  func normalized(_ element: XMLElement) -> XMLElement {
    var names = self
    if element.attributes.keys.contains(where: { $0 == "xmlns" || $0.hasPrefix("xmlns:") }) {
      names.declare(element.attributes)
    }
    var copy = element
    copy.name = names.canonical(element.name)
    copy.children = element.children.map(names.normalized)
    return copy
  }
}
