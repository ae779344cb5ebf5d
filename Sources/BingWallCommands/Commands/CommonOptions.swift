import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallSources
import BingWallStore
import BingWallSystem
import Glibc

/// Options several commands share, defined once so their help and parsing agree.
enum CommonOptions {
  static let json = Flag("json", help: "Print JSON for scripts instead of text.")
  /// `--market`, once: commands that take several (update) use `market.repeated(help:)`. Its
  /// word passes config 'markets' check wherever it is given, setting the key or not.
  static let market = Option<Market>(
    "market", short: "m", name: "market", kind: .languageRegion(Market.known),
    help: "A Bing market code, ll-CC; 'man bingwall.conf' lists them."
  ).checked(by: ConfigSchema.markets.spec)
  /// `--market` where it settles which of a date's pictures a selector means (apply, show).
  static let marketOfDate = market.with(
    help: "The market to pick when several markets have the date asked for.")
  /// `--source`: a picture of the day's source, by the name the history keeps; one of the
  /// standard registry's.
  static let source = source(in: .standard)

  /// `--source`, naming one of `registry`'s sources: completed and checked from it.
  static func source(in registry: SourceRegistry) -> Option<Source> {
    Option<Source>(
      "source", name: "source", kind: .choice(registry.sources.map(\.rawValue)),
      help: "A source of pictures of the day; 'bingwall sources' lists them."
    ).checked(by: ConfigSchema.sources.spec)
  }
  static let selector = Argument<PictureSelector>(
    "selector", kind: .selector,
    help:
      "latest, current (the picture on screen), a picture id, a local date (YYYY-MM-DD), a key such as OHR.SomePlace, or a source's picture such as apod:2026-12-05."
  )
}
