import BingWallBing
import BingWallSystem

/// What a file name in the image folder says, when it follows `ImageFolder.fileName`:
/// `<date>_<Name>_<RES>[-N].jpg`.
package struct PictureFileName: Sendable, Equatable {
  var date: String
  var name: String
  var resolution: String
  var attempt: Int

  init?(_ fileName: String) {
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
    date = String(stem[..<first])
    name = String(stem[stem.index(after: first)..<last])
    resolution = String(stem[stem.index(after: last)...])
    guard CalendarDate(parsing: date) != nil, Resolution.known.contains(resolution), !name.isEmpty else {
      return nil
    }
  }
}
