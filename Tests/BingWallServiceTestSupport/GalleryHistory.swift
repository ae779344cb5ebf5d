import Foundation

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// Pictures recorded straight into a history, for text Bing's fake would not send.
package enum GalleryHistory {
  package static func add(
    _ store: HistoryStore, key: String, date: String, title: String, link: String, caption: String = "",
    market: String = "en-US", path: String? = nil, width: Int = 1920, height: Int = 1080,
    credit: String = "Someone"
  ) throws {
    let now = Date(timeIntervalSince1970: 1_764_576_000)
    let file = NewPictureFile(
      key: key,
      sha256: key.utf8.map { String(format: "%02x", $0) }.joined().padding(
        toLength: 64, withPad: "0", startingAt: 0),
      path: path ?? "/nonexistent/\(key).jpg", resolution: Resolution(stored: "UHD"), width: width,
      height: height, bytes: 1000)
    try store.write {
      let id = try store.insert(file, at: now)
      try store.record(
        Appearance(
          date: CalendarDate(parsing: date)!,
          words: PictureWords(
            title: title, caption: caption, credit: credit,
            copyright: "\(title) (© \(credit))", copyrightLink: RemoteURL(link: link)),
          bing: BingListing(
            market: Market(stored: market), servedMarket: nil, bingID: "\(key)_EN-US1",
            urlbase: "/th?id=\(key)", hsh: "h", wp: true, fullStartDate: instant(date + "T08:00:00Z"))),
        pictureID: id, at: now)
      // The row holds `link` as written, as a history from before links were typed may.
      try store.database.run(
        "UPDATE appearances SET copyright_link = ? WHERE picture_id = ?", [.text(link), .integer(id)])
    }
  }
}
