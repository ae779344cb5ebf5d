import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A notification server on a private session bus: python3-dbusmock's `notification_daemon`
/// template, with the capabilities a test chooses, logging every call it receives. The real
/// sd-bus client talks to it; nothing of ours is in between.
package final class MockNotificationServer {
  package static let installed =
    DconfSessionBus.installed
    && FileManager.default.fileExists(
      atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/notification_daemon.py")

  package let bus: DconfSessionBus
  package var log: String { bus.folder.file("notifications.log") }

  /// `capabilities`: what `GetCapabilities` answers (`body-markup` makes the body markup).
  package init(capabilities: [String]) throws {
    bus = try DconfSessionBus()
    let parameters = "{\"capabilities\": \"\(capabilities.joined(separator: " "))\"}"
    _ = try DetachedProcess.spawn(
      executable: "/usr/bin/python3",
      arguments: [
        "python3", "-m", "dbusmock", "--session", "--template", "notification_daemon", "-p", parameters, "-l",
        log,
      ], environment: bus.environment())
    let deadline = Date().addingTimeInterval(30)
    while (try? bus.text(Self.ping)) == nil {
      guard Date() < deadline else {
        throw SystemCallError("dbusmock's notification server did not start", errno: 0)
      }
      usleep(50_000)
    }
  }

  package static let ping = [
    "gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
    "/org/freedesktop/Notifications", "--method", "org.freedesktop.DBus.Peer.Ping",
  ]

  /// The `Notify` calls logged, each as the log wrote its arguments (`"bingwall" 0 "icon" "summary"
  /// "body" [] {} -1`).
  package func notifications() -> [String] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: " Notify ") else { return nil }
      return String(line[range.upperBound...])
    }
  }
}
