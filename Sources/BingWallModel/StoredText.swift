import BingWallSystem

/// The one rule for the text the history keeps: how long each kind may be, and how it is made
/// safe to keep. What comes in (an update's answer, an imported export) is cleaned and cut by
/// these functions; what is read back is cut at the same lengths (`HistoryStore`'s readers), so a
/// description a hand made 300 MB long reads as the 2,000 characters bingwall would have kept.
package enum StoredText {
  /// A title, caption, credit, copyright line or licence, in characters: a few lines on a
  /// terminal; longer is a body misbehaving, not words to show.
  package static let lineLimit = 500
  /// A longer text (a source's description, Bing's story), in characters: Bing's descriptions
  /// run to about 600.
  package static let longLimit = 2000
  /// A link (`copyright_link`, `licence_link`), in characters: one URL's length, as a `RemoteURL`
  /// keeps it.
  package static let linkLimit = 4096

  /// One line of words as the history keeps it: no control character, escape, bidi override or
  /// line break (`TerminalText.singleLine`), at most `lineLimit` characters.
  package static func line(_ text: String) -> String {
    String(TerminalText.singleLine(text).prefix(lineLimit))
  }

  /// A longer text as the history keeps it: one line, at most `longLimit` characters.
  package static func long(_ text: String) -> String {
    String(TerminalText.singleLine(text).prefix(longLimit))
  }
}
