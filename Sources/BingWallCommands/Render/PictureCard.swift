import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `show`'s card: one picture as a person reads it, its title first and the command to set it
/// last. Every field, for a script or a bug report, is `show -v` or `show --json`.
///
///     Lake title
///     2026-12-01 · en-US, de-DE · favourite
///     Lake caption, Somewhere
///     © Lake Photographer/Agency
///
///     Bing's headline
///     Bing's story, wrapped to the terminal.
///
///     file: /home/me/.local/share/bingwall/2026-12-01_Lake_UHD.jpg (3840x2160, 1.2 MB)
///     set it: bingwall apply OHR.Lake
enum PictureCard {
  static func text(_ picture: Picture, width: Int) -> String {
    // Prose is wrapped to the terminal; the file and the command are not, to copy them whole.
    func prose(_ text: String) -> String {
      Help.wrap(TerminalText.clean(text), width: max(20, width), indent: 0)
    }
    let title = picture.displayTitle
    var lines = [prose(title)]
    var when = [picture.date.description]
    if picture.sources != [.bing] { when.append(picture.sources.map(\.displayName).joined(separator: ", ")) }
    if !picture.markets.isEmpty { when.append(picture.markets.map(\.code).joined(separator: ", ")) }
    if picture.favorite { when.append("favourite") }
    if picture.banned { when.append("banned: random, rotation and update never set it") }
    lines.append(prose(when.joined(separator: " · ")))
    if !picture.caption.isEmpty, picture.caption != title { lines.append(prose(picture.caption)) }
    if !picture.credit.isEmpty { lines.append(prose("© " + picture.credit)) }
    if !picture.licence.isEmpty {
      let link = picture.licenceLink.map { " (\($0))" } ?? ""
      lines.append(prose("licence: \(picture.licence)\(link)"))
    }
    if picture.story == nil, !picture.description.isEmpty {
      lines.append("")
      lines.append(prose(picture.description))
    }
    if let story = picture.story {
      lines.append("")
      lines += [story.headline, story.description, story.quickFact].filter { !$0.isEmpty }.map(prose)
    }
    lines.append("")
    let size = "\(picture.width)x\(picture.height), \(HumanUnits.describe(bytes: picture.bytes))"
    lines.append(TerminalText.clean("file: \(picture.path) (\(size))"))
    lines.append(TerminalText.clean("set it: " + ApplyCommandLine.text(for: picture)))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every field of the JSON object, one per line, name first: `show -v`.
  static func fields(_ picture: Picture) -> String {
    guard case .object(let members) = picture.json else { return "" }
    let width = members.map(\.0.count).max() ?? 0
    var text = ""
    for (name, value) in members {
      let shown: String
      switch value {
      case .string(let string): shown = string
      case .integer, .decimal: shown = value.rendered()
      case .bool(let flag): shown = flag ? "yes" : "no"
      case .null: shown = name == "last_applied" ? "never" : "-"
      case .array(let items):
        shown = items.compactMap { if case .string(let s) = $0 { s } else { nil } }.joined(separator: " ")
      case .object: shown = ""
      }
      text +=
        name + ":" + String(repeating: " ", count: width - name.count + 1) + TerminalText.clean(shown) + "\n"
    }
    return text
  }
}
