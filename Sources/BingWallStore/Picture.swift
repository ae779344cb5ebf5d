import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// A stored picture as `list`, `show` and `--json` present it: the file and its newest appearance.
package struct Picture: Sendable, Equatable {
  /// The history's number for the picture's row: what `list` shows in its ID column and `apply 12` names.
  package var rowID: Int64
  /// The picture's identity across sources: its source and the source's own id.
  package var id: PictureID
  /// Market-local date of the appearance shown (the newest, or the one in the market asked for).
  package var date: CalendarDate
  /// Where and how Bing listed the appearance shown; nil for another source's, and for a picture
  /// with no appearance that names none.
  package var bing: Listing?
  /// Every market the picture appeared in, sorted.
  package var markets: [Market]
  var title: String
  package var caption: String
  package var credit: String
  var copyright: String
  /// Where a browser reads more of the picture; nil when the source links nowhere.
  package var copyrightLink: RemoteURL?
  package var path: String
  var resolution: Resolution
  package var width: Int
  package var height: Int
  package var bytes: Int64
  package var sha256: String
  package var favorite: Bool
  package var banned: Bool
  package var appliedCount: Int
  var lastApplied: Date?
  package var addedAt: Date
  /// Bing's longer text for the appearance shown, when it was fetched.
  package var story: PictureStory? = nil
  /// Every source that showed the picture, in `Source`'s order.
  package var sources: [Source] = [.bing]
  /// The terms of the appearance shown; empty for Bing's.
  package var licence: String = ""
  /// Where those terms are written out; nil when the source links none.
  package var licenceLink: RemoteURL? = nil
  /// The source's longer text for the appearance shown (APOD's explanation); empty for none.
  package var description: String = ""

  /// The market Bing showed it in; nil for another source's, and for a plain imported file.
  package var market: Market? { bing?.market }

  /// The picture as a selector names it: Bing's key alone (`OHR.Lake`), another source's with
  /// its source (`apod:2026-12-05`), since alone a date or a file name reads as another selector.
  package var selectorKey: String { id.source == .bing ? id.key : "\(id.source.rawValue):\(id.key)" }
}

extension Picture {
  /// The part of Bing's listing (`BingListing`) that `list`, `show` and `--json` tell of the
  /// appearance a picture shows.
  package struct Listing: Sendable, Equatable {
    /// Nil for a picture recorded without one (a plain imported file whose name named none).
    package var market: Market?
    /// The market Bing answered with, when it said it was another.
    package var servedMarket: Market?
    /// Bing's id of the picture of the day (`OHR.Name_EN-US123`).
    package var bingID: String

    package init(market: Market?, servedMarket: Market?, bingID: String) {
      self.market = market
      self.servedMarket = servedMarket
      self.bingID = bingID
    }

    /// The listing the history's Bing columns hold; nil when they hold none (`BingListing.unlisted`:
    /// no market, none served, no id), as another source's appearance does.
    init?(stored market: Market?, servedMarket: Market?, bingID: String) {
      guard market != nil || servedMarket != nil || !bingID.isEmpty else { return nil }
      self.init(market: market, servedMarket: servedMarket, bingID: bingID)
    }
  }
}

/// A picture's headline, description and quick fact (see `Story` in BingWallBing), as stored.
package struct PictureStory: Sendable, Equatable {
  package var headline: String
  package var description: String
  package var quickFact: String

  package init(headline: String, description: String, quickFact: String) {
    self.headline = headline
    self.description = description
    self.quickFact = quickFact
  }

  /// Nothing to tell: the row that records Bing had no story.
  package var isEmpty: Bool { headline.isEmpty && description.isEmpty && quickFact.isEmpty }
}

