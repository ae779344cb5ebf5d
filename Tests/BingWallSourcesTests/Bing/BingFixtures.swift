import BingWallServiceTestSupport
import BingWallTestSupport

@testable import BingWallBing
@testable import BingWallNet
@testable import BingWallSystem

/// Archive bodies in the shape Bing serves them (docs/bing-endpoint.md), written by hand for these tests and served
/// by the fake Bing server in later ones.
///
/// The bodies are files in `Tests/Fixtures/bing`, each one line of JSON with no newline at its end,
/// like Bing's own (README.md there); what each holds is said here. Names, captions, credits and
/// numbers are made up. The bodies to refuse that fit on a line stay literals here.
enum BingFixtures {
  /// en-US in summer: eight days, 2024-07-01…08, local midnight at 07:00 UTC the same day. A caption with its
  /// own parentheses and a credit with several `/` (07-07); a relative `copyrightlink` with a `\u0026` escape
  /// (07-05); unknown fields (`quiz`, `drk`, `hs`, `tooltips`) everywhere.
  static let enUS = Fixtures.text("bing/en-US-summer.json")

  /// en-US in winter: eight days, 2024-01-08…15, local midnight at 08:00 UTC; 2024-01-13 is `wp: false`.
  static let enUSWinter = Fixtures.text("bing/en-US-winter.json")

  /// ja-JP: eight days, 2021-11-04…11, local midnight at 15:00 UTC the day before, so `startdate` is the
  /// previous day; full-width `（© …）` credits. The first entry is the example in docs/bing-endpoint.md.
  static let jaJP = Fixtures.text("bing/ja-JP.json")

  /// zh-CN: eight days, 2024-03-13…20, 16:00 UTC the day before, every title empty; 2024-03-19 has an
  /// absolute `http://s.cn.bing.net/th?id=…` urlbase.
  static let zhCN = Fixtures.text("bing/zh-CN.json")

  /// ROW (rest of world), also what en-ZA is served: eight days, 2024-07-01…08, every title the placeholder
  /// `"Info"`; 2024-07-06 links to `javascript:void(0)`.
  static let row = Fixtures.text("bing/ROW.json")

  /// en-IN: three days, 2024-07-06…08, local midnight at 18:30 UTC the day before.
  static let enIN = Fixtures.text("bing/en-IN.json")

  /// de-DE: 2024-07-07…08, 22:00 UTC the day before; 2024-07-08 is en-US's `OHR.LavenderField` under another
  /// id and a German caption: one picture, two appearances.
  static let deDE = Fixtures.text("bing/de-DE.json")

  /// en-US again, 2024-07-08 re-issued under a new id with the photographer's name corrected; 07-07 as
  /// before. Stored, it must update the day in place.
  static let enUSReissued = Fixtures.text("bing/en-US-reissued.json")

  /// An old body: `/az/hprichbg/rb/` paths with no `id`, no `market`, no `title`, `wp` or `hsh`; the days
  /// around the end of daylight saving time in 2016 (07:00 then 08:00 UTC).
  static let legacy = Fixtures.text("bing/legacy.json")

  /// ja-JP without `fullstartdate`, for the `startdate` fallback: local dates 2021-11-11 and 10.
  static let jaJPWithoutFullStartDate = Fixtures.text("bing/ja-JP-without-fullstartdate.json")

  /// en-US with two usable days (07-08, and 07-06 without a `title`) around four unusable entries: `urlbase`
  /// a number, a `../../etc/passwd` id, a string for an entry, `wp` a string.
  static let enUSPartlyUnusable = Fixtures.text("bing/en-US-partly-unusable.json")

  /// en-US whose every entry is unusable: `urlbase` a number, a dashed `fullstartdate`, a `/th` urlbase with
  /// no id.
  static let enUSNoneUsable = Fixtures.text("bing/en-US-none-usable.json")

  // MARK: Bodies to refuse (docs/bing-endpoint.md, "Failures seen in the wild")

  /// Status 200 with nothing in the body.
  static let empty = ""
  /// Only white space, which is as empty as nothing.
  static let whitespace = " \r\n\t "
  /// What Bing answers without `n`.
  static let null = "null"
  static let emptyImages = #"{"images":[]}"#
  /// An object with a market and tooltips but no `images` at all.
  static let noImagesKey = #"{"market":{"mkt":"en-US"},"tooltips":{"loading":"Loading..."}}"#
  /// The page a redirect leaves behind, served with status 200 and sometimes saved as the `.jpg`.
  static let objectMoved = Fixtures.text("bing/object-moved.html")
  /// `enUS` cut off in the middle of its third entry, as a dropped connection leaves it.
  static var truncated: String { String(enUS.prefix(1500)) }
  /// A list where the object should be.
  static let topLevelList = #"[{"urlbase":"/th?id=OHR.LavenderField_EN-US4827103965"}]"#
  /// A string where the object should be.
  static let topLevelString = #""images""#
  /// `images` as an object rather than a list.
  static let imagesObject = #"{"market":{"mkt":"en-US"},"images":{"urlbase":"/th?id=OHR.X_EN-US1"}}"#
}
