import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop

/// XFCE's settings daemon and desktop for real, in a desktop sandbox: xfconfd answering on its
/// private session bus, xfdesktop drawing on its virtual X server.
package enum XfceDesktop {
  package static let xfconfd = "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"

  /// A sandbox with xfconfd answering on its bus and desktop icons off (they would cover probes).
  package static func sandboxWithXfconf(width: Int = 320, height: Int = 240) throws -> DesktopSandbox {
    try sandboxWithXfconf(DesktopSandbox(width: width, height: height))
  }

  package static func sandboxWithXfconf(_ sandbox: DesktopSandbox) throws -> DesktopSandbox {
    let daemon = FileManager.default.isExecutableFile(atPath: xfconfd) ? xfconfd : "xfconfd"
    try sandbox.start([daemon])
    #expect(eventually { sandbox.busNameHasOwner("org.xfce.Xfconf") }, "xfconfd: \(sandbox.logs)")
    try xfconf(sandbox, ["-p", "/desktop-icons/style", "-n", "-t", "int", "-s", "0"])
    return sandbox
  }

  @discardableResult
  package static func xfconf(_ sandbox: DesktopSandbox, _ arguments: [String]) throws -> String {
    let assignments = sandbox.environment.map { "\($0.key)=\($0.value)" }
    let output = try ExternalTool.run(assignments + ["xfconf-query", "-c", "xfce4-desktop"] + arguments)
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  @discardableResult
  package static func startXfdesktop(_ sandbox: DesktopSandbox) throws -> BackgroundProgram {
    let xfdesktop = try sandbox.start(["xfdesktop", "--disable-wm-check"])
    // xfdesktop writes its monitor's properties once it runs; until then there is nothing to set.
    #expect(
      eventually { ((try? xfconf(sandbox, ["-p", "/backdrop", "-l"])) ?? "").contains("last-image") },
      "xfdesktop: \(sandbox.logs)")
    return xfdesktop
  }

  package static let image = "/backdrop/screen0/monitorscreen/workspace0/last-image"
  package static let style = "/backdrop/screen0/monitorscreen/workspace0/image-style"
}
