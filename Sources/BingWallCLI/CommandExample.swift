/// One example of a command: a real command line and what it does, in a few words. Help's and
/// the man page's EXAMPLES both come from these, and a test runs each line through the parser.
package struct CommandExample: Sendable, Equatable {
  /// The words after `bingwall`, as a user types them: `update --days 1`.
  package var line: String
  /// What it does, in a few words, without a full stop.
  package var comment: String

  package init(_ line: String, _ comment: String) {
    self.line = line
    self.comment = comment
  }

  /// The command line as typed: `bingwall update --days 1`.
  package var commandLine: String { "bingwall " + line }

  /// The words the shell would pass for `line`: split at blanks, single and double quotes
  /// grouping (no other shell syntax appears in an example).
  package var words: [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}

/// A titled group of the root's subcommands (`Everyday`: update, apply, random, status): the
/// one grouping top-level help and bingwall(1) list the commands in.
package struct CommandGroup: Sendable, Equatable {
  package var title: String
  /// Subcommand names, in the order listed.
  package var commands: [String]

  package init(_ title: String, _ commands: [String]) {
    self.title = title
    self.commands = commands
  }
}
