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
    guard let text else { return join(["[\(section)]", marker + addedFile, "\(key)=\(value)"]) }
    var lines = split(text)
    let ours = "\(key)=\(value)"
    if let index = lines.firstIndex(where: { $0.hasPrefix(marker) }), index + 1 < lines.count {
      lines[index + 1] = ours
      return join(lines)
    }
    var current = ""
    var header: Int?
    for (index, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") {
        current = String(trimmed.dropFirst().prefix { $0 != "]" }).trimmed()
        if current == section, header == nil { header = index }
        continue
      }
      // A commented `#background=` stays a comment; only a live line is ours to replace.
      guard current == section, let equals = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#"),
        String(trimmed[..<equals]).trimmed() == key
      else { continue }
      lines.replaceSubrange(index...index, with: [marker + line, ours])
      return join(lines)
    }
    if let header {
      lines.insert(contentsOf: [marker + nothing, ours], at: header + 1)
    } else {
      lines += ["[\(section)]", marker + addedSection, ours]
    }
    return join(lines)
  }

  /// `text` as it was before the first `set`; nil when it carries no marker of ours.
  static func unset(_ text: String) -> Restored? {
    var lines = split(text)
    guard let index = lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return nil }
    let was = String(lines[index].dropFirst(marker.count))
    let end = min(index + 2, lines.count)
    switch was {
    case addedFile: return .noFile
    case nothing: lines.removeSubrange(index..<end)
    case addedSection: lines.removeSubrange(max(0, index - 1)..<end)
    default: lines.replaceSubrange(index..<end, with: [was])
    }
    return .text(join(lines))
  }

  /// The value of our line, nil without the marker.
  static func value(_ key: String, in text: String) -> String? {
    let lines = split(text)
    guard let index = lines.firstIndex(where: { $0.hasPrefix(marker) }), index + 1 < lines.count,
      lines[index + 1].hasPrefix(key + "=")
    else { return nil }
    return String(lines[index + 1].dropFirst(key.count + 1))
  }

  private static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func join(_ lines: [String]) -> String {
    lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}
