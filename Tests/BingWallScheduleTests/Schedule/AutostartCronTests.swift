import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The crontab edit: our one line in, our lines out, every other byte as it was.
@Suite struct AutostartCronTests {
  static let line = "17 * * * * /usr/local/bin/bingwall update --quiet # bingwall autostart"

  /// Everything a real crontab holds: comments, blank lines, variables, odd spacing, a byte that is
  /// not UTF-8, a commented-out copy of our line, and a CRLF line from an editor on another system.
  static let userCrontab: [UInt8] =
    Array(
      """
      # m h  dom mon dow   command
      MAILTO=me@example.com
      SHELL=/bin/bash

      */5 * * * *   /usr/bin/backup --fast   # every five minutes
        # indented comment
      #17 * * * * /old/bingwall update --quiet # bingwall autostart
      0 4 * * 1 echo weekly\r

      """.utf8) + [UInt8(ascii: "@")] + Array("reboot echo caf".utf8) + [0xE9] + Array(" > /tmp/log\n".utf8)

  @Test func addingAppendsOneLineAndKeepsEveryOtherByte() throws {
    let edited = try #require(AutostartCron.adding(Self.line, to: Self.userCrontab))
    #expect(edited == Self.userCrontab + Array((Self.line + "\n").utf8))
  }

  @Test func addingTwiceChangesNothing() throws {
    let once = try #require(AutostartCron.adding(Self.line, to: Self.userCrontab))
    #expect(AutostartCron.adding(Self.line, to: once) == nil)
  }

  @Test func removingGivesBackExactlyWhatWasThere() throws {
    let edited = try #require(AutostartCron.adding(Self.line, to: Self.userCrontab))
    #expect(AutostartCron.removing(from: edited) == Self.userCrontab)
    #expect(AutostartCron.removing(from: Self.userCrontab) == nil)
  }

  @Test func aLastLineWithoutNewlineGetsOneAndIsOtherwiseKept() throws {
    let unterminated = Array("MAILTO=\"\"\n0 3 * * * /usr/bin/last-one".utf8)
    let edited = try #require(AutostartCron.adding(Self.line, to: unterminated))
    #expect(edited == unterminated + Array("\n\(Self.line)\n".utf8))
    #expect(AutostartCron.removing(from: edited) == unterminated + [UInt8(ascii: "\n")])
  }

  @Test func anOldLineOfOursIsReplacedWhereItStands() throws {
    let old = "5 * * * * /home/me/src/bingwall/.build/debug/bingwall update --quiet # bingwall autostart"
    let before = Array("A=1\n\(old)\n0 1 * * * other\n\(old)\n".utf8)
    let edited = try #require(AutostartCron.adding(Self.line, to: before))
    #expect(edited == Array("A=1\n\(Self.line)\n0 1 * * * other\n".utf8))
  }

  @Test func anEmptyCrontabBecomesOurLineAndBackToEmpty() throws {
    let edited = try #require(AutostartCron.adding(Self.line, to: []))
    #expect(edited == Array("\(Self.line)\n".utf8))
    #expect(AutostartCron.removing(from: edited) == [])
  }

  @Test(arguments: [
    (Self.line, true),
    ("17 * * * * /x update --quiet # bingwall autostart   ", true),
    ("#17 * * * * /x update --quiet # bingwall autostart", false),
    ("# bingwall autostart", false),
    ("17 * * * * /x update --quiet# bingwall autostart", false),
    ("17 * * * * /x update --quiet # bingwall autostart extra", false),
  ])
  func ourLinesAreTheActiveOnesEndingWithTheMarker(line: String, ours: Bool) {
    #expect(AutostartCron.isOurs(ArraySlice(line.utf8)) == ours)
  }

  @Test(arguments: [
    ("/usr/local/bin/bingwall", "/usr/local/bin/bingwall"),
    ("/home/me/my apps/bingwall", "'/home/me/my apps/bingwall'"),
    ("/opt/it's/bingwall", "'/opt/it'\\''s/bingwall'"),
    ("/opt/$(rm -rf ~)/bingwall", "'/opt/$(rm -rf ~)/bingwall'"),
    ("/opt/100%/bingwall", "'/opt/100\\%/bingwall'"),
    ("/opt/ünï/bingwall", "'/opt/ünï/bingwall'"),
  ])
  func pathsBecomeOneShellWord(path: String, word: String) throws {
    #expect(try AutostartCron.shellWord(path) == word)
  }

  @Test(arguments: ["/opt/a\\b/bingwall", "/opt/a\nb/bingwall", "/opt/a\u{7f}/bingwall"])
  func pathsCronCannotHoldAreRefused(path: String) {
    #expect(throws: AutostartError.self) { try AutostartCron.shellWord(path) }
  }

  @Test func theMinuteStaysTheSameAndIsAMinute() {
    let minute = AutostartCron.defaultMinute()
    #expect((0..<60).contains(minute))
    #expect(AutostartCron.defaultMinute() == minute)
  }

