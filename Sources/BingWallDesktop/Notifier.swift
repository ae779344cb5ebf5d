import BingWallBus
import BingWallSystem

/// A desktop notification for a new picture (config `daemon.notify`), sent to the session's
/// notification server over D-Bus.
///
/// Best effort by design: without a session bus or a server it says nothing and fails nothing.
/// The text comes from a picture's source, so it is never markup of the source's choosing: the
/// summary is plain text by the specification, and the body is escaped when the server reads it
/// as markup (its `body-markup` capability), so a title cannot bring a link or an image with it.
package struct Notifier: Sendable {
  let session: DesktopSession

  package init(session: DesktopSession) {
    self.session = session
  }

  /// Shows the title, then the caption and credit, with the picture as the icon.
  package func announce(title: String, body: String, picture: String) {
    guard let bus = try? BusConnection.session(environment: session.environment),
      let capabilities = try? bus.notificationCapabilities()
    else { return }
    let text = NotificationText(title: title, body: body, markup: capabilities.contains("body-markup"))
    _ = try? bus.notify(app: "bingwall", icon: picture, summary: text.summary, body: text.body)
  }
}

/// A notification's summary and body made from a source's text: one line each, no control
/// character, and the body escaped for a server that reads it as markup.
struct NotificationText: Equatable, Sendable {
  var summary: String
  var body: String

  /// `lines`: the body's line breaks are kept (each line cleaned on its own).
  init(title: String, body: String, markup: Bool, lines: Bool = false) {
    summary = TerminalText.singleLine(title)
    let line =
      lines
      ? body.split(separator: "\n").map { TerminalText.singleLine(String($0)) }.joined(separator: "\n")
      : TerminalText.singleLine(body)
    self.body = markup ? Self.escaped(line) : line
  }

  /// `&`, `<` and `>` as the entities every markup-reading server knows (the specification's
  /// markup is a subset of XML): the text then shows as it was written.
  static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
