import BingWallModel

/// Splitting Bing's `copyright` into caption and credit, and resolving its link.
extension ArchiveImage {
  /// `"<caption> (© <credit>)"` → caption and credit, split at the last `(©` or `（©`.
  ///
  /// The last one, because captions carry their own parentheses ("Lake Tekapo (Takapō), New
  /// Zealand (© …)"); ja-JP writes the credit in full-width `（© …）`. Some bodies leave out the
  /// space before the parenthesis, so the marker is matched without it. One closing `)` or `）`
  /// at the end is dropped, keeping parentheses inside the credit. Without a marker the whole
  /// string is the caption and the credit is empty.
  ///
  /// Two faults Bing has sent are repaired (docs/bing-endpoint.md): the credit twice,
  /// `… (© X) (© X)`, gives the caption without the repeat; and the whole string once more
  /// inside itself (`… (© R. Schöneb… (© R. Schönebaum/plainpicture)aum/plainpicture)`) is
  /// split as the one copy. The original string stays in `copyright` as sent.
  package static func split(copyright: String) -> (caption: String, credit: String) {
    let (caption, credit) = splitOnce(withoutInsertedCopy(copyright))
    return (withoutRepeatedCredit(caption, credit: credit), credit)
  }

  /// Caption and credit at the last marker, nothing repaired.
  private static func splitOnce(_ copyright: String) -> (caption: String, credit: String) {
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

  /// `a + S + b` where `S == a + b`, a string with a copy of itself inserted, reduced to `S`;
  /// any other text as it is. Only a copy that holds a credit marker counts, so that no
  /// ordinary text that happens to repeat itself is cut in half.
  /// The search is quadratic, so text far longer than any copyright Bing sends (a few hundred
  /// characters) is left as it is rather than searched.
  static func withoutInsertedCopy(_ text: String) -> String {
    let characters = Array(text)
    let half = characters.count / 2
    guard half > 0, characters.count % 2 == 0, characters.count <= 4096 else { return text }
    for start in 0...half {
      let copy = characters[start..<start + half]
      guard copy.elementsEqual(characters[..<start] + characters[(start + half)...]) else { continue }
      let candidate = String(copy)
      if candidate.contains("(©") || candidate.contains("（©") { return candidate }
    }
    return text
  }

  /// The caption without trailing copies of its own credit marker, `(© credit)` or
  /// `（© credit）`, which Bing once appended twice. At most `maximumRepeatedCredits` are taken
  /// off: each round reads the whole caption again, so a body repeating the marker a hundred
  /// thousand times must not cost a hundred thousand rounds (what is left is cut to its bound
  /// anyway).
  static func withoutRepeatedCredit(_ caption: String, credit: String) -> String {
    guard !credit.isEmpty else { return caption }
    var caption = caption
    for _ in 0..<maximumRepeatedCredits {
      let (rest, repeated) = splitOnce(caption)
      guard repeated == credit, rest.count < caption.count else { return caption }
      caption = rest
    }
    return caption
  }

  /// Copies of the credit taken off a caption, at most: Bing repeated it once.
  static let maximumRepeatedCredits = 4

  /// `copyrightLink` as an absolute URL for a browser, or nil when there is nothing to open.
  ///
  /// Links may be relative (`/search?q=…`), so those are resolved against `endpoint`; a
  /// protocol-relative `//host/…` gets `https:`. Empty links, other schemes (Bing has sent
  /// `javascript:void(0)`) and links that are no `RemoteURL(link:)` (a space, plain http to a
  /// host on the internet) give nil.
  package func absoluteCopyrightLink(endpoint: String) -> RemoteURL? {
    let link = Self.trimmed(copyrightLink)
    guard !link.isEmpty, !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    else { return nil }
    let lowered = link.lowercased()
    if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") { return RemoteURL(link: link) }
    if link.hasPrefix("//") { return RemoteURL(link: "https:" + link) }
    let base = ArchiveRequest.base(endpoint)
    if link.hasPrefix("/") { return RemoteURL(link: base + link) }
    // A colon before any '/', '?' or '#' is a scheme: `javascript:`, `mailto:`, …
    let head = link.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if head.contains(":") { return nil }
    return RemoteURL(link: base + "/" + link)
  }

  /// Without leading and trailing white space, including the ideographic space U+3000.
  private static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(Substring(scalars))
  }
}
