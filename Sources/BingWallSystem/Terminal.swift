import FoundationEssentials
import Glibc

/// What we know about the terminal, read once at start-up and passed in.
package struct Terminal: Sendable, Equatable {
  /// stdout is a terminal (tables and progress bars), not a pipe or file.
  package var stdoutIsTTY: Bool
  /// stderr is a terminal.
  package var stderrIsTTY: Bool
  /// Columns available for help text and tables.
  package var width: Int
  /// Colour allowed: a TTY, and neither `NO_COLOR` nor `TERM=dumb`.
  var colour: Bool
  /// stdin is a terminal: a person can answer a question, or use an editor (`config edit`).
  package var stdinIsTTY = false

  /// A terminal that is not one: what tests and pipes see.
  static let plain = Terminal(stdoutIsTTY: false, stderrIsTTY: false, width: 80, colour: false)

  /// Reads the real terminal; `COLUMNS` wins over the kernel's idea of the width.
  package static func detect(environment: [String: String]) -> Terminal {
    let stdoutTTY = isatty(STDOUT_FILENO) == 1
    let stderrTTY = isatty(STDERR_FILENO) == 1
    var width = 80
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      width = columns
    } else {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        width = Int(size.ws_col)
      }
    }
    let colourAllowed = environment["NO_COLOR"].map { $0.isEmpty } ?? true
    let dumb = environment["TERM"] == "dumb"
    return Terminal(
      stdoutIsTTY: stdoutTTY, stderrIsTTY: stderrTTY, width: width,
      colour: stdoutTTY && colourAllowed && !dumb, stdinIsTTY: isatty(STDIN_FILENO) == 1)
  }
}
