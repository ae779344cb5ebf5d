extension TerminalText {
  /// The columns `text` takes on a terminal: two for each East Asian wide or full-width character
  /// (Bing's ja-JP and zh-CN titles are made of them), none for a combining mark, one otherwise.
  /// Counting characters instead would let a Japanese title run past the edge and wrap.
  package static func columns(_ text: String) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// Cuts `text` to at most `width` columns, ending with "…" when anything was cut.
  package static func fit(_ text: String, columns width: Int) -> String {
    guard width > 1, columns(text) > width else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let needed = columns(of: character)
      // One column stays free for the ellipsis.
      if used + needed > width - 1 { break }
      kept.append(character)
      used += needed
    }
    return kept + "…"
  }

  /// Cuts `text` to at most `width` columns by taking out its middle, with "…" in its place: for
  /// a name whose both ends tell it apart (`wikimedia:File:Mess…green).jpg`), where `fit` would
  /// leave only a prefix that many names share. Two thirds of the room go to the start (the
  /// source and how the name begins), the rest to the end (how it ends, its extension).
  package static func fitMiddle(_ text: String, columns width: Int) -> String {
    guard width > 2, columns(text) > width else { return fit(text, columns: width) }
    let room = width - 1
    var head = ""
    var headColumns = 0
    for character in text {
      let needed = columns(of: character)
      if headColumns + needed > room * 2 / 3 { break }
      head.append(character)
      headColumns += needed
    }
    var tail: [Character] = []
    var tailColumns = 0
    for character in text.reversed() {
      let needed = columns(of: character)
      if tailColumns + needed > room - headColumns { break }
      tail.append(character)
      tailColumns += needed
    }
    return head + "…" + String(tail.reversed())
  }

  static func columns(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .nonspacingMark { return 0 }
    return isWide(first.value) ? 2 : 1
  }

  /// The wide ranges of Unicode's East Asian Width (W and F), as terminals' wcwidth draws them.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115f, 0x2e80...0x303e, 0x3041...0x33ff, 0x3400...0x4dbf, 0x4e00...0x9fff,
      0xa000...0xa4cf, 0xac00...0xd7a3, 0xf900...0xfaff, 0xfe30...0xfe4f, 0xff00...0xff60,
      0xffe0...0xffe6, 0x1f300...0x1f64f, 0x1f900...0x1f9ff, 0x20000...0x3fffd:
      return true
    default:
      return false
    }
  }
}
