import BingWallModel
import BingWallSystem
import FoundationEssentials

/// Every source of pictures of the day bingwall knows, in the order `bingwall sources`, the
/// manual and the config file list them. Adding a source is a folder with its `PictureSource`
/// and a line here; `SourceRegistryTests` fails when a generated place misses one.
package struct SourceRegistry: Sendable {
  package let plugins: [any PictureSource]

  package init(_ plugins: [any PictureSource]) {
    self.plugins = plugins
  }

  package static let standard = SourceRegistry([
    BingSource(),
    SpotlightSource(),
    APODSource(),
    WikimediaSource(),
    EarthObservatorySource(),
  ])

  /// The sources, in order.
  package var sources: [Source] { plugins.map(\.id) }

  /// The plug-in of `source`; nil for a source no plug-in names (a history may hold pictures of
  /// a source a later version dropped).
  package func plugin(for source: Source) -> (any PictureSource)? {
    plugins.first { $0.id == source }
  }

  /// The name of `source` in a sentence: its plug-in's, or its word when none names it.
  package func displayName(of source: Source) -> String {
    plugin(for: source)?.displayName ?? source.rawValue
  }

  /// When `source` next has a picture to fetch (its plug-in's `nextFetch`); a day after the last
  /// fetch for a source no plug-in names.
  package func nextFetch(_ source: Source, fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    plugin(for: source)?.nextFetch(fetchedAt: fetchedAt, newestDay: newestDay) ?? Self.daily(after: fetchedAt)
  }

  /// The schedule of a source with no publishing time: 24 hours after its last fetch.
  static func daily(after fetchedAt: Date) -> Date {
    fetchedAt.adding(.seconds(24 * 3600))
  }

  /// This registry and `plugin` after it.
  package func adding(_ plugin: any PictureSource) -> SourceRegistry {
    SourceRegistry(plugins + [plugin])
  }
}

extension Source {
  /// The name of the source in a sentence, "Spotlight's answer is not JSON": its plug-in's in
  /// the standard registry, or its word.
  package var displayName: String { SourceRegistry.standard.displayName(of: self) }

  /// The name as an owner: "NASA APOD's", "Wikimedia Commons'".
  package var possessive: String { displayName.hasSuffix("s") ? displayName + "'" : displayName + "'s" }
}
