/// What bingwall tells a person about a failure, in one voice wherever it is read (a terminal,
/// cron's mail, the journal): `bingwall: error: …`, `bingwall: warning: …`, and the fix, when
/// there is one, on a line of its own, `bingwall: hint: …`. The program's name comes first
/// because in a mail or a log it is what tells the reader who spoke, as git and curl do.
/// With `-v`, what a run did is told in the same voice, one `bingwall: info: …` line each (see
/// `Trace`), so `grep -v 'bingwall: info:'` takes them out again.
package enum Diagnostic {
  package enum Kind: String, Sendable, CaseIterable {
    case error, warning, hint
    /// What `-v` shows of a run: the backend and why, the screens, each request, each file.
    case info
  }

  /// The one place the voice is written. One line; text from outside is made safe to show.
  package static func line(_ kind: Kind, _ text: String) -> String {
    "bingwall: \(kind.rawValue): " + TerminalText.clean(text)
  }

  /// The lines for an error: what failed, then its hint when it has one.
  package static func lines(for error: any Error) -> [String] {
    var lines = [line(.error, "\(error)")]
    if let hint = (error as? any HintedError)?.hint { lines.append(line(.hint, hint)) }
    return lines
  }

  /// `text` with the voice's prefix taken off, for relaying what a child bingwall said; nil when
  /// the line is not a diagnostic.
  package static func parse(_ text: Substring) -> (kind: Kind, text: Substring)? {
    guard text.hasPrefix("bingwall: ") else { return nil }
    let rest = text.dropFirst("bingwall: ".count)
    for kind in Kind.allCases where rest.hasPrefix(kind.rawValue + ": ") {
      return (kind, rest.dropFirst(kind.rawValue.count + 2))
    }
    return nil
  }
}

/// An error whose fix is told on its own line (`bingwall: hint: …`). Its `description` says what
/// failed and where, without the fix, so that a log or `status` can quote it on one line.
package protocol HintedError: Error {
  var hint: String? { get }
}

/// An error whose line says what happened, with the why behind it in plain words, which `-v`
/// adds (`bingwall: info: …`); nil when the line says it all.
package protocol ExplainedError: Error {
  var explanation: String? { get }
}

extension TextOutput {
  /// `bingwall: error: …`, then the hint if any.
  package func error(_ text: String, hint: String? = nil) {
    write(Diagnostic.line(.error, text) + "\n")
    if let hint { write(Diagnostic.line(.hint, hint) + "\n") }
  }

  /// `bingwall: error: …` for a thrown error, with its hint on the next line.
  package func report(_ error: any Error) {
    for line in Diagnostic.lines(for: error) { write(line + "\n") }
  }

  /// `bingwall: warning: …`, then the hint if any.
  package func warning(_ text: String, hint: String? = nil) {
    write(Diagnostic.line(.warning, text) + "\n")
    if let hint { write(Diagnostic.line(.hint, hint) + "\n") }
  }
}
