import BingWallModel
import BingWallSystem

/// One picture a feed offers (`PictureFeed`): one item or entry of it, its picture checked as a
/// URL bingwall fetches, its words plain text of bounded length.
package struct FeedPicture: Sendable, Equatable {
  /// The item's own id, stable across readings: its `guid` (Atom's `id`), else its link, else the
  /// picture's URL. One line, at most `PictureFeed.maximumIDLength` characters.
  package var id: String
  /// The picture: the largest `media:content`, an image `enclosure`, or the first `<img>`.
  package var image: RemoteURL
  package var title: String
  /// Who made or owns the picture (`media:credit`, `dc:creator`, the author); empty when the
  /// feed says nobody.
  package var credit: String
  /// The item's page (`link`), when it is a URL bingwall would show.
  package var link: RemoteURL?
  /// The terms, in a few words ("CC BY 2.0", "All rights reserved"); empty when the feed says
  /// none.
  package var licence: String
  /// Where the terms are written out, when the feed links them.
  package var licenceLink: RemoteURL?
  /// When the item was published, when the feed says.
  package var date: FeedDate?
  /// The picture's size in pixels, when the feed says it.
  package var width: Int?
  package var height: Int?
}

/// What one feed offers: its pictures, newest first, and what was left of it.
package struct FeedReading: Sendable, Equatable {
  /// Newest first by `date`; those without a date after, in the feed's order.
  package var pictures: [FeedPicture]
  /// The items read that give no picture bingwall fetches, in the feed's order.
  package var skipped: [SkippedItem]
  /// The items past `PictureFeed.maximumItems`, not read.
  package var unread: Int
}

/// An item of a feed that gave no picture, and why.
package struct SkippedItem: Sendable, Equatable, CustomStringConvertible {
  /// Why an item gives no picture.
  package enum Reason: Sendable, Equatable {
    /// It names no image at all (a text post, a podcast's episode).
    case noPicture
    /// Its picture's URL is not one bingwall fetches: plain `http`, `file:`, `javascript:`,
    /// relative.
    case refusedURL(RemoteURL.Problem)
  }

  /// Its place in the feed, from 0.
  package var index: Int
  package var reason: Reason

  package var description: String {
    switch reason {
    case .noPicture: "item \(index + 1) names no picture"
    case .refusedURL(let problem): "item \(index + 1) names a picture bingwall does not fetch: \(problem)"
    }
  }
}
