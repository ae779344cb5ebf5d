import BingWallSystem

/// One background entry of cosmic-bg as cosmic-config stores it: a file whose whole text is a
/// RON struct, `(output: "all", source: Path("/a.jpg"), filter_by_theme: false, …)` (the field
/// set of pop-os/cosmic-bg's `config/src/lib.rs`, `Entry`).
///
/// Only what bingwall sets is understood; every other field keeps its text as the file had it,
/// in its place, so a rotation frequency, a sampling method or a field of a later cosmic-bg
/// survives a change of picture.
struct CosmicEntry: Equatable {
  /// Each field's name and its value's RON text, in the file's order.
  var fields: [(name: String, value: String)]

  static func == (lhs: CosmicEntry, rhs: CosmicEntry) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }

  /// The fields cosmic-bg's `Entry::new` gives a new entry, for an entry made from nothing.
  static let defaults: [(name: String, value: String)] = [
    ("output", "\"all\""), ("source", "Path(\"\")"), ("filter_by_theme", "false"),
    ("rotation_frequency", "900"), ("filter_method", "Lanczos"), ("scaling_mode", "Zoom"),
    ("sampling_method", "Alphanumeric"),
  ]

  subscript(name: String) -> String? {
    get { fields.first { $0.name == name }?.value }
    set {
      if let index = fields.firstIndex(where: { $0.name == name }) {
        if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
      } else if let newValue {
        fields.append((name, newValue))
      }
    }
  }

  /// The picture the entry shows: the path of `source: Path("…")`; nil for a colour or a text
  /// that does not parse.
  var picturePath: String? {
    guard let source = self["source"], source.hasPrefix("Path("), source.hasSuffix(")") else { return nil }
    let literal = source.dropFirst(5).dropLast()
    var reader = Reader(Substring(literal))
    guard let path = reader.string(), reader.atEnd else { return nil }
    return path
  }

  /// Shows the picture whose RON string literal (`literal`) is `path` on every output, without
  /// the theme's filter, scaled by `scaling` (a `ScalingMode` name; nil removes the field).
  mutating func show(literal path: String, scaling: String?) {
    self["output"] = "\"all\""
    self["source"] = "Path(\(path))"
    self["filter_by_theme"] = "false"
    self["scaling_mode"] = scaling
  }

  /// The text to store: one field per line, as cosmic-config's pretty printer lays it out.
  var rendered: String {
    "(\n" + fields.map { "    \($0.name): \($0.value),\n" }.joined() + ")"
  }

  /// The entry in `text`; nil when it is not a RON struct of named fields.
  static func parse(_ text: String) -> CosmicEntry? {
    var reader = Reader(Substring(text))
    reader.skipBlanks()
    // A struct may carry its type's name before the parenthesis.
    _ = reader.identifier()
    reader.skipBlanks()
    guard reader.take("(") else { return nil }
    var fields: [(name: String, value: String)] = []
    while true {
      reader.skipBlanks()
      if reader.take(")") { break }
      guard let name = reader.identifier() else { return nil }
      reader.skipBlanks()
      guard reader.take(":"), let value = reader.value() else { return nil }
      fields.append((name, value))
      reader.skipBlanks()
      if reader.take(",") { continue }
      reader.skipBlanks()
      guard reader.take(")") else { return nil }
      break
    }
    reader.skipBlanks()
    return reader.atEnd ? CosmicEntry(fields: fields) : nil
  }

  /// `text` as a RON string literal; nil when it holds a control character other than a line
  /// feed, carriage return or tab, which no picture path of ours does and which RON would
  /// need an escape for that not every version reads.
  static func literal(_ text: String) -> String? {
    let refused = text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && !["\n", "\r", "\t"].contains(scalar)) || scalar.value == 0x7f
    }
    return refused ? nil : EscapedLiteral.quoted(text, quote: "\"") { _ in false }
  }

  /// Reads RON text: names, strings and whole values with what they nest.
  ///
  /// By Unicode scalar, as RON's own reader goes by `char`, not by Character: a combining mark
  /// after `\n` or `\"` in a string made one Character of the escape and the mark, and an escape
  /// no reader knew (found by `make fuzz`, RONWriter, with a path holding a line break and U+0348).
  struct Reader {
    var rest: Substring.UnicodeScalarView

    init(_ text: Substring) { rest = text.unicodeScalars }

    var atEnd: Bool { rest.isEmpty }

    mutating func skipBlanks() {
      while let first = rest.first {
        if first.properties.isWhitespace {
          rest.removeFirst()
        } else if rest.starts(with: "//".unicodeScalars) {
          // A line comment ends at the line feed, as RON's does.
          rest = rest.drop { $0 != "\n" }
        } else {
          return
        }
      }
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
      guard rest.first == scalar else { return false }
      rest.removeFirst()
      return true
    }

    mutating func identifier() -> String? {
      let name = rest.prefix {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      }
      guard let first = name.first, !("0"..."9").contains(first) else { return nil }
      rest.removeFirst(name.count)
      return String(name)
    }

    /// A string literal with its escapes undone; nil (and nothing read) for anything else.
    mutating func string() -> String? {
      var scan = rest
      guard scan.first == "\"" else { return nil }
      scan.removeFirst()
      var out = String.UnicodeScalarView()
      while let scalar = scan.first {
        scan.removeFirst()
        switch scalar {
        case "\"":
          rest = scan
          return String(out)
        case "\\":
          guard let escaped = scan.first else { return nil }
          scan.removeFirst()
          switch escaped {
          case "\"", "\\": out.append(escaped)
          case "n": out.append("\n")
          case "r": out.append("\r")
          case "t": out.append("\t")
          default: return nil
          }
        default:
          out.append(scalar)
        }
      }
      return nil
    }

    /// One value's text, trimmed: up to the `,` or `)` that ends it at its own depth, strings
    /// and nested brackets included whole.
    mutating func value() -> String? {
      var depth = 0
      var text = String.UnicodeScalarView()
      while let scalar = rest.first {
        if scalar == "\"" {
          let start = rest
          guard string() != nil else { return nil }
          text.append(contentsOf: start[start.startIndex..<rest.startIndex])
          continue
        }
        if depth == 0, scalar == "," || scalar == ")" { break }
        // A comment inside a value would be split at its commas and written back broken.
        if rest.starts(with: "//".unicodeScalars) || rest.starts(with: "/*".unicodeScalars) { return nil }
        switch scalar {
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          depth -= 1
          if depth < 0 { return nil }
        default: break
        }
        text.append(scalar)
        rest.removeFirst()
      }
      let isBlank: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
      guard let first = text.firstIndex(where: { !isBlank($0) }),
        let last = text.lastIndex(where: { !isBlank($0) }),
        depth == 0
      else { return nil }
      return String(text[first...last])
    }
  }
}
