import BingWallBus
import BingWallSystem

/// Notifications the user can answer: Keep, Next and Ban, and the page on a click, each new one
/// in place of the last. https://specifications.freedesktop.org/notification-spec/latest/
extension DesktopFace {
  /// Shows `notice` in place of the last one. Buttons only where the server has them (its
  /// `actions` capability); markup escaped where it reads the body as markup. Best effort: with
  /// no notification server it shows nothing and fails nothing.
  package func announce(_ notice: PictureNotice) {
    guard !lost, let capabilities = try? bus.notificationCapabilities() else { return }
    let text = NotificationText(
      title: notice.picture.title, body: notice.body, markup: capabilities.contains("body-markup"),
      lines: true)
    guard
      let call = try? bus.method(
        destination: Self.notifications, path: Self.notificationsPath, interface: Self.notifications,
        member: "Notify")
    else { return }
    call.string("bingwall").uint32(shown?.id ?? 0).string(TrayIcon.name).string(text.summary).string(
      text.body)
    call.container("a", "s") { actions in
      guard capabilities.contains("actions") else { return }
      var pairs = [("keep", "Keep"), ("next", "Next"), ("ban", "Ban")]
      if notice.picture.hasPage { pairs.insert(("default", "Open the Page"), at: 0) }
      for (key, label) in pairs { actions.string(key).string(label) }
    }
    call.container("a", "{sv}") { hints in
      hints.entry("image-path", "s") { $0.string(notice.imageURI) }
    }
    call.int32(-1)
    if let reply = try? bus.call(call) { sending = (reply, notice.picture.key) }
  }

  /// What a notification's button asks for, about the picture it showed.
  static func request(forAction action: String, key: String?) -> DesktopRequest? {
    switch action {
    case "keep": .favorite(key: key, on: true)
    case "next": .next
    case "ban": .ban(key: key)
    case "default": .open(.page(key: key))
    default: nil
    }
  }
}
