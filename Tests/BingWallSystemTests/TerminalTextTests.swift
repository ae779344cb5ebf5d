import BingWallTestSupport
import Testing

@testable import BingWallSystem

/// The one rule for text from outside, wherever it is shown: controls and line separators are
/// spaces, bidi controls are gone; one field (a caption's line) is also one line with single spaces.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    // The override drew "Plain DROW end"; without it the words read as they are stored.
    ("Plain \u{202E}WORD\u{202C} end", "Plain WORD end"),
    ("\u{202A}a\u{202B}b\u{202D}c\u{202C}", "abc"),
    ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "xyz"),
    // A mark inside a word does not split it.
    ("ab\u{200E}c\u{200F}d\u{061C}e", "abcde"),
    // Hebrew keeps its letters and their order; the bidi algorithm draws them right to left.
    ("\u{202B}שלום\u{202C} Lake", "שלום Lake"),
    ("Lake" + String(repeating: "\u{2028}", count: 150) + "Hills", "Lake Hills"),
    ("a\u{2029}b\u{2028}c", "a b c"),
    ("a\r\n\tb\u{85}c\u{1B}d", "a b c d"),
    ("  a   b  ", "a b"),
    ("\u{2028}\u{2029}\n ", ""),
    // One no-break space (French punctuation) stays one; a run of blanks is one space.
    ("Paris\u{A0}: x", "Paris\u{A0}: x"),
    ("a\u{A0}\u{3000} b", "a b"),
    ("", ""),
  ])
  func aFieldIsOneLine(text: String, line: String) {
    #expect(TerminalText.singleLine(text) == line)
  }

  /// A whole terminal line keeps its own spaces (alignment, tabs of a table are the caller's);
  /// only what is unsafe changes, by the same rule.
  @Test func aLineKeepsItsSpacing() {
    #expect(TerminalText.clean("Lake \u{202E}gpj.exe") == "Lake gpj.exe")
    #expect(TerminalText.clean("name:   value\u{2028}x") == "name:   value x")
    #expect(TerminalText.clean("\u{1B}[2J") == " [2J")
    #expect(TerminalText.clean("plain  ASCII") == "plain  ASCII")
  }

  @Test func theSameRuleDecidesWhatIsUnsafe() {
    for value: UInt32 in [0x00, 0x1B, 0x7F, 0x85, 0x9F, 0x2028, 0x2029, 0x202E, 0x2066, 0x200F, 0x061C] {
      #expect(TerminalText.isUnsafe(value), "U+\(String(value, radix: 16))")
    }
    for value: UInt32 in [0x20, 0x41, 0xA0, 0xE9, 0x200D, 0x05D0, 0xFFFD] {
      #expect(!TerminalText.isUnsafe(value), "U+\(String(value, radix: 16))")
    }
  }
}
