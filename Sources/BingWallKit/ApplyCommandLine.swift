import BingWallStore
import BingWallSystem

/// The command that sets a stored picture again, as `show`, `list` and the gallery offer it to
/// copy: `bingwall apply OHR.Lake`. A key with anything but letters, digits and `._-` (one from
/// an import, say) is single-quoted, so the line pastes into a shell as it reads.
package enum ApplyCommandLine {
  package static func text(for picture: Picture) -> String {
    let word = picture.selectorKey
    // A key that starts with a dash would read as an option.
    return (word.hasPrefix("-") ? "bingwall apply -- " : "bingwall apply ") + shellWord(word)
  }

  static func shellWord(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { safe.contains($0) }
    return plain ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
  }

  private static let safe = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-:".unicodeScalars)
}
