import BingWallServiceTestSupport
import BingWallTestSupport
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
@Suite(
  .enabled(if: MockNotificationServer.installed, "needs python3-dbusmock and dbus-daemon (make test-deps)"))
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

/// The notifier against dunst, a real notification server that reads body markup (an `<img>`
/// becomes `[image]`, an `<a href>` a link it offers to open), on a private bus and X server.
/// What dunst made of the notification is read back with `dunstctl history`.
@Suite(
  .enabled(
    if: DconfSessionBus.installed && VirtualXServer.canRun("dunst") && VirtualXServer.canRun("dunstctl"),
    "needs dunst, Xvfb and dbus-daemon (make test-deps)"))
struct NotifierDunstTests {
  @Test func dunstShowsASourcesMarkupAsTextAndOffersNoLink() throws {
    let x = try VirtualXServer()
    let bus = try DconfSessionBus()
    let configuration = bus.folder.file("dunstrc")
    try "[global]\nmarkup = full\n".write(toFile: configuration, atomically: false, encoding: .utf8)
    let environment = bus.environment(["DISPLAY": x.display])
    let dunst = try BackgroundProgram(
      ["dunst", "-config", configuration], environment: environment, log: bus.folder.file("dunst.log"))
    let deadline = Date().addingTimeInterval(30)
    while (try? bus.text(MockNotificationServer.ping)) == nil {
      guard Date() < deadline else { throw SystemCallError("dunst did not start: \(dunst.output)", errno: 0) }
      usleep(50_000)
    }

    Notifier(session: bus.session(["DISPLAY": x.display])).announce(
      title: NotificationTextTests.link,
      body: NotificationTextTests.image + " <a href=\"https://evil.example\">here</a>",
      picture: "/pictures/lake.jpg")
    // Closed, the notification is in dunst's history with the text it showed.
    var history: [[String: Any]] = []
    while history.isEmpty, Date() < deadline {
      _ = try? bus.text(["dunstctl", "close-all"], environment: ["DISPLAY": x.display])
      let text = try bus.text(["dunstctl", "history"], environment: ["DISPLAY": x.display])
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      history = ((object?["data"] as? [[[String: Any]]])?.first) ?? []
      if history.isEmpty { usleep(50_000) }
    }
    let shown = try #require(history.first)
    func field(_ name: String) -> String { (shown[name] as? [String: Any])?["data"] as? String ?? "" }
    #expect(field("appname") == "bingwall")
    // Escaped, the source's tags are text dunst draws, not an image it loads or a link it offers.
    #expect(field("body").contains("&lt;img src=\"file:///etc/passwd\"/&gt;"))
    #expect(!field("message").contains("[image]"), "\(field("message"))")
    #expect(field("message").contains("&lt;a href=\"https://evil.example\"&gt;here"), "\(field("message"))")
    #expect(field("urls").isEmpty, "\(field("urls"))")
  }
}
