import BingWallStore
import BingWallSystem

/// `2026-12-01  en-US  Title — Caption (© Credit)`, cleaned of control characters: a new
/// picture as update's terminal output and the daemon's log name it.
enum PictureLine {
  static func text(_ picture: Picture) -> String {
    let title = picture.displayTitle
    let from = picture.id.source == .bing ? picture.market?.code ?? "" : picture.id.source.displayName
    var text = "\(picture.date)  \(from)  \(title)"
    if title != picture.caption, !picture.caption.isEmpty { text += " — \(picture.caption)" }
    if !picture.credit.isEmpty { text += " (© \(picture.credit))" }
    return TerminalText.clean(text)
  }
}
