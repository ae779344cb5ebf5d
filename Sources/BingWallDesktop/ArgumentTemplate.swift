import BingWallSystem

/// A `command` setting split into an argument vector the way a shell splits words, and nothing more.
///
/// Users write `mytool --set {path}` as they would in a terminal, so quoting must work as they expect:
/// blanks separate words; `'…'` keeps everything literally; `"…"` keeps everything but lets a
/// backslash escape `"`, `\`, `$`, `` ` `` and a newline; an unquoted backslash escapes the next
/// character. No expansion of any kind happens (`$`, `` ` ``, `*`, `~` stay as they are), because the
/// picture's path and caption come from the internet and must never become code. Placeholders are
/// replaced inside the split words, in one pass, so a path with blanks stays one argument and a path
/// that contains `{uri}` is not expanded again.
///
/// The `command` backend's template knows `{path}`, `{uri}` and `{mode}`; the hooks (`hooks.on_change`)
/// use the same splitting with their own names (`init(_:placeholders:)`), so one quoting rule holds
/// for every program the config runs.
package struct ArgumentTemplate: Sendable, Equatable {
  /// Why a template cannot be used; `description` is the message the user sees.
  package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// No words at all.
    case empty
    /// A quote opened and never closed; `quote` is `'` or `"`.
    case unterminatedQuote(quote: Character)
    /// The template ends in a backslash with nothing after it to escape.
    case trailingBackslash
    /// `{name}` that is not one of ours, most likely a typo.
    case unknownPlaceholder(name: String)

    package var description: String {
      switch self {
      case .empty: return "the command is empty; set command = \"mytool {path}\" in the config"
      case .unterminatedQuote(let quote): return "the command has a \(quote) quote that is never closed"
      case .trailingBackslash: return "the command ends in a backslash that escapes nothing"
      case .unknownPlaceholder(let name):
        return "the command uses {\(name)}, which is not a placeholder; use {path}, {uri} or {mode}"
      }
    }
  }

  /// A piece of one word: literal text or a placeholder, by its name.
  enum Piece: Equatable, Sendable {
    case text(String)
    case placeholder(String)
  }

  /// The `command` backend's placeholders.
  static let commandPlaceholders: Set<String> = ["path", "uri", "mode"]

  /// The words, each a list of pieces.
  let words: [[Piece]]

  /// Splits and checks `text`; throws for an empty template, an open quote or a lower-case name in
  /// braces that is not one of `placeholders`.
  package init(_ text: String, placeholders: Set<String> = commandPlaceholders) throws(Problem) {
    let split = try Self.split(text)
    if split.isEmpty { throw .empty }
    var words: [[Piece]] = []
    for word in split { words.append(try Self.pieces(of: word, placeholders: placeholders)) }
    self.words = words
  }

  /// The program as written (the first word, placeholders left in).
  package var program: String { Self.render(words[0]) { "{\($0)}" } }

  /// The argument vector for one picture; `mode` is the word `{mode}` becomes.
  func arguments(path: String, uri: String, mode: String) -> [String] {
    arguments(["path": path, "uri": uri, "mode": mode])
  }

  /// The argument vector with each placeholder replaced by its value in `values` (empty when
  /// missing), each word staying one argument whatever the values hold.
  package func arguments(_ values: [String: String]) -> [String] {
    words.map { Self.render($0) { values[$0] ?? "" } }
  }

  /// The words of `text` with quotes and escapes removed; no placeholder handling.
  static func split(_ text: String) throws(Problem) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false  // True once a quote or character started a word, even an empty `''`.
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "\\":
        guard let next = characters.popFirst() else { throw .trailingBackslash }
        if next != "\n" {  // Backslash-newline continues the line, as in a shell.
          word.append(next)
          inWord = true
        }
      case "'":
        inWord = true
        guard let end = characters.firstIndex(of: "'") else { throw .unterminatedQuote(quote: "'") }
        word += characters[..<end]
        characters = characters[(end + 1)...]
      case "\"":
        inWord = true
        var closed = false
        while let inner = characters.popFirst() {
          if inner == "\"" {
            closed = true
            break
          }
          if inner == "\\", let next = characters.first, "\"\\$`\n".contains(next) {
            characters.removeFirst()
            if next != "\n" { word.append(next) }
          } else {
            word.append(inner)
          }
        }
        if !closed { throw .unterminatedQuote(quote: "\"") }
      default:
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Finds the `placeholders` in a word. Braces around anything that is not a lower-case
  /// name (`{}`, `{"a": 1}`, `{X}`) are plain text; a lower-case name we do not know is an error.
  static func pieces(of word: String, placeholders: Set<String> = commandPlaceholders) throws(Problem)
    -> [Piece]
  {
    var pieces: [Piece] = []
    var text = ""
    var rest = Substring(word)
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        rest = rest[open...]
        break
      }
      let name = String(rest[afterOpen..<close])
      if placeholders.contains(name) {
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(.placeholder(name))
      } else if !name.isEmpty, name.allSatisfy({ $0 >= "a" && $0 <= "z" }) {
        throw .unknownPlaceholder(name: name)
      } else {
        text += rest[open..<afterOpen]
        rest = rest[afterOpen...]
        continue
      }
      rest = rest[rest.index(after: close)...]
    }
    text += rest
    if !text.isEmpty || pieces.isEmpty { pieces.append(.text(text)) }
    return pieces
  }

  private static func render(_ pieces: [Piece], value: (String) -> String) -> String {
    pieces.reduce(into: "") { result, piece in
      switch piece {
      case .text(let text): result += text
      case .placeholder(let name): result += value(name)
      }
    }
  }
}
