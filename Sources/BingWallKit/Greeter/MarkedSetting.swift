import BingWallSystem

/// One `key=value` line of a greeter's INI file that bingwall owns, with the line it replaced kept
/// in a marker comment just above it, so `unset` puts back exactly what was there.
///
/// `set` on a file without our marker: the key's line in `[section]` (or none) is remembered in
/// `# bingwall greeter: was KEY=…` (or `# bingwall greeter: was nothing`) and our line follows
/// it; a file with the marker only has our line replaced. Every other line stays byte for byte.
enum MarkedSetting {
  static let marker = "# bingwall greeter: was "
  static let nothing = "nothing"
  static let addedSection = "nothing, in a section it added"
  static let addedFile = "nothing, in a file it made"

  /// What `unset` gives back: the file's text as it was, or no file at all.
  enum Restored: Equatable {
    case text(String)
    case noFile
  }

  /// `text` (nil: no file yet) with `key=value` in `[section]`, marked.
  static func set(_ key: String, to value: String, inSection section: String, of text: String?) -> String {
    guard let text else { return INILines("[\(section)]\n\(marker + addedFile)\n\(key)=\(value)").text }
    var file = INILines(text)
    let ours = "\(key)=\(value)"
    if let index = file.lines.firstIndex(where: { $0.hasPrefix(marker) }), index + 1 < file.lines.count {
      file.lines[index + 1] = ours
      return file.text
    }
    let place = file.locate(key, inSection: section)
    if let line = place.line {
      file.lines.replaceSubrange(line...line, with: [marker + file.lines[line], ours])
    } else if let header = place.header {
      file.lines.insert(contentsOf: [marker + nothing, ours], at: header + 1)
    } else {
      file.lines += ["[\(section)]", marker + addedSection, ours]
    }
    return file.text
  }

  /// `text` as it was before the first `set`; nil when it carries no marker of ours.
  static func unset(_ text: String) -> Restored? {
    var file = INILines(text)
    guard let index = file.lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return nil }
    let was = String(file.lines[index].dropFirst(marker.count))
    let end = min(index + 2, file.lines.count)
    switch was {
    case addedFile: return .noFile
    case nothing: file.lines.removeSubrange(index..<end)
    case addedSection: file.lines.removeSubrange(max(0, index - 1)..<end)
    default: file.lines.replaceSubrange(index..<end, with: [was])
    }
    return .text(file.text)
  }

  /// The value of our line, nil without the marker.
  static func value(_ key: String, in text: String) -> String? {
    let lines = INILines(text).lines
    guard let index = lines.firstIndex(where: { $0.hasPrefix(marker) }), index + 1 < lines.count,
      lines[index + 1].hasPrefix(key + "=")
    else { return nil }
    return String(lines[index + 1].dropFirst(key.count + 1))
  }
}
