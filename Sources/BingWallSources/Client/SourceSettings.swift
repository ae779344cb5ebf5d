import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

/// What a source's client needs from the configuration, typed.
package struct SourceSettings: Sendable {
  /// The configured base URL for this source (config `<source>.endpoint`, env
  /// BINGWALL_<SOURCE>_ENDPOINT, `SourceSetting.endpoint`); nil = the source's real hosts. When set, EVERY request of the
  /// source (primary and fallback, metadata only) goes under it, same paths as on the real hosts.
  var endpoint: String?
  /// Configured markets; Spotlight's country/locale and Wikimedia's language come from the first.
  var markets: [Market]
  /// The values of the source's own settings (`PictureSource.settings`) by key name:
  /// `apod.api_key`. Its endpoint is `endpoint`.
  var values: [String: String]
  /// Wikimedia User-Agent contact (config `network.contact`).
  var contact: String
  /// bingwall's version, for the User-Agent.
  var version: String
  /// Wikimedia: the widest screen in pixels; an original wider than this is fetched as the
  /// thumbnail at `WikimediaThumbnail.standardWidth(covering:)`. nil = 3840.
  var largestScreenWidth: Int?
  /// Each request's time limit, and each body's: reading one answer (parsing it, making its
  /// text) may take as long as fetching it, and no longer.
  var timeout: Duration
  /// The whole update's time limit, on `clock`'s monotonic time: no request and no reading runs
  /// past it.
  var deadline: ContinuousClock.Instant?
  /// `.loopbackHTTPAllowed` only when `endpoint` is a loopback http URL.
  var policy: RemoteURL.Policy
  /// The clock the readings' time limits are measured on: the context's.
  var clock: any WallClock

  package init(
    endpoint: String?, markets: [Market], values: [String: String] = [:], contact: String, version: String,
    largestScreenWidth: Int?, timeout: Duration, deadline: ContinuousClock.Instant?, policy: RemoteURL.Policy,
    clock: any WallClock = SystemClock()
  ) {
    self.endpoint = endpoint
    self.markets = markets
    self.values = values
    self.contact = contact
    self.version = version
    self.largestScreenWidth = largestScreenWidth
    self.timeout = timeout
    self.deadline = deadline
    self.policy = policy
    self.clock = clock
  }

  /// The time limit of one body's reading, starting now: `timeout`, within `deadline`.
  func readingLimit() -> WorkLimit {
    WorkLimit(timeout, clock: clock, deadline: deadline)
  }

  /// The screen width Wikimedia's pictures are bounded by when none is configured.
  static let defaultLargestScreenWidth = 3840

  /// The first market, or en-US when none is configured.
  var market: Market { markets.first ?? Market(stored: "en-US") }

  /// The language of the first market (`de` for `de-DE`), for Wikimedia; English for a market
  /// that names no language (Bing's `ROW`, "rest of the world").
  var language: String {
    let parts = market.code.split(separator: "-")
    guard parts.count == 2, parts[0].count == 2 else { return WikimediaRequest.defaultLanguage }
    return parts[0].lowercased()
  }
}

/// What a source offered at one instant.
package struct SourceOffer: Sendable, Equatable {
  /// Pictures, newest first (Spotlight: up to 4, date nil; APOD/Wikimedia/EO: one day each).
  package var pictures: [SourcePicture]
  /// What it offered that is not a picture, one plain line each for the user, e.g.
  /// "NASA APOD's 2021-11-08 is a video, not a picture" / a Spotlight promotion skipped.
  package var passedOver: [String]
  /// Trace lines: which request answered, fallbacks taken and why (never an API key).
  package var trace: [String]
  /// Problems of the user's own settings that a fallback covered, one line each, to show even
  /// though pictures came: api.nasa.gov refused the configured key, and APOD answered through
  /// science.nasa.gov instead.
  package var warnings: [String]
  /// Pictures passed over for a day they cannot have (after tomorrow, before the source began,
  /// not the day asked for): one warning for the source, whatever their number.
  package var implausible: [PlausibleDay.Refusal]

  init(
    pictures: [SourcePicture], passedOver: [String] = [], trace: [String] = [], warnings: [String] = [],
    implausible: [PlausibleDay.Refusal] = []
  ) {
    self.pictures = pictures
    self.passedOver = passedOver
    self.trace = trace
    self.warnings = warnings
    self.implausible = implausible
  }
}

/// Why a source gave nothing: one line, the source named, with the fix where there is one.
package struct SourceFailure: Error, TemporaryFailure, CustomStringConvertible, Sendable, Equatable {
  var source: Source
  /// Down, 5xx, 429/rate limit, timeout → true; bad key, bad body → false. When a fallback was
  /// tried too, true when either failure may pass.
  package var isTemporary: Bool
  /// E.g. "NASA APOD: api.nasa.gov refused the key (API_KEY_INVALID); check apod.api_key".
  package var description: String
  /// The requests made and how each failed, as `SourceOffer.trace` (never an API key).
  var trace: [String]
  /// What the failure means and whether it may pass, for `-v` (`ExplainedError`).
  package var explanation: String?

  init(
    source: Source, isTemporary: Bool, description: String, trace: [String] = [], explanation: String? = nil
  ) {
    self.source = source
    self.isTemporary = isTemporary
    self.description = description
    self.trace = trace
    self.explanation = explanation
  }
}

extension SourceFailure: ExplainedError {}

extension SourceFailure: DescribedError, ExitStatusError {
  /// 75 when a later try may work, 1 otherwise, as for Bing's failures.
  package var exitStatus: Int32 { isTemporary ? ExitCode.temporaryFailure : ExitCode.failure }
}