  // MARK: Against a fake crontab

  /// A crontab(1) that keeps the table in memory, like the real one on a system with cron.
  struct FakeCrontab {
    let table: Locked<[UInt8]?>
    let runner = ScriptedProcessRunner()

    init(_ initial: [UInt8]?, listStatus: Int32 = 0) {
      let table = Locked(initial)
      self.table = table
      runner.stub(["crontab"]) { _ in .exit(2) }
      runner.stub(["crontab", "-l"]) { _ in
        if listStatus != 0 { return .exit(listStatus, stderr: "crontab: permission denied\n") }
        guard let current = table.withLock({ $0 }) else { return .exit(1, stderr: "no crontab for me\n") }
        return ProcessResult(status: 0, stdout: Data(current), stderr: Data(), timedOut: false)
      }
      runner.stubInvocation(["crontab", "-"]) { invocation in
        table.withLock { $0 = Array(invocation.input.bytes) }
        return .exit(0)
      }
      runner.stub(["crontab", "-r"]) { _ in
        table.withLock { $0 = nil }
        return .exit(0)
      }
    }

    var current: [UInt8]? { table.withLock { $0 } }

    func cron() -> AutostartCron {
      AutostartCron(
        AutostartEnvironment(configHome: "/nonexistent", processes: runner, environment: [:]), minute: 17)
    }
  }

  @Test func noCrontabAtAllComesBackToNoCrontab() throws {
    let fake = FakeCrontab(nil)
    let cron = fake.cron()
    #expect(try cron.enable(executable: "/usr/local/bin/bingwall").outcome == .enabled)
    #expect(fake.current == Array("\(Self.line)\n".utf8))
    #expect(cron.status().lines == [Self.line])
    #expect(try cron.disable().outcome == .disabled)
    #expect(fake.current == nil)
    #expect(fake.runner.calls.last == ["crontab", "-r"])
  }

  @Test func enableTwiceInstallsOnce() throws {
    let fake = FakeCrontab(Self.userCrontab)
    let cron = fake.cron()
    _ = try cron.enable(executable: "/usr/local/bin/bingwall")
    #expect(try cron.enable(executable: "/usr/local/bin/bingwall").outcome == .alreadyEnabled)
    #expect(fake.runner.calls.filter { $0 == ["crontab", "-"] }.count == 1)
    #expect(try cron.disable().outcome == .disabled)
    #expect(fake.current == Self.userCrontab)
    #expect(try cron.disable().outcome == .alreadyDisabled)
  }

  /// A line an older bingwall wrote pins the display of its day: status says so with the fix, and
  /// enabling again puts the line that pins nothing in its place.
  @Test func enablingAgainDropsTheDisplayAnOlderLinePinned() throws {
    let old =
      "17 * * * * DISPLAY=:57 XAUTHORITY=/home/me/.Xauthority /usr/local/bin/bingwall update --quiet "
      + "# bingwall autostart"
    let fake = FakeCrontab(Array("MAILTO=me\n\(old)\n".utf8))
    let cron = fake.cron()
    let before = cron.status()
    #expect(before.enabled)
    #expect(before.note == "the line pins DISPLAY=:57, which sets nothing once that display is gone")
    #expect(
      before.fix == "run 'bingwall autostart enable --method cron', and each run finds the running session")
    #expect(try cron.enable(executable: "/usr/local/bin/bingwall").outcome == .updated)
    #expect(fake.current == Array("MAILTO=me\n\(Self.line)\n".utf8))
    #expect(!Self.line.contains("DISPLAY"))
    let after = cron.status()
    #expect(after.note == nil && after.fix == nil && after.enabled)
  }

  /// Writing back a crontab we could not read would wipe the user's jobs.
  @Test func anUnreadableCrontabIsNeverOverwritten() throws {
    let fake = FakeCrontab(Self.userCrontab, listStatus: 1)
    #expect(throws: AutostartError.self) { try fake.cron().enable(executable: "/usr/local/bin/bingwall") }
    #expect(throws: AutostartError.self) { try fake.cron().disable() }
    #expect(!fake.runner.calls.contains(["crontab", "-"]))
    #expect(fake.cron().status().note?.contains("permission denied") == true)
  }

  @Test func withoutCrontabEnableFailsAndDisableHasNothingToDo() throws {
    let runner = ScriptedProcessRunner()
    runner.missing("crontab")
    let cron = AutostartCron(
      AutostartEnvironment(configHome: "/nonexistent", processes: runner, environment: [:]), minute: 17)
    #expect(throws: AutostartError.toolMissing(tool: "crontab", hint: AutostartCron.missingHint)) {
      try cron.enable(executable: "/usr/local/bin/bingwall")
    }
    #expect(try cron.disable().outcome == .alreadyDisabled)
    #expect(
      cron.status() == AutostartStatus(method: "cron", enabled: false, note: "crontab is not installed"))
  }
}
