import BingWallModel
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The JPEGs of a plain folder, gathered into pictures: the files of one name (from several
/// markets, at several sizes) are one picture, as `update` stores one picture with an appearance
/// per market and day.
///
/// Of a picture's files the one imported is its largest landscape rendition (by the size its
/// name says, then by bytes); a portrait file (`768x1280`) is only the picture's when there is
/// no other. The rest are counted as duplicates. Each file adds the appearance its name says
/// (market and date); what a sidecar knows of the picture (`ImportSidecars`) fills in titles,
/// marks and the story.
struct FolderPictures {
  /// One file of the folder and what its name says.
  struct File {
    var name: String
    var named: NamedPicture
    var bytes: Int64
    /// The local date of its modification time: the date of a name that says none.
    var modified: CalendarDate
  }

  /// One picture: its files, the one to import first.
  struct Group {
    var key: String
    var files: [File]
    var chosen: File { files[0] }
  }

  /// The key a file's name gives: `OHR.<Name>`, or `OHR.<YYYYMMDD>` for a name that is only a
  /// date (unless a sidecar names that day's picture).
  static func key(of named: NamedPicture, sidecars: ImportSidecars) -> String {
    if named.name.isEmpty, let date = named.date {
      if let known = sidecars.picture(onDate: date, market: named.market) { return known.key }
      return "OHR." + date.description.replacingEvery("-", with: "")
    }
    return PictureKey.key(forName: named.name)
  }

  /// The folder's files gathered by key, in the order of their first file's name.
  static func groups(_ files: [File], sidecars: ImportSidecars) -> [Group] {
    var order: [String] = []
    var byKey: [String: [File]] = [:]
    for file in files {
      let key = key(of: file.named, sidecars: sidecars)
      if byKey[key] == nil { order.append(key) }
      byKey[key, default: []].append(file)
    }
    return order.map { key in Group(key: key, files: byKey[key]!.sorted(by: preferred)) }
  }

  /// Landscape before portrait, then more pixels (as the name says; UHD is 3840x2160), then
  /// more bytes, then the name.
  static func preferred(_ a: File, _ b: File) -> Bool {
    if a.named.isPortrait != b.named.isPortrait { return !a.named.isPortrait }
    let (pa, pb) = (pixels(a.named.resolution), pixels(b.named.resolution))
    if pa != pb { return pa > pb }
    if a.bytes != b.bytes { return a.bytes > b.bytes }
    return a.name < b.name
  }

  static func pixels(_ resolution: String?) -> Int {
    guard let resolution else { return 0 }
    if resolution == "UHD" { return 3840 * 2160 }
    let sides = resolution.split(separator: "x").compactMap { Int($0) }
    return sides.count == 2 ? sides[0] * sides[1] : 0
  }

  /// The picture's rows for its checked file: its key and resolution, one appearance per market
  /// and date its files name (the sidecar's words on them), and the sidecar's marks.
  static func describe(
    _ group: Group, checked: NewPictureFile, sidecars: ImportSidecars, now: Date
  ) -> PictureImporter.Description {
    let chosen = group.chosen
    var file = checked
    file.key = group.key
    file.resolution = Resolution(stored: chosen.named.resolution ?? "\(checked.width)x\(checked.height)")
    let known = sidecars.picture(key: group.key)
    var appearances: [StoredAppearance] = []
    var seen = Set<String>()
    for each in group.files {
      let market = each.named.market
      let date = each.named.date ?? known?.date(market: market) ?? each.modified
      guard seen.insert("\(market?.code ?? "") \(date)").inserted else { continue }
      let told = known?.appearance(market: market)
      // With no title told, the picture's name stands in: "LanternFestival".
      var words =
        told?.words ?? PictureWords(title: "", caption: "", credit: "", copyright: "", copyrightLink: nil)
      if words.title.isEmpty { words.title = PictureKey.name(of: group.key) }
      let appearance = Appearance(
        date: date, words: words,
        bing: BingListing(
          market: market, servedMarket: nil,
          bingID: each.named.bingID ?? told?.bingID ?? group.key, urlbase: told?.urlbase ?? "", hsh: "",
          wp: true, fullStartDate: nil))
      appearances.append(StoredAppearance(appearance, superseded: false))
    }
    // A market-less appearance adds nothing beside one of the same day with its market.
    let dated = Set(appearances.filter { $0.appearance.market != nil }.map(\.appearance.date))
    appearances.removeAll { $0.appearance.market == nil && dated.contains($0.appearance.date) }
    let date = appearances.map(\.appearance.date).max() ?? chosen.modified
    return PictureImporter.Description(
      picture: ImportedPicture(
        file: file, favorite: known?.favorite ?? false, banned: known?.banned ?? false,
        addedAt: now, appearances: appearances),
      date: date, name: PictureKey.name(of: group.key))
  }
}
