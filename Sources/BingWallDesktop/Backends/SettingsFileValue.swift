import BingWallSystem

/// One value from the INI-like settings files of the pcmanfm desktops, with each writer's escapes
/// undone, so the path read back can be compared with the one set.
enum SettingsFileValue {
  /// The two writers.
  enum Syntax {
    /// The rest of the line as it is: pcmanfm 1.3 writes `desktop-items-0.conf` with printf, not
    /// GLib's key file escapes (a backslash in a path stays one backslash).
    case literal
    /// Qt 5's QSettings INI files (pcmanfm-qt's `settings.conf`): C escapes, `\xHHHH` UTF-16 code units
    /// for anything outside ASCII, and double quotes around a value with `,` `;` `=` or an outer blank.
    case qtSettings
  }

  /// The value of `key` in `[section]` of `text`, unescaped; nil when there is none.
  static func find(_ key: String, inSection section: String, of text: String, syntax: Syntax) -> String? {
    var current = ""
    for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      if line.hasPrefix("[") {
        current = String(line.dropFirst().prefix { $0 != "]" })
        continue
      }
      guard current == section, let equals = line.firstIndex(of: "=") else { continue }
      guard String(line[..<equals]).trimmed() == key else { continue }
      let raw = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
      switch syntax {
      case .literal: return String(raw)
      case .qtSettings: return unescapeQt(raw)
      }
    }
    return nil
  }

  static func unescapeQt(_ raw: Substring) -> String {
    var units: [UInt16] = []
    var scalars = raw.unicodeScalars[...]
    var quoted = false
    if scalars.first == "\"" {
      quoted = true
      scalars = scalars.dropFirst()
    }
    while let scalar = scalars.popFirst() {
      if quoted && scalar == "\"" { break }
      guard scalar == "\\", let next = scalars.popFirst() else {
        units += String(scalar).utf16
        continue
      }
      switch next {
      case "a": units.append(0x07)
      case "b": units.append(0x08)
      case "f": units.append(0x0c)
      case "n": units.append(0x0a)
      case "r": units.append(0x0d)
      case "t": units.append(0x09)
      case "v": units.append(0x0b)
      case "x":
        var value: UInt32 = 0
        // Greedy: the writer escapes a hex digit that follows an escape, so none is literal here.
        while let digit = scalars.first, let hex = UInt32(String(digit), radix: 16) {
          value = value &* 16 &+ hex
          scalars = scalars.dropFirst()
        }
        units.append(UInt16(truncatingIfNeeded: value))
      case "0":
        units.append(0)
      default:
        units += String(next).utf16
      }
    }
    let text = String(decoding: units, as: UTF16.self)
    return quoted ? text : text.trimmed()
  }
}
