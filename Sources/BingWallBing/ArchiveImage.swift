import BingWallSystem
import FoundationEssentials
import Glibc

/// One day's picture from Bing's archive, with everything bingwall stores derived once, here.
///
/// The raw strings are kept as Bing sent them (`copyright`, `title`, `startdate`, …) next to
/// what is derived from them (`key`, `date`, `caption`, …), so that the history can always
/// show the original. Construction fails rather than let anything unsafe from the network
/// through: `bingID`, `key` and `name` may become parts of file names, and `urlbase` is only
/// ever a path under the configured endpoint.
///
/// `wp: false` pictures are kept, not skipped: Bing marks animated or restricted days so, and
/// their larger sizes 404 or are placeholders. The downloader decides to fall back to
/// `Resolution.fallback` or skip the day, and says which.
package struct ArchiveImage: Sendable, Equatable {
  /// The picture id, e.g. `OHR.BeaversBend_JA-JP2539821984`: the `id` query item of
  /// `urlbase`, or the last path component of a legacy `/az/hprichbg/rb/` one. Always starts
  /// with `OHR.` (added when Bing's id lacks it), holds only `A-Z a-z 0-9 . _ -`, and is at most
  /// 150 characters long. Unique per market and issue: a re-issued day gets a new one.
  package let bingID: String
  /// The picture itself, e.g. `OHR.BeaversBend`: the id without its `_<MARKET><digits>`
  /// suffix, so the same photo served to several markets under different ids is one picture.
  /// Safe as a file name: `OHR.` then a letter or digit, then `A-Z a-z 0-9 . _ -`, at most
  /// 100 characters.
  package let key: String
  /// The key without `OHR.`, e.g. `BeaversBend`, for readable file names.
  package let name: String
  /// The path and query to which `_{RES}.jpg` is appended, always starting with `/`; the host
  /// of an absolute `urlbase` (`http://s.cn.bing.net/th?id=…`) is dropped.
  package let urlbase: String
  /// The market-local date of the picture.
  package let date: CalendarDate
  /// The UTC instant of the market's local midnight that starts this picture's day; the next
  /// picture is due 24 hours later. Approximate when `isDateEstimated`.
  package let fullStartDate: Date
  /// True when the body had no `fullstartdate` and the dates were estimated from `startdate`
  /// and the market (see `ArchiveImage.dates`).
  let isDateEstimated: Bool
  /// Bing's `startdate` (`yyyyMMdd`, the UTC date of local midnight), or empty when absent.
  let startdate: String
  /// Bing's `enddate` (`yyyyMMdd`), or empty when absent.
  let enddate: String
  /// The title as sent: often empty (zh-CN), `"Info"` (ROW), or absent (old bodies, stored as
  /// empty). `displayTitle` is what to show.
  package let title: String
  /// The original `copyright` string, `"<caption> (© <credit>)"`; empty when absent.
  package let copyright: String
  /// What the picture shows: `copyright` before its last `(©` or `（©`.
  package let caption: String
  /// The photographer and agency: what is inside that last `(© …)`, or empty.
  package let credit: String
  /// `copyrightlink` as sent, possibly relative or empty; see `absoluteCopyrightLink`.
  let copyrightLink: String
  /// Bing's `hsh`, a hash of the picture as Bing computes it; empty when absent.
  package let hsh: String
  /// Bing's `wp`: false for days whose larger sizes are missing or placeholders. True when
  /// absent, as in old bodies that predate the flag.
  package let wp: Bool

  /// Builds a picture from an archive entry's fields, deriving and checking every value.
  ///
  /// `market` (the market that served the body) is used only when `fullstartdate` is absent,
  /// to estimate the local date from `startdate`. Absent optional fields are empty strings.
  /// Throws `BingError.unusableImage` when the fields do not make a safe, dated picture.
  init(
    urlbase: String, fullstartdate: String?, startdate: String?, enddate: String? = nil,
    copyright: String = "", copyrightLink: String = "", title: String = "", hsh: String = "",
    wp: Bool = true, market: String? = nil
  ) throws(BingError) {
    do {
      self = try ArchiveImage(
        checking: urlbase, fullstartdate: fullstartdate, startdate: startdate, enddate: enddate,
        copyright: copyright, copyrightLink: copyrightLink, title: title, hsh: hsh, wp: wp,
        market: market)
    } catch {
      throw .unusableImage(error)
    }
  }

  /// The package initialiser with the bare reason, which `ArchiveResponse` files under `skipped`.
  init(
    checking urlbase: String, fullstartdate: String?, startdate: String?, enddate: String?,
    copyright: String, copyrightLink: String, title: String, hsh: String, wp: Bool, market: String?
  ) throws(SkippedImage.Reason) {
    let identity = try Self.identity(urlbase: urlbase)
    let dates = try Self.dates(fullstartdate: fullstartdate, startdate: startdate, market: market)
    let parts = Self.split(copyright: copyright)
    bingID = identity.bingID
    key = identity.key
    name = identity.name
    self.urlbase = identity.urlbase
    date = dates.date
    fullStartDate = dates.fullStartDate
    isDateEstimated = dates.isEstimated
    self.startdate = startdate ?? ""
    self.enddate = enddate ?? ""
    self.title = title
    self.copyright = copyright
    caption = parts.caption
    credit = parts.credit
    self.copyrightLink = copyrightLink
    self.hsh = hsh
    self.wp = wp
  }

  /// The title to show: `title`, unless it is empty or ROW's placeholder `"Info"`; then the
  /// caption, and when that is empty too, the name.
  var displayTitle: String {
    let trimmed = title.trimmed()
    if !trimmed.isEmpty && trimmed != "Info" { return title }
    return caption.isEmpty ? name : caption
  }
}
