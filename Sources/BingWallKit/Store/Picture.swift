import Foundation

/// A stored picture as `list`, `show` and `--json` present it: the file and its newest appearance.
public struct Picture: Sendable, Equatable {
  public var id: Int64
  public var key: String
  /// Market-local date of the appearance shown (the newest, or the one in the market asked for).
  public var date: String
  public var market: String
  /// Every market the picture appeared in, sorted.
  public var markets: [String]
  public var title: String
  public var caption: String
  public var credit: String
  public var copyright: String
  public var copyrightLink: String
  public var path: String
  public var resolution: String
  public var width: Int
  public var height: Int
  public var bytes: Int64
  public var sha256: String
  public var favorite: Bool
  public var banned: Bool
  public var appliedCount: Int
  public var lastApplied: String?
  /// Bing's own id of the appearance shown (`OHR.Name_EN-US123`).
  public var bingID: String
  public var servedMarket: String?
  public var addedAt: String
}

/// One picture of the day as Bing listed it for one market: what `update` records.
public struct Appearance: Sendable, Equatable {
  public var market: String
  public var servedMarket: String?
  public var date: String
  public var bingID: String
  public var title: String
  public var caption: String
  public var credit: String
  public var copyright: String
  public var copyrightLink: String
  public var urlbase: String
  public var hsh: String
  public var wp: Bool
  /// ISO 8601 UTC instant of the market's local midnight.
  public var fullStartDate: String

  public init(
    market: String, servedMarket: String?, date: String, bingID: String, title: String, caption: String,
    credit: String, copyright: String, copyrightLink: String, urlbase: String, hsh: String, wp: Bool,
    fullStartDate: String
  ) {
    self.market = market
    self.servedMarket = servedMarket
    self.date = date
    self.bingID = bingID
    self.title = title
    self.caption = caption
    self.credit = credit
    self.copyright = copyright
    self.copyrightLink = copyrightLink
    self.urlbase = urlbase
    self.hsh = hsh
    self.wp = wp
    self.fullStartDate = fullStartDate
  }
}

/// A validated file about to join the history.
public struct NewPictureFile: Sendable, Equatable {
  public var key: String
  public var sha256: String
  public var path: String
  public var resolution: String
  public var width: Int
  public var height: Int
  public var bytes: Int64

  public init(
    key: String, sha256: String, path: String, resolution: String, width: Int, height: Int, bytes: Int64
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
