import BingWallSystem
import FoundationEssentials

/// mdoc source being written: macro lines, and text lines escaped so that nothing in them is
/// read as a request.
package struct Page {
  package private(set) var lines: [String] = []

  package init() {}

  package var text: String { lines.joined(separator: "\n") + "\n" }

  package mutating func macro(_ line: String) { lines.append("." + line) }

  /// Text, one sentence per line as mdoc wants, wrapped at 80 bytes.
  package mutating func text(_ text: String) {
    for sentence in Self.sentences(text) {
      let wrapped = Help.wrap(sentence, width: 78, indent: 0).split(separator: "\n").map(String.init)
      for (index, line) in wrapped.enumerated() {
        // A line ending in "." inside a sentence ("e.g.") would read as the end of one.
        let inside = index < wrapped.count - 1 && ".?!".contains(line.last ?? " ")
        lines.append(Self.escaped(line) + (inside ? "\\&" : ""))
      }
    }
  }

  /// A list of codes (`en-GB, en-US.`), none broken at its hyphen at the end of a line: each
  /// after `\%`, which forbids hyphenating the word it starts.
  package mutating func unbroken(_ words: [String]) {
    let text = words.joined(separator: ", ") + "."
    for line in Help.wrap(text, width: 70, indent: 0).split(separator: "\n") {
      lines.append(line.split(separator: " ").map { "\\%" + Self.escaped(String($0)) }.joined(separator: " "))
    }
  }

  /// A line of a literal display (`.Bd -literal`), as it is but escaped.
  package mutating func literal(_ line: String) { lines.append(Self.escaped(line)) }

  /// Paragraphs separated by blank lines become `.Pp`-separated text.
  package mutating func prose(_ text: String) {
    let paragraphs = text.components(separatedBy: "\n\n")
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 || !(lines.last ?? "").hasPrefix(".S") { macro("Pp") }
      self.text(paragraph.replacingEvery("\n", with: " "))
    }
  }

  /// An option as a list item: its flags, its help, its values, and its default.
  package mutating func option(_ option: OptionSpec, _ program: ManPage.Program) {
    var head = "It"
    if let short = option.short { head += " Fl \(short) ," }
    head += " Fl -\(option.long)"
    if let valueName = option.valueName { head += " Ar \(valueName)" }
    macro(head)
    var text = option.help + ManPage.valuesNote(option.kind, program)
    if option.repeatable && option.takesValue { text += " May be repeated." }
    if let defaultDescription = option.defaultDescription { text += " Default: \(defaultDescription)." }
    self.text(text)
  }

  /// Hand-written mdoc: lines starting with `.` are macros, the others text to escape and wrap.
  package mutating func section(_ title: String, _ source: String) {
    macro("Sh \(title)")
    self.source(source)
  }

  /// Hand-written mdoc without a heading.
  package mutating func source(_ source: String) {
    for line in source.split(separator: "\n").map(String.init) {
      if line.hasPrefix(".") { lines.append(line) } else { text(line) }
    }
  }

  /// Breaks after `. ` before a capital letter: mdoc starts each sentence on a new line.
  static func sentences(_ text: String) -> [String] {
    var result: [String] = []
    var current = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      current.append(character)
      if ".?!:".contains(character), index + 2 < characters.count, characters[index + 1] == " ",
        characters[index + 2].isUppercase
      {
        result.append(current)
        current = ""
        index += 2
        continue
      }
      index += 1
    }
    if !current.trimmingBlanks().isEmpty { result.append(current) }
    return result.map { $0.trimmingBlanks() }
  }

  /// Backslashes as `\e`, and `\&` before a leading `.` or `'` so the line stays text.
  static func escaped(_ line: String) -> String {
    let text = line.replacingEvery("\\", with: "\\e")
    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }

  /// Words for a macro line (`.Dl`), each kept literal: a backslash as `\e`, a double quote as
  /// `\(dq` (else it would group words and vanish), and `\&` before a word mdoc would read as
  /// a macro (`Ar`) or as punctuation it moves (`.`, `,`, `(`).
  package static func escapedArguments(_ line: String) -> String {
    line.split(separator: " ").map { word -> String in
      let text = String(word).replacingEvery("\\", with: "\\e").replacingEvery("\"", with: "\\(dq")
      let looksLikeMacro =
        (2...3).contains(word.count) && word.first?.isUppercase == true
        && word.dropFirst().allSatisfy { $0.isLowercase || $0.isUppercase }
      let isPunctuation = word.count == 1 && ".,;:?!()[]|".contains(word.first ?? " ")
      return looksLikeMacro || isPunctuation ? "\\&" + text : text
    }.joined(separator: " ")
  }
}
