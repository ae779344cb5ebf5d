import BingWallSystem

/// A picture's title made from its file name, for a file that names none itself:
/// `sunset_over-the_bay.jpg` is "Sunset over the bay", `Fjord 2024.png` stays "Fjord 2024".
enum FileNameTitle {
  /// The longest title made, in characters: a file name may be 255 bytes.
  static let maximumLength = 120

  /// `name` without its extension, its `_` and `-` read as spaces, white space collapsed, and
  /// its first letter capitalised when it has no capital of its own; one line of plain text.
  static func readable(_ name: String) -> String {
    var stem = Substring(name)
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
    let words = stem.split(whereSeparator: { $0 == "_" || $0 == "-" || $0.isWhitespace })
    var title = TerminalText.singleLine(words.joined(separator: " "))
    if title.count > maximumLength { title = String(title.prefix(maximumLength)) + "…" }
    guard !title.contains(where: \.isUppercase), let first = title.first else { return title }
    return first.uppercased() + title.dropFirst()
  }
}
