import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The panel menu's entries and clicks, a notice's words, and the moves a burst of clicks makes.
@Suite struct TrayMenuTests {
  static let shown = TrayState(
    picture: ShownPicture(
      title: "Lantern_Festival", credit: "© Photographer", date: "2026-12-01", source: "Bing", key: "7",
      favorite: true, hasPage: true),
    autoUpdate: true, canAutoUpdate: true, startAtLogin: false)

  @Test func theMenuShowsThePictureAndTheSwitches() {
    let menu = TrayMenu(Self.shown)
    let title = menu.items.first { $0.id == TrayMenu.Entry.title.rawValue }
    // A single underscore would mark an access key and vanish.
    #expect(title?.label == "Lantern__Festival")
    #expect(title?.enabled == false)
    #expect(menu.items.first { $0.id == TrayMenu.Entry.favorite.rawValue }?.checked == true)
    #expect(menu.items.first { $0.id == TrayMenu.Entry.startAtLogin.rawValue }?.checked == false)
    #expect(menu.items.filter(\.isSeparator).count == 5)
  }

  @Test func aClickAsksWhatTheMenuShowed() {
    #expect(
      TrayMenu.request(for: TrayMenu.Entry.favorite.rawValue, in: Self.shown)
        == .favorite(key: "7", on: false))
    #expect(TrayMenu.request(for: TrayMenu.Entry.ban.rawValue, in: Self.shown) == .ban(key: "7"))
    #expect(TrayMenu.request(for: TrayMenu.Entry.autoUpdate.rawValue, in: Self.shown) == .autoUpdate(false))
    #expect(TrayMenu.request(for: TrayMenu.Entry.page.rawValue, in: Self.shown) == .open(.page(key: "7")))
    #expect(TrayMenu.request(for: TrayMenu.Entry.title.rawValue, in: Self.shown) == nil)
    #expect(TrayMenu.request(for: 9999, in: Self.shown) == nil)
  }

  @Test func withNothingOnScreenTheMarksAreOff() {
    let menu = TrayMenu(TrayState())
    #expect(menu.items.first?.label == "No picture on screen yet")
    #expect(menu.items.first { $0.id == TrayMenu.Entry.ban.rawValue }?.enabled == false)
    #expect(TrayMenu.request(for: TrayMenu.Entry.ban.rawValue, in: TrayState()) == nil)
    #expect(TrayMenu.request(for: TrayMenu.Entry.page.rawValue, in: TrayState()) == nil)
  }

  @Test func aLongTitleIsCutAtAWord() {
    let label = TrayMenu.label(String(repeating: "word ", count: 40))
    #expect(label.count <= TrayMenu.labelLimit)
    #expect(label.hasSuffix("word…"))
  }

  @Test func theToolTipEscapesMarkup() {
    var state = Self.shown
    state.picture?.title = "<a href=\"https://evil.example\">Fox</a> & co"
    let tip = TrayToolTip(state)
    #expect(tip.title == "&lt;a href=\"https://evil.example\"&gt;Fox&lt;/a&gt; &amp; co")
    #expect(tip.body == "© Photographer\n2026-12-01 · Bing")
  }

  @Test func introspectionListsEveryPropertyTheObjectsAnswer() throws {
    let item = try #require(TrayIntrospection.xml(for: DesktopFace.itemPath))
    for property in DesktopFace.itemProperties {
      #expect(
        item.contains("  <property name=\"\(property.name)\" type=\"\(property.type)\" access=\"read\"/>\n"))
    }
    #expect(item.contains(" <interface name=\"org.kde.StatusNotifierItem\">\n  <property name=\"Category\""))
    #expect(
      item.contains("<property name=\"Menu\" type=\"o\" access=\"read\"/>\n  <method name=\"ContextMenu\">"))
    let menu = try #require(TrayIntrospection.xml(for: DesktopFace.menuPath))
    #expect(
      menu.contains(
        "<property name=\"IconThemePath\" type=\"as\" access=\"read\"/>\n  <method name=\"GetLayout\">"))
    #expect(menu.hasSuffix("</signal>\n </interface>\n</node>\n"))
  }

  @Test func aBurstOfScrollsIsOneStepInTheWayTheyAddUpTo() {
    #expect(DesktopRequest.coalesced([.next, .next, .previous, .next]) == [.next])
    #expect(DesktopRequest.coalesced([.next, .previous]) == [])
    #expect(DesktopRequest.coalesced([.random, .previous, .quit, .random, .newest]) == [.random, .previous])
  }

  @Test func theIconIsDrawnInItsFrame() {
    let pixels = TrayIcon.pixmap(size: 32)
    #expect(pixels.count == 32 * 32 * 4)
    func argb(_ x: Int, _ y: Int) -> UInt32 {
      let at = (y * 32 + x) * 4
      return pixels[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    #expect(argb(0, 0) == 0)  // outside the rounded frame
    #expect(argb(11, 10) == TrayIcon.sun)
    #expect(argb(28, 5) == TrayIcon.sky)
    #expect(argb(9, 27) == TrayIcon.hill)
  }
}

@Suite struct PictureNoticeTests {
  @Test func theBodyIsTheFirstSentenceAndTheCredit() {
    let notice = PictureNotice(
      ShownPicture(
        title: "Lake", credit: "© Someone", date: "2026-12-01", source: "Bing", key: "3", favorite: false,
        hasPage: false),
      text: "Mist over the water. It rose at dawn.", file: "/p/a b%.jpg")
    #expect(notice.body == "Mist over the water.\n© Someone")
    #expect(notice.imageURI == "file:///p/a%20b%25.jpg")
    #expect(PictureNotice.firstSentence(of: "富士山。美しい。") == "富士山。")
    #expect(PictureNotice.firstSentence(of: "No stop at all") == "No stop at all")
  }
}

/// The daemon's face against dbusmock's notification server: a server without `actions` gets
/// none, and one with them gets Keep, Next and Ban, the second notice in the first one's place.
@Suite(
  .enabled(if: MockNotificationServer.installed, "needs python3-dbusmock and dbus-daemon (make test-deps)"))
struct DesktopFaceNotificationTests {
  static let notice = PictureNotice(
    ShownPicture(
      title: "Lake", credit: "", date: "2026-12-01", source: "Bing", key: "3", favorite: false, hasPage: true),
    text: "Mist.", file: "/pictures/lake.jpg")

  func face(_ server: MockNotificationServer) throws -> DesktopFace {
    try DesktopFace(environment: server.bus.environment(), tray: false, state: TrayState(), log: { _ in })
  }

  /// Reads the face's bus until `done`, as the daemon's waiter would.
  func pump(_ face: DesktopFace, until done: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !done(), Date() < deadline {
      _ = face.events()
      usleep(20_000)
    }
  }

  @Test func aServerWithoutActionsGetsNone() throws {
    let server = try MockNotificationServer(capabilities: ["body"])
    let face = try face(server)
    face.announce(Self.notice)
    pump(face) { !server.notifications().isEmpty }
    let call = try #require(server.notifications().first)
    #expect(call.contains("\"Lake\" \"Mist.\" [] "), "\(call)")
    #expect(call.contains("file:///pictures/lake.jpg"), "\(call)")
  }

  @Test func aServerWithActionsGetsButtonsAndTheNextReplacesIt() throws {
    let server = try MockNotificationServer(capabilities: ["body", "actions"])
    let face = try face(server)
    face.announce(Self.notice)
    pump(face) { face.shown != nil }
    let first = try #require(face.shown)
    face.announce(Self.notice)
    pump(face) { server.notifications().count == 2 }
    let calls = server.notifications()
    #expect(
      calls.first?.contains(
        "[\"default\", \"Open the Page\", \"keep\", \"Keep\", \"next\", \"Next\", \"ban\", \"Ban\"]") == true,
      "\(calls)")
    #expect(calls.last?.hasPrefix("\"bingwall\" \(first.id) ") == true, "\(calls)")
    #expect(DesktopFace.request(forAction: "keep", key: "3") == .favorite(key: "3", on: true))
  }
}
