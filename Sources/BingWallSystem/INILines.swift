/// A settings file of `[section]` headers and `key = value` lines, as wf-config, GLib's key files,
/// LightDM and SDDM read them, kept line by line so that an edit changes only the lines it means
/// to: a header's blanks and a comment after it do not count, nor do `#` and `;` comment lines.
package struct INILines: Equatable {
  package var lines: [String]

  /// Split at each line feed, by scalar: split by Character, a CR LF is one Character and no line
  /// feed, and a file of CR LF lines (or one line ending in CR before ours) was one long line.
  /// A line keeps its CR, so the file goes back byte for byte; keys and values are trimmed of it.
  package init(_ text: String) {
    lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
  }

  /// The file's text, each line ended by a line feed.
  package var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  /// Where `key` of `[section]` is: the section's first header, its last line that is not
  /// blank (the header where it has none) and the key's last live line, the one readers take
  /// (`value`), so that an edit there is the value read; nil for each not there.
  package func locate(_ key: String, inSection section: String) -> (header: Int?, end: Int?, line: Int?) {
    var current = ""
    var header: Int?
    var end: Int?
    var line: Int?
    for (index, text) in lines.enumerated() {
      let trimmed = text.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") {
        current = Self.section(of: trimmed)
        if current == section, header == nil {
          header = index
          end = index
        }
        continue
      }
      guard current == section else { continue }
      if !trimmed.trimmed().isEmpty { end = index }
      if Self.key(of: trimmed) == key { line = index }
    }
    return (header, end, line)
  }

  /// The value of `key` in `[section]`, trimmed: its last live line's, as the readers take it.
  package func value(_ key: String, inSection section: String) -> String? {
    var current = ""
    var found: String?
    for text in lines {
      let trimmed = text.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") {
        current = Self.section(of: trimmed)
      } else if current == section, Self.key(of: trimmed) == key, let equals = trimmed.firstIndex(of: "=") {
        found = String(trimmed[trimmed.index(after: equals)...]).trimmed()
      }
    }
    return found
  }

  /// The name in a header line: `greeter` of `[greeter] # note`; KDE's nested groups
  /// (`[Greeter][Wallpaper][org.kde.image][General]`, KConfig's way) are one name,
  /// `Greeter][Wallpaper][org.kde.image][General`, so a group is told from its parent.
  private static func section(of header: Substring) -> String {
    var rest = header.dropFirst()
    var name = ""
    while true {
      guard let close = rest.firstIndex(of: "]") else {
        name += rest
        break
      }
      name += rest[..<close]
      let after = rest[rest.index(after: close)...]
      guard after.hasPrefix("[") else { break }
      name += "]["
      rest = after.dropFirst()
    }
    return name.trimmed()
  }

  /// The key of a live `key = value` line; nil for a comment or anything else.
  private static func key(of line: Substring) -> String? {
    guard !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") else {
      return nil
    }
    return String(line[..<equals]).trimmed()
  }
}
