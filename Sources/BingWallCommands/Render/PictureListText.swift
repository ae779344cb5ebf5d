import BingWallKit
import BingWallStore
import BingWallSystem

/// Pictures as `list` and `search` print them: JSON, a table on a terminal, else one
/// tab-separated line each.
struct PictureListText {
  var json: Bool
  var quiet: Bool
  var context: Context
  /// The piped form on a terminal too (`list --plain`).
  var plain = false
  /// Every key whole in the table, however wide it gets (`list --wide`).
  var wide = false

  /// `empty` goes to stderr when there are none and stdout is a terminal.
  func write(_ pictures: [Picture], empty: String) {
    if json {
      context.stdout.write(JSONOutput.array(pictures.map(\.json)).rendered() + "\n")
    } else if context.terminal.stdoutIsTTY, !plain {
      if pictures.isEmpty {
        if !quiet { context.stderr.write(empty + "\n") }
      } else {
        context.stdout.write(Self.table(pictures, width: context.terminal.width, wide: wide))
      }
    } else {
      // One write for all the lines: a pipe reader gets them at once, for one system call.
      var lines = ""
      for picture in pictures {
        let fields = [
          String(picture.rowID), picture.date.description, picture.market?.code ?? "",
          picture.favorite ? "1" : "0",
          picture.id.key,
          picture.displayTitle, picture.path, picture.id.source.rawValue,
        ]
        lines += fields.map { TerminalText.clean($0).replacingEvery("\t", with: " ") }.joined(separator: "\t")
        lines += "\n"
      }
      context.stdout.write(lines)
    }
  }

  /// `ID  DATE  FROM  FAV  KEY  TITLE`: FROM is Bing's market, or another source's name; the
  /// key is what `apply` takes (with its source, `apod:2026-12-05`); the title gets the columns left.
  ///
  /// A key too long for its share (a Wikimedia file name) loses its middle, so one long key does
  /// not squeeze every title; `wide` keeps each key whole.
  static func table(_ pictures: [Picture], width: Int, wide: Bool = false) -> String {
    let idWidth = max(2, pictures.map { String($0.rowID).count }.max() ?? 2)
    let froms = pictures.map { $0.id.source == .bing ? $0.market?.code ?? "" : $0.id.source.rawValue }
    let fromWidth = max(6, froms.map(\.count).max() ?? 6)
    let longest = max(3, pictures.map { TerminalText.columns(TerminalText.clean($0.selectorKey)) }.max() ?? 3)
    // ID, DATE, FROM, FAV and the gaps: what is left is for the key and the title.
    let fixed = idWidth + 2 + 12 + fromWidth + 2 + 5 + 2
    let keyWidth = wide ? longest : min(longest, keyRoom(width - fixed))
    let keys = pictures.map { TerminalText.fitMiddle(TerminalText.clean($0.selectorKey), columns: keyWidth) }
    func pad(_ text: String, _ size: Int) -> String {
      text + String(repeating: " ", count: max(0, size - TerminalText.columns(text)))
    }
    let heading =
      pad("ID", idWidth) + "  DATE        " + pad("FROM", fromWidth) + "  FAV  " + pad("KEY", keyWidth)
    var lines = [heading + "  TITLE"]
    let used = fixed + keyWidth
    for ((picture, key), from) in zip(zip(pictures, keys), froms) {
      let title = TerminalText.fit(TerminalText.clean(picture.displayTitle), columns: max(10, width - used))
      lines.append(
        pad(String(picture.rowID), idWidth) + "  " + pad(picture.date.description, 10) + "  "
          + pad(from, fromWidth) + "  "
          + (picture.favorite ? " *   " : "     ") + pad(key, keyWidth) + "  " + title)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The most a key may take of the `room` that keys and titles share: half of it, and never
  /// less than `keyMinimum` (a Bing key, `OHR.LanternFestival`, whole).
  static func keyRoom(_ room: Int) -> Int { max(keyMinimum, room / 2) }

  static let keyMinimum = 20
}