/// One picture of the day as its source showed it: the words every source gives, the terms it
/// gives them under, and Bing's own facts when Bing showed it. What `update` records.
package struct Appearance: Sendable, Equatable {
  package var source: Source
  package var date: CalendarDate
  package var words: PictureWords
  /// The terms the source states ("CC BY-SA 4.0"); empty when it states none (Bing).
  package var licence: String
  /// Where the licence is written out; nil when the source links none.
  package var licenceLink: RemoteURL?
  /// The source's longer text, plain (APOD's explanation); empty when it has none.
  package var description: String
  /// Where and how Bing listed it; nil for another source's.
  package var bing: BingListing?

  /// The market Bing showed it in; nil for another source's, and for a plain imported file.
  package var market: Market? { bing?.market }

  /// A day of Bing's.
  package init(date: CalendarDate, words: PictureWords, bing: BingListing) {
    source = .bing
    self.date = date
    self.words = words
    licence = ""
    licenceLink = nil
    description = ""
    self.bing = bing
  }

  /// A day of another source's. Bing's markets are Bing's alone: another source's appearance has
  /// none (Spotlight's country follows the first market, but its day is not that market's), so
  /// that every question asked of a market (its newest day, its schedule, its stories) is Bing's.
  package init(
    source: Source, date: CalendarDate, words: PictureWords, licence: String, licenceLink: RemoteURL?,
    description: String
  ) {
    self.source = source
    self.date = date
    self.words = words
    self.licence = licence
    self.licenceLink = licenceLink
    self.description = description
    bing = nil
  }
}

extension Appearance {
  /// This appearance with its texts as the history keeps them (`StoredText`, `PictureWords.bounded`):
  /// the cleaning an update's `SourcePicture` does, for an appearance that came another way.
  func withStoredText() -> Appearance {
    var kept = self
    kept.words = words.bounded()
    kept.licence = StoredText.line(licence)
    kept.description = StoredText.long(description)
    return kept
  }
}

/// Bing's own facts about one appearance of a picture, as the history keeps them: facts no
/// other source has (a second source keeps its own beside them, not in them).
package struct BingListing: Sendable, Equatable {
  /// Nil for a picture recorded without one (a plain imported file whose name named none).
  package var market: Market?
  /// The market Bing answered with, when it said it was another.
  package var servedMarket: Market?
  /// Bing's id of the picture of the day (`OHR.Name_EN-US123`).
  package var bingID: String
  package var urlbase: String
  package var hsh: String
  /// False: Bing marks the day as not for wallpapers.
  package var wp: Bool
  /// The instant of the market's local midnight; nil when unknown (a picture imported from a file).
  package var fullStartDate: Date?

  package init(
    market: Market?, servedMarket: Market?, bingID: String, urlbase: String, hsh: String, wp: Bool,
    fullStartDate: Date?
  ) {
    self.market = market
    self.servedMarket = servedMarket
    self.bingID = bingID
    self.urlbase = urlbase
    self.hsh = hsh
    self.wp = wp
    self.fullStartDate = fullStartDate
  }

  /// What the history's Bing columns hold for an appearance Bing did not list (another
  /// source's): no market, empty texts, `wp` set, no start.
  package static let unlisted = BingListing(
    market: nil, servedMarket: nil, bingID: "", urlbase: "", hsh: "", wp: true, fullStartDate: nil)
}

/// A validated file about to join the history.
package struct NewPictureFile: Sendable, Equatable {
  /// The source whose id `key` is.
  package var source: Source = .bing
  package var key: String
  package var sha256: String
  package var path: String
  package var resolution: Resolution
  package var width: Int
  package var height: Int
  package var bytes: Int64

  package init(
    key: String, sha256: String, path: String, resolution: Resolution, width: Int, height: Int, bytes: Int64
  ) {
    self.key = key
    self.sha256 = sha256
    self.path = path
    self.resolution = resolution
    self.width = width
    self.height = height
    self.bytes = bytes
  }
}

extension Picture {
  /// The title, or the caption when Bing gave none (zh-CN) or a placeholder ("Info", ROW): what
  /// every command shows as the picture's name.
  package var displayTitle: String {
    title.isEmpty || title == "Info" ? caption : title
  }
}
