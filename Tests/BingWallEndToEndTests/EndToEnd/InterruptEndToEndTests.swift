import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

/// Ctrl-C during `bingwall update` on a real terminal: the binary, a pseudo-terminal as its
/// controlling terminal, and a fake Bing slow enough that the key lands mid-download.
@Suite struct InterruptEndToEndTests {
  @Test func ctrlCClearsTheBarAndSaysNothingHalfWrittenWasKept() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(3))
    try bing.publish(market: "en-US", images: week)
    for image in week {
      let jpeg = try TestJPEG.make(
        width: FakeBing.uhdWidth, height: FakeBing.uhdHeight, colour: FakeBing.colour(for: image.name),
        padTo: 400_000)
      // About 20 s a picture: the download is under way whenever the key comes.
      bing.serve(
        image, resolution: "UHD",
        FakeResponse(
          headers: [("Content-Type", "image/jpeg")], body: .data(jpeg),
          fault: .slowBody(chunkBytes: 4096, interval: 0.2)))
    }
    let environment = sandbox.baseEnvironment.merging(
      ["BINGWALL_ENDPOINT": bing.endpoint, "TERM": "xterm"]) { $1 }
    let terminal = try PseudoTerminal(
      executable: Sandbox.binary, arguments: ["update", "--market", "en-US", "--no-apply"],
      environment: environment)

    // The bar is drawn once bytes arrive; 60 s is a bound against a hang, not a timing.
    let drawn = terminal.read(until: " MB/s  0/3 done", limit: 60)
    #expect(drawn, "no progress bar: \(terminal.text.debugDescription)")
    terminal.type("\u{03}")
    let ending = terminal.finish(limit: 60)

    // Ended by SIGINT itself, as the shell expects (it reports 130).
    #expect(ending.signal == SIGINT, "\(ending) \(terminal.text.debugDescription)")
    let screen = terminal.text
    let lastLine = try #require(screen.components(separatedBy: "\r\u{1b}[K").last)
    #expect(lastLine == "bingwall: error: interrupted; nothing half-written was kept\r\n")
    // Nothing arrived whole, so nothing was kept: no picture file, no history row.
    #expect(!sandbox.imageFiles().contains { $0.hasSuffix(".jpg") })
    let list = try sandbox.run(["list", "--json"])
    #expect(list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }
}
