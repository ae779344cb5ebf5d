import BingWallModel
import BingWallSystem
import FoundationEssentials

/// One source of pictures of the day, whole: who it is, what a person reads of it, the config
/// keys it reads, when it has a new picture, and what it offers now. Each is one folder of this
/// target and one line of `SourceRegistry.standard`; `bingwall sources`, bingwall(1),
/// bingwall.conf(5), completion, the schedule and the update all read it from there.
package protocol PictureSource: Sendable {
  /// Who it is and what a person reads of it.
  var profile: SourceProfile { get }
  /// The config keys it reads beyond `sources`, in the order bingwall.conf(5) lists them; its
  /// base URL by default.
  var settings: [SourceSetting] { get }

  /// When it next has a picture to fetch, after a successful fetch at `fetchedAt` whose newest
  /// picture is of `newestDay` (nil when the fetch gave none); by default a day after the fetch.
  func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date

  /// The headers each of its requests sends, its pictures' downloads included; none by default.
  func headers(_ settings: SourceSettings) -> [String: String]

  /// What it offers at `instant`, asked through `requests` (which trace each request and keep
  /// to the settings' limits), with its fallbacks.
  func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer
}

extension PictureSource {
  // The parts of its profile every caller asks for.
  package var id: Source { profile.id }
  package var displayName: String { profile.displayName }
  package var firstDay: CalendarDate { profile.firstDay }

  package var settings: [SourceSetting] { [.endpoint(of: id, displayName: displayName)] }

  /// No publishing time: once a day, 24 hours after the last fetch.
  package func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    SourceRegistry.daily(after: fetchedAt)
  }

  package func headers(_ settings: SourceSettings) -> [String: String] { [:] }

  /// The value of its setting `setting` (`apod.api_key`), nil when unset or empty.
  func value(of setting: SourceSetting, in settings: SourceSettings) -> String? {
    settings.values[setting.name].flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// Who a source is, and what a person reads of it: `bingwall sources`, the SOURCES section of
/// bingwall(1) and the README say it from this.
package struct SourceProfile: Sendable {
  /// Who it is: the word the history keeps and a person types.
  package var id: Source
  /// Its name in a sentence: "NASA APOD".
  package var displayName: String
  /// The day of its first picture: none of its pictures is older (`PlausibleDay`).
  package var firstDay: CalendarDate
  /// What it offers: how many pictures, how often, how large.
  package var offers: String
  /// What it asks of the user, when anything.
  package var asks: String?
  /// The terms its pictures come under.
  package var terms: String
}
