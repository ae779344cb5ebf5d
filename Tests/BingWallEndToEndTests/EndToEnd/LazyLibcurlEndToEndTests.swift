import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet

/// libcurl is opened at the first request, not at start: commands that never touch the
/// network never map it (nor the ~40 libraries behind it). Proven on the real binary by
/// strace's record of the files each run opens.
@Suite struct LazyLibcurlEndToEndTests {
  /// The files a run of `bingwall ARGS` opened, and its status.
  static func opened(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, files: [String])
  {
    let trace = sandbox.folder.path + "/opened-\(UUID().uuidString)"
    let run = try sandbox.run(
      arguments, environment: environment,
      under: ["/usr/bin/strace", "-f", "-qq", "-e", "trace=openat,open", "-o", trace])
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    return (run.status, lines.map(String.init))
  }

  @Test(arguments: [
    ["--version"], ["list"], ["status"], ["config", "show"], ["completions", "bash"], ["help"],
    ["backends"],
  ])
  func aCommandWithoutTheNetworkNeverOpensLibcurl(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let run = try Self.opened(sandbox, arguments)
    #expect(run.status == 0, "\(arguments)")
    // The trace did record the run's own opens (the history, the config, libc…).
    #expect(run.files.contains { $0.contains("libc.so.6") }, "\(arguments)")
    #expect(
      !run.files.contains { $0.contains("libcurl") },
      "\(arguments): \(run.files.filter { $0.contains("libcurl") })")
  }

  @Test func anUpdateOpensLibcurlAtItsFirstRequest() throws {
    let sandbox = try Sandbox()
    // A closed port: the request fails, but only after libcurl was opened to make it.
    let run = try Self.opened(
      sandbox, ["update", "-q"], environment: ["BINGWALL_ENDPOINT": "http://127.0.0.1:9"])
    #expect(run.status != 0)
    #expect(run.files.contains { $0.contains("libcurl.so.4") && !$0.contains("ENOENT") })
  }

  @Test func versionVerboseNamesTheLoadedLibcurl() throws {
    let result = try Sandbox().run(["--version", "-v"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("libcurl \(CurlHTTPClient.libraryVersion)"))
  }
}
