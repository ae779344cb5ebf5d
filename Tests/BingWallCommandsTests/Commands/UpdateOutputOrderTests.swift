import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// What `update` says, in the order a terminal shows stdout and stderr together.
@Suite struct UpdateOutputOrderTests {
  @Test func theFetchedPicturesComeBeforeTheApplyError() throws {
    let run = try FakeBingRun.context(days: 2)
    run.environment["BINGWALL_BACKEND"] = "command"
    run.environment["BINGWALL_COMMAND"] = "setbg {path}"
    run.processes.stub("setbg") { _ in
      .init(status: 3, stdout: Data(), stderr: Data("cannot open display".utf8), timedOut: false)
    }
    // One buffer for both streams: the order of the writes is the order a user reads.
    let screen = BufferOutput()
    let status = run.run(["update", "--market", "en-US"], stdout: screen, stderr: screen).status
    let lines = screen.lines
    #expect(status != 0)
    let error = try #require(lines.firstIndex { $0.hasPrefix("bingwall: error: ") }, "\(lines)")
    #expect(lines[error].contains("cannot open display"))
    let fetched = lines.indices.filter { lines[$0].hasPrefix("2026-") }
    #expect(fetched.count == 2, "\(lines)")
    #expect(fetched.allSatisfy { $0 < error }, "\(lines)")
  }
}
