import BingWallBus
import BingWallSystem

/// The menu, as com.canonical.dbusmenu serves it: its layout, its items' properties, and the
/// clicks the host sends back as events.
extension DesktopFace {
  static let menuInterface = "com.canonical.dbusmenu"
  /// The most ids one GetGroupProperties or AboutToShowGroup is answered for.
  static let groupLimit = 256
  /// Every property of the menu object, with its D-Bus type.
  static let menuProperties = [
    Property("Version", "u"), Property("TextDirection", "s"), Property("Status", "s"),
    Property("IconThemePath", "as"),
  ]

  func menuCall(_ message: BusMessage) -> DesktopRequest? {
    if answerProperties(
      message, interface: Self.menuInterface, properties: Self.menuProperties,
      write: { name, writer in
        _ = Self.writeMenuProperty(name, into: writer)
      })
    {
      return nil
    }
    guard message.interface.isEmpty || message.interface == Self.menuInterface else {
      return unknownMethod(message)
    }
    let menu = TrayMenu(state)
    switch message.member {
    case "GetLayout":
      let parent = message.int32() ?? 0
      let depth = message.int32() ?? -1
      guard let reply = try? bus.reply(to: message) else { return nil }
      reply.uint32(revision)
      if parent == 0 {
        reply.container("r", "ia{sv}av") { root in
          root.int32(0)
          root.container("a", "{sv}") { $0.entry("children-display", "s") { $0.string("submenu") } }
          root.container("a", "v") { children in
            guard depth != 0 else { return }
            for item in menu.items {
              children.variant("(ia{sv}av)") { Self.writeLayout(item, into: $0) }
            }
          }
        }
      } else if let item = menu.items.first(where: { $0.id == parent }) {
        Self.writeLayout(item, into: reply)
      } else {
        bus.fail(message, name: "org.freedesktop.DBus.Error.InvalidArgs", text: "no menu item \(parent)")
        return nil
      }
      try? reply.send()
      return nil
    case "GetGroupProperties":
      let ids = message.int32s(limit: Self.groupLimit) ?? []
      guard let reply = try? bus.reply(to: message) else { return nil }
      reply.container("a", "(ia{sv})") { array in
        for item in menu.items where ids.isEmpty || ids.contains(item.id) {
          array.container("r", "ia{sv}") {
            $0.int32(item.id); Self.writeProperties(item, into: $0)
          }
        }
      }
      try? reply.send()
      return nil
    case "GetProperty":
      let id = message.int32() ?? -1
      let name = message.string() ?? ""
      guard let item = menu.items.first(where: { $0.id == id }), let reply = try? bus.reply(to: message),
        Self.writeProperty(name, of: item, into: reply)
      else {
        bus.fail(message, name: "org.freedesktop.DBus.Error.InvalidArgs", text: "no such item or property")
        return nil
      }
      try? reply.send()
      return nil
    case "Event":
      let id = message.int32() ?? -1
      let event = message.string() ?? ""
      try? bus.reply(to: message).send()
      return event == "clicked" ? TrayMenu.request(for: id, in: state) : nil
    case "EventGroup":
      // a(isvu): the first click of the group is taken, the rest are one more of the same.
      var request: DesktopRequest?
      let clicks = message.structs("isvu", limit: Self.groupLimit) { event -> Int32? in
        let id = event.int32()
        return event.string() == "clicked" ? id : nil
      }
      if let clicks {
        request = clicks.lazy.compactMap { TrayMenu.request(for: $0, in: self.state) }.first
      }
      try? bus.reply(to: message).container("a", "i") { _ in }.send()
      return request
    case "AboutToShow":
      try? bus.reply(to: message).boolean(false).send()
      return nil
    case "AboutToShowGroup":
      try? bus.reply(to: message).container("a", "i") { _ in }.container("a", "i") { _ in }.send()
      return nil
    default:
      return unknownMethod(message)
    }
  }

  /// Tells hosts the menu changed: the items whose properties changed, or the whole layout when
  /// an item came or went (a credit where there was none).
  func menuChanged(from before: TrayState) {
    let old = TrayMenu(before)
    let new = TrayMenu(state)
    revision &+= 1
    if old.items.map(\.id) != new.items.map(\.id) {
      try? bus.signal(path: Self.menuPath, interface: Self.menuInterface, member: "LayoutUpdated")
        .uint32(revision).int32(0).send()
      return
    }
    let changed = new.items.filter { !old.items.contains($0) }
    guard !changed.isEmpty,
      let signal = try? bus.signal(
        path: Self.menuPath, interface: Self.menuInterface, member: "ItemsPropertiesUpdated")
    else { return }
    signal.container("a", "(ia{sv})") { array in
      for item in changed {
        array.container("r", "ia{sv}") {
          $0.int32(item.id); Self.writeProperties(item, into: $0)
        }
      }
    }
    signal.container("a", "(ias)") { _ in }
    try? signal.send()
  }

  static func writeMenuProperty(_ name: String, into writer: BusMessageWriter) -> Bool {
    switch name {
    case "Version": writer.variant("u") { $0.uint32(3) }
    case "TextDirection": writer.variant("s") { $0.string("ltr") }
    case "Status": writer.variant("s") { $0.string("normal") }
    case "IconThemePath": writer.variant("as") { $0.container("a", "s") { _ in } }
    default: return false
    }
    return true
  }

  /// An item and its (no) children: `(ia{sv}av)`.
  static func writeLayout(_ item: TrayMenu.Item, into writer: BusMessageWriter) {
    writer.container("r", "ia{sv}av") { layout in
      layout.int32(item.id)
      writeProperties(item, into: layout)
      layout.container("a", "v") { _ in }
    }
  }

  static func writeProperties(_ item: TrayMenu.Item, into writer: BusMessageWriter) {
    writer.container("a", "{sv}") { dictionary in
      for name in propertyNames(of: item) {
        dictionary.container("e", "sv") { entry in
          entry.string(name)
          _ = writeProperty(name, of: item, into: entry)
        }
      }
    }
  }

  static func propertyNames(of item: TrayMenu.Item) -> [String] {
    if item.isSeparator { return ["type"] }
    return ["label", "enabled"] + (item.checked == nil ? [] : ["toggle-type", "toggle-state"])
  }

  static func writeProperty(_ name: String, of item: TrayMenu.Item, into writer: BusMessageWriter) -> Bool {
    switch name {
    case "type": writer.variant("s") { $0.string(item.isSeparator ? "separator" : "standard") }
    case "label": writer.variant("s") { $0.string(item.label) }
    case "enabled": writer.variant("b") { $0.boolean(item.enabled) }
    case "visible": writer.variant("b") { $0.boolean(true) }
    case "toggle-type" where item.checked != nil: writer.variant("s") { $0.string("checkmark") }
    case "toggle-state" where item.checked != nil:
      writer.variant("i") { $0.int32(item.checked == true ? 1 : 0) }
    default: return false
    }
    return true
  }
}
