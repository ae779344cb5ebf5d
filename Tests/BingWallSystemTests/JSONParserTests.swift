import BingWallTestSupport
import Testing

@testable import BingWallSystem

/// The strict JSON reader (archive bodies, export documents, desktop tools): every type apart,
/// errors with offsets.
@Suite struct JSONParserTests {
  private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test(arguments: [
    ("null", JSONValue.null),
    ("true", .bool(true)),
    ("false", .bool(false)),
    ("0", .number(0)),
    ("-0", .number(-0.0)),
    ("1", .number(1)),
    ("-12.5", .number(-12.5)),
    ("1e3", .number(1000)),
    ("2.5E-1", .number(0.25)),
    ("1E+2", .number(100)),
    (#""""#, .string("")),
    (#""a\"b\\c\/d""#, .string("a\"b\\c/d")),
    (#""\b\f\n\r\t""#, .string("\u{08}\u{0C}\n\r\t")),
    (#""caf\u00e9 \u0026 \ud83c\udf04""#, .string("café & 🌄")),
    (#""ビーバーズ（©）""#, .string("ビーバーズ（©）")),
    ("[]", .array([])),
    (" [ 1 , \"x\" , null ] ", .array([.number(1), .string("x"), .null])),
    ("{}", .object([:])),
    (#"{"a":{"b":[true]}}"#, .object(["a": .object(["b": .array([.bool(true)])])])),
    // A repeated member keeps its last value.
    (#"{"a":1,"a":2}"#, .object(["a": .number(2)])),
    ("\r\n\t{ \"k\" :\n\"v\" }\n", .object(["k": .string("v")])),
  ])
  func parsesValues(text: String, expected: JSONValue) throws {
    #expect(try parse(text) == expected)
  }

  /// A surrogate without its other half is U+FFFD and the text goes on: one such title in Bing's
  /// answer must not cost the whole archive. What follows it is read on its own (a pair of its
  /// own, a letter).
  @Test(arguments: [
    (#""\ud800""#, "\u{FFFD}"),
    (#""\udc00""#, "\u{FFFD}"),
    (#""Lake \ud83cx""#, "Lake \u{FFFD}x"),
    (#""\ud83c\u0041""#, "\u{FFFD}A"),
    (#""\ud83c\n""#, "\u{FFFD}\n"),
    (#""\udc00\ud800""#, "\u{FFFD}\u{FFFD}"),
    (#""\udfff\ud83c\udf04""#, "\u{FFFD}🌄"),
    (#""\ud800\ud83c\udf04""#, "\u{FFFD}🌄"),
    (#""\ud83c\udf04\udf04""#, "🌄\u{FFFD}"),
  ])
  func aLoneSurrogateIsTheReplacementCharacter(text: String, expected: String) throws {
    #expect(try parse(text) == .string(expected))
  }

  @Test func booleansAndNumbersStayApart() throws {
    let value = try parse(#"{"wp":true,"n":1}"#)
    #expect(value == .object(["wp": .bool(true), "n": .number(1)]))
    #expect(JSONValue.bool(true) != .number(1))
  }

  @Test(arguments: [
    ("", 0), ("{", 1), (#"{"a""#, 4), (#"{"a":"#, 5), (#"{"a":1"#, 6), (#"{"a":1,"#, 7), ("[1,", 3),
    (#""abc"#, 4), (#""\u00"#, 5), (#""\"#, 2), ("tr", 2), ("-", 1), ("1.", 2), ("1e", 2),
    (#""\ud83c"#, 7), (#""\ud83c\"#, 8), (#""\ud83c\u00"#, 11),
  ])
  func cutShortTextIsTruncated(text: String, offset: Int) {
    #expect {
      try parse(text)
    } throws: { error in
      let error = error as? JSONParser.SyntaxError
      return error?.isTruncated == true && error?.offset == offset
        && error?.description.contains("cut short") == true
    }
  }

  @Test(arguments: [
    ("{\"a\":1,}", 7, "expected a member name, found '}'"),
    ("[1,]", 3, "unexpected ']'"),
    ("[1 2]", 3, "expected ',' or ']' in a list, found '2'"),
    ("{\"a\" 1}", 5, "expected ':' after a member name, found '1'"),
    ("{a:1}", 1, "expected a member name, found 'a'"),
    ("tru ", 3, "unexpected byte 0x20"),
    ("nul", 3, ""),
    ("01", 1, "unexpected text after the JSON value"),
    ("+1", 0, "unexpected '+'"),
    (".5", 0, "unexpected '.'"),
    ("{} {}", 3, "unexpected text after the JSON value"),
    ("\"a\tb\"", 2, "unescaped control character in a string"),
    (#""\x""#, 2, "unknown escape \\'x'"),
    (#""\u12G4""#, 5, "expected a hex digit in \\u, found 'G'"),
    // After a high surrogate, an escape that is no low half is still read, and still checked.
    (#""\ud800\u12""#, 11, "expected a hex digit in \\u, found '\"'"),
    (#""\ud800\x""#, 8, "unknown escape \\'x'"),
    ("'a'", 0, "unexpected '''"),
    ("\u{FEFF}{}", 0, "unexpected byte 0xef"),
  ])
  func malformedTextSaysWhere(text: String, offset: Int, message: String) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? JSONParser.SyntaxError else { return false }
      if message.isEmpty { return error.isTruncated && error.offset == offset }
      return !error.isTruncated && error.offset == offset && error.message == message
        && error.description == "\(message) at byte \(offset)"
    }
  }

  @Test func nestingIsLimited() throws {
    let deep =
      Array(repeating: "[", count: JSONParser.maximumDepth).joined()
      + Array(repeating: "]", count: JSONParser.maximumDepth).joined()
    #expect(throws: Never.self) { try parse(deep) }
    let tooDeep = "[" + deep + "]"
    #expect {
      try parse(tooDeep)
    } throws: { error in
      (error as? JSONParser.SyntaxError)?.message == "nested deeper than 64 levels"
    }
    // Far deeper than any stack would take by recursion: refused, not a crash.
    let hostile = String(repeating: "{\"a\":", count: 100_000)
    #expect(throws: JSONParser.SyntaxError.self) { try parse(hostile) }
  }

  @Test(arguments: [
    (JSONValue.null, "null"), (.bool(false), "a boolean"), (.number(1), "a number"),
    (.string(""), "a string"),
    (.array([]), "a list"), (.object([:]), "an object"),
  ])
  func kindNamesTheType(value: JSONValue, kind: String) {
    #expect(value.kind == kind)
  }
}
