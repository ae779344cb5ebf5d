import BingWallSystem

/// A desktop notification for a new picture (config `daemon.notify`), through notify-send.
///
/// Best effort by design: without the tool or a session bus it says nothing and fails nothing.
package struct Notifier: Sendable {
  let session: DesktopSession

  package init(session: DesktopSession) {
    self.session = session
  }

  /// Shows the title, then the caption and credit, with the picture as the icon.
  package func announce(title: String, body: String, picture: String) {
    guard session.which("notify-send") != nil, session.hasSessionBus else { return }
    _ = try? session.run(
      [
        "notify-send", "--app-name=bingwall", "--icon=\(picture)", "--", TerminalText.clean(title),
        TerminalText.clean(body),
      ],
      backend: "notify-send")
  }
}
