import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

/// libvips is opened at the first image operation, not at start: commands that make no picture
/// never map it (nor the ~60 libraries behind it). The same strace record of opened files as
/// `LazyLibcurlEndToEndTests`, on the real binary.
@Suite struct LazyLibvipsEndToEndTests {
  @Test(arguments: [["--version"], ["-v", "--version"], ["list"], ["status"], ["completions", "bash"]])
  func aCommandWithoutAPictureToMakeNeverOpensLibvips(arguments: [String]) throws {
    let run = try LazyLibcurlEndToEndTests.opened(try Sandbox(), arguments)
    #expect(run.status == 0, "\(arguments)")
    #expect(run.files.contains { $0.contains("libc.so.6") }, "\(arguments)")
    #expect(
      !run.files.contains { $0.contains("libvips") },
      "\(arguments): \(run.files.filter { $0.contains("libvips") })")
  }
}
