import BingWallModel

/// What each source of pictures of the day is, as a person reads it: `bingwall sources`, the
/// SOURCES section of bingwall(1) and the README say it from this one table.
struct SourceEntry {
  var source: Source
  /// What it offers: how many pictures, how often, how large.
  var offers: String
  /// What it asks of the user, when anything.
  var asks: String?
  /// The terms its pictures come under.
  var terms: String
}

enum SourceCatalog {
  static let entries: [SourceEntry] = Source.allCases.map(entry)

  static func entry(_ source: Source) -> SourceEntry {
    switch source {
    case .bing:
      SourceEntry(
        source: source,
        offers: "Bing's picture of the day in each of your markets, at 3840x2160 where Bing has it; "
          + "the last 8 days on each update, about 15 on the first.",
        asks: nil,
        terms: "for personal use as a wallpaper; Microsoft and the photographers keep the rights.")
    case .spotlight:
      SourceEntry(
        source: source,
        offers: "Windows Spotlight's photographs: up to 4 a day, 3840x2160, for your first market's "
          + "country and language; a picture's date is the day it first came.",
        asks: nil,
        terms: "for personal use as a wallpaper; the stock agencies keep the rights.")
    case .apod:
      SourceEntry(
        source: source,
        offers: "NASA's Astronomy Picture of the Day, at the largest size NASA offers; a video day is "
          + "passed over with one line. With apod.api_key set, api.nasa.gov is asked first, with your key.",
        asks: nil,
        terms: "NASA's own pictures are public domain; many are the photographers', as the credit says.")
    case .wikimedia:
      SourceEntry(
        source: source,
        offers: "Wikimedia Commons' picture of the day, at most 3840 pixels wide.",
        asks: "a way to reach you in network.contact (your e-mail or web page), as Wikimedia's "
          + "User-Agent policy asks.",
        terms:
          "a free licence, shown with each picture (often CC BY-SA); credit the author when you share it.")
    case .earthObservatory:
      SourceEntry(
        source: source,
        offers: "NASA Earth Observatory's image of the day.",
        asks: nil,
        terms: "NASA's pictures are public domain; credit NASA Earth Observatory.")
    }
  }
}
