/// The gallery page's HTML, read the way a test checks it: its cards by their pictures' keys.
package enum GalleryHTML {
  /// The `data-key` of every card, in page order.
  package static func cardKeys(_ html: String) -> [String] {
    html.split(separator: "<article ").dropFirst().compactMap { card in
      guard let start = card.range(of: "data-key=\"") else { return nil }
      return String(card[start.upperBound...].prefix { $0 != "\"" })
    }
  }

  /// The card of `key`, from its `<article` to its `</article>`.
  package static func card(_ html: String, key: String) -> String? {
    guard let named = html.range(of: "data-key=\"\(key)\""),
      let start = html[..<named.lowerBound].range(of: "<article", options: .backwards)
    else { return nil }
    let rest = html[start.lowerBound...]
    guard let end = rest.range(of: "</article>") else { return nil }
    return String(rest[..<end.upperBound])
  }
}
