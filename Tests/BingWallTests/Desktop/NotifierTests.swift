import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// What reaches a notification server from a source's text: plain text always, escaped where the
/// server reads the body as markup, so a source cannot put a link or an image in front of a user.
@Suite struct NotificationTextTests {
  static let link = "<a href=\"https://evil.example/phish\">Your session expired: click</a>"
  static let image = "Caption <img src=\"file:///etc/passwd\"/> & more"

  @Test func aServerThatReadsMarkupGetsTheTextEscaped() {
    let text = NotificationText(title: Self.link, body: Self.image, markup: true)
    #expect(text.body == "Caption &lt;img src=\"file:///etc/passwd\"/&gt; &amp; more")
    // The summary is plain text by the specification, on every server.
    #expect(text.summary == Self.link)
  }

  @Test func aServerThatShowsTextGetsItAsItIs() {
    let text = NotificationText(title: "Lake", body: Self.image, markup: false)
    #expect(text.body == Self.image)
  }

  @Test func controlCharactersAndLinesDoNotPass() {
    let text = NotificationText(
      title: "A\u{1B}]8;;https://x\u{7}title\nnext", body: "one\n\ntwo\u{9B}31m", markup: true)
    #expect(!text.summary.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!text.body.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(text.body.hasPrefix("one two"))
  }
}

/// The notifier against a real notification server's D-Bus interface (python3-dbusmock), through
/// the real sd-bus.
@Suite(.enabled(if: MockNotificationServer.installed, "needs python3-dbusmock and dbus-daemon (make deps)"))
struct NotifierBusTests {
  @Test(arguments: [true, false])
  func theBodyIsEscapedOnlyWhereTheServerReadsMarkup(markup: Bool) throws {
    let server = try MockNotificationServer(capabilities: markup ? ["body", "body-markup"] : ["body"])
    Notifier(session: server.bus.session()).announce(
      title: NotificationTextTests.link, body: NotificationTextTests.image, picture: "/pictures/lake.jpg")
    let calls = server.notifications()
    #expect(calls.count == 1)
    let call = try #require(calls.first)
    #expect(call.hasPrefix("\"bingwall\" 0 \"/pictures/lake.jpg\" \"\(NotificationTextTests.link)\""))
    if markup {
      #expect(call.contains("\"Caption &lt;img src=\"file:///etc/passwd\"/&gt; &amp; more\""))
      #expect(!call.contains("<img"))
    } else {
      #expect(call.contains("\"\(NotificationTextTests.image)\""))
    }
  }
}
