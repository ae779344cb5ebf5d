/// The editor a person chose, read as git and crontab read it: `VISUAL`, else `EDITOR`, else
/// `vi`. The variable may carry arguments (`code --wait`, `emacs -nw`): it is split at spaces
/// and tabs, with no quoting, and run as an argument vector, never by a shell.
package struct EditorCommand: Sendable, Equatable {
  /// The program, then its own arguments; the file is added last.
  package var arguments: [String]

  package init(environment: [String: String]) {
    for variable in ["VISUAL", "EDITOR"] {
      let words = Self.split(environment[variable] ?? "")
      if !words.isEmpty {
        arguments = words
        return
      }
    }
    arguments = ["vi"]
  }

  static func split(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
  }

  /// The program's name, for messages.
  package var program: String { arguments[0] }

  /// The editor on `file`, on this process's terminal, for the context's `ProcessRunner`: it
  /// waits however long the person takes, and its result's status is the editor's exit status
  /// (128 + the signal that ended it).
  package func invocation(on file: String, environment: [String: String]) -> ProcessInvocation {
    .onTerminal(arguments: arguments + [file], environment: environment)
  }
}
