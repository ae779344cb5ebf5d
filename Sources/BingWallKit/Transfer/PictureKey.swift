import BingWallModel
import BingWallStore

/// The rules a picture key from outside the history must meet before it is stored: the same
/// shape `update` accepts from Bing (`OHR.` then letters, digits, `.`, `_`, `-`), so that an
/// export cannot bring in a key that no update could have made.
enum PictureKey {
  /// Keys longer than this are refused, as `update` refuses them.
  static let maximumLength = 100

  /// Why `key` is not an id `source` gives, or nil. Bing's follow `problem(_:)`; another
  /// source's (a date, `File:Lake.jpg`, a GUID) need only be one line of printable text that
  /// fits the history once escaped (`SourceKey`), as an update keeps it.
  static func problem(_ key: String, source: Source) -> String? {
    guard source != .bing else { return problem(key) }
    guard !key.isEmpty else { return "it is empty" }
    guard SourceKey.fits(key) else { return "it is longer than \(SourceKey.longest) bytes once escaped" }
    guard !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return "it holds a control character"
    }
    return nil
  }

  static func problem(_ key: String) -> String? {
    guard key.hasPrefix("OHR."), key.count > 4 else { return "it does not start with OHR. and a name" }
    guard key.count <= maximumLength else { return "it is longer than \(maximumLength) characters" }
    let name = key.unicodeScalars.dropFirst(4)
    guard name.allSatisfy({ isKeyCharacter($0) }) else {
      return "only A-Z a-z 0-9 . _ - may follow OHR."
    }
    guard let first = name.first, isLetterOrDigit(first) else {
      return "its name does not start with a letter or digit"
    }
    return nil
  }

  /// `Lake` for `OHR.Lake`: the readable part that file names use.
  static func name(of key: String) -> String {
    key.hasPrefix("OHR.") ? String(key.dropFirst(4)) : key
  }

  /// A key for a name read from a file name: the characters `ImageFolder.sanitise` lets through,
  /// starting with a letter or digit.
  static func key(forName name: String) -> String {
    var cleaned = Substring(ImageFolder.sanitise(name))
    while let first = cleaned.unicodeScalars.first, !isLetterOrDigit(first) { cleaned = cleaned.dropFirst() }
    return "OHR." + (cleaned.isEmpty ? "picture" : String(cleaned))
  }

  static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isLetterOrDigit(scalar) || scalar == "." || scalar == "_" || scalar == "-"
  }
}
