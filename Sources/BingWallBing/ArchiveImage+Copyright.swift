/// Splitting Bing's `copyright` into caption and credit, and resolving its link.
extension ArchiveImage {
  /// `"<caption> (© <credit>)"` → caption and credit, split at the last `(©` or `（©`.
  ///
  /// The last one, because captions carry their own parentheses ("Lake Tekapo (Takapō), New
  /// Zealand (© …)"); ja-JP writes the credit in full-width `（© …）`. Some bodies leave out the
  /// space before the parenthesis, so the marker is matched without it. One closing `)` or `）`
  /// at the end is dropped, keeping parentheses inside the credit. Without a marker the whole
  /// string is the caption and the credit is empty.
  static func split(copyright: String) -> (caption: String, credit: String) {
    let characters = Array(copyright)
    var marker: Int?
    var index = characters.count - 2
    while index >= 0 {
      if characters[index] == "(" || characters[index] == "（", characters[index + 1] == "©" {
        marker = index
        break
      }
      index -= 1
    }
    guard let marker else { return (trimmed(copyright), "") }
    var credit = trimmed(String(characters[(marker + 2)...]))
    if credit.hasSuffix(")") || credit.hasSuffix("）") { credit.removeLast() }
    return (trimmed(String(characters[..<marker])), trimmed(credit))
  }

  /// `copyrightLink` as an absolute URL for a browser, or nil when there is nothing to open.
  ///
  /// Links may be relative (`/search?q=…`), so those are resolved against `endpoint`; a
  /// protocol-relative `//host/…` gets `https:`. Empty links, other schemes (Bing has sent
  /// `javascript:void(0)`) and links containing spaces or control characters give nil.
  package func absoluteCopyrightLink(endpoint: String) -> String? {
    let link = Self.trimmed(copyrightLink)
    guard !link.isEmpty, !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    else { return nil }
    let lowered = link.lowercased()
    if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") { return link }
    if link.hasPrefix("//") { return "https:" + link }
    let base = ArchiveRequest.base(endpoint)
    if link.hasPrefix("/") { return base + link }
    // A colon before any '/', '?' or '#' is a scheme: `javascript:`, `mailto:`, …
    let head = link.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if head.contains(":") { return nil }
    return base + "/" + link
  }

  /// Without leading and trailing white space, including the ideographic space U+3000.
  private static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(Substring(scalars))
  }
}
