import BingWallModel

/// A smaller rendition of a Commons original, for a picture wider than any screen needs (the
/// day's picture can be 8,000 pixels wide and more).
///
/// Commons serves a thumbnail of every original at a URL made from the original's:
/// `…/wikipedia/commons/a/ab/Name.jpg` → `…/wikipedia/commons/thumb/a/ab/Name.jpg/1920px-Name.jpg`
/// (an SVG's is a PNG: `…/Name.svg/1920px-Name.svg.png`). Only the standard widths are served:
/// since 2026 Wikimedia makes no thumbnail of another width for a client that builds the URL
/// itself (its "standard thumbnail sizes" work), so every width here is one of those.
enum WikimediaThumbnail {
  /// The widths Wikimedia renders, in pixels.
  static let standardWidths = [20, 40, 60, 120, 250, 330, 500, 960, 1280, 1920, 3840]

  /// The standard width to ask for a screen `width` pixels wide: the narrowest that covers it,
  /// or the widest there is.
  static func standardWidth(covering width: Int) -> Int {
    standardWidths.first { $0 >= width } ?? standardWidths[standardWidths.count - 1]
  }

  /// What to download for a picture at most `maximumWidth` pixels wide: the original when it is
  /// no wider (or its width is unknown and it has no thumbnail), else its thumbnail at the widest
  /// standard width within `maximumWidth`. The original when no thumbnail URL can be made from
  /// its URL (not a Commons original, or a format whose thumbnails are not PNG or JPEG).
  static func bounded(
    original: RemoteURL, originalWidth: Int?, maximumWidth: Int, policy: RemoteURL.Policy
  ) -> RemoteURL {
    if let originalWidth, originalWidth <= maximumWidth { return original }
    guard let width = standardWidths.last(where: { $0 <= maximumWidth }),
      originalWidth.map({ width < $0 }) ?? true,
      let thumbnail = url(of: original, width: width, policy: policy)
    else { return original }
    return thumbnail
  }

  /// The thumbnail `width` pixels wide of the original at `original`; nil when its URL is not
  /// `…/wikipedia/<project>/<h>/<hh>/<name>` with `<hh>` two hex digits starting with `<h>`, or
  /// the name is not a JPEG, PNG or SVG.
  static func url(of original: RemoteURL, width: Int, policy: RemoteURL.Policy) -> RemoteURL? {
    let text = original.text
    guard !text.contains("?"), !text.contains("#"), let marker = text.firstRange(of: "/wikipedia/") else {
      return nil
    }
    let parts = text[marker.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 4, !parts[0].isEmpty, parts[0] != "thumb", parts[1].count == 1, parts[2].count == 2,
      parts[2].hasPrefix(parts[1]), parts[2].allSatisfy(\.isHexDigit), !parts[3].isEmpty
    else { return nil }
    let name = parts[3]
    let lower = name.lowercased()
    let suffix: String
    if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") || lower.hasSuffix(".png") {
      suffix = ""
    } else if lower.hasSuffix(".svg") {
      suffix = ".png"
    } else {
      return nil
    }
    let thumb =
      "\(text[..<marker.upperBound])\(parts[0])/thumb/\(parts[1])/\(parts[2])/\(name)/\(width)px-\(name)\(suffix)"
    return try? RemoteURL(checking: thumb, policy: policy)
  }
}
