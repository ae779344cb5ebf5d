import BingWallBus
import BingWallSystem
import Glibc

/// The daemon's face on the user's session bus: the panel icon and its menu (a
/// StatusNotifierItem with a com.canonical.dbusmenu menu, `daemon.tray`) and notifications the
/// user can answer (`daemon.notify`). What the user clicks comes out of `events()` as
/// `SessionEvent.desktop` requests, which the daemon runs as the commands would.
///
/// It never waits on the bus, as `SessionWatch` does not: calls are answered as they are read,
/// its own calls (registering with the panel, a notification) are sent and their replies read
/// later, and each `events()` reads at most `budget` messages. The one exception is a
/// notification server's capabilities, asked just before each notification, bounded by the
/// connection's timeout.
///
/// Panels restart all the time: it registers again whenever the StatusNotifierWatcher's owner
/// changes, and when a watcher appears after it. With none, it says so once in the log.
package final class DesktopFace: SessionEventSource {
  /// The item's object, and its menu's, as hosts look for them.
  static let itemPath = "/StatusNotifierItem"
  static let menuPath = "/MenuBar"
  static let watcher = "org.kde.StatusNotifierWatcher"
  static let watcherPath = "/StatusNotifierWatcher"
  static let notifications = "org.freedesktop.Notifications"
  static let notificationsPath = "/org/freedesktop/Notifications"
  /// Messages one `events()` reads at most before the waiter looks at its signals again.
  static let budget = 256

  let bus: BusConnection
  let tray: Bool
  let log: @Sendable (String) -> Void
  /// What the menu shows now.
  private(set) var state: TrayState
  /// The menu's revision: one more at each change, as dbusmenu asks.
  var revision: UInt32 = 1
  /// Registering with the watcher, in flight.
  private var registration: BusReply?
  /// "No panel shows the icon" was logged: once until a watcher appears.
  private var saidNoWatcher = false
  /// The notification being sent, and the picture it is about.
  var sending: (reply: BusReply, key: String?)?
  /// The last notification shown: replaced by the next, its buttons answered.
  var shown: (id: UInt32, key: String?)?
  private var busy = false
  private(set) var lost = false

  /// Connects to the session bus, takes the item's name and asks for the signals it answers.
  /// Nil with no session bus: the daemon then has no face, and says so.
  package init(
    environment: [String: String], tray: Bool, state: TrayState, log: @escaping @Sendable (String) -> Void
  ) throws(BusError) {
    bus = try BusConnection.session(environment: environment)
    self.tray = tray
    self.state = state
    self.log = log
    try bus.listen(
      "type='signal',sender='\(Self.notifications)',path='\(Self.notificationsPath)',"
        + "interface='\(Self.notifications)',member='ActionInvoked'")
    if tray {
      try bus.listen(
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
          + "member='NameOwnerChanged',arg0='\(Self.watcher)'")
      try bus.requestName(itemName)
      register()
    }
  }

  /// The item's well-known name, as the specification forms it.
  var itemName: String { "org.kde.StatusNotifierItem-\(getpid())-1" }

  package var descriptor: Int32 { lost ? -1 : bus.descriptor }
  package var pollEvents: Int16 { lost ? 0 : bus.pollEvents }
  package var pollTimeout: Int32 { busy ? 0 : -1 }

  package func events() -> [SessionEvent] {
    var requests: [DesktopRequest] = []
    busy = false
    for _ in 0..<Self.budget {
      switch bus.receive() {
      case .nothing:
        settle()
        return requests.map { .desktop($0) }
      case .lost:
        if !lost { log("the session bus went away; the panel menu and notifications are gone") }
        lost = true
        return requests.map { .desktop($0) }
      case .other: continue
      case .message(let message):
        if let request = handle(message) { requests.append(request) }
      }
    }
    busy = true
    settle()
    return requests.map { .desktop($0) }
  }

  /// Shows `state`: the menu, its check marks and the tooltip follow.
  package func show(_ state: TrayState) {
    guard state != self.state else { return }
    let before = self.state
    self.state = state
    guard tray else { return }
    menuChanged(from: before)
    for member in ["NewToolTip", "NewTitle"] {
      try? bus.signal(path: Self.itemPath, interface: "org.kde.StatusNotifierItem", member: member).send()
    }
  }

  /// Replies that arrived: the registration's and the notification's.
  private func settle() {
    if let registration, registration.isAnswered {
      self.registration = nil
      if registration.succeeded {
        saidNoWatcher = false
      } else if !saidNoWatcher {
        saidNoWatcher = true
        log(
          "no panel shows the icon: nothing on the session bus hosts tray icons (\(Self.watcher)); "
            + "it appears when a panel with a tray starts")
      }
    }
    if let sending, sending.reply.isAnswered {
      self.sending = nil
      if sending.reply.succeeded { shown = (sending.reply.firstUnsigned, sending.key) }
    }
  }

  /// Asks the watcher to show the item; its answer is read by `settle`.
  func register() {
    guard
      let call = try? bus.method(
        destination: Self.watcher, path: Self.watcherPath, interface: Self.watcher,
        member: "RegisterStatusNotifierItem")
    else { return }
    call.string(itemName)
    registration = try? bus.call(call)
  }

  /// What one message asks; calls are answered here.
  private func handle(_ message: BusMessage) -> DesktopRequest? {
    switch message.kind {
    case .signal: return signal(message)
    case .call: return call(message)
    default: return nil
    }
  }

  private func signal(_ message: BusMessage) -> DesktopRequest? {
    if message.member == "NameOwnerChanged", tray {
      // arg0 is the watcher's name (the match rule); a new owner means a panel (re)started.
      _ = message.string()
      _ = message.string()
      if let owner = message.string(), !owner.isEmpty {
        log("a panel's tray appeared on the session bus; showing the icon")
        register()
      }
      return nil
    }
    if message.member == "ActionInvoked", let id = message.uint32(), let action = message.string() {
      guard let shown, shown.id == id else { return nil }
      return Self.request(forAction: action, key: shown.key)
    }
    return nil
  }

  private func call(_ message: BusMessage) -> DesktopRequest? {
    if message.isCall("org.freedesktop.DBus.Introspectable", "Introspect") {
      let xml = TrayIntrospection.xml(for: message.path)
      guard let xml else { return unknownObject(message) }
      try? bus.reply(to: message).string(xml).send()
      return nil
    }
    switch message.path {
    case Self.itemPath where tray: return itemCall(message)
    case Self.menuPath where tray: return menuCall(message)
    default: return unknownObject(message)
    }
  }

  /// A read-only property of the item or the menu: `Get` and `GetAll` answer it, and
  /// `Introspect` lists it with its D-Bus type.
  struct Property {
    let name: String
    let type: String

    init(_ name: String, _ type: String) {
      self.name = name
      self.type = type
    }
  }

  /// Answers org.freedesktop.DBus.Properties' Get and GetAll for one object's `interface` and
  /// its `properties`, each value written by `write` in its variant; false when `message` is
  /// neither.
  func answerProperties(
    _ message: BusMessage, interface: String, properties: [Property],
    write: (String, BusMessageWriter) -> Void
  ) -> Bool {
    let names = properties.map(\.name)
    if message.isCall(Self.properties, "Get") {
      guard message.string() == interface, let name = message.string(), names.contains(name),
        let reply = try? bus.reply(to: message)
      else {
        bus.fail(message, name: "org.freedesktop.DBus.Error.UnknownProperty", text: "no such property")
        return true
      }
      write(name, reply)
      try? reply.send()
      return true
    }
    guard message.isCall(Self.properties, "GetAll") else { return false }
    guard let reply = try? bus.reply(to: message) else { return true }
    let wanted = message.string()
    reply.container("a", "{sv}") { dictionary in
      guard wanted == interface || wanted == "" else { return }
      for name in names {
        dictionary.container("e", "sv") { entry in
          entry.string(name)
          write(name, entry)
        }
      }
    }
    try? reply.send()
    return true
  }

  func unknownObject(_ message: BusMessage) -> DesktopRequest? {
    bus.fail(message, name: "org.freedesktop.DBus.Error.UnknownObject", text: "no object at \(message.path)")
    return nil
  }

  func unknownMethod(_ message: BusMessage) -> DesktopRequest? {
    bus.fail(
      message, name: "org.freedesktop.DBus.Error.UnknownMethod",
      text: "no method \(message.member) on \(message.interface) at \(message.path)")
    return nil
  }
}
