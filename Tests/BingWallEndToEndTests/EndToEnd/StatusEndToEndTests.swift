import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

/// `status` through the real binary after a failed update: on a terminal (a pseudo-terminal of
/// a given width, read by the binary's own ioctl) the cause wraps under the value column;
/// piped, it is one line. Both hold every word.
@Suite struct StatusEndToEndTests {
  @Test func theCauseWrapsOnATerminalAndIsOneLinePiped() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    bing.server.route("/HPImageArchive.aspx", .status(404))
    let environment = sandbox.baseEnvironment.merging([
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none", "BINGWALL_MARKETS": "en-US",
      "TZ": "UTC0",
    ]) { _, new in new }
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status != 0)

    let piped = try sandbox.run(["status"], environment: environment).stdout
    let line = try #require(piped.split(separator: "\n").first { $0.hasPrefix("last update:") })
    // The endpoint's URL said as its host, as everywhere in status.
    let host = bing.endpoint.replacingOccurrences(of: "http://", with: "")
    let cause = ", failed: \(host) answered HTTP 404"
    #expect(line.hasSuffix(cause), "\(piped)")

    let terminal = try PseudoTerminal(
      executable: Sandbox.binary, arguments: ["status"], environment: environment, columns: 50)
    #expect(terminal.finish(limit: 30).status == 0)
    let lines = terminal.text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
    let first = try #require(lines.firstIndex { $0.hasPrefix("last update:") })
    let rest = lines[(first + 1)...].prefix { $0.hasPrefix("              ") }
    #expect(rest.count >= 1, "\(terminal.text)")
    for shown in lines { #expect(shown.count <= 50, "\(shown)") }
    // The wrapped lines, joined again at their breaks, end as the piped line does: no word lost
    // or cut. (Its time from now may be a second older than the piped run's.)
    let joined = ([lines[first]] + rest.map { $0.dropFirst(14) }).joined(separator: " ")
    #expect(joined.hasSuffix(cause), "\(terminal.text)")
    #expect(!terminal.text.contains("…"))
  }
}
