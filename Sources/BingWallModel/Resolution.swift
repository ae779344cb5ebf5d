import BingWallSystem
import Glibc

/// A picture size Bing serves, as the `_RES.jpg` suffix of an image URL and of a stored file's
/// name. Bing's fact about a picture file: another source's files need not have one.
package struct Resolution: ListedName {
  /// The size as `known` spells it (`UHD`, `1920x1080`); read back from the history as stored.
  package let name: String

  package init(listed name: String) {
    self.name = name
  }

  /// A size as the history holds it, never respelled, so that a row reads back byte for byte:
  /// one of `known`, or an imported file's `WIDTHxHEIGHT`.
  package init(stored name: String) {
    self.name = name
  }

  package static var listed: [String] { known }

  /// UHD first: the largest, of arbitrary dimensions. 1920x1080 is the fallback that always exists.
  package static let known: [String] = [
    "UHD", "1920x1200", "1920x1080", "1366x768", "1280x768", "1280x720", "1024x768", "800x600",
    "800x480", "640x480", "1080x1920", "768x1280", "720x1280", "480x800",
  ]

  package static let preferred = Resolution(listed: "UHD")
  /// Used when the preferred size is missing, not a JPEG, or a placeholder (docs/bing-endpoint.md).
  package static let fallback = Resolution(listed: "1920x1080")
  /// The tall size kept beside a picture for portrait screens (see `HistorySchema.version4`).
  package static let portrait = Resolution(listed: "1080x1920")
}

extension Resolution {
  /// Names people give screen sizes, for the sizes Bing serves: "did you mean" after a refusal,
  /// never accepted as the value itself (the file keeps Bing's own spelling). Compared without
  /// case, spaces or dashes.
  static let synonyms: [String: String] = [
    "4k": "UHD", "2160p": "UHD", "ultrahd": "UHD", "uhd4k": "UHD", "3840x2160": "UHD",
    "1080p": "1920x1080", "fhd": "1920x1080", "fullhd": "1920x1080",
    "1200p": "1920x1200", "wuxga": "1920x1200",
    "720p": "1280x720", "hd": "1280x720",
    "xga": "1024x768", "svga": "800x600", "wvga": "800x480", "vga": "640x480",
  ]

  /// The sizes Bing serves nearest what a person typed, where spelling is no guide: a known
  /// name of a size (`4K` → `UHD`, `1080p` → `1920x1080`), or for a `WIDTHxHEIGHT` Bing does
  /// not serve, the served size of the same orientation closest in pixel count (`UHD` counts
  /// as 3840x2160). Empty when neither rule applies.
  package static func nearest(to word: String) -> [String] {
    let squeezed = String(word.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    if let name = synonyms[squeezed] { return [name] }
    let parts = squeezed.split(whereSeparator: { $0 == "x" || $0 == "*" || $0 == "×" })
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0
    else { return [] }
    let landscape = width >= height
    let sizes = known.compactMap { name -> (name: String, width: Double, height: Double)? in
      if name == preferred.name { return (name, 3840, 2160) }
      let sides = name.split(separator: "x").compactMap { Double($0) }
      return sides.count == 2 ? (name, sides[0], sides[1]) : nil
    }
    let pixels = width * height
    let best = sizes.filter { ($0.width >= $0.height) == landscape }.min {
      abs(log($0.width * $0.height / pixels)) < abs(log($1.width * $1.height / pixels))
    }
    return best.map { [$0.name] } ?? []
  }
}
