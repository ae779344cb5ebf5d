import BingWallModel
import BingWallSystem

/// One picture a feed offers (`PictureFeed`): one item or entry of it, its picture checked as a
/// URL bingwall fetches, its words plain text of bounded length.
struct FeedPicture: Sendable, Equatable {
  /// The item's own id, stable across readings: its `guid` (Atom's `id`), else its link, else the
  /// picture's URL. One line, at most `PictureFeed.maximumIDLength` characters.
  var id: String
  /// The picture: the largest `media:content`, an image `enclosure`, or the first `<img>`.
  var image: RemoteURL
  var title: String
  /// Who made or owns the picture (`media:credit`, `dc:creator`, the author); empty when the
  /// feed says nobody.
  var credit: String
  /// The item's page (`link`), when it is a URL bingwall would show.
  var link: RemoteURL?
  /// The terms, in a few words ("CC BY 2.0", "All rights reserved"); empty when the feed says
  /// none.
  var licence: String
  /// Where the terms are written out, when the feed links them.
  var licenceLink: RemoteURL?
  /// When the item was published, when the feed says.
  var date: FeedDate?
  /// The picture's size in pixels, when the feed says it.
  var width: Int?
  var height: Int?
}

/// What one feed offers: its pictures, newest first, and what was left of it.
struct FeedReading: Sendable, Equatable {
  /// Newest first by `date`; those without a date after, in the feed's order.
  var pictures: [FeedPicture]
  /// The items read that give no picture bingwall fetches, in the feed's order.
  var skipped: [SkippedItem]
  /// The items past `PictureFeed.maximumItems`, not read.
  var unread: Int
}

/// An item of a feed that gave no picture, and why.
struct SkippedItem: Sendable, Equatable, CustomStringConvertible {
  /// Why an item gives no picture.
  enum Reason: Sendable, Equatable {
    /// It names no image at all (a text post, a podcast's episode).
    case noPicture
    /// Its picture's URL is not one bingwall fetches: plain `http`, `file:`, `javascript:`,
    /// relative.
    case refusedURL(RemoteURL.Problem)
  }

  /// Its place in the feed, from 0.
  var index: Int
  var reason: Reason

  var description: String {
    switch reason {
    case .noPicture: "item \(index + 1) names no picture"
    case .refusedURL(let problem): "item \(index + 1) names a picture bingwall does not fetch: \(problem)"
    }
  }
}
