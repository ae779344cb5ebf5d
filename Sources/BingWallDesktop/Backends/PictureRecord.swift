/// A file in which a wallpaper tool writes down the picture it set, and how to read it back.
struct PictureRecord: Sendable {
  /// Where the file is in this session.
  let file: @Sendable (DesktopSession) -> String
  /// The picture the file's text names, nil when it names none or does not parse.
  let picture: @Sendable (String) -> String?
  /// The picture of each Xinerama head the file names, by head number, for monitors set one by one.
  let headPictures: @Sendable (String) -> [Int: String]
  /// Whether setting reads the file back and fails when it does not name the new picture.
  let checkedAfterSetting: Bool

  /// feh's `~/.fehbg`, checked: it is written on every change.
  static let fehbg = PictureRecord(
    file: FehbgScript.path(in:), picture: FehbgScript.picture(inFehbg:),
    headPictures: {
      Dictionary(uniqueKeysWithValues: FehbgScript.pictures(inFehbg: $0).enumerated().map { ($0, $1) })
    },
    checkedAfterSetting: true)

  /// nitrogen's `bg-saved.cfg`, checked: `--save` writes it before nitrogen exits (nitrogen 1.6).
  static let nitrogenSavedConfig = PictureRecord(
    file: NitrogenSavedConfig.path(in:), picture: NitrogenSavedConfig.picture(inSavedConfig:),
    headPictures: NitrogenSavedConfig.headPictures(inSavedConfig:), checkedAfterSetting: true)
}

/// The `~/.fehbg` script feh writes to restore its background.
enum FehbgScript {
  /// feh writes `~/.fehbg` into `$HOME` as its environment says, which is the session's home.
  static func path(in session: DesktopSession) -> String {
    let home = session.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? session.home
    return home + "/.fehbg"
  }

  /// The first picture on the `feh` line of a `.fehbg` script, with feh's `'\''` quoting undone.
  ///
  /// feh writes `feh --no-fehbg --bg-fill '/a/b.jpg'` (one quoted path per monitor when several
  /// pictures are set). Its quoting is shell quoting, which `ArgumentTemplate.split` undoes without
  /// expanding anything; a line that does not split gives nil rather than a guess.
  static func picture(inFehbg script: String) -> String? {
    pictures(inFehbg: script).first
  }

  /// Every picture on the `feh` line, one per Xinerama head in head order (feh repeats the list
  /// when there are more heads than pictures).
  static func pictures(inFehbg script: String) -> [String] {
    let line = script.split(separator: "\n").first { $0.hasPrefix("feh ") }
    guard let line, let words = try? ArgumentTemplate.split(String(line)) else { return [] }
    return words.dropFirst().filter { $0.hasPrefix("/") }
  }
}

/// nitrogen's `bg-saved.cfg`, where `--save` puts the picture of each screen.
enum NitrogenSavedConfig {
  /// nitrogen keeps its files in GLib's user config folder: `$XDG_CONFIG_HOME`, else `~/.config`.
  static func path(in session: DesktopSession) -> String {
    let configured = session.environment["XDG_CONFIG_HOME"] ?? ""
    let folder = configured.hasPrefix("/") ? configured : session.home + "/.config"
    return folder + "/nitrogen/bg-saved.cfg"
  }

  /// The first head's `file=` value (`[xin_0]`), else the first one in the file (`[xin_-1]`, the
  /// whole screen, as one picture for every head writes it), with GLib's key-file escapes undone:
  /// nitrogen 1.6 writes `a\\b` for `a\b` (seen with the real tool), `\s` for a leading blank and
  /// `\n`, `\t`, `\r` for those characters.
  static func picture(inSavedConfig text: String) -> String? {
    if let first = headPictures(inSavedConfig: text)[0] { return first }
    for line in text.split(separator: "\n") where line.hasPrefix("file=") {
      let value = unescaped(line.dropFirst(5))
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The `file=` of each `[xin_N]` section by head number N: `--head=N` writes its own section
  /// and keeps the others (`[xin_-1]`, the whole screen, is no head).
  static func headPictures(inSavedConfig text: String) -> [Int: String] {
    var pictures: [Int: String] = [:]
    var head: Int?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("[") {
        head = line.hasPrefix("[xin_") && line.hasSuffix("]") ? Int(line.dropFirst(5).dropLast()) : nil
        head = head.flatMap { $0 >= 0 ? $0 : nil }
      } else if let current = head, line.hasPrefix("file="), pictures[current] == nil {
        let value = unescaped(line.dropFirst(5))
        if !value.isEmpty { pictures[current] = value }
      }
    }
    return pictures
  }

  static func unescaped(_ value: Substring) -> String {
    var result = ""
    var characters = value.makeIterator()
    while let character = characters.next() {
      guard character == "\\", let escaped = characters.next() else {
        result.append(character)
        continue
      }
      switch escaped {
      case "s": result.append(" ")
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      default: result.append(escaped)
      }
    }
    return result
  }
}
