import BingWallModel
import BingWallSystem

/// A picture file's name in the image folder, both ways: `<date>_<Name>_<RES>[-N].jpg`. `update`
/// and `import` write it (`fileName`); `doctor` reads it back from a file no row knows.
package struct PictureFileName: Sendable, Equatable {
  package var date: CalendarDate
  package var name: String
  package var resolution: Resolution
  /// 1, or the `N` of `-N` that a name taken on disk or in the history added.
  package var attempt: Int

  package init(date: CalendarDate, name: String, resolution: Resolution, attempt: Int = 1) {
    self.date = date
    self.name = name
    self.resolution = resolution
    self.attempt = attempt
  }

  /// Made only of characters we choose, so no text from the network can name a file outside the
  /// folder or a hidden one.
  package var fileName: String {
    let suffix = attempt > 1 ? "-\(attempt)" : ""
    return "\(date)_\(ImageFolder.sanitise(name))_\(ImageFolder.sanitise(resolution.name))\(suffix).jpg"
  }

  /// What a file name says, when it is one `fileName` writes for a size Bing serves.
  package init?(_ fileName: String) {
    guard fileName.hasSuffix(".jpg") else { return nil }
    var stem = Substring(fileName.dropLast(4))
    attempt = 1
    if let dash = stem.lastIndex(of: "-"), let number = Int(stem[stem.index(after: dash)...]), number > 1,
      !stem[..<dash].hasSuffix("_")
    {
      // `_800x600` never ends in `-N`, but `-2` after a resolution does.
      let before = stem[..<dash]
      if let underscore = before.lastIndex(of: "_"),
        Resolution(String(before[before.index(after: underscore)...])) != nil
      {
        attempt = number
        stem = before
      }
    }
    guard let first = stem.firstIndex(of: "_"), let last = stem.lastIndex(of: "_"), first < last else {
      return nil
    }
    name = String(stem[stem.index(after: first)..<last])
    let size = String(stem[stem.index(after: last)...])
    guard let date = CalendarDate(parsing: String(stem[..<first])), Resolution.known.contains(size),
      !name.isEmpty
    else { return nil }
    self.date = date
    resolution = Resolution(listed: size)
  }
}
