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

  /// `empty` goes to stderr when there are none and stdout is a terminal.
  func write(_ pictures: [Picture], empty: String) {
    if json {
      context.stdout.write(JSONOutput.array(pictures.map(\.json)).rendered() + "\n")
    } else if context.terminal.stdoutIsTTY, !plain {
      if pictures.isEmpty {
        if !quiet { context.stderr.write(empty + "\n") }
      } else {
        context.stdout.write(Self.table(pictures, width: context.terminal.width))
      }
    } else {
      // One write for all the lines: a pipe reader gets them at once, for one system call.
      var lines = ""
      for picture in pictures {
        let fields = [
          String(picture.id), picture.date.description, picture.market?.code ?? "",
          picture.favorite ? "1" : "0",
          picture.key,
          picture.displayTitle, picture.path, picture.source.rawValue,
        ]
        lines += fields.map { TerminalText.clean($0).replacingEvery("\t", with: " ") }.joined(separator: "\t")
        lines += "\n"
      }
      context.stdout.write(lines)
    }
  }

  /// `ID  DATE  FROM  FAV  KEY  TITLE`: FROM is Bing's market, or another source's name; the
  /// key is what `apply` takes (with its source, `apod:2026-12-05`); the title gets the columns left.
  static func table(_ pictures: [Picture], width: Int) -> String {
    let idWidth = max(2, pictures.map { String($0.id).count }.max() ?? 2)
    let keys = pictures.map { TerminalText.clean($0.selectorKey) }
    let keyWidth = max(3, keys.map(\.count).max() ?? 3)
    let froms = pictures.map { $0.source == .bing ? $0.market?.code ?? "" : $0.source.rawValue }
    let fromWidth = max(6, froms.map(\.count).max() ?? 6)
    func pad(_ text: String, _ size: Int) -> String {
      text + String(repeating: " ", count: max(0, size - text.count))
    }
    let heading =
      pad("ID", idWidth) + "  DATE        " + pad("FROM", fromWidth) + "  FAV  " + pad("KEY", keyWidth)
    var lines = [heading + "  TITLE"]
    let used = idWidth + 2 + 12 + fromWidth + 2 + 5 + keyWidth + 2
    for ((picture, key), from) in zip(zip(pictures, keys), froms) {
      let title = TerminalText.fit(TerminalText.clean(picture.displayTitle), columns: max(10, width - used))
      lines.append(
        pad(String(picture.id), idWidth) + "  " + pad(picture.date.description, 10) + "  "
          + pad(from, fromWidth) + "  "
          + (picture.favorite ? " *   " : "     ") + pad(key, keyWidth) + "  " + title)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
