import CSystemd

/// The desktop notification server (`org.freedesktop.Notifications` on the session bus), as the
/// Desktop Notifications Specification defines it:
/// https://specifications.freedesktop.org/notification-spec/latest/protocol.html
extension BusConnection {
  /// The server's capabilities (`body-markup`, `actions`, …): at most 64 names of 4 KB in all,
  /// whatever it answers.
  package func notificationCapabilities() throws(BusError) -> Set<String> {
    var names = [CChar](repeating: 0, count: 4096)
    var error = [CChar](repeating: 0, count: 256)
    let count = bw_notification_capabilities(api, bus, &names, names.count, &error, error.count)
    if count < 0 { throw .callFailed(member: "GetCapabilities", name: Self.text(error), errno: -count) }
    let bytes = names.map(UInt8.init(bitPattern:))
    return Set(
      bytes.split(separator: 0, omittingEmptySubsequences: true).prefix(Int(count)).map {
        String(decoding: $0, as: UTF8.self)
      })
  }

  /// Shows a new notification with no actions and no hints; returns its id. `body` is passed as
  /// it is: whether it is read as markup is the server's (see `notificationCapabilities`).
  @discardableResult
  package func notify(app: String, icon: String, summary: String, body: String) throws(BusError) -> UInt32 {
    var id: UInt32 = 0
    var error = [CChar](repeating: 0, count: 256)
    let code = bw_notify(api, bus, app, icon, summary, body, &id, &error, error.count)
    if code < 0 { throw .callFailed(member: "Notify", name: Self.text(error), errno: -code) }
    return id
  }

  private static func text(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
  }
}
