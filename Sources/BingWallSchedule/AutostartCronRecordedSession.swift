import BingWallSystem

/// The session variables an older bingwall wrote into its crontab line (`17 * * * * DISPLAY=:0
/// XAUTHORITY=… /usr/bin/bingwall update …`), so `status` and `doctor` can say that the line
/// pins a display and that enabling again drops it.
///
/// sh still hands such words to the program, so the line works for as long as that display
/// does; a line written now carries none, and each run finds the running session itself.
extension AutostartCron {
  /// The `NAME=value` words between the time fields and the program, unquoted as sh would; empty
  /// for a line that carries none. Nil for a line not in the form bingwall wrote.
  static func recordedSession(line: String) -> SessionVariables? {
    var rest = Substring(line)
    for _ in 0..<5 {
      rest = rest.drop { $0 != " " }.drop { $0 == " " }
    }
    var variables: [(name: String, value: String)] = []
    while let equals = rest.firstIndex(of: "="), let space = rest.firstIndex(of: " "), equals < space {
      let name = String(rest[..<equals])
      // The program's path may hold a `=` too; the assignments end where the names do.
      guard SessionVariables.known.contains(where: { $0.name == name }) else { break }
      var value = ""
      var index = rest.index(after: equals)
      var quoted = false
      while index < rest.endIndex {
        let character = rest[index]
        let next = rest.index(after: index)
        if character == "\\", next < rest.endIndex, rest[next] == "%" {
          // cron's own layer, undone before sh reads the line: `\%` is a `%`.
          value.append("%")
          index = next
        } else if quoted {
          if character == "'" { quoted = false } else { value.append(character) }
        } else if character == "'" {
          quoted = true
        } else if character == "\\" {
          // `\'` between two quoted parts: the next character as it is.
          index = rest.index(after: index)
          guard index < rest.endIndex else { return nil }
          value.append(rest[index])
        } else if character == " " {
          break
        } else {
          value.append(character)
        }
        index = rest.index(after: index)
      }
      if quoted { return nil }
      variables.append((name, value))
      rest = rest[index...].drop { $0 == " " }
    }
    return SessionVariables(variables: variables)
  }

  /// What `status` and `doctor` say of a line that pins a session: "it pins DISPLAY=:57"; nil
  /// when it pins none.
  package static func pinnedDisplay(line: String) -> String? {
    guard let session = recordedSession(line: line), session.hasDisplay else { return nil }
    let pinned = ["WAYLAND_DISPLAY", "DISPLAY"].compactMap { name in session[name].map { "\(name)=\($0)" } }
    return TerminalText.clean(pinned.joined(separator: " and "))
  }
}
