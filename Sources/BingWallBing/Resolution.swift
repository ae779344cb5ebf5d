/// A picture size Bing serves, as the `_RES.jpg` suffix of an image URL.
package struct Resolution: Hashable, Sendable, LosslessStringConvertible {
  /// The size as `known` spells it: `UHD`, `1920x1080`.
  package let name: String

  /// The size a name gives in any case (`uhd`); nil when Bing serves no such size.
  package init?(_ name: String) {
    guard let listed = Self.known.first(where: { $0.equalsIgnoringCase(name) }) else { return nil }
    self.name = listed
  }

  package var description: String { name }

  /// UHD first: the largest, of arbitrary dimensions. 1920x1080 is the fallback that always exists.
  package static let known: [String] = [
    "UHD", "1920x1200", "1920x1080", "1366x768", "1280x768", "1280x720", "1024x768", "800x600",
    "800x480", "640x480", "1080x1920", "768x1280", "720x1280", "480x800",
  ]

  package static let preferred = "UHD"
  /// Used when the preferred size is missing, not a JPEG, or a placeholder (docs/bing-endpoint.md).
  package static let fallback = "1920x1080"
}
