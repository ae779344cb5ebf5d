import BingWallTestSupport
import Foundation

@testable import BingWallBing
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore

/// One picture of the day as the fake Bing lists it.
package struct FakeBingImage {
  /// `Lake` for `OHR.Lake`.
  package var name: String
  /// The market part of the id: `EN-US` in `OHR.Lake_EN-US123`.
  package var idMarket = "EN-US"
  package var number = "1234567890"
  /// `yyyyMMddHHmm`, UTC.
  package var fullStartDate: String
  package var title: String? = "A title"
  package var copyright = "A caption (© A Photographer/Agency)"
  package var wp = true

  package init(
    name: String, idMarket: String = "EN-US", number: String = "1234567890", fullStartDate: String,
    title: String? = "A title", copyright: String = "A caption (© A Photographer/Agency)", wp: Bool = true
  ) {
    self.name = name
    self.idMarket = idMarket
    self.number = number
    self.fullStartDate = fullStartDate
    self.title = title
    self.copyright = copyright
    self.wp = wp
  }

  package var bingID: String { "OHR.\(name)_\(idMarket)\(number)" }
  package var key: String { "OHR.\(name)" }
  package var urlbase: String { "/th?id=\(bingID)" }

  package var json: [String: Any] {
    var object: [String: Any] = [
      "startdate": String(fullStartDate.prefix(8)), "fullstartdate": fullStartDate, "enddate": "",
      "url": "\(urlbase)_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp", "urlbase": urlbase,
      "copyright": copyright, "copyrightlink": "https://www.bing.com/search?q=\(name)",
      "quiz": "/search?q=quiz", "wp": wp, "hsh": "hash\(name)", "drk": 1, "top": 1, "bot": 1, "hs": [],
    ]
    if let title { object["title"] = title }
    return object
  }
}

/// The fake Bing: archive bodies per market and JPEGs per size, on a real loopback server.
package final class FakeBing {
  package let server: FakeHTTPServer

  package init() throws {
    server = try FakeHTTPServer()
  }

  package var endpoint: String { server.baseURL }

  /// Serves `images` (newest first) as Bing's window of `market`, saying `served` was served: as
  /// Bing's archive does, in pages of at most eight that share a day. `idx=7` lists the window
  /// from its eighth picture (the seventh day back), or from its oldest when it is shorter, as
  /// Bing never answers that page empty; any other `idx` (0, what bingwall asks for first) the
  /// first eight.
  package func publish(market: String, served: String? = nil, images: [FakeBingImage]) throws {
    let older = Array(images.dropFirst(min(ArchivePage.older.index, max(0, images.count - 1))))
    server.route(
      "/HPImageArchive.aspx", query: ["mkt": market],
      .json(try Self.archiveBody(market: served ?? market, images: Array(images.prefix(8)))))
    server.route(
      "/HPImageArchive.aspx", query: ["mkt": market, "idx": String(ArchivePage.older.index)],
      .json(try Self.archiveBody(market: served ?? market, images: Array(older.prefix(8)))))
  }

  /// An archive body listing `images`, as Bing writes it with `mbl=1`.
  package static func archiveBody(market: String, images: [FakeBingImage]) throws -> String {
    let body: [String: Any] = [
      "market": ["mkt": market], "images": images.map(\.json),
      "tooltips": ["loading": "Loading...", "previous": "Previous", "next": "Next"],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
  }

  /// How often the archive's `page` was asked for, in any market.
  package func archiveRequests(_ page: ArchivePage) -> Int {
    server.requests(path: "/HPImageArchive.aspx").filter { $0.query["idx"] == String(page.index) }.count
  }

  /// Serves a real JPEG for `image` at `resolution`; distinct colours make distinct files.
  /// UHD pictures are larger than 1920x1080, as bingwall insists; other sizes are tiny.
  package func serveJPEG(
    _ image: FakeBingImage, resolution: String = "UHD", width: Int? = nil, height: Int? = nil,
    colour: String? = nil, padTo: Int? = nil
  ) throws {
    let uhd = resolution == "UHD"
    let data = try TestJPEG.make(
      width: width ?? (uhd ? Self.uhdWidth : 64), height: height ?? (uhd ? Self.uhdHeight : 36),
      colour: colour ?? Self.colour(for: image.name + resolution), padTo: padTo)
    serve(image, resolution: resolution, .bytes(data, contentType: "image/jpeg"))
  }

  package static let uhdWidth = 1921
  package static let uhdHeight = 1081

  package func serve(_ image: FakeBingImage, resolution: String, _ response: FakeResponse) {
    server.route("/th", query: ["id": "\(image.bingID)_\(resolution).jpg"], response)
  }

  /// How often the picture files (not the archive) were asked for.
  package var imageRequestCount: Int { server.count(path: "/th") }

  package func imageRequests(_ image: FakeBingImage, resolution: String) -> Int {
    server.requests(path: "/th").filter { $0.query["id"] == "\(image.bingID)_\(resolution).jpg" }.count
  }

  /// A stable colour per name, so each picture's bytes differ.
  package static func colour(for text: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return String(format: "#%06x", hash & 0xffffff)
  }

  /// The `yyyyMMdd` days from 2026-12-01 back, one per picture of a week.
  package static let days = [
    "20261201", "20261130", "20261129", "20261128", "20261127", "20261126", "20261125", "20261124",
  ]

  /// Eight days of en-US pictures, newest 2026-12-01, at 08:00 UTC (local midnight in winter).
  package static func week(
    names: [String] = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta"]
  )
    -> [FakeBingImage]
  {
    zip(names, days).enumerated().map { index, pair in
      FakeBingImage(
        name: pair.0, number: String(1000 + index), fullStartDate: pair.1 + "0800", title: "\(pair.0) title",
        copyright: "\(pair.0) caption, Somewhere (© \(pair.0) Photographer/Agency)")
    }
  }

  /// The seven days before the week, 2026-11-23 back to 2026-11-17: with `week()`, Bing's whole
  /// window of fifteen days.
  package static func weekBefore(
    names: [String] = ["Cove", "Glen", "Butte", "Atoll", "Heath", "Sound", "Karst"]
  ) -> [FakeBingImage] {
    let days = ["20261123", "20261122", "20261121", "20261120", "20261119", "20261118", "20261117"]
    return zip(names, days).enumerated().map { index, pair in
      FakeBingImage(
        name: pair.0, number: String(2000 + index), fullStartDate: pair.1 + "0800", title: "\(pair.0) title",
        copyright: "\(pair.0) caption, Somewhere (© \(pair.0) Photographer/Agency)")
    }
  }
}
