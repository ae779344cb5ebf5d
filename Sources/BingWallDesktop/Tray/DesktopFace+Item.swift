import BingWallBus
import BingWallSystem

/// The StatusNotifierItem: the icon, its tooltip and a scroll on it.
/// https://www.freedesktop.org/wiki/Specifications/StatusNotifierItem/StatusNotifierItem/
extension DesktopFace {
  static let itemInterface = "org.kde.StatusNotifierItem"
  static let properties = "org.freedesktop.DBus.Properties"

  /// Every property a host reads, with its D-Bus type.
  static let itemProperties = [
    Property("Category", "s"), Property("Id", "s"), Property("Title", "s"), Property("Status", "s"),
    Property("WindowId", "i"), Property("IconName", "s"), Property("IconPixmap", "a(iiay)"),
    Property("IconThemePath", "s"), Property("OverlayIconName", "s"), Property("AttentionIconName", "s"),
    Property("ToolTip", "(sa(iiay)ss)"), Property("ItemIsMenu", "b"), Property("Menu", "o"),
  ]

  func itemCall(_ message: BusMessage) -> DesktopRequest? {
    if answerProperties(
      message, interface: Self.itemInterface, properties: Self.itemProperties, write: writeItemProperty)
    {
      return nil
    }
    guard message.interface.isEmpty || message.interface == Self.itemInterface else {
      return unknownMethod(message)
    }
    switch message.member {
    case "Activate", "SecondaryActivate", "ContextMenu":
      // The item is a menu (ItemIsMenu): hosts open it themselves; a click asks nothing more.
      try? bus.reply(to: message).send()
      return nil
    case "Scroll":
      let delta = message.int32() ?? 0
      try? bus.reply(to: message).send()
      // Down (a positive delta) goes on to the next picture, as down a list; up goes back.
      return delta > 0 ? .next : delta < 0 ? .previous : nil
    default:
      return unknownMethod(message)
    }
  }

  /// One property, in its variant.
  func writeItemProperty(_ name: String, into writer: BusMessageWriter) {
    func text(_ value: String) { writer.variant("s") { $0.string(value) } }
    switch name {
    case "Category": text("ApplicationStatus")
    case "Id": text("bingwall")
    case "Title": text("bingwall")
    case "Status": text("Active")
    case "WindowId": writer.variant("i") { $0.int32(0) }
    case "IconName": text(TrayIcon.name)
    case "IconPixmap": writer.variant("a(iiay)") { Self.writePixmaps($0) }
    case "IconThemePath", "OverlayIconName", "AttentionIconName": text("")
    case "ToolTip":
      writer.variant("(sa(iiay)ss)") { value in
        value.container("r", "sa(iiay)ss") { tip in
          let words = TrayToolTip(state)
          tip.string(TrayIcon.name)
          tip.container("a", "(iiay)") { _ in }
          tip.string(words.title)
          tip.string(words.body)
        }
      }
    case "ItemIsMenu": writer.variant("b") { $0.boolean(true) }
    case "Menu": writer.variant("o") { $0.objectPath(Self.menuPath) }
    default: text("")
    }
  }

  static func writePixmaps(_ writer: BusMessageWriter) {
    writer.container("a", "(iiay)") { array in
      for size in TrayIcon.sizes {
        array.container("r", "iiay") {
          $0.int32(Int32(size)).int32(Int32(size)).bytes(TrayIcon.pixmap(size: size))
        }
      }
    }
  }
}

/// The tooltip's words: the title, then the credit, the date and the source. Some hosts (KDE's)
/// read a tooltip as rich text, so `&`, `<` and `>` are written as entities: a title shows as
/// it was written, and never as a link or an image.
struct TrayToolTip: Equatable {
  var title: String
  var body: String

  init(_ state: TrayState) {
    guard let picture = state.picture else {
      title = "bingwall"
      body = "No picture on screen yet"
      return
    }
    title = NotificationText.escaped(picture.title)
    let when = [picture.date, picture.source].filter { !$0.isEmpty }.joined(separator: " · ")
    body = NotificationText.escaped([picture.credit, when].filter { !$0.isEmpty }.joined(separator: "\n"))
  }
}
