extension TerminalText {
  /// `text` as lines of at most `width` columns, broken between words; a word wider than a whole
  /// line (a URL) is broken where the line ends, so nothing is cut and nothing runs past the edge.
  /// Runs of spaces are one space; no line is empty unless `text` is.
  package static func wrap(_ text: String, columns width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ") {
      var word = Substring(word)
      let needed = columns(String(word))
      if !line.isEmpty, used + 1 + needed <= width {
        line += " " + word
        used += 1 + needed
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      used = 0
      // A word longer than a line fills whole lines, then starts the next one.
      while columns(String(word)) > width {
        var piece = ""
        var pieceColumns = 0
        var rest = word.startIndex
        for character in word {
          let size = columns(of: character)
          if pieceColumns + size > width, !piece.isEmpty { break }
          piece.append(character)
          pieceColumns += size
          rest = word.index(after: rest)
        }
        lines.append(piece)
        word = word[rest...]
      }
      line = String(word)
      used = columns(line)
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
