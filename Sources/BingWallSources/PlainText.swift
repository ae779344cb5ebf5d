import BingWallSystem

/// Plain text from a fragment of HTML that a source's JSON carries (APOD's `title`, `credit`,
/// `explanation`): tags dropped, character references decoded, one line.
///
/// The result is text, never markup: a `<` or `&` it shows came from a reference (`&lt;`), and
/// whoever writes it into HTML, Pango markup or a terminal escapes it there as any other text.
/// What `TerminalText.singleLine` removes (controls, bidi overrides, line breaks) is removed here
/// too. One pass over the input, so the work is linear in the body's size, which `SourceBody`
/// bounds.
enum PlainText {
  /// `html` as one line of text.
  static func fromHTML(_ html: String) -> String {
    var text = String.UnicodeScalarView()
    let scalars = Array(html.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "<", index + 1 < scalars.count, startsTag(scalars[index + 1]) {
        let name: String
        (index, name) = skipTag(scalars, from: index)
        // A block's tag separates words (`a<br>b`, `</p><p>`), an inline one does not
        // (`<a>Sonne</a>.`); white space collapses later.
        if !inline.contains(name) { text.append(" ") }
      } else if scalar == "&", let (decoded, next) = reference(scalars, at: index) {
        text.append(decoded)
        index = next
      } else {
        text.append(scalar)
        index += 1
      }
    }
    return TerminalText.singleLine(String(text))
  }

  /// The text of `html` before its first line break tag (`<br>`, `<br />`), as one line: APOD's
  /// explanation, whose notes about the site follow the first `<br>`.
  static func firstParagraph(ofHTML html: String) -> String {
    let bytes = Array(html.utf8)
    let lower: (UInt8) -> UInt8 = { $0 | 0x20 }
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), lower(bytes[index + 1]) == UInt8(ascii: "b"),
        lower(bytes[index + 2]) == UInt8(ascii: "r")
      {
        return fromHTML(String(decoding: bytes[..<index], as: UTF8.self))
      }
      index += 1
    }
    return fromHTML(html)
  }

  /// Whether a `<` followed by `next` opens a tag (`<b`, `</`, `<!--`), as HTML reads it; any
  /// other `<` is text (`a < b`).
  private static func startsTag(_ next: Unicode.Scalar) -> Bool {
    next == "/" || next == "!" || next == "?" || (next.isASCII && next.properties.isAlphabetic)
  }

  /// The index after the tag that starts at `start`, and the tag's name in lower case (`a` for
  /// `<a href…>` and `</a>`; empty for a comment). The content of `script` and `style` is
  /// skipped with its tag; a tag never closed hides the rest of the text.
  private static func skipTag(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, String) {
    var index = start + 1
    if index < scalars.count, scalars[index] == "/" { index += 1 }
    var name = ""
    while index < scalars.count, name.count < 12, scalars[index].isASCII,
      scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
    {
      name.unicodeScalars.append(scalars[index])
      index += 1
    }
    while index < scalars.count, scalars[index] != ">" { index += 1 }
    index = min(index + 1, scalars.count)
    let lowered = name.lowercased()
    let opensRawText = (lowered == "script" || lowered == "style") && scalars[start + 1] != "/"
    guard opensRawText else { return (index, lowered) }
    let closing = Array("</\(lowered)".unicodeScalars)
    while index < scalars.count {
      if scalars[index] == "<", index + closing.count <= scalars.count,
        zip(scalars[index..<(index + closing.count)], closing).allSatisfy({
          $0.properties.lowercaseMapping == $1.properties.lowercaseMapping
        })
      {
        return skipTag(scalars, from: index)
      }
      index += 1
    }
    return (index, lowered)
  }

  /// The elements that sit inside a line of text: their tags join the words around them.
  private static let inline: Set<String> = [
    "a", "abbr", "b", "cite", "code", "em", "font", "i", "q", "s", "small", "span", "strong", "sub", "sup",
    "u",
  ]

  /// The character reference at `start` (`&amp;`, `&#8217;`, `&#x2019;`) and the index after
  /// its `;`; nil when it is not one, and the `&` is then text.
  private static func reference(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
    var index = start + 1
    var name = ""
    while index < scalars.count, index - start <= 10, scalars[index] != ";" {
      // No name holds anything else: `&&&…` is given up at its second byte, not its tenth.
      let scalar = scalars[index]
      let letter = scalar.value | 0x20
      guard
        (letter >= 0x61 && letter <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "#"
      else { return nil }
      name.unicodeScalars.append(scalar)
      index += 1
    }
    guard index < scalars.count, scalars[index] == ";", !name.isEmpty else { return nil }
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let isHex = digits.first == "x" || digits.first == "X"
      let number = isHex ? digits.dropFirst() : digits
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && (isHex ? $0.isHexDigit : $0.isWholeNumber) }),
        let value = UInt32(number, radix: isHex ? 16 : 10)
      else { return nil }
      // Nul, surrogates and values past U+10FFFF read as U+FFFD, as HTML's parser reads them.
      guard value != 0, let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", index + 1) }
      return (scalar, index + 1)
    }
    guard let scalar = named[name] else { return nil }
    return (scalar, index + 1)
  }

  /// The named references that the sources' text uses; any other `&name;` stays as written.
  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
    "ldquo": "\u{201C}", "rdquo": "\u{201D}", "hellip": "\u{2026}", "copy": "\u{A9}", "deg": "\u{B0}",
    "eacute": "\u{E9}", "uuml": "\u{FC}", "ouml": "\u{F6}", "auml": "\u{E4}", "times": "\u{D7}",
  ]
}
