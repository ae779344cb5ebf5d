/// Where a picture of the day comes from. Each source is a case here and a folder of its own:
/// Bing's beside BingWallBing, the others' in BingWallSources.
///
/// The raw value is the word a person types and the history keeps (`apod:2026-12-05`), so it
/// never changes.
package enum Source: String, Sendable, Hashable, CaseIterable, Codable {
  case bing
  /// Windows Spotlight: Microsoft's rotation of stock photographs for the Windows desktop and
  /// lock screen.
  case spotlight
  /// NASA's Astronomy Picture of the Day.
  case apod
  /// Wikimedia Commons' picture of the day.
  case wikimedia
  /// NASA Earth Observatory's image of the day.
  case earthObservatory = "earth-observatory"

  /// The source's name in a sentence: "Spotlight's answer is not JSON".
  package var displayName: String {
    switch self {
    case .bing: "Bing"
    case .spotlight: "Windows Spotlight"
    case .apod: "NASA APOD"
    case .wikimedia: "Wikimedia Commons"
    case .earthObservatory: "NASA Earth Observatory"
    }
  }

  /// The name as an owner: "NASA APOD's", "Wikimedia Commons'".
  package var possessive: String { displayName.hasSuffix("s") ? displayName + "'" : displayName + "'s" }
}

extension Source: LosslessStringConvertible {
  /// The source a person named, in any case: `apod`, `APOD`, `earth-observatory`.
  package init?(_ description: String) {
    self.init(rawValue: description.lowercased())
  }

  package var description: String { rawValue }

  /// The prefix of this source's config keys and environment variables' middle:
  /// `earth_observatory.endpoint`, `BINGWALL_EARTH_OBSERVATORY_ENDPOINT`.
  package var configSection: String { String(rawValue.map { $0 == "-" ? "_" : $0 }) }
}
