import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// What a newcomer's first `update` ends with on a terminal, the list fitted to the terminal,
/// the progress bar's count and title, and the Ctrl-C notice the update asks for.
@Suite struct UpdateFirstRunInProcessTests {
  static func onATerminal(width: Int = 100) -> (inout Context) -> Void {
    { context in
      context.terminal.stdoutIsTTY = true
      context.terminal.width = width
    }
  }

  static func nextStep(_ run: InProcess) -> String {
    "The pictures are in \(run.paths.dataDir)/images\nFor a new one every day: bingwall autostart enable\n"
  }

  @Test func theFirstUpdateOnATerminalNamesWhereThePicturesAreAndTheNextStep() throws {
    let run = try FakeBingRun.context(days: 1)
    let first = run.run(["update", "--market", "en-US", "--no-apply"], adjust: Self.onATerminal())
    #expect(first.status == 0)
    #expect(
      first.stdout
        == "2026-12-01  en-US  Lake title — Lake caption, Somewhere (© Lake Photographer/Agency)\n"
        + Self.nextStep(run))
    // Only the first time: a later update with a new picture ends with its list.
    try FakeBingRun.serve(
      run, listing: Array(FakeBingRun.week.prefix(2)), pictures: [FakeBingRun.week[1]])
    run.clock.advance(3600)
    let second = run.run(["update", "--market", "en-US", "--no-apply"], adjust: Self.onATerminal())
    #expect(second.status == 0)
    #expect(
      second.stdout == "2026-11-30  en-US  Fox title — Fox caption, Somewhere (© Fox Photographer/Agency)\n")
  }

  @Test func noNextStepInAPipeQuietOrWithAutostartOn() throws {
    let piped = try FakeBingRun.context(days: 1)
    #expect(!piped.run(["update", "--market", "en-US", "--no-apply"]).stdout.contains("autostart"))
    let quiet = try FakeBingRun.context(days: 1)
    #expect(
      quiet.run(["update", "-m", "en-US", "--no-apply", "-q"], adjust: Self.onATerminal()).stdout == "")

    let autostarted = try FakeBingRun.context(days: 1)
    let folder = autostarted.home.file(".config/autostart")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[Desktop Entry]\nType=Application\nExec=bingwall daemon\nX-Bingwall=true\n"
      .write(toFile: folder + "/bingwall.desktop", atomically: true, encoding: .utf8)
    let result = autostarted.run(["update", "--market", "en-US", "--no-apply"], adjust: Self.onATerminal())
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("2026-12-01  en-US  Lake title"))
    #expect(!result.stdout.contains("autostart"))
  }

  @Test func theListFitsTheTerminal() throws {
    let narrow = try FakeBingRun.context(days: 2)
    let fitted = narrow.run(
      ["update", "--market", "en-US", "--no-apply"], adjust: Self.onATerminal(width: 40))
    let lines = fitted.stdout.split(separator: "\n").prefix(2)
    #expect(lines == ["2026-12-01  en-US  Lake title — Lake c…", "2026-11-30  en-US  Fox title — Fox cap…"])
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TerminalText.columns("富士山") == 6)
    #expect(TerminalText.columns("Fuji") == 4)
    #expect(TerminalText.fit("富士山の朝焼け", columns: 7) == "富士山…")
    #expect(TerminalText.fit("Mount Fuji", columns: 10) == "Mount Fuji")
    #expect(TerminalText.fit("Mount Fuji at dawn", columns: 10) == "Mount Fuj…")
  }

  // MARK: Progress

  @Test func progressCountsEachPictureAndNamesOneOnlyWhenItIsAlone() {
    let start = ContinuousClock.now
    var meter = ProgressMeter(labels: ["Lake", "Fox", "Dune"], start: start)
    var tick = 0
    func snapshot() -> ProgressSnapshot? {
      tick += 1
      return meter.snapshot(at: start + .seconds(tick), final: false)
    }
    meter.start(0)
    meter.start(1)
    meter.start(2)
    meter.update(0, received: 100, expected: 1000)
    let three = snapshot()
    #expect(three?.label == "")
    #expect(three?.inFlight == 3)
    #expect(three?.finishedJobs == 0)
    meter.finish(1, bytes: 800)
    let two = snapshot()
    #expect(two?.label == "")
    #expect(two?.finishedJobs == 1)
    #expect(two?.totalReceived == 900)
    meter.finish(0, bytes: 1000)
    let one = snapshot()
    #expect(one?.label == "Dune")
    #expect(one?.finishedJobs == 2)
    meter.restart(2)
    #expect(snapshot()?.label == "")
    meter.start(2)
    #expect(snapshot()?.label == "Dune")
    meter.finish(2, bytes: 500)
    let last = meter.snapshot(at: start + .seconds(99), final: true)
    #expect(last?.finishedJobs == 3)
    #expect(last?.label == "")
  }

  @Test func theBarCountsPicturesAndNamesOnlyALonePicture() {
    var snapshot = ProgressSnapshot(
      label: "", inFlight: 5, received: 0, expected: nil, totalReceived: 3 * 1_048_576,
      totalExpected: 12 * 1_048_576, bytesPerSecond: 1_048_576, finishedJobs: 3, jobCount: 8, isFinal: false)
    #expect(ProgressBar.line(snapshot, width: 80) == "[#####---------------] 3.0/12.0 MB  1.0 MB/s  3/8 done")
    snapshot.label = "Lake title"
    snapshot.inFlight = 1
    #expect(
      ProgressBar.line(snapshot, width: 80)
        == "[#####---------------] 3.0/12.0 MB  1.0 MB/s  3/8 done  Lake title")
    #expect(ProgressBar.line(snapshot, width: 60).count <= 59)
  }

  // MARK: Ctrl-C

  @Test func anUpdateByHandAsksForTheInterruptNoticeAndTheDaemonsChildDoesNot() throws {
    let run = try FakeBingRun.context(days: 1)
    let asked = Mutex<[String]>([])
    let record: (inout Context) -> Void = { context in
      context.onInterrupt = { notice, clear in asked.withLock { $0.append("\(clear) \(notice)") } }
    }
    #expect(run.run(["update", "--market", "en-US", "--no-apply"], adjust: record).status == 0)
    #expect(asked.withLock { $0 } == ["false bingwall: error: interrupted; nothing half-written was kept"])
    run.clock.advance(60)
    _ = run.run(["update", "--daemon-child", "--quiet", "--market", "en-US"], adjust: record)
    #expect(asked.withLock { $0 }.count == 1)
  }
}
